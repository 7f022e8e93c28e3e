package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/internal/buildinfo"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
	"github.com/tabulate-games/tabulate/shard"
)

// shardSpec returns the shard to compute: from --shard, or from the
// environment of the scheduler (Slurm array task, Kubernetes Indexed Job),
// or none.
func (rf *runFlags) shardSpec(getenv func(string) string) (shard.Spec, bool, error) {
	set := rf.set()
	if set["shards"] && (*rf.shards < 1 || *rf.shards > shard.MaxCount) {
		return shard.Spec{}, false, &UsageError{Msg: fmt.Sprintf("--shards %d is out of range (allowed: 1 to %d)", *rf.shards, shard.MaxCount), Hint: "see tabulate run --help"}
	}
	if set["shard"] {
		s, err := shard.Parse(*rf.shard)
		if err != nil {
			return s, false, &UsageError{Msg: err.Error(), Hint: "see tabulate run --help"}
		}
		if set["shards"] && *rf.shards != s.Count {
			return s, false, &UsageError{Msg: fmt.Sprintf("--shard %s and --shards %d disagree on the number of shards", s, *rf.shards), Hint: "give --shard K/N alone"}
		}
		return s, true, nil
	}
	s, ok, err := shard.FromEnv(getenv, *rf.shards)
	if err != nil {
		return s, false, &UsageError{Msg: err.Error(), Hint: "see tabulate run --help"}
	}
	if !ok && set["shards"] {
		return s, false, &UsageError{Msg: "--shards is given but neither --shard nor JOB_COMPLETION_INDEX says which shard this is", Hint: "give --shard K/N, or run as a Kubernetes Indexed Job"}
	}
	return s, ok, nil
}

// overrideFlags returns the flags given that change the configuration, as
// arguments tabulate merge can parse again (not --out: merge has its own).
func (rf *runFlags) overrideFlags() []string {
	list := []string{}
	rf.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "only", "workers", "formats", "plots", "max-memory":
			list = append(list, "-"+f.Name+"="+f.Value.String())
		}
	})
	return list
}

// configID returns the configuration as JSON and its sha256, with out left
// empty: the shards' identity of "the same configuration".
func configID(cfg configs.Config) (json.RawMessage, string, error) {
	cfg.Out = ""
	b, err := json.Marshal(cfg)
	if err != nil {
		return nil, "", fmt.Errorf("record the configuration: %w", err)
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// runShard computes shard s of the run into OUT/shards/K-of-N/: its jobs of
// the plan as tabulate run does (tables, figures, manifest.json), its games
// of the census into the census journal, and last shard.json.
func runShard(ctx context.Context, rf *runFlags, s shard.Spec, command []string, stderr io.Writer) error {
	name, data := *rf.configPath, configs.Default
	if name != "" {
		var err error
		if data, err = configs.ReadFile(name); err != nil {
			return err // bounded: never a FIFO or /dev/zero
		}
	}
	cfg, err := rf.config(name, data)
	if err != nil {
		return err
	}
	if err := checkOut(cfg.Out, rf.outKey()); err != nil {
		return err
	}
	raw, sum, err := configID(cfg)
	if err != nil {
		return err
	}
	rec := shard.Record{Tool: "tabulate", Version: pipeline.Version, BinarySHA256: buildinfo.Executable(), Shard: s.String(), Index: s.Index, Count: s.Count,
		ConfigSHA256: sum, Config: raw, ConfigName: name, ConfigText: string(data), Flags: rf.overrideFlags(),
		Jobs: []string{}, CensusGames: []string{}}
	if name == "" {
		rec.ConfigName = configs.DefaultName
	}
	// The shard's plan: the run's plan, its census in the waves after
	// the tables, planned (and a census over its memory or disk refused)
	// before the output folder is made, then cut to the shard's jobs
	// (pipeline.Plan.Shard): its share of the tables and of the census's
	// groups of games, which it computes into the census journal.
	scfg := cfg
	scfg.Out = filepath.Join(cfg.Out, filepath.FromSlash(s.Dir()))
	quiet := *rf.quiet
	opts := census.Options{}
	if !quiet {
		opts.Log = stderr
	}
	plan, cen, err := pipeline.NewRunPlan(ctx, scfg, opts)
	if flagLimit(err, rf.set()["max-memory"]); err != nil && (plan == nil || ctx.Err() == nil) {
		return err // before the output folder is made
	}
	// Stopped while planning the census: the shard's record says
	// interrupted.
	plan.Shard(s.Index, s.Count)
	for _, j := range plan.Jobs {
		if j.Game != "census" {
			rec.Jobs = append(rec.Jobs, j.Game+"/"+j.Table)
		}
	}
	if cen != nil {
		rec.CensusGames = append(rec.CensusGames, cen.Games()...)
	}
	// The jobs' checks before the run (an automatic tail's start), before
	// the shard's folders are made.
	err = plan.Prepare(ctx)
	if flagLimit(err, rf.set()["max-memory"]); err != nil && ctx.Err() == nil {
		return err
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return fmt.Errorf("create output folder %s: %w", cfg.Out, err)
	}
	// OUT/shards/K-of-N made only of real folders inside OUT: a link
	// planted there (to another run's folder) is refused, and nothing
	// where it leads is removed or replaced.
	dir, err := output.MkdirIn(cfg.Out, s.Dir())
	if err != nil {
		return err
	}
	// A shard run again is not complete until it says so again.
	if err := os.Remove(filepath.Join(dir, shard.RecordName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("shard %s: %w", s, err)
	}
	if !quiet {
		fmt.Fprintf(stderr, "tabulate: shard %s: %d of the plan's jobs into %s\n", s, len(rec.Jobs), dir)
	}
	mode := progress.Off
	if !quiet {
		mode = progress.Lines
	}
	res, err := plan.Run(ctx, pipeline.Options{Log: stderr, Progress: mode, Abandon: abandon, Command: command})
	if res != nil && !quiet {
		printSummary(stderr, plan, res)
		if cen != nil {
			printCensus(stderr, res, cen)
		}
	}
	rec.Status = output.StatusComplete
	switch {
	case ctx.Err() != nil:
		rec.Status = output.StatusInterrupted
	case err != nil:
		rec.Status = output.StatusFailed
	}
	if werr := shard.WriteRecord(dir, &rec); werr != nil && err == nil {
		err = werr
	}
	if err == nil && !quiet {
		fmt.Fprintf(stderr, "tabulate: shard %s complete: %d files listed in %s\n", s, len(rec.Files), filepath.Join(dir, shard.RecordName))
	}
	return err
}
