package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
)

const plotUsage = `Usage: tabulate plot OUT [flags]

Draws again the figures of the output folder OUT of an earlier tabulate run
from its tables, with other figure settings, without computing any value:
the figures: section (size, font size, titles, resolution) and plots: (the
formats) of --config FILE, or of the built-in configuration, and --plots.
Each table is checked against the sha256 in OUT/manifest.json first; the
new figures replace the old ones in OUT and in its manifest. Figures that
the tables alone cannot give (each game says which) are listed as skipped
with the reason.

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
	plotFormats := fs.String("plots", "", "figure `FORMATS`, comma-separated: png,svg,pdf")
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
		return &UsageError{Msg: "no figure format to draw (plots: [] in the configuration)", Hint: "give --plots png,svg,pdf; " + hint}
	}
	mode := progress.Off
	if !*quiet {
		mode = progress.Lines
	}
	res, err := pipeline.Plot(ctx, cfg, pipeline.Options{Log: stderr, Progress: mode, Abandon: abandon})
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
