// Package merge writes into an output folder OUT what one tabulate run of a
// configuration writes, from the shards OUT/shards/K-of-N/ that tabulate
// run --shard K/N wrote (one Slurm array task or Kubernetes Indexed Job pod
// each): the tables, figures, manifest and census.
//
// A merge trusts nothing the shards say until it has checked it, and
// checks everything before it writes anything:
//
//   - every shard 0..N-1 of one split is there, its shard.json read by the
//     rule of every file under OUT (output.ReadIn: no link, no FIFO, no
//     device, bounded), says it is that shard, is complete, and was made
//     by the same build of tabulate (its version and the sha256 of its
//     binary, as this binary) from the same configuration;
//   - every file shard.json lists is a regular file inside the shard's
//     folder (output.HashIn) with the listed size and sha256;
//   - every file the shard's manifest lists is in the known layout
//     (output.InLayout: no nim/../../../x.csv), is listed by shard.json
//     with the same sha256, holds the rows its entry says and, for
//     Parquet, the game and table in its own metadata
//     (output.CheckTableIn), and no two shards give the same file;
//   - the shards together did every job of the plan and every game of the
//     census exactly once.
//
// A refusal is a *RefusedError naming every shard at fault; nothing is
// written. Then the folder is taken by the run-folder protocol of every
// command (output.Folder), each file copied through a temporary file and
// put in place only with its sha256, the census journals copied in, the
// census tables written from them (the census's plan, pipeline.Plan.RunIn, in the same folder), and
// the status recorded once for all: a census that fails leaves the merge
// failed, not complete.
//
//	res, err := merge.Run(ctx, "out", merge.Options{Version: v, Config: rebuild})
package merge

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/shard"
)

// Options says how to merge.
type Options struct {
	// Version is this tabulate's version: shards made by another are
	// refused, as their files may differ.
	Version string
	// Binary is the sha256 of this binary (buildinfo.Executable), "" if
	// unknown: shards made by another build (their shard.json records
	// theirs) are refused, even when both say the same version.
	Binary string
	// Config rebuilds the configuration the shards ran from shard 0's
	// record (its configuration text and the flags that overrode it), with
	// its output folder set to out. tabulate merge parses the recorded
	// flags with tabulate run's own.
	Config func(rec *shard.Record, out string) (configs.Config, error)
	// Log receives the census's progress; nil for none.
	Log io.Writer
	// AfterComplete, when set, is called with OUT once the merge (the
	// census included) is complete and its manifest saved so, before the
	// folder's lock is released (tabulate merge writes OUT/index.html with
	// it, as tabulate run does); see output.FolderSpec.
	AfterComplete func(ctx context.Context, dir string) error
}

// Result is what a merge wrote.
type Result struct {
	Shards int    // how many shards were merged
	Files  int    // files of the games copied in
	Status string // output.StatusComplete, StatusFailed or StatusInterrupted
	Census *census.Result
}

// RefusedError is a merge refused before anything was written: shards
// missing, unfinished, of another run, or not what they say. It is the
// user's to fix (exit status 2).
type RefusedError struct {
	Msg  string
	Hint string
}

// Error reads the problem, then the hint in parentheses.
func (e *RefusedError) Error() string {
	if e.Hint == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Hint + ")"
}

// shardDir is one checked shard: its folder (relative to OUT, slashed), its
// record and its manifest.
type shardDir struct {
	rel string // shards/K-of-N
	rec *shard.Record
}

// copyFile is a file to copy from a shard into OUT.
type copyFile struct {
	src   string // relative to OUT: shards/K-of-N/<path>
	entry output.File
}

