package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
)

const mergeUsage = `Usage: tabulate merge [-q] OUT

Merges the shards OUT/shards/K-of-N/ of a run (tabulate run --shard K/N, or
one Slurm array task or Kubernetes Indexed Job pod each) into OUT: the tables,
figures and manifest that one tabulate run of the same configuration writes.
It first checks that every shard 0..N-1 is there and complete, was made from
the same configuration by the same tabulate version, and that every file
matches its sha256; otherwise it names the shards at fault, writes nothing
and exits with status 2. The shard folders are left as they are.

Flags:
`

// mergeCommand implements tabulate merge.
func mergeCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("merge")
	quiet := fs.Bool("q", false, "quiet: no progress, only errors")
	if err := parseFlags(fs, args, mergeUsage, "see tabulate merge --help", stdout); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return &UsageError{Msg: "tabulate merge takes one output folder", Hint: "tabulate merge OUT, where OUT/shards/ holds the shards"}
	}
	out := fs.Arg(0)
	shards, err := checkShards(out)
	if err != nil {
		return err
	}
	first := shards[0].rec
	if first.Version != pipeline.Version {
		return &UsageError{Msg: fmt.Sprintf("the shards were made by tabulate %s and this is tabulate %s", first.Version, pipeline.Version),
			Hint: "merge with the binary that ran the shards"}
	}
	rf := newRunFlags()
	if err := rf.fs.Parse(append(slices.Clone(first.Flags), "-out="+out)); err != nil {
		return &UsageError{Msg: fmt.Sprintf("shard 0: recorded flags %q: %v", first.Flags, err)}
	}
	cfg, err := rf.config(first.ConfigName, []byte(first.ConfigText))
	if err != nil {
		return fmt.Errorf("the configuration recorded by the shards: %w", err)
	}
	if err := checkCoverage(cfg, shards); err != nil {
		return err
	}
	if err := checkOut(out, ""); err != nil {
		return err
	}
	// OUT/index.html is written at the very end, as by tabulate run (the
	// shards' --no-report, if any, holds for the merge).
	writeReport := reportAfter(*rf.noReport, *quiet, stderr)
	afterGames := writeReport
	if cfg.Census.Enabled() {
		afterGames = nil
	}
	if err := mergeGames(ctx, cfg, shards, afterGames); err != nil {
		return err
	}
	if cfg.Census.Enabled() {
		if err := importJournals(cfg.Out, shards); err != nil {
			return err
		}
		if err := runCensus(ctx, cfg, census.Options{ReuseOnly: true, AfterComplete: writeReport}, *quiet, stderr); err != nil {
			return err
		}
	}
	if !*quiet {
		fmt.Fprintf(stderr, "tabulate merge: %d shards merged into %s\n", len(shards), out)
	}
	return nil
}

// shardDir is one checked shard: its folder and record.
type shardDir struct {
	dir string
	rec *shardRecord
}

