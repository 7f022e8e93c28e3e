package census

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
)

// Options controls a census run beyond its configuration.
type Options struct {
	Log     io.Writer // progress lines and a summary; nil for none
	Workers int       // games computed side by side; 0 = the configuration's workers, or the number of CPUs
	// MaxSecondsPerGame, when > 0, overrides census.max_seconds_per_game.
	MaxSecondsPerGame float64
	Version           string // tool version, recorded in tables and manifest

	// Select, when set, limits the run to the games it keeps: they are
	// computed into the journal and no table or figure is written (a shard
	// of a census, see tabulate run --shard; tabulate merge writes the
	// tables from the journals of all shards).
	Select func(Game) bool
	// ReuseOnly takes every game from the journal and computes none: a game
	// without a whole record is an error (tabulate merge, after copying the
	// shards' journals in).
	ReuseOnly bool
	// AfterComplete, when set, is called with the output folder once the
	// census is complete and its manifest saved so, before the folder's
	// lock is released (tabulate census writes OUT/index.html with it). It
	// is not called for a failed or interrupted census, nor for a shard
	// (Select). Its error is the run's error; the manifest stays complete.
	AfterComplete func(ctx context.Context, dir string) error
}

// Result is what a census run computed and wrote.
type Result struct {
	Files    []output.File
	Findings map[string]any // per family
	Computed int            // games computed by this run
	Reused   int            // games taken from the journal
	Status   string         // output.StatusComplete, StatusInterrupted or StatusFailed
}

// ErrNoCensus is returned (wrapped in a *configs.Error) by Run for a
// configuration without a census.
var ErrNoCensus = errors.New("census: no census in the configuration")