// Run merges the shards of OUT (see the package documentation).
func Run(ctx context.Context, out string, opts Options) (*Result, error) {
	shards, err := checkShards(out)
	if err != nil {
		return nil, err
	}
	first := shards[0].rec
	if first.Version != opts.Version {
		return nil, &RefusedError{Msg: fmt.Sprintf("the shards were made by tabulate %s and this is tabulate %s", first.Version, opts.Version),
			Hint: "merge with the binary that ran the shards"}
	}
	if opts.Binary != "" && first.BinarySHA256 != "" && first.BinarySHA256 != opts.Binary {
		return nil, &RefusedError{Msg: fmt.Sprintf("the shards were made by another build of tabulate %s than this one (binary sha256 %s, this binary's %s)",
			first.Version, shortSum(first.BinarySHA256), shortSum(opts.Binary)),
			Hint: "nothing was written; merge with the binary that ran the shards"}
	}
	cfg, err := opts.Config(first, out)
	if err != nil {
		return nil, fmt.Errorf("the configuration recorded by the shards: %w", err)
	}
	if err := checkCoverage(cfg, shards); err != nil {
		return nil, err
	}
	var names []string
	for _, g := range cfg.Selected() {
		names = append(names, g.Name)
	}
	files, findings, err := checkManifests(out, shards, names)
	if err != nil {
		return nil, err
	}
	if err := output.CheckManifest(out); err != nil {
		return nil, err
	}

	rerun := slices.Clone(names)
	var plan *pipeline.Plan
	var cen *census.Census
	if cfg.Census.Enabled() {
		rerun = append(rerun, "census")
		// The census's tables, written from the shards' journals by the
		// census's jobs (pipeline.NewCensusPlan), planned before anything
		// is written: a census over its memory or disk is refused here.
		if plan, cen, err = pipeline.NewCensusPlan(ctx, cfg, census.Options{ReuseOnly: true, Log: opts.Log}); err != nil {
			return nil, err
		}
	}
	folder, err := output.OpenFolder(out, output.FolderSpec{Tool: "tabulate", Version: opts.Version, Config: cfg, Rerun: rerun,
		Log: opts.Log, AfterComplete: opts.AfterComplete})
	if err != nil {
		return nil, err
	}
	res := &Result{Shards: len(shards)}
	err = write(ctx, folder, cfg, shards, files, findings, res)
	if err == nil && plan != nil {
		err = writeCensus(ctx, folder, shards, plan, cen, res)
	}
	res.Status, err = folder.Close(ctx, err)
	return res, err
}

// write copies the checked files in and lists them with the shards'
// findings, inside the open folder.
func write(ctx context.Context, folder *output.Folder, cfg configs.Config, shards []shardDir, files []copyFile, findings []shardManifest, res *Result) error {
	out, manifest := folder.Dir, folder.Manifest
	for _, g := range cfg.Selected() {
		manifest.SetBounds(g.Name, g.Bounds)
	}
	for _, c := range files {
		if err := copyChecked(ctx, folder.Temps, out, c.src, c.entry.Path, c.entry.SHA256); err != nil {
			return err
		}
		if err := manifest.Add(c.entry); err != nil {
			return err
		}
		res.Files++
	}
	for _, m := range findings {
		for _, game := range slices.Sorted(mapKeys(m.Games)) {
			e := m.Games[game]
			for key, value := range e.Findings {
				manifest.SetFinding(game, key, value)
			}
			if e.Run != nil {
				manifest.SetGameRun(game, e.Run) // the shard run that computed it
			}
		}
	}
	return nil
}

