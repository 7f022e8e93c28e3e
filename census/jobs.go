package census

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// Options controls a census beyond its configuration.
type Options struct {
	Log     io.Writer // progress lines; nil for none
	Workers int       // games computed side by side; 0 = the configuration's workers, or the number of CPUs
	// MaxSecondsPerGame, when > 0, overrides census.max_seconds_per_game.
	MaxSecondsPerGame float64

	// ReuseOnly takes every game from the journal and computes none: a game
	// without a whole record is an error (tabulate merge, after copying the
	// shards' journals in).
	ReuseOnly bool
	// Wave is the first wave of the census's jobs in its plan
	// (games.Job.Wave): after the waves of a run's tables.
	Wave int
}

// Result is what a census computed and wrote.
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

// Census is a census planned as jobs of the model (games.Job), which the
// pipeline runs as it runs the tables of any game (pipeline.NewCensusPlan,
// pipeline.Plan.Run): one plan, one scheduler with its CPU tokens, one
// run-folder protocol. Each family takes five waves of the plan
// (games.Job.Wave): a job that reads its journal (the games left to
// compute), a job per group of games (one engine run, equiv.go) for the
// first pass, the jobs that pass adds for the games it left open (the
// pass at max/8, then to max, each costliest first by the engine's
// estimate, groupCost), and a job that writes its tables, paper tables,
// figures and findings from the journal. The misère census, when asked
// for, is one job after every family.
type Census struct {
	Plan   *Plan          // memory and disk, within their limits
	Bounds configs.Census // the census section in effect: its bounds in the manifest
	Jobs   []games.Job
	// Result is what the jobs computed, filled in as they run (its
	// Status and Files are the run's: pipeline.Result).
	Result *Result

	families []*familyRun
}

// The waves of a family, from its first (family.wave).
const (
	waveJournal = iota // the journal read: the games left
	waveProbe          // the first pass, to probeValues
	waveStage          // the pass at max/8
	waveMax            // the pass to max
	waveTables         // the tables from the journal
	familyWaves
)

// NewCensus plans the census of cfg (its census section, with opts
// applied) into cfg.Out: the plan of its memory and disk, refused with a
// *LimitError over their limits, and its jobs. It writes nothing and reads
// only the size of the journals in cfg.Out; ctx stops the listing of its
// games (2^24 subtraction sets take seconds) and the census's progress
// lines.
func NewCensus(ctx context.Context, cfg configs.Config, opts Options) (*Census, error) {
	c, err := settings(cfg, opts)
	if err != nil {
		return nil, err
	}
	plan, err := planned(ctx, c, cfg, opts)
	if err != nil {
		return nil, err
	}
	fams, err := familiesOf(ctx, c)
	if err != nil {
		return nil, err
	}
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	cs := &Census{Plan: plan, Bounds: c, Result: &Result{Findings: map[string]Findings{}}}
	t := &tally{res: cs.Result}
	for i, f := range fams {
		fr := &familyRun{family: f, games: f.games, wave: opts.Wave + i*familyWaves,
			bound: time.Duration(c.MaxSecondsPerGame * float64(time.Second)), reuseOnly: opts.ReuseOnly, tables: true,
			log: log, ctx: ctx, tally: t}
		cs.Jobs = append(cs.Jobs, fr.jobs()...)
		cs.families = append(cs.families, fr)
	}
	if c.Misere.Enabled() {
		// The misère census: no journal, computed whole; a shard computes
		// none, tabulate merge computes it.
		mr := &misereRun{m: c.Misere, wave: opts.Wave + len(fams)*familyWaves, log: log, tally: t}
		cs.Jobs = append(cs.Jobs, mr.job())
	}
	return cs, nil
}

// Games lists the games the census computes, as family/name, each
// family's in table order: after pipeline.Plan.Shard, those of the shard
// (its record, shard.Record.CensusGames).
func (c *Census) Games() []string {
	var list []string
	for _, fr := range c.families {
		fr.ownGames()
		for _, g := range fr.games {
			list = append(list, g.Family+"/"+g.Name())
		}
	}
	return list
}

// tally is the census's Result, shared by its jobs.
type tally struct {
	mu  sync.Mutex
	res *Result
}

// add runs f on the result under the lock.
func (t *tally) add(f func(r *Result)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f(t.res)
}