// Run computes the census of cfg (its census section) into out: for each
// family, OUT/census/<family>.parquet and .csv, its figures, and its
// findings in OUT/manifest.json. Games already in the journal
// OUT/.census/<family>-<key>/ are not computed again. It returns the result
// so far along with the first error; a cancelled ctx leaves every finished
// game in the journal and writes no table.
func Run(ctx context.Context, cfg configs.Config, out string, opts Options) (*Result, error) {
	if !cfg.Census.Enabled() {
		return nil, &configs.Error{Key: "census", Problem: "is missing: the configuration asks for no census",
			Allowed: "census.octal.digits 1 to 4 or census.subtraction.max_element 1 to 24", Err: ErrNoCensus}
	}
	c := cfg.Census.Effective()
	if opts.MaxSecondsPerGame > 0 {
		c.MaxSecondsPerGame = opts.MaxSecondsPerGame
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	cfg.Out = out // the manifest records the folder actually written
	workers := opts.Workers
	if workers <= 0 {
		workers = cfg.Workers
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("census: create output folder %s: %w", out, err)
	}
	// One run per folder, as for tabulate run.
	lock, err := output.LockDir(out)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	if err := output.RemoveTemps(filepath.Join(out, "census")); err != nil {
		return nil, fmt.Errorf("census: remove leftover temporary files: %w", err)
	}
	manifest, err := output.OpenManifest(out, "tabulate", opts.Version, cfg, []string{"census"})
	if err != nil {
		return nil, err
	}
	for _, n := range manifest.Notices {
		fmt.Fprintf(log, "tabulate: warning: %s\n", n)
	}
	manifest.SetBounds("census", c)
	res := &Result{Findings: map[string]any{}, Status: output.StatusComplete}
	bound := time.Duration(c.MaxSecondsPerGame * float64(time.Second))

	type family struct {
		name   string
		games  []Game
		max    int
		config any
	}
	var families []family
	if c.Subtraction.MaxElement > 0 {
		families = append(families, family{Subtraction, SubtractionGames(c.Subtraction), c.Subtraction.Max,
			struct {
				configs.CensusSubtraction
				Seconds float64
			}{c.Subtraction, c.MaxSecondsPerGame}})
	}
	if c.Octal.Digits > 0 {
		games, err := OctalGames(c.Octal)
		if err != nil {
			return nil, err
		}
		key := c.Octal
		key.Prefixes = slices.Sorted(slices.Values(key.Prefixes))
		families = append(families, family{Octal, games, c.Octal.Max,
			struct {
				configs.CensusOctal
				Seconds float64
			}{key, c.MaxSecondsPerGame}})
	}
	for _, f := range families {
		var fr familyResult
		fr, err = runFamily(ctx, out, f.name, opts.selected(f.games), f.max, f.config, bound, workers, opts.ReuseOnly, log)
		res.Computed += fr.computed
		res.Reused += fr.reused
		if err != nil {
			break
		}
		if opts.Select != nil {
			continue // a shard: the tables come from tabulate merge
		}
		files, findings, werr := finish(ctx, out, f.name, f.games, fr.journal, cfg, opts.Version, f.config)
		if werr != nil {
			err = werr
			break
		}
		res.Files = append(res.Files, files...)
		res.Findings[f.name] = findings
		if aerr := manifest.Add(files...); aerr != nil {
			err = aerr
			break
		}
		manifest.SetFinding("census", f.name, findings)
	}
	switch {
	case ctx.Err() != nil:
		res.Status, err = output.StatusInterrupted, ctx.Err()
	case err != nil:
		res.Status = output.StatusFailed
	}
	if ferr := manifest.Finish(res.Status); ferr != nil && err == nil {
		err = ferr
	}
	if err == nil && res.Status == output.StatusComplete && opts.Select == nil && opts.AfterComplete != nil {
		err = opts.AfterComplete(ctx, out)
	}
	return res, err
}

// familyResult is what computing one family did.
type familyResult struct {
	journal          *journal
	computed, reused int
}

// runFamily computes every game of a family that its journal lacks.
func runFamily(ctx context.Context, out, name string, games []Game, maxValues int, config any, bound time.Duration, workers int, reuseOnly bool, log io.Writer) (familyResult, error) {
	j, err := openJournal(out, name, config)
	if err != nil {
		return familyResult{}, err
	}
	fr := familyResult{journal: j}
	var todo []Game
	for _, g := range games {
		if j.done(g) {
			fr.reused++
		} else {
			todo = append(todo, g)
		}
	}
	fmt.Fprintf(log, "census %s: %d games, %d in the journal %s, %d to compute\n", name, len(games), fr.reused, j.dir, len(todo))
	if reuseOnly && len(todo) > 0 {
		return fr, fmt.Errorf("census: %s %s and %d more games: no record in the journal %s", name, todo[0].Name(), len(todo)-1, j.dir)
	}
	var done, proven atomic.Int64
	start := time.Now()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(10 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				fmt.Fprintf(log, "census %s: %d/%d computed (%d proven), %s\n", name, done.Load(), len(todo), proven.Load(), time.Since(start).Round(time.Second))
			}
		}
	}()
	commit := func(gr *group, recs []*Record, spent float64) error {
		for i, r := range recs {
			if r == nil {
				continue
			}
			r.Seconds += spent
			if err := j.commit(gr.members[i], r); err != nil {
				return err
			}
			done.Add(1)
			if r.Proven {
				proven.Add(1)
			}
		}
		return nil
	}
	// pool computes the groups to upTo values, workers at a time, and
	// returns them with the games left unproven (upTo < max) and their
	// rare heaps.
	pool := func(grs []*group, upTo int) ([]*group, error) {
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(workers)
		for _, gr := range grs {
			g.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err
				}
				t0 := time.Now()
				recs, rare, err := solveGroup(gctx, gr.rep, gr.members, maxValues, upTo, bound)
				if err != nil {
					return err
				}
				if err := commit(gr, recs, gr.spent); err != nil {
					return err
				}
				var left []Game
				for i, r := range recs {
					if r == nil {
						left = append(left, gr.members[i])
					}
				}
				gr.members, gr.rare = left, rare
				gr.spent += time.Since(t0).Seconds()
				return nil
			})
		}
		err := g.Wait()
		return slices.DeleteFunc(grs, func(gr *group) bool { return len(gr.members) == 0 }), err
	}
	grs := groups(todo)
	if bound == 0 && maxValues > probeValues {
		// A first pass to probeValues values finishes the games proven
		// there (most of them) and measures the others' rare heaps; they
		// are then computed to max in decreasing order of it, so that the
		// longest start first and the workers finish together. The pass
		// repeats at most probeValues values of each game left, little
		// beside max.
		if grs, err = pool(grs, probeValues); err == nil {
			slices.SortStableFunc(grs, func(a, b *group) int { return cmp.Compare(b.rare, a.rare) })
		}
	}
	if err == nil {
		_, err = pool(grs, maxValues)
	}
	close(stop)
	wg.Wait()
	fr.computed = int(done.Load())
	fmt.Fprintf(log, "census %s: %d computed (%d proven) in %s\n", name, fr.computed, proven.Load(), time.Since(start).Round(time.Millisecond))
	return fr, err
}