// writeCensus copies the shards' census journals into OUT's and runs the
// census's plan in the open folder: every game taken from the journal,
// the tables written from it.
func writeCensus(ctx context.Context, folder *output.Folder, shards []shardDir, plan *pipeline.Plan, cen *census.Census, res *Result) error {
	if err := importJournals(ctx, folder.Temps, folder.Dir, shards); err != nil {
		return err
	}
	pres, err := plan.RunIn(ctx, folder, pipeline.Options{})
	res.Census = cen.Result
	if pres != nil {
		for _, f := range pres.Files {
			cen.Result.Files = append(cen.Result.Files, f.File)
		}
	}
	return err
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// checkShards finds the shards under OUT/shards and checks each record and
// file before anything is written. The error names every shard at fault.
func checkShards(out string) ([]shardDir, error) {
	root := filepath.Join(out, "shards")
	if info, err := os.Lstat(root); err == nil && !info.IsDir() {
		return nil, &RefusedError{Msg: fmt.Sprintf("%s is not a folder (it is %s; a symbolic link is never followed under OUT)", root, output.FileKind(info.Mode())),
			Hint: "nothing was written; move it away and run the shards again"}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, &RefusedError{Msg: fmt.Sprintf("no shards to merge: %v", err), Hint: "run tabulate run --shard K/N --out " + out + " for each K first"}
	}
	counts := map[int]bool{}
	for _, e := range entries {
		var k, n int
		if _, err := fmt.Sscanf(e.Name(), "%d-of-%d", &k, &n); err == nil && e.Name() == fmt.Sprintf("%d-of-%d", k, n) && n > 0 {
			counts[n] = true
		}
	}
	if len(counts) == 0 {
		return nil, &RefusedError{Msg: fmt.Sprintf("no shard folders K-of-N in %s", root), Hint: "run tabulate run --shard K/N --out " + out + " for each K first"}
	}
	if len(counts) > 1 {
		ns := slices.Sorted(func(yield func(int) bool) {
			for n := range counts {
				if !yield(n) {
					return
				}
			}
		})
		return nil, &RefusedError{Msg: fmt.Sprintf("%s holds shards of runs split %v ways; a merge needs one split", root, ns),
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
		rel := fmt.Sprintf("shards/%d-of-%d", k, n)
		dir := filepath.Join(out, filepath.FromSlash(rel))
		shards[k].rel = rel
		info, err := os.Lstat(dir)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s is missing (no folder %s)", name, dir))
			continue
		}
		if !info.IsDir() {
			problems = append(problems, fmt.Sprintf("%s: %s is not a folder (it is %s; a symbolic link is never followed under OUT)", name, dir, output.FileKind(info.Mode())))
			continue
		}
		rec, err := shard.ReadRecord(out, rel+"/"+shard.RecordName)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s did not finish (%v)", name, err))
			continue
		}
		shards[k].rec = rec
		switch {
		case rec.Index != k || rec.Count != n:
			problems = append(problems, fmt.Sprintf("%s: its %s says it is shard %d/%d", name, shard.RecordName, rec.Index, rec.Count))
			continue
		case rec.Status != output.StatusComplete:
			problems = append(problems, fmt.Sprintf("%s %s (status %q in %s): run it again", name, rec.Status, rec.Status, filepath.Join(dir, shard.RecordName)))
			continue
		}
		if first := shards[0].rec; k > 0 && first != nil {
			if rec.Version != first.Version {
				problems = append(problems, fmt.Sprintf("%s was made by tabulate %s, shard 0/%d by %s", name, rec.Version, n, first.Version))
			} else if rec.BinarySHA256 != first.BinarySHA256 {
				problems = append(problems, fmt.Sprintf("%s was made by another build of tabulate %s than shard 0/%d (binary sha256 %s, not %s)",
					name, rec.Version, n, shortSum(rec.BinarySHA256), shortSum(first.BinarySHA256)))
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
			size, sum, err := output.HashIn(out, rel+"/"+f.Path)
			switch {
			case err != nil:
				problems = append(problems, fmt.Sprintf("%s: file %s: %v", name, f.Path, err))
			case size != f.Bytes || sum != f.SHA256:
				problems = append(problems, fmt.Sprintf("%s: file %s does not match its sha256 in %s (changed since the shard ran)", name, f.Path, shard.RecordName))
			}
		}
	}
	if shards[0].rec == nil && len(problems) == 0 {
		problems = append(problems, "shard 0 has no record")
	}
	if len(problems) > 0 {
		return nil, refused(out, problems)
	}
	return shards, nil
}

// maxProblems is how many problems a refusal lists.
const maxProblems = 10

// shortSum shows the start of a binary's sha256, or that none was recorded.
func shortSum(sum string) string {
	if sum == "" {
		return "not recorded"
	}
	return sum[:min(12, len(sum))] + "..."
}

// refused is the error of a merge refused for problems.
func refused(out string, problems []string) error {
	if len(problems) > maxProblems {
		// A split of 100,000 shards with one run lists 99,999 missing:
		// the first ones say what is wrong.
		problems = append(problems[:maxProblems:maxProblems], fmt.Sprintf("and %d more problems", len(problems)-maxProblems))
	}
	return &RefusedError{Msg: "cannot merge " + out + ": " + strings.Join(problems, "; "),
		Hint: "nothing was written; run the shards named again (same configuration, same tabulate)"}
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
		return &RefusedError{Msg: "cannot merge " + cfg.Out + ": the shards do not split the run exactly: " + strings.Join(problems[:min(5, len(problems))], "; "),
			Hint: "nothing was written; run every shard with the same configuration and tabulate"}
	}
	return nil
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

// checkManifests reads each shard's manifest (by the rule of
// output.ReadIn) and checks every file it lists of the plan's games (see
// the package documentation); it returns the files to copy, in shard
// order, and each shard's manifest for its findings.
func checkManifests(out string, shards []shardDir, names []string) ([]copyFile, []shardManifest, error) {
	var problems []string
	var files []copyFile
	var manifests []shardManifest
	from := map[string]string{} // path -> the shard that gives it
	for _, s := range shards {
		name := "shard " + s.rec.Shard
		data, err := output.ReadIn(out, s.rel+"/"+output.ManifestName, output.ManifestLimit)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		var m shardManifest
		if err := json.Unmarshal(data, &m); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %s: %v", name, output.ManifestName, err))
			continue
		}
		recorded := map[string]shard.File{}
		for _, f := range s.rec.Files {
			recorded[f.Path] = f
		}
		for _, f := range m.Files {
			if !output.InLayout(f) {
				problems = append(problems, fmt.Sprintf("%s: its %s lists %q (game %q), not a file of the layout <game>/<name>.<ext>", name, output.ManifestName, f.Path, f.Game))
				continue
			}
			if !slices.Contains(names, f.Game) {
				continue
			}
			if r, ok := recorded[f.Path]; !ok || r.SHA256 != f.SHA256 || r.Bytes != f.Bytes {
				problems = append(problems, fmt.Sprintf("%s: its %s lists %s with another sha256 or size than its %s", name, output.ManifestName, f.Path, shard.RecordName))
				continue
			}
			if other, ok := from[f.Path]; ok {
				problems = append(problems, fmt.Sprintf("%s and %s both give %s", other, name, f.Path))
				continue
			}
			from[f.Path] = name
			if err := output.CheckTableIn(out, s.rel+"/"+f.Path, f); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			files = append(files, copyFile{src: s.rel + "/" + f.Path, entry: f})
		}
		for game, e := range m.Games {
			if e == nil || !slices.Contains(names, game) {
				delete(m.Games, game)
			}
		}
		manifests = append(manifests, m)
	}
	if len(problems) > 0 {
		return nil, nil, refused(out, problems)
	}
	return files, manifests, nil
}

