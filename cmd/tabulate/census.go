package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
)

const censusUsage = `Usage: tabulate census --config FILE [flags]

Computes the census of the configuration's census section: every octal code
and every subtraction set of the families it names, each to a proof of its
period or to max values. Writes OUT/census/octal and OUT/census/subtraction
(Parquet and CSV; the same bytes on every run), the time each game took in
OUT/census/octal_timings and subtraction_timings, figures and findings in
OUT/manifest.json. Finished games are kept in a journal under OUT/.census/,
so a stopped census run again with the same configuration computes only
the games not yet done. A complete census ends by writing OUT/index.html,
its report (tabulate report), unless --no-report. A census is planned
first: one whose estimated memory is over --max-memory (or max_memory), or
whose journal will not fit on OUT's disk, is refused with exit status 2
before anything is written.

Flags:
`

// censusCommand implements tabulate census.
func censusCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("census")
	configPath := fs.String("config", "", "YAML configuration `FILE` with a census section (required)")
	out := fs.String("out", "", "output `DIR` (default: the configuration's out)")
	workers := fs.Int("workers", 0, "games computed side by side, `N`; 0 = the configuration's workers or the number of CPUs")
	seconds := fs.Float64("max-seconds-per-game", 0, "bound each game to `S` seconds (default: census.max_seconds_per_game; 0 = none)")
	maxMemory := fs.String("max-memory", "", "refuse a census estimated above `SIZE` of memory (default: the configuration's max_memory; auto = 60% of RAM, or e.g. 8GiB)")
	quiet := fs.Bool("q", false, "quiet: no progress, only errors")
	noReport := fs.Bool("no-report", false, noReportHelp)
	if err := parseFlags(fs, args, censusUsage, "see tabulate census --help", stdout); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &UsageError{Msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), Hint: "tabulate census takes only flags; see tabulate census --help"}
	}
	if *configPath == "" {
		return &UsageError{Msg: "--config is required", Hint: "for example tabulate census --config configs/census-small.yaml"}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["workers"] && (*workers < 0 || *workers > 1024) {
		return &configs.Error{Key: "--workers", Value: fmt.Sprint(*workers), Problem: "is out of range", Allowed: "0 to 1024"}
	}
	if problem := configs.CensusSecondsProblem(*seconds); set["max-seconds-per-game"] && problem != "" {
		return &configs.Error{Key: "--max-seconds-per-game", Value: fmt.Sprint(*seconds), Problem: problem, Allowed: configs.CensusSecondsAllowed}
	}
	var memory configs.Size
	if set["max-memory"] {
		var err error
		if memory, err = parseMaxMemory(*maxMemory); err != nil {
			return err
		}
	}
	cfg, err := configs.LoadFile(*configPath)
	if err != nil {
		return err
	}
	outKey := ""
	if set["out"] {
		cfg.Out, outKey = *out, "--out"
	}
	if set["max-memory"] {
		cfg.MaxMemory = memory
	} else if err := fileMemoryInRange(cfg); err != nil {
		var ce *configs.Error
		if errors.As(err, &ce) {
			ce.File = *configPath
		}
		return err
	}
	if err := checkOut(cfg.Out, outKey); err != nil {
		return err
	}
	opts := census.Options{Workers: *workers, MaxSecondsPerGame: *seconds}
	if !*quiet {
		opts.Log = stderr
	}
	// The census is a plan of the model's jobs, run as tabulate run runs
	// its tables (pipeline.NewCensusPlan).
	plan, cen, err := pipeline.NewCensusPlan(ctx, cfg, opts)
	flagLimit(err, set["max-memory"])
	var ce *configs.Error
	if errors.As(err, &ce) && ce.File == "" {
		ce.File = *configPath
	}
	if err != nil {
		return err
	}
	res, err := plan.Run(ctx, pipeline.Options{Log: opts.Log, Progress: progress.Off, Abandon: abandon,
		Command: append([]string{"tabulate", "census"}, args...), AfterComplete: reportAfter(*noReport, *quiet, stderr)})
	if res != nil && !*quiet {
		printCensus(stderr, res, cen)
	}
	return err
}

// printCensus prints what a census computed and wrote: how many games,
// its files, and the findings of each family.
func printCensus(w io.Writer, res *pipeline.Result, cen *census.Census) {
	r, files := cen.Result, 0
	for _, f := range res.Files {
		if f.Game == "census" {
			files++
		}
	}
	fmt.Fprintf(w, "tabulate census: %s: %d games computed, %d from the journal, %d files written to %s\n",
		res.Status, r.Computed, r.Reused, files, res.Dir)
	for _, family := range []string{census.Subtraction, census.Octal, census.Takebreak, census.AllBut} {
		if f, ok := r.Findings[family]; ok {
			fmt.Fprintf(w, "  %-11s %s\n", family, f)
		}
	}
	if r.Misere != nil {
		fmt.Fprintf(w, "  %-11s %s\n", "misere", r.Misere)
	}
}

// flagLimit names --max-memory as the limit of a refused census or plan
// when the flag gave it (they know only cfg.MaxMemory, max_memory).
func flagLimit(err error, fromFlag bool) {
	var le *census.LimitError
	if fromFlag && errors.As(err, &le) && le.Source == "max_memory" {
		le.Source = "--max-memory"
	}
	var me *pipeline.MemoryError
	if fromFlag && errors.As(err, &me) && me.LimitSource == "max_memory" {
		me.LimitSource = "--max-memory" // the limit came from the flag, not the file
	}
}
