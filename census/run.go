package census

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
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

	plan *Plan // Run's plan, for RunIn
}

// nonHeapMemory is the part of a census's resident memory that the garbage
// collector does not count: the program's code and data (about 20 MiB
// measured, as a run's).
const nonHeapMemory = 24 << 20

// Result is what a census run computed and wrote.
type Result struct {
	Files    []output.File
	Findings map[string]Findings // per family
	// Misere sums up census/misere, when the census has one.
	Misere   *MisereFindings
	Computed int    // games computed by this run
	Reused   int    // games taken from the journal
	Status   string // output.StatusComplete, StatusInterrupted or StatusFailed
}

// ErrNoCensus is returned (wrapped in a *configs.Error) by Run for a
// configuration without a census.
var ErrNoCensus = errors.New("census: no census in the configuration")

// Run computes the census of cfg (its census section) into out: for each
// family, OUT/census/<family>.parquet and .csv, its figures, and its
// findings in OUT/manifest.json. Games already in the journal
// OUT/.census/<family>-<key>/ are not computed again. It returns the result
// so far along with the first error; a cancelled ctx leaves every finished
// game in the journal and writes no table. The folder is held by the
// run-folder protocol of every command (output.Folder): a configuration
// error is reported before it is touched.
func Run(ctx context.Context, cfg configs.Config, out string, opts Options) (*Result, error) {
	if _, err := settings(cfg, opts); err != nil {
		return nil, err
	}
	// The plan: memory and disk estimated, and refused over their limits,
	// before the folder is touched.
	plan, err := planned(ctx, cfg, out, opts)
	if err != nil {
		return nil, err
	}
	opts.plan = plan
	cfg.Out = out // the manifest records the folder actually written
	spec := output.FolderSpec{Tool: "tabulate", Version: opts.Version, Config: cfg, Rerun: []string{"census"}, Log: opts.Log}
	if opts.Select == nil {
		spec.AfterComplete = opts.AfterComplete // a shard has no report
	}
	folder, err := output.OpenFolder(out, spec)
	if err != nil {
		return nil, err
	}
	res, err := RunIn(ctx, folder, cfg, opts)
	status, err := folder.Close(ctx, err)
	if res != nil {
		res.Status = status
	}
	return res, err
}

// settings returns the effective census of cfg with the options applied,
// or the configuration error.
func settings(cfg configs.Config, opts Options) (configs.Census, error) {
	if !cfg.Census.Enabled() {
		return configs.Census{}, &configs.Error{Key: "census", Problem: "is missing: the configuration asks for no census",
			Allowed: "census.octal.digits 1 to 4, census.subtraction.max_element 1 to 24, census.takebreak.digits 1 to 2 or census.misere", Err: ErrNoCensus}
	}
	c := cfg.Census.Effective()
	if opts.MaxSecondsPerGame > 0 {
		c.MaxSecondsPerGame = opts.MaxSecondsPerGame
	}
	if err := c.Validate(); err != nil {
		return c, err
	}
	return c, nil
}

