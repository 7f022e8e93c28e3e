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

// shardJobs returns the jobs of the plan that shard s computes: the jobs are
// balanced over the shards by their Cost (shard.Assign), the same way on
// every node, so the shards together compute each job exactly once.
func shardJobs(jobs []pipeline.Job, s shard.Spec) []pipeline.Job {
	costs := make([]float64, len(jobs))
	for i, j := range jobs {
		costs[i] = j.Cost
	}
	parts := shard.Assign(costs, s.Count)
	var mine []pipeline.Job
	for i, j := range jobs {
		if parts[i] == s.Index {
			mine = append(mine, j)
		}
	}
	return mine
}

// shardCensus returns the census games that shard s computes, by name
// (family/name), balanced by census.Cost.
func shardCensus(games []census.Game, s shard.Spec) map[string]bool {
	// Whole groups (games computed with one engine run) go to one shard.
	groups := census.Groups(games)
	costs := make([]float64, len(groups))
	for i, gr := range groups {
		costs[i] = census.Cost(gr[0])
	}
	parts := shard.Assign(costs, s.Count)
	mine := map[string]bool{}
	for i, gr := range groups {
		if parts[i] == s.Index {
			for _, g := range gr {
				mine[g.Family+"/"+g.Name()] = true
			}
		}
	}
	return mine
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
	// The shard's plan: its jobs of the run's plan and, in the waves
	// after them, its groups of the census's games, all planned (and a
	// census over its memory or disk refused) before the output folder
	// is made.
	scfg := cfg
	scfg.Out = filepath.Join(cfg.Out, filepath.FromSlash(s.Dir()))
	if cfg.Census.Enabled() {
		// The census's refusal comes first, as for the whole census.
		_, err := census.NewPlan(scfg, scfg.Out, census.Options{})
		if flagLimit(err, rf.set()["max-memory"]); err != nil {
			return err
		}
	}
	plan, err := pipeline.NewPlan(scfg)
	if err != nil {
		return err
	}
	plan.Jobs = shardJobs(plan.Jobs, s)
	for _, j := range plan.Jobs {
		rec.Jobs = append(rec.Jobs, j.Game+"/"+j.Table)
	}
	quiet := *rf.quiet
	var cen *census.Census
	if cfg.Census.Enabled() {
		games, err := census.Games(cfg.Census)
		if err != nil {
			return err
		}
		mine := shardCensus(games, s)
		for _, g := range games {
			if key := g.Family + "/" + g.Name(); mine[key] {
				rec.CensusGames = append(rec.CensusGames, key)
			}
		}
		opts := census.Options{Select: func(g census.Game) bool { return mine[g.Family+"/"+g.Name()] }}
		if !quiet {
			opts.Log = stderr
		}
		cen, err = plan.AddCensus(ctx, opts)
		if flagLimit(err, rf.set()["max-memory"]); err != nil && ctx.Err() == nil {
			return err // before the output folder is made
		}
		// Stopped while planning: the shard's record says interrupted.
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
