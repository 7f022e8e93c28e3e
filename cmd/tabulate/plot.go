package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
)

const plotUsage = `Usage: tabulate plot OUT [--into DIR] [flags]

Draws again the figures of the output folder OUT of an earlier tabulate run
from its tables, with other figure settings, without computing any value:
the figures: section (size, font size, titles, resolution) and plots: (the
formats) of --config FILE, or of the built-in configuration, and --plots.
Each table is checked against the sha256 in OUT/manifest.json first; the
new figures replace the old ones in OUT and in its manifest. The census
figures are drawn from the census tables (census/FAMILY.csv). Figures that
the tables alone cannot give (each game says which) are listed as skipped
with the reason.

With --into DIR the figures go to DIR/GAME/FIGURE.EXT instead, listed in
DIR/manifest.json, and nothing in OUT is written, so that variants (a
column-wide PDF, slides) sit side by side. DIR is held as OUT is (its lock,
no link followed below it); it must be apart from OUT (neither inside the
other) and hold no tables.

Flags:
`

// plotCommand implements tabulate plot.
func plotCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	hint := "see tabulate plot --help"
	var out string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		out, args = args[0], args[1:]
	}
	fs := newFlags("plot")
	configPath := fs.String("config", "", "YAML configuration `FILE` whose figures: and plots: are used (default: the built-in one)")
	plotFormats := fs.String("plots", "", "figure `FORMATS`, comma-separated: "+strings.Join(configs.PlotFormats, ","))
	into := fs.String("into", "", "write the figures to the folder `DIR` (its own manifest) instead of OUT")
	quiet := fs.Bool("q", false, "quiet: no progress and no summary, only errors")
	if err := parseFlags(fs, args, plotUsage, hint, stdout); err != nil {
		return err
	}
	if out == "" && fs.NArg() == 1 {
		out = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return &UsageError{Msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), Hint: hint}
	}
	if out == "" {
		return &UsageError{Msg: "plot needs the output folder of a run", Hint: hint}
	}
	if _, err := os.Stat(filepath.Join(out, output.ManifestName)); err != nil {
		return &UsageError{Msg: fmt.Sprintf("%s has no %s: not the output folder of a tabulate run", out, output.ManifestName), Hint: hint}
	}
	intoSet := false
	fs.Visit(func(f *flag.Flag) { intoSet = intoSet || f.Name == "into" })
	if intoSet && *into == "" {
		return &UsageError{Msg: `--into: "" is empty (allowed: a folder path apart from OUT)`, Hint: "leave --into out to redraw in place; " + hint}
	}
	if *into != "" {
		if err := checkInto(out, *into); err != nil {
			return err
		}
	}
	var cfg configs.Config
	var err error
	if *configPath != "" {
		cfg, err = configs.LoadFile(*configPath)
	} else {
		cfg, err = configs.Load(configs.DefaultName, configs.Default)
	}
	if err != nil {
		return err
	}
	cfg.Out = out
	if *plotFormats != "" {
		cfg.Plots = splitList(*plotFormats)
	}
	if err := cfg.Validate(); err != nil {
		var ce *configs.Error
		if errors.As(err, &ce) && ce.Key == "plots" && *plotFormats != "" {
			ce.Key = "--plots"
		}
		return err
	}
	if len(cfg.Plots) == 0 {
		return &UsageError{Msg: "no figure format to draw (plots: [] in the configuration)", Hint: "give --plots " + strings.Join(configs.PlotFormats, ",") + "; " + hint}
	}
	mode := progress.Off
	if !*quiet {
		mode = progress.Lines
	}
	res, err := pipeline.Plot(ctx, cfg, pipeline.Options{Log: stderr, Progress: mode, Abandon: abandon, Into: *into})
	if ge := (*lookup.GameNameError)(nil); errors.As(err, &ge) {
		return &UsageError{Msg: err.Error(), Hint: hint} // refused before the folder was touched
	}
	if res != nil && !*quiet {
		fmt.Fprintf(stdout, "tabulate: %s: drew %d figures in %s\n", res.Status, len(res.Files), res.Dir)
		for _, f := range res.Files {
			fmt.Fprintf(stdout, "  %-32s %10s\n", f.Path, pipeline.Bytes(f.Bytes))
		}
		for _, s := range res.Skipped {
			fmt.Fprintf(stdout, "  skipped: %s\n", s)
		}
	}
	return err
}

// checkInto refuses, before anything is written, a --into folder that
// cannot take the figures: one that cannot be an output folder (checkOut:
// a file, a link to nothing), OUT itself, a folder inside OUT or holding
// it (one run folder inside another, whose reruns and temporaries would
// meet), and the folder of a run (its manifest lists tables: plotting into
// it would mix its figures with another run's).
func checkInto(out, into string) error {
	hint := "choose a new folder, or one an earlier tabulate plot --into wrote, apart from OUT"
	if err := checkOut(into, "--into"); err != nil {
		return err
	}
	o, err := realPath(out)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	d, err := realPath(into)
	if err != nil {
		return fmt.Errorf("plot: --into: %w", err)
	}
	switch {
	case o == d:
		return &UsageError{Msg: fmt.Sprintf("--into %s is the output folder %s itself", into, out), Hint: "leave --into out to redraw in place; " + hint}
	case within(d, o):
		return &UsageError{Msg: fmt.Sprintf("--into %s is inside the output folder %s", into, out), Hint: hint}
	case within(o, d):
		return &UsageError{Msg: fmt.Sprintf("--into %s holds the output folder %s", into, out), Hint: hint}
	}
	data, err := output.ReadIn(into, output.ManifestName, output.ManifestLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &UsageError{Msg: fmt.Sprintf("--into %s: %v", into, err), Hint: hint}
	}
	var m output.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return &UsageError{Msg: fmt.Sprintf("--into %s: its %s cannot be read (%v)", into, output.ManifestName, err), Hint: hint}
	}
	for _, f := range m.Files {
		if f.Table != "" {
			return &UsageError{Msg: fmt.Sprintf("--into %s holds the tables of a run (%s): figures drawn from %s would be mixed with that run's", into, f.Path, out), Hint: hint}
		}
	}
	return nil
}

// realPath returns p absolute with every link resolved; a path that does
// not exist yet is resolved up to its longest existing parent.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for {
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return filepath.Join(append([]string{abs}, rest...)...), nil
		}
		rest = append([]string{filepath.Base(abs)}, rest...)
		abs = parent
	}
}

// within reports whether the clean absolute path p is strictly inside dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && filepath.IsLocal(rel)
}