// familyRun is one family of a census as it runs: its games, its
// journal and its groups, shared by its jobs (each wave's after the
// last's, so that no two touch a group at once).
type familyRun struct {
	family
	games     []Game // the games of the family this census computes (a shard's: those it selects)
	wave      int    // the family's first wave
	bound     time.Duration
	reuseOnly bool
	tables    bool // write the tables (not a shard's census)
	sharded   bool // a group was left to another shard: ownGames cuts games and groups
	log       io.Writer
	ctx       context.Context // the census's, which stops its progress lines
	tally     *tally

	groups []*group
	// Set by the journal's job.
	journal      *journal
	start        time.Time
	todo         int
	done, proven atomic.Int64
	stopOnce     sync.Once
	stop         chan struct{}
}

// jobs returns the family's jobs: its journal's, a job per group of games
// for the first pass (or the only one), and its tables'.
func (fr *familyRun) jobs() []games.Job {
	jobs := []games.Job{{Table: fr.kind.name + " journal", Wave: fr.wave + waveJournal, Run: fr.readJournal, Shard: games.Shard{Every: true}}}
	fr.groups = groups(fr.games)
	first, upTo := waveMax, fr.max
	if fr.bound == 0 && fr.max > probeValues {
		// A first pass to probeValues values finishes the games proven
		// there (most of them) and gives the engine's estimate of the
		// others' cost to max (groupCost: sparse space or plain mex, rare
		// heaps, split digits); they are then computed to max in
		// decreasing order of it, so that the longest start first and the
		// workers finish together. The pass repeats at most probeValues
		// values of each game left, little beside max.
		first, upTo = waveProbe, probeValues
	}
	for _, gr := range fr.groups {
		j := fr.groupJob(gr, first, upTo)
		j.Shard = games.Shard{Pool: "census", Cost: Cost(gr.members[0]), Sharded: func(kept bool) {
			if !kept {
				fr.leave(gr)
			}
		}}
		jobs = append(jobs, j)
	}
	// A shard's census writes no tables: tabulate merge does, from the
	// journals of all shards.
	return append(jobs, games.Job{Table: fr.kind.name, Wave: fr.wave + waveTables, Bounds: fr.config, Run: fr.finish,
		Shard: games.Shard{Every: true, Sharded: func(bool) { fr.tables = false }}})
}

// leave leaves the group gr out of the family's census: another shard
// computes it (pipeline.Plan.Shard). The family's games and groups are
// cut to the shard's once, by ownGames.
func (fr *familyRun) leave(gr *group) { gr.other, fr.sharded = true, true }

// ownGames cuts the family's games and groups to those of its shard
// (leave), in their order.
func (fr *familyRun) ownGames() {
	if !fr.sharded {
		return
	}
	fr.sharded = false
	other := map[string]bool{}
	for _, gr := range fr.groups {
		for _, g := range gr.members {
			other[g.Name()] = gr.other
		}
	}
	fr.groups = slices.DeleteFunc(fr.groups, func(gr *group) bool { return gr.other })
	fr.games = slices.DeleteFunc(slices.Clone(fr.games), func(g Game) bool { return other[g.Name()] })
}

// readJournal opens the family's journal, keeps in each group the games
// it lacks, and says how many that is.
func (fr *familyRun) readJournal(ctx context.Context, s games.Sink) error {
	sf, ok := s.(games.StateFolder)
	if !ok {
		return fmt.Errorf("census: %s: the sink keeps no journal", fr.kind.name)
	}
	j, err := openJournal(sf, fr.kind.name, fr.config)
	if err != nil {
		return err
	}
	fr.ownGames()
	fr.journal = j
	reused, first := 0, ""
	for _, gr := range fr.groups {
		var left []Game
		for _, g := range gr.members {
			if err := ctx.Err(); err != nil {
				return err
			}
			r, err := j.read(g)
			if err != nil {
				return err
			}
			if r != nil {
				reused++
				continue
			}
			left = append(left, g)
			if first == "" {
				first = g.Name()
			}
		}
		gr.members = left
		fr.todo += len(left)
	}
	fr.tally.add(func(r *Result) { r.Reused += reused })
	fmt.Fprintf(fr.log, "census %s: %d games, %d in the journal %s, %d to compute\n", fr.kind.name, len(fr.games), reused, j.dir, fr.todo)
	if fr.reuseOnly && fr.todo > 0 {
		return fmt.Errorf("census: %s %s and %d more games: no record in the journal %s", fr.kind.name, first, fr.todo-1, j.dir)
	}
	fr.start = time.Now()
	fr.stop = make(chan struct{})
	if fr.todo > 0 {
		go fr.progress()
	}
	return nil
}