// checkShards finds the shards under OUT/shards and checks them all before
// anything is written. The error names every shard at fault.
func checkShards(out string) ([]shardDir, error) {
	root := filepath.Join(out, "shards")
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, &UsageError{Msg: fmt.Sprintf("no shards to merge: %v", err), Hint: "run tabulate run --shard K/N --out " + out + " for each K first"}
	}
	counts := map[int]bool{}
	for _, e := range entries {
		var k, n int
		if _, err := fmt.Sscanf(e.Name(), "%d-of-%d", &k, &n); err == nil && e.Name() == fmt.Sprintf("%d-of-%d", k, n) && n > 0 {
			counts[n] = true
		}
	}
	if len(counts) == 0 {
		return nil, &UsageError{Msg: fmt.Sprintf("no shard folders K-of-N in %s", root), Hint: "run tabulate run --shard K/N --out " + out + " for each K first"}
	}
	if len(counts) > 1 {
		ns := slices.Sorted(func(yield func(int) bool) {
			for n := range counts {
				if !yield(n) {
					return
				}
			}
		})
		return nil, &UsageError{Msg: fmt.Sprintf("%s holds shards of runs split %v ways; a merge needs one split", root, ns),
			Hint: "remove the folders of the other split"}
	}
	var n int
	for c := range counts {
		n = c
	}
	var problems []string
	shards := make([]shardDir, n)
	for k := range n {
		name := fmt.Sprintf("shard %d/%d", k, n)
		dir := filepath.Join(root, fmt.Sprintf("%d-of-%d", k, n))
		shards[k].dir = dir
		if _, err := os.Stat(dir); err != nil {
			problems = append(problems, fmt.Sprintf("%s is missing (no folder %s)", name, dir))
			continue
		}
		rec, err := readShardRecord(filepath.Join(dir, ShardName))
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s did not finish (%v)", name, err))
			continue
		}
		shards[k].rec = rec
		switch {
		case rec.Index != k || rec.Count != n:
			problems = append(problems, fmt.Sprintf("%s: its %s says it is shard %d/%d", name, ShardName, rec.Index, rec.Count))
			continue
		case rec.Status != output.StatusComplete:
			problems = append(problems, fmt.Sprintf("%s %s (status %q in %s): run it again", name, rec.Status, rec.Status, filepath.Join(dir, ShardName)))
			continue
		}
		if first := shards[0].rec; k > 0 && first != nil {
			if rec.Version != first.Version {
				problems = append(problems, fmt.Sprintf("%s was made by tabulate %s, shard 0/%d by %s", name, rec.Version, n, first.Version))
			}
			if rec.ConfigSHA256 != first.ConfigSHA256 {
				problems = append(problems, fmt.Sprintf("%s was made from another configuration than shard 0/%d (config sha256 %.12s, not %.12s)", name, n, rec.ConfigSHA256, first.ConfigSHA256))
			}
		}
		for _, f := range rec.Files {
			if !localPath(f.Path) {
				problems = append(problems, fmt.Sprintf("%s lists %q, outside its folder", name, f.Path))
				continue
			}
			size, sum, err := output.FileSHA256(filepath.Join(dir, filepath.FromSlash(f.Path)))
			switch {
			case err != nil:
				problems = append(problems, fmt.Sprintf("%s: file %s: %v", name, f.Path, err))
			case size != f.Bytes || sum != f.SHA256:
				problems = append(problems, fmt.Sprintf("%s: file %s does not match its sha256 in %s (changed since the shard ran)", name, f.Path, ShardName))
			}
		}
	}
	if shards[0].rec == nil && len(problems) == 0 {
		problems = append(problems, "shard 0 has no record")
	}
	if len(problems) > 0 {
		return nil, &UsageError{Msg: "cannot merge " + out + ": " + strings.Join(problems, "; "),
			Hint: "nothing was written; run the shards named again (same configuration, same tabulate)"}
	}
	return shards, nil
}