// RunIn is Run inside an output folder the caller holds open (tabulate
// merge, whose one manifest lists the games and the census): it lists the
// census's files and findings in folder.Manifest, which the caller opened
// with "census" among the games it redoes, and writes through
// folder.Temps. The caller's folder.Close records the status (and runs
// its own AfterComplete; opts.AfterComplete is not called here);
// Result.Status is left empty.
func RunIn(ctx context.Context, folder *output.Folder, cfg configs.Config, opts Options) (*Result, error) {
	c, err := settings(cfg, opts)
	if err != nil {
		return nil, err
	}
	out := folder.Dir
	cfg.Out = out
	plan := opts.plan
	if plan == nil {
		// Called by tabulate merge, which planned the census (NewPlan)
		// before it wrote anything.
		if plan, err = NewPlan(cfg, out, opts); plan == nil {
			return nil, err
		}
	}
	// The garbage collector keeps the heap under the limit the census was
	// planned for (less what is not heap), as a run's plan does, instead of
	// letting it grow to twice the live data before it collects.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(max(plan.MemoryLimit-nonHeapMemory, plan.MemoryLimit/2)))
	workers := censusWorkers(cfg, opts)
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	manifest := folder.Manifest
	manifest.SetBounds("census", c)
	res := &Result{Findings: map[string]Findings{}}
	bound := time.Duration(c.MaxSecondsPerGame * float64(time.Second))

	families, err := familiesOf(ctx, c)
	if err != nil {
		return nil, err
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
		files, findings, werr := finish(ctx, out, folder.Temps, f.kind, f.games, fr.journal, cfg, opts.Version, f.config)
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
	if err == nil && c.Misere.Enabled() && opts.Select == nil {
		// The misère census: no journal, computed whole (census/misere.go);
		// a shard computes none, tabulate merge computes it.
		w := &output.Writer{Dir: out, Formats: cfg.Formats, Version: opts.Version, Temps: folder.Temps}
		files, mf, merr := runMisere(ctx, w, c.Misere, workers, log)
		if merr != nil {
			return res, merr
		}
		res.Files = append(res.Files, files...)
		res.Misere = &mf
		res.Computed += mf.Games
		if err = manifest.Add(files...); err != nil {
			return res, err
		}
		manifest.SetFinding("census", "misere", mf)
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
		if err := ctx.Err(); err != nil {
			return fr, err
		}
		r, err := j.read(g)
		if err != nil {
			return fr, err
		}
		if r != nil {
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
	commit := func(gr *group, recs []*Record, spent float64, run Timing) error {
		for i, r := range recs {
			if r == nil {
				continue
			}
			r.Seconds += spent
			r.Run = run
			if err := j.commit(gr.members[i], r); err != nil {
				return err
			}
			done.Add(1)
			if provenRow(r) {
				proven.Add(1)
			}
		}
		return nil
	}
	// pool computes the groups to upTo values, workers at a time, and
	// returns them with the games left unproven (upTo < max) and the
	// engine's estimate of their cost to max. The worker rule, that of the
	// run's jobs (pipeline): the census has workers CPU tokens (the slots
	// 0..workers-1, so that the timings table can say which one ran a
	// game); a group runs on one, and once every group has started, a
	// group also takes the tokens free, when it starts and whenever its
	// engine asks (grundy.Options.Grow: the plain mex of a game without a
	// sparse space splits its splits across them, octal/plainpar.go), so
	// that the engines of the last groups use the CPUs the others left, and
	// together the engines never use more goroutines than workers.
	pool := func(grs []*group, upTo int) ([]*group, error) {
		g, gctx := errgroup.WithContext(ctx)
		slots := make(chan int, workers)
		for i := range workers {
			slots <- i
		}
		var waiting atomic.Int64
		waiting.Store(int64(len(grs)))
		for _, gr := range grs {
			var slot int
			select {
			case slot = <-slots:
			case <-gctx.Done():
			}
			if gctx.Err() != nil {
				break // cancelled: Wait returns why
			}
			waiting.Add(-1)
			g.Go(func() error {
				held := []int{slot}
				grow := func() int {
					for waiting.Load() == 0 && len(held) < workers {
						s, ok := tryTake(slots)
						if !ok {
							break
						}
						held = append(held, s)
					}
					return len(held)
				}
				grow()
				defer func() {
					for _, s := range held {
						slots <- s
					}
				}()
				if err := gctx.Err(); err != nil {
					return err
				}
				t0 := time.Now()
				recs, stats, err := solveGroup(gctx, gr.rep, gr.members, maxValues, upTo, bound, len(held), grow)
				if err != nil {
					return err
				}
				t1 := time.Now()
				run := Timing{Start: t0.Sub(start).Seconds(), End: t1.Sub(start).Seconds(), Worker: slot}
				if err := commit(gr, recs, gr.spent, run); err != nil {
					return err
				}
				var left []Game
				for i, r := range recs {
					if r == nil {
						left = append(left, gr.members[i])
					}
				}
				gr.members, gr.cost = left, groupCost(gr.rep, maxValues, stats, gr.stats)
				gr.stats = stats
				gr.spent += t1.Sub(t0).Seconds()
				return nil
			})
		}
		err := g.Wait()
		return slices.DeleteFunc(grs, func(gr *group) bool { return len(gr.members) == 0 }), err
	}
	grs := groups(todo)
	if bound == 0 && maxValues > probeValues {
		// A first pass to probeValues values finishes the games proven
		// there (most of them) and gives the engine's estimate of the
		// others' cost to max (groupCost: sparse space or plain mex, rare
		// heaps, split digits); they are then computed to max in
		// decreasing order of it, so that the longest start first and the
		// workers finish together. The pass repeats at most probeValues
		// values of each game left, little beside max.
		byCost := func() { slices.SortStableFunc(grs, func(a, b *group) int { return cmp.Compare(b.cost, a.cost) }) }
		if grs, err = pool(grs, probeValues); err == nil {
			byCost()
		}
		// A census to 2^18 or more measures the games left once more at
		// max/8 (repeating under 1/64 of a quadratic game's work): how
		// their rare heaps grew since probeValues tells a sparse space
		// that has settled (0.6: 1,576 rare heaps at 2^14, 1,583 at 2^17
		// and for good) from rare heaps that go on growing (4.004: 4,559
		// and 8,241), which the first pass alone cannot (octal.CostOf).
		if stage := maxValues / 8; err == nil && stage > probeValues {
			if grs, err = pool(grs, stage); err == nil {
				byCost()
			}
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

// tryTake returns a free slot of slots and true, or false when none is
// free now.
func tryTake(slots chan int) (int, bool) {
	select {
	case s := <-slots:
		return s, true
	default:
		return 0, false
	}
}

// group is games computed with one run of the engine on rep: the octal
// codes that reduce to one code (equiv.go), or one game.
type group struct {
	rep     Game
	members []Game
	cost    float64      // the engine's estimate of rep's cost to max after a first pass (groupCost)
	stats   *octal.Stats // the engine's statistics of the last pass, nil before one or without them
	spent   float64      // seconds spent in a first pass
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
func finish(ctx context.Context, out string, temps *output.Temps, k kind, games []Game, j *journal, cfg configs.Config, version string, bounds any) ([]output.File, Findings, error) {
	name := k.name
	recs := make([]*Record, len(games))
	for i, g := range games {
		if err := ctx.Err(); err != nil {
			return nil, Findings{}, err
		}
		var err error
		if recs[i], err = j.read(g); err != nil {
			return nil, Findings{}, err
		}
		if recs[i] == nil {
			return nil, Findings{}, fmt.Errorf("census: %s %s: no record in the journal %s", name, g.Name(), j.dir)
		}
	}
	classes := Classes(recs)
	diffs, err := Differences(ctx, recs, classes, func(ctx context.Context, i, n int) ([]int32, error) {
		return knownValues(ctx, games[i], recs[i], n)
	})
	if err != nil {
		return nil, Findings{}, err
	}
	rows := make([]Row, len(games))
	for i := range games {
		rows[i] = Row{Game: games[i], Record: recs[i], Class: classes[i], Difference: diffs[i]}
	}
	w := &output.Writer{Dir: out, Formats: cfg.Formats, Version: version, Temps: temps}
	boundsJSON, err := json.Marshal(bounds)
	if err != nil {
		return nil, Findings{}, err
	}
	files, err := w.WriteTable(ctx, Table(name), boundsJSON, source(name, rows), nil)
	if err != nil {
		return nil, Findings{}, err
	}
	timings, err := w.WriteTable(ctx, TimingsTable(name), boundsJSON, timingsSource(name, rows), nil)
	if err != nil {
		return nil, Findings{}, err
	}
	files = append(files, timings...)
	paper, err := writePaper(out, temps, k, rows, boundsJSON)
	if err != nil {
		return nil, Findings{}, err
	}
	files = append(files, paper...)
	for _, f := range figures(k, pointsOf(rows)) {
		if len(cfg.Plots) == 0 {
			break
		}
		fs, err := writeFigure(out, temps, f, cfg.Plots, Settings(cfg.Figures), boundsJSON)
		if err != nil {
			return nil, Findings{}, err
		}
		files = append(files, fs...)
	}
	return files, FindingsOf(rows), nil
}

// knownValues recomputes the first n known values of a finished game: by
// the engine up to the values it computed, then by its proven period.
func knownValues(ctx context.Context, g Game, r *Record, n int) ([]int32, error) {
	seq, _, err := values(ctx, g.Heap, int(min(int64(n), r.Values)), grundy.Options{Workers: 1})
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

// groupCost estimates the cost of computing rep to maxValues from the
// engine's statistics of a shorter run (octal.CostOf), and of an earlier
// shorter one when there was one, or by the game's own estimate when the
// engine gives none (Heap.Cost), or maxValues.
func groupCost(rep Game, maxValues int, stats, earlier *octal.Stats) float64 {
	if stats != nil && rep.Family == Octal {
		if c, err := octal.Parse(rep.rules); err == nil {
			if earlier != nil {
				return octal.CostOf(c, maxValues, *stats, *earlier)
			}
			return octal.CostOf(c, maxValues, *stats)
		}
	}
	if rep.Heap.Cost != nil {
		return rep.Heap.Cost(maxValues)
	}
	return float64(maxValues)
}