// progress prints how many games are done every 10 seconds, until they
// all are, a job of the family fails or the census stops.
func (fr *familyRun) progress() {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-fr.stop:
			return
		case <-fr.ctx.Done():
			return
		case <-tick.C:
			fmt.Fprintf(fr.log, "census %s: %d/%d computed (%d proven), %s\n", fr.kind.name, fr.done.Load(), fr.todo, fr.proven.Load(), time.Since(fr.start).Round(time.Second))
		}
	}
}

// halt ends the progress lines.
func (fr *familyRun) halt() { fr.stopOnce.Do(func() { close(fr.stop) }) }

// groupJob is the job that computes the games of gr left open to upTo
// values, in the family's wave w, charged at the engine's estimate of
// their cost. A job of the first pass, or of the one at max/8, adds the
// next pass of the games it left open.
//
// The worker rule is the run's (pipeline): the job runs on one CPU token,
// and once every job of its wave has started it also takes the tokens
// free, when it starts and whenever its engine asks (grundy.Options.Grow:
// the plain mex of a game without a sparse space splits its splits across
// them, octal/plainpar.go), so that the engines of the last groups use the
// CPUs the others left. Its slot is recorded in the timings table.
func (fr *familyRun) groupJob(gr *group, w, upTo int) games.Job {
	return games.Job{Table: fr.kind.name + " " + gr.rep.Name(), Wave: fr.wave + w, Cost: gr.cost, Run: func(ctx context.Context, s games.Sink) error {
		if len(gr.members) == 0 {
			return nil // every game of the group is in the journal
		}
		err := fr.pass(ctx, s, gr, upTo)
		if err != nil {
			fr.halt()
			return err
		}
		if len(gr.members) == 0 || upTo == fr.max {
			return nil
		}
		// A census to 2^18 or more measures the games left once more at
		// max/8 (repeating under 1/64 of a quadratic game's work): how
		// their rare heaps grew since probeValues tells a sparse space
		// that has settled (0.6: 1,576 rare heaps at 2^14, 1,583 at 2^17
		// and for good) from rare heaps that go on growing (4.004: 4,559
		// and 8,241), which the first pass alone cannot (octal.CostOf).
		next, to := waveMax, fr.max
		if stage := fr.max / 8; w == waveProbe && stage > probeValues {
			next, to = waveStage, stage
		}
		sched, ok := s.(games.Scheduler)
		if !ok {
			return fmt.Errorf("census: %s: the sink plans no later jobs", fr.kind.name)
		}
		return sched.Add(fr.groupJob(gr, next, to))
	}}
}

// pass computes the games of gr to upTo values with one run of the engine
// (solveGroup), commits those it finished to the journal, and keeps in gr
// the games left and the engine's estimate of their cost to max.
func (fr *familyRun) pass(ctx context.Context, s games.Sink, gr *group, upTo int) error {
	slot := 0
	if sl, ok := s.(games.Slotted); ok {
		slot = sl.Slot()
	}
	var grow func() int
	if g, ok := s.(games.Grower); ok {
		grow = g.Grow
	}
	t0 := time.Now()
	recs, stats, err := solveGroup(ctx, gr.rep, gr.members, fr.max, upTo, fr.bound, s.Workers(), grow)
	if err != nil {
		return err
	}
	t1 := time.Now()
	run := Timing{Start: t0.Sub(fr.start).Seconds(), End: t1.Sub(fr.start).Seconds(), Worker: slot}
	var left []Game
	for i, r := range recs {
		if r == nil {
			left = append(left, gr.members[i])
			continue
		}
		r.Seconds += gr.spent
		r.Run = run
		if err := fr.journal.commit(gr.members[i], r); err != nil {
			return err
		}
		fr.tally.add(func(res *Result) { res.Computed++ })
		if fr.done.Add(1) == int64(fr.todo) {
			fr.halt()
		}
		if provenRow(r) {
			fr.proven.Add(1)
		}
	}
	gr.members, gr.cost = left, groupCost(gr.rep, fr.max, stats, gr.stats)
	gr.stats = stats
	gr.spent += t1.Sub(t0).Seconds()
	return nil
}