// group is games computed with one run of the engine on rep: the octal
// codes that reduce to one code (equiv.go), or one game.
type group struct {
	rep     Game
	members []Game
	rare    int64   // rare heaps of rep after a first pass (solveGroup)
	spent   float64 // seconds spent in a first pass
}

// probeValues is how many values the first pass of a census without a time
// bound computes (runFamily).
const probeValues = 1 << 14

// groups returns the groups of games, in the order of their first game.
func groups(games []Game) []*group {
	var out []*group
	byRep := map[string]*group{}
	for _, g := range games {
		rep := g.computedAs()
		gr := byRep[rep.Name()]
		if gr == nil {
			gr = &group{rep: rep}
			byRep[rep.Name()] = gr
			out = append(out, gr)
		}
		gr.members = append(gr.members, g)
	}
	return out
}

// finish reads a family's records from its journal, in table order, and
// writes its table (with the family's configuration, bounds, in its
// metadata), figures and findings.
func finish(ctx context.Context, out, name string, games []Game, j *journal, cfg configs.Config, version string, bounds any) ([]output.File, map[string]any, error) {
	recs := make([]*Record, len(games))
	for i, g := range games {
		if recs[i] = j.load(g); recs[i] == nil {
			return nil, nil, fmt.Errorf("census: %s %s: no record in the journal %s", name, g.Name(), j.dir)
		}
	}
	classes := Classes(recs)
	diffs, err := Differences(ctx, recs, classes, func(ctx context.Context, i, n int) ([]int32, error) {
		return knownValues(ctx, games[i], recs[i], n)
	})
	if err != nil {
		return nil, nil, err
	}
	rows := make([]Row, len(games))
	for i := range games {
		rows[i] = Row{Game: games[i], Record: recs[i], Class: classes[i], Difference: diffs[i]}
	}
	w := &output.Writer{Dir: out, Formats: cfg.Formats, Version: version}
	boundsJSON, err := json.Marshal(bounds)
	if err != nil {
		return nil, nil, err
	}
	files, err := w.WriteTable(ctx, Table(name), string(boundsJSON), source(name, rows), nil)
	if err != nil {
		return nil, nil, err
	}
	timings, err := w.WriteTable(ctx, TimingsTable(name), string(boundsJSON), timingsSource(name, rows), nil)
	if err != nil {
		return nil, nil, err
	}
	files = append(files, timings...)
	for _, f := range figures(name, rows) {
		if len(cfg.Plots) == 0 {
			break
		}
		fs, err := writeFigure(out, f, cfg.Plots)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, fs...)
	}
	return files, Findings(rows), nil
}

// knownValues recomputes the first n known values of a finished game: by
// the engine up to the values it computed, then by its proven period.
func knownValues(ctx context.Context, g Game, r *Record, n int) ([]int32, error) {
	seq, err := g.values(ctx, int(min(int64(n), r.Values)))
	if err != nil {
		return nil, err
	}
	if n <= len(seq) {
		return seq[:n], nil
	}
	at := extend(seq, periodOf(r), r.Proven)
	outv := make([]int32, n)
	for k := range outv {
		outv[k] = at(k)
	}
	return outv, nil
}
