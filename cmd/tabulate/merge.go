package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/internal/buildinfo"
	"github.com/tabulate-games/tabulate/merge"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/shard"
)

const mergeUsage = `Usage: tabulate merge [-q] OUT

Merges the shards OUT/shards/K-of-N/ of a run (tabulate run --shard K/N, or
one Slurm array task or Kubernetes Indexed Job pod each) into OUT: the tables,
figures and manifest that one tabulate run of the same configuration writes.
It first checks that every shard 0..N-1 is there and complete, was made from
the same configuration by the same build of tabulate as this one (its
version and the sha256 of its binary), that every file
matches its sha256, and that every table holds the rows and (Parquet) the
game and table its manifest says; otherwise it names the shards at fault,
writes nothing and exits with status 2. The shard folders are left as they
are.

Flags:
`

// mergeCommand implements tabulate merge: the flags here, the merge in
// package merge.
func mergeCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var out string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		out, args = args[0], args[1:] // tabulate merge OUT -q, as plot OUT -q
	}
	fs := newFlags("merge")
	quiet := fs.Bool("q", false, "quiet: no progress, only errors")
	if err := parseFlags(fs, args, mergeUsage, "see tabulate merge --help", stdout); err != nil {
		return err
	}
	if out == "" && fs.NArg() == 1 {
		out = fs.Arg(0)
	} else if out == "" || fs.NArg() > 0 {
		return &UsageError{Msg: "tabulate merge takes one output folder", Hint: "tabulate merge OUT, where OUT/shards/ holds the shards"}
	}
	if err := checkOut(out, ""); err != nil {
		return err
	}
	// OUT/index.html is written at the very end, as by tabulate run (the
	// shards' --no-report, if any, holds for the merge).
	noReport := false
	opts := merge.Options{Version: pipeline.Version, Binary: buildinfo.Executable(),
		Config: func(rec *shard.Record, out string) (configs.Config, error) {
			rf, cfg, err := recordedConfig(rec, out)
			if rf != nil {
				noReport = *rf.noReport
			}
			return cfg, err
		},
		AfterComplete: func(ctx context.Context, dir string) error {
			if write := reportAfter(noReport, *quiet, stderr); write != nil {
				return write(ctx, dir)
			}
			return nil
		}}
	if !*quiet {
		opts.Log = stderr
	}
	res, err := merge.Run(ctx, out, opts)
	if res != nil && res.Census != nil && !*quiet {
		fmt.Fprintf(stderr, "tabulate census: %d games computed, %d from the journal, %d files written to %s\n",
			res.Census.Computed, res.Census.Reused, len(res.Census.Files), out)
	}
	if err == nil && !*quiet {
		fmt.Fprintf(stderr, "tabulate merge: %d shards merged into %s\n", res.Shards, out)
	}
	return err
}

// recordedConfig rebuilds the configuration a shard ran from its record: the
// configuration text it read and the flags that overrode it, parsed with
// tabulate run's own flags, with out as the output folder.
func recordedConfig(rec *shard.Record, out string) (*runFlags, configs.Config, error) {
	rf := newRunFlags()
	if err := rf.fs.Parse(append(slices.Clone(rec.Flags), "-out="+out)); err != nil {
		return nil, configs.Config{}, &UsageError{Msg: fmt.Sprintf("shard %s: recorded flags %q: %v", rec.Shard, rec.Flags, err)}
	}
	cfg, err := rf.config(rec.ConfigName, []byte(rec.ConfigText))
	return rf, cfg, err
}