// copyChecked copies OUT/src (opened by the rule of output.OpenIn) to
// OUT/rel (its folder made only inside OUT, see output.MkdirIn) through a
// temporary file, renamed into place only if its sha256 is want.
func copyChecked(ctx context.Context, temps *output.Temps, out, src, rel, want string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	in, err := output.OpenIn(out, src)
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
		return fmt.Errorf("copy %s to %s: %w", in.Name(), dst, err)
	}
	// The sha256 of what was written is checked before the file is put in
	// place: a file changed since the check never replaces anything.
	if got := f.SHA256(); got != want {
		f.Abort()
		return fmt.Errorf("%s changed while it was copied (sha256 %s, want %s)", in.Name(), got, want)
	}
	_, _, err = f.Commit()
	return err
}

// importJournals copies the census records of every shard into the journal
// of OUT, where the census's jobs (with ReuseOnly) find them all; each is
// checked against the sha256 its shard.json lists (checkShards hashed them
// all).
func importJournals(ctx context.Context, temps *output.Temps, out string, shards []shardDir) error {
	for _, s := range shards {
		for _, f := range s.rec.Files {
			if !strings.HasPrefix(f.Path, ".census/") {
				continue
			}
			if err := copyChecked(ctx, temps, out, s.rel+"/"+f.Path, f.Path, f.SHA256); err != nil {
				return err
			}
		}
	}
	return nil
}