// localPath reports whether p is a clean relative path inside a folder.
func localPath(p string) bool {
	return p != "" && !path.IsAbs(p) && path.Clean(p) == p && p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, `\`) && filepath.IsLocal(filepath.FromSlash(p))
}

// checkCoverage checks that the shards together did every job of the plan
// and every game of the census exactly once, as their records list them.
func checkCoverage(cfg configs.Config, shards []shardDir) error {
	count := map[string]int{}
	for _, s := range shards {
		for _, j := range s.rec.Jobs {
			count["job "+j]++
		}
		for _, g := range s.rec.CensusGames {
			count["census game "+g]++
		}
	}
	var want []string
	for _, g := range cfg.Selected() {
		for _, j := range g.Jobs(1) {
			want = append(want, "job "+g.Name+"/"+j.Table)
		}
	}
	if cfg.Census.Enabled() {
		games, err := census.Games(cfg.Census)
		if err != nil {
			return err
		}
		for _, g := range games {
			want = append(want, "census game "+g.Family+"/"+g.Name())
		}
	}
	var problems []string
	for _, w := range want {
		if c := count[w]; c != 1 {
			problems = append(problems, fmt.Sprintf("%s done by %d shards", w, c))
		}
		delete(count, w)
	}
	for extra := range count {
		problems = append(problems, extra+" is not in the configuration")
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return &UsageError{Msg: "cannot merge " + cfg.Out + ": the shards do not split the run exactly: " + strings.Join(problems[:min(5, len(problems))], "; "),
			Hint: "nothing was written; run every shard with the same configuration and tabulate"}
	}
	return nil
}

// readShardRecord reads a shard.json.
func readShardRecord(p string) (*shardRecord, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no %s", p)
		}
		return nil, err
	}
	var rec shardRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("%s is unreadable: %w", p, err)
	}
	return &rec, nil
}

// shardManifest is the part of a shard's manifest.json that a merge takes
// over, with bounds and findings kept as the JSON the shard wrote.
type shardManifest struct {
	Games map[string]*struct {
		Findings map[string]json.RawMessage `json:"findings"`
		Run      *output.RunInfo            `json:"run"`
	} `json:"games"`
	Files []output.File `json:"files"`
}

// mergeGames writes the tables, figures and manifest of the plan's games,
// as tabulate run does: the same manifest protocol (output.OpenManifest,
// Add, Finish), each file copied from the shard that computed it and
// checked against its sha256 on the way. after, when set, is called once
// the manifest is complete, under the folder's lock (reportAfter).
func mergeGames(ctx context.Context, cfg configs.Config, shards []shardDir, after func(ctx context.Context, dir string) error) error {
	out := cfg.Out
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("create output folder %s: %w", out, err)
	}
	lock, err := output.LockDir(out)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if err := output.RemoveTemps(out); err != nil {
		return fmt.Errorf("remove leftover temporary files in %s: %w", out, err)
	}
	var names []string
	for _, g := range cfg.Selected() {
		names = append(names, g.Name)
	}
	manifest, err := output.OpenManifest(out, "tabulate", pipeline.Version, cfg, names)
	if err != nil {
		return err
	}
	for _, g := range cfg.Selected() {
		manifest.SetBounds(g.Name, g.Bounds)
	}
	temps := &output.Temps{}
	err = func() error {
		for _, s := range shards {
			data, err := os.ReadFile(filepath.Join(s.dir, output.ManifestName))
			if err != nil {
				return err
			}
			var m shardManifest
			if err := json.Unmarshal(data, &m); err != nil {
				return fmt.Errorf("shard %s: %s: %w", s.rec.Shard, output.ManifestName, err)
			}
			for _, f := range m.Files {
				if !slices.Contains(names, f.Game) {
					continue
				}
				if err := copyChecked(ctx, temps, filepath.Join(s.dir, filepath.FromSlash(f.Path)), out, f.Path, f.SHA256); err != nil {
					return err
				}
				if err := manifest.Add(f); err != nil {
					return err
				}
			}
			for game, e := range m.Games {
				if e == nil || !slices.Contains(names, game) {
					continue
				}
				for key, value := range e.Findings {
					manifest.SetFinding(game, key, value)
				}
				if e.Run != nil {
					manifest.SetGameRun(game, e.Run) // the shard run that computed it
				}
			}
		}
		return nil
	}()
	status := output.StatusComplete
	if err != nil {
		status = output.StatusFailed
		temps.Abandon()
	}
	if ferr := manifest.Finish(status); ferr != nil && err == nil {
		err = ferr
	}
	if err == nil && after != nil {
		err = after(ctx, out)
	}
	return err
}

// copyChecked copies src to OUT/rel (made only inside out, see
// output.MkdirIn) through a temporary file, renamed into
// place only if its sha256 is want.
func copyChecked(ctx context.Context, temps *output.Temps, src, out, rel, want string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	dir, err := output.MkdirIn(out, path.Dir(rel))
	if err != nil {
		return err
	}
	dst := filepath.Join(dir, path.Base(rel))
	f, err := temps.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, in); err != nil {
		f.Abort()
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	_, sum, err := f.Commit()
	if err != nil {
		return err
	}
	if sum != want {
		os.Remove(dst)
		return fmt.Errorf("%s changed while it was copied (sha256 %s, want %s)", src, sum, want)
	}
	return nil
}

// importJournals copies the census records of every shard into the journal
// of OUT, where census.Run (with ReuseOnly) finds them all.
func importJournals(out string, shards []shardDir) error {
	for _, s := range shards {
		for _, f := range s.rec.Files {
			if !strings.HasPrefix(f.Path, ".census/") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(f.Path)))
			if err != nil {
				return err
			}
			dir, err := output.MkdirIn(out, path.Dir(f.Path))
			if err != nil {
				return err
			}
			dst := filepath.Join(dir, path.Base(f.Path))
			if _, _, err := output.WriteFileAtomic(dst, data); err != nil {
				return err
			}
		}
	}
	return nil
}
