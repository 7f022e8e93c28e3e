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
	"strings"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
	"github.com/tabulate-games/tabulate/shard"
)

// ShardName is the record of a shard in its folder OUT/shards/K-of-N/: it is
// written last, once the shard's files are in place, and lists each with
// its sha256. tabulate merge trusts nothing else.
const ShardName = "shard.json"

// shardRecord is the content of shard.json.
type shardRecord struct {
	Tool    string `json:"tool"`
	Version string `json:"version"`
	Shard   string `json:"shard"` // K/N
	Index   int    `json:"index"`
	Count   int    `json:"count"`
	Status  string `json:"status"` // output.StatusComplete, StatusFailed, StatusInterrupted
	// ConfigSHA256 identifies the effective configuration (with out left
	// empty, as the nodes may mount OUT at different paths); Config is it.
	ConfigSHA256 string          `json:"config_sha256"`
	Config       json.RawMessage `json:"config"`
	// ConfigName and ConfigText are the configuration file as the shard read
	// it ("" and the built-in default when there was none), and Flags the
	// flags that overrode it: tabulate merge rebuilds the configuration from
	// them.
	ConfigName  string      `json:"config_name"`
	ConfigText  string      `json:"config_text"`
	Flags       []string    `json:"flags"`
	Jobs        []string    `json:"jobs"`         // game/table of the plan's jobs this shard ran
	CensusGames []string    `json:"census_games"` // the census games this shard computed
	Files       []shardFile `json:"files"`
}

// shardFile is one file of a shard folder.
type shardFile struct {
	Path   string `json:"path"` // relative, with forward slashes
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

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
		if data, err = os.ReadFile(name); err != nil {
			return &configs.Error{File: name, Problem: "cannot be read: " + err.Error(), Allowed: "a readable YAML file", Err: err}
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
	rec := shardRecord{Tool: "tabulate", Version: pipeline.Version, Shard: s.String(), Index: s.Index, Count: s.Count,
		ConfigSHA256: sum, Config: raw, ConfigName: name, ConfigText: string(data), Flags: rf.overrideFlags(),
		Jobs: []string{}, CensusGames: []string{}}
	if name == "" {
		rec.ConfigName = configs.DefaultName
	}
	dir := filepath.Join(cfg.Out, filepath.FromSlash(s.Dir()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create shard folder %s: %w", dir, err)
	}
	// A shard run again is not complete until it says so again.
	if err := os.Remove(filepath.Join(dir, ShardName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("shard %s: %w", s, err)
	}
	scfg := cfg
	scfg.Out = dir
	plan, err := pipeline.NewPlan(scfg)
	if err != nil {
		return err
	}
	plan.Jobs = shardJobs(plan.Jobs, s)
	for _, j := range plan.Jobs {
		rec.Jobs = append(rec.Jobs, j.Game+"/"+j.Table)
	}
	quiet := *rf.quiet
	if !quiet {
		fmt.Fprintf(stderr, "tabulate: shard %s: %d of the plan's jobs into %s\n", s, len(plan.Jobs), dir)
	}
	mode := progress.Off
	if !quiet {
		mode = progress.Lines
	}
	res, err := plan.Run(ctx, pipeline.Options{Log: stderr, Progress: mode, Abandon: abandon, Command: command})
	if res != nil && !quiet {
		printSummary(stderr, plan, res)
	}
	if err == nil && cfg.Census.Enabled() {
		var games []census.Game
		if games, err = census.Games(cfg.Census); err == nil {
			mine := shardCensus(games, s)
			for _, g := range games {
				if key := g.Family + "/" + g.Name(); mine[key] {
					rec.CensusGames = append(rec.CensusGames, key)
				}
			}
			err = runCensus(ctx, scfg, census.Options{Select: func(g census.Game) bool { return mine[g.Family+"/"+g.Name()] }}, quiet, stderr)
		}
	}
	rec.Status = output.StatusComplete
	switch {
	case ctx.Err() != nil:
		rec.Status = output.StatusInterrupted
	case err != nil:
		rec.Status = output.StatusFailed
	}
	if werr := writeShardRecord(dir, &rec); werr != nil && err == nil {
		err = werr
	}
	if err == nil && !quiet {
		fmt.Fprintf(stderr, "tabulate: shard %s complete: %d files listed in %s\n", s, len(rec.Files), filepath.Join(dir, ShardName))
	}
	return err
}

// writeShardRecord lists every file of the shard folder with its sha256
// and writes shard.json, holding the folder's lock.
func writeShardRecord(dir string, rec *shardRecord) error {
	lock, err := output.LockDir(dir)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	rec.Files = []shardFile{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if !d.Type().IsRegular() || base == ShardName || base == output.LockName || strings.HasPrefix(base, output.TempPrefix) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		size, sum, err := output.FileSHA256(p)
		if err != nil {
			return err
		}
		rec.Files = append(rec.Files, shardFile{Path: filepath.ToSlash(rel), Bytes: size, SHA256: sum})
		return nil
	})
	if err != nil {
		return fmt.Errorf("shard %s: list its files: %w", rec.Shard, err)
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	_, _, err = output.WriteFileAtomic(filepath.Join(dir, ShardName), append(b, '\n'))
	return err
}

// runCensus computes the census of cfg into cfg.Out (the part of a run, a
// shard or a merge that is a census) and prints its summary.
func runCensus(ctx context.Context, cfg configs.Config, opts census.Options, quiet bool, stderr io.Writer) error {
	opts.Version = pipeline.Version
	if !quiet {
		opts.Log = stderr
	}
	res, err := census.Run(ctx, cfg, cfg.Out, opts)
	if res != nil && !quiet {
		fmt.Fprintf(stderr, "tabulate census: %s: %d games computed, %d from the journal, %d files written to %s\n",
			res.Status, res.Computed, res.Reused, len(res.Files), cfg.Out)
	}
	return err
}