// finish writes the family's tables from its journal (a shard's census
// writes none: tabulate merge does).
func (fr *familyRun) finish(ctx context.Context, s games.Sink) error {
	fr.halt()
	fmt.Fprintf(fr.log, "census %s: %d computed (%d proven) in %s\n", fr.kind.name, fr.done.Load(), fr.proven.Load(), time.Since(fr.start).Round(time.Millisecond))
	if !fr.tables {
		return nil
	}
	rows, err := fr.rows(ctx)
	if err != nil {
		return err
	}
	name := fr.kind.name
	if err := s.Table(ctx, Table(name), int64(len(rows)), source(name, rows)); err != nil {
		return err
	}
	if err := s.Table(ctx, timingsTable(name), int64(len(rows)), timingsSource(name, rows)); err != nil {
		return err
	}
	if err := documentsTo(ctx, s, name, int64(len(rows)), paperOf(fr.kind, rows)); err != nil {
		return err
	}
	for _, f := range figures(fr.kind, pointsOf(rows)) {
		if err := s.Figure(ctx, f.name, f.draw); err != nil {
			return err
		}
	}
	findings := findingsOf(rows)
	s.Finding(name, findings)
	fr.tally.add(func(r *Result) { r.Findings[name] = findings })
	return nil
}

// rows reads the family's records from its journal, in table order, and
// returns its rows with their classes and first differences.
func (fr *familyRun) rows(ctx context.Context) ([]Row, error) {
	recs := make([]*Record, len(fr.games))
	for i, g := range fr.games {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if recs[i], err = fr.journal.read(g); err != nil {
			return nil, err
		}
		if recs[i] == nil {
			return nil, fmt.Errorf("census: %s %s: no record in the journal %s", fr.kind.name, g.Name(), fr.journal.dir)
		}
	}
	classes := Classes(recs)
	diffs, err := Differences(ctx, recs, classes, func(ctx context.Context, i, n int) ([]int32, error) {
		return knownValues(ctx, fr.games[i], recs[i], n)
	})
	if err != nil {
		return nil, err
	}
	rows := make([]Row, len(fr.games))
	for i := range fr.games {
		rows[i] = Row{Game: fr.games[i], Record: recs[i], Class: classes[i], Difference: diffs[i]}
	}
	return rows, nil
}

// documentsTo writes each document as OUT/census/NAME+suffix.format
// through the sink (games.Documenter), rows being the rows of the table
// they show.
func documentsTo(ctx context.Context, s games.Sink, name string, rows int64, docs []document) error {
	d, ok := s.(games.Documenter)
	if !ok {
		return fmt.Errorf("census: %s: the sink writes no documents", name)
	}
	for _, f := range docs {
		if err := d.Document(ctx, name+f.suffix+"."+f.format, f.format, rows, f.data); err != nil {
			return err
		}
	}
	return nil
}

// misereRun is the misère census as it runs: its section (defaults filled
// in), computed whole as one job in its wave.
type misereRun struct {
	m     configs.CensusMisere
	wave  int
	log   io.Writer
	tally *tally
	shard bool // the plan is a shard's, which computes no misère census
}

// job is the misère census's one job: its games computed on the job's
// workers, its table and paper tables written.
func (mr *misereRun) job() games.Job {
	return games.Job{Table: "misere", Wave: mr.wave, Bounds: mr.m, Run: mr.run,
		Shard: games.Shard{Every: true, Sharded: func(bool) { mr.shard = true }}}
}

// run computes the misère census and writes its table, paper tables and
// findings through the sink.
func (mr *misereRun) run(ctx context.Context, s games.Sink) error {
	if mr.shard {
		return nil // tabulate merge computes it
	}
	m := mr.m
	rows, err := misereRows(ctx, m, s.Workers(), mr.log)
	if err != nil {
		return err
	}
	if err := s.Table(ctx, misereTable(m.Family), int64(len(rows)), misereSource(m.Family, rows)); err != nil {
		return err
	}
	f := misereFindingsOf(rows, m.Max)
	if err := documentsTo(ctx, s, "misere", int64(len(rows)), misereDocuments(m.Family, rows, f)); err != nil {
		return err
	}
	s.Finding("misere", f)
	mr.tally.add(func(r *Result) { r.Misere, r.Computed = &f, r.Computed+f.Games })
	return nil
}
