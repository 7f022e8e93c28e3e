package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/stoppable"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/progress"
)

// Options controls how a run reports; what it computes is in the Plan.
type Options struct {
	Log      io.Writer     // progress lines and the closing summary (stderr)
	Progress progress.Mode // live bars, plain lines, or none
	// Abandon, when closed, stops the run at once (a second signal): the
	// temporary files go, the manifest is saved as interrupted, and Run
	// returns without waiting for the workers. Nil: never.
	Abandon <-chan struct{}
	// Command is the command line recorded in the manifest, program name
	// first.
	Command []string
	// AfterComplete, when set, is called with the output folder once the
	// run is complete and its manifest saved so, before the folder's lock
	// is released (tabulate run writes OUT/index.html with it, see
	// report.Write). It is not called for a failed or interrupted run. Its
	// error is the run's error; the manifest stays complete.
	AfterComplete func(ctx context.Context, dir string) error
	// Into, for Redraw only, is the folder the figures are written to
	// instead of cfg.Out (tabulate plot OUT --into DIR); "" for cfg.Out.
	Into string
}

// Written is one file written by a run, with the time its job took.
type Written struct {
	output.File
	Elapsed time.Duration
}

// Result is what a run wrote and found.
type Result struct {
	Dir      string
	Files    []Written
	Findings []Finding // in the order they were made, per game

	Elapsed time.Duration
	Status  string
	// Skipped lists the figures Plot could not draw from the tables.
	Skipped []string
}

// Run executes the plan. Files are written under the configured output
// folder; the manifest lists each file as soon as it is complete. It returns
// the result so far along with the first error, if any.
func (p *Plan) Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if err := p.Prepare(ctx); err != nil {
		return nil, err
	}
	// The run-folder protocol (output.Folder): one run per folder, the
	// temporary files of a killed run removed, the earlier files of the
	// games not rerun listed again and those of the rerun games unlisted,
	// before anything is written.
	folder, err := output.OpenFolder(p.Config.Out, output.FolderSpec{Tool: "tabulate", Version: Version, Config: p.Config, Rerun: p.Games(),
		Run: runInfo(start, opts.Command, p.Workers), Log: opts.Log, AfterComplete: opts.AfterComplete})
	if err != nil {
		return nil, err
	}
	return p.run(ctx, folder, opts, start, true)
}

// RunIn is Run inside an output folder the caller holds open (tabulate
// merge, whose one manifest lists the shards' files and the census): it
// lists the plan's files and findings in folder.Manifest, which the caller
// opened with the plan's games among those it redoes, and writes through
// folder.Temps. The caller's folder.Close records the status (and runs its
// own AfterComplete; opts.AfterComplete is not called here); Result.Status
// is left empty.
func (p *Plan) RunIn(ctx context.Context, folder *output.Folder, opts Options) (*Result, error) {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if err := p.Prepare(ctx); err != nil {
		return nil, err
	}
	return p.run(ctx, folder, opts, time.Now(), false)
}

// Prepare runs the jobs' Prepare (games.Job), once, with the heap limit
// the run sets: a job that cannot run (an automatic tail whose start would
// pass the memory limit) is refused with nothing written. Run and RunIn
// call it before the folder is opened; a caller that makes folders of its
// own first (a shard's) calls it before them. The error names the game.
func (p *Plan) Prepare(ctx context.Context) error {
	if !p.prepared {
		p.prepared, p.prepareErr = true, p.prepare(ctx)
	}
	return p.prepareErr
}

// prepare is Prepare's one pass over the jobs, each with the run's whole
// heap limit (what it chooses must fit alone) and the run's folder (the
// checkpoint an automatic tail resumes decides its start), then the plan's memory
// again with what they chose (games.Prepared): the jobs together over the
// limit are a *MemoryError naming the largest (two automatic tails whose
// starts fit alone but not together), and what is left under the limit
// is shared evenly among the jobs that take a Budget (each automatic
// tail: its memory and its share, within which it restarts), so that the
// plan's sum holds however many of them run at once.
func (p *Plan) prepare(ctx context.Context) error {
	prepared, budgets := false, 0
	for i := range p.Jobs {
		j := &p.Jobs[i]
		if j.Prepare == nil {
			continue
		}
		got, err := j.Prepare(ctx, games.Preparing{MemoryLimit: p.heapLimit(), Out: p.Config.Out, Game: j.Game})
		if err != nil {
			return fmt.Errorf("%s: %w", j.Game, err)
		}
		if got.Memory > 0 {
			j.Memory, j.MemoryFor, prepared = got.Memory, got.MemoryFor, true
		}
		j.held = got.Held
		if j.Budget != nil {
			budgets++
		}
	}
	if !prepared {
		return nil
	}
	p.Memory = max(p.Memory, p.tablesMemory())
	if err := p.checkMemory(); err != nil {
		return err
	}
	if budgets == 0 {
		return nil
	}
	share := (p.Limit - p.Memory) / int64(budgets)
	for i := range p.Jobs {
		if j := &p.Jobs[i]; j.Budget != nil {
			j.Memory += share
			j.Budget(j.Memory)
		}
	}
	p.Memory = max(p.Memory, p.tablesMemory())
	return nil
}

// tablesMemory is the plan's estimate for its first wave (the tables of
// its games; a census's later waves are its own plan's, AddCensus).
func (p *Plan) tablesMemory() int64 {
	var first []Job
	for _, j := range p.Jobs {
		if j.Wave == 0 {
			first = append(first, j)
		}
	}
	return baseMemory + concurrentMemory(first, p.Workers)
}

// heapLimit is the garbage collector's limit while the plan runs: the
// plan's limit less what is not heap (the program's code and the
// runtime's own mappings), at least half of it.
func (p *Plan) heapLimit() int64 { return max(p.Limit-nonHeapMemory, p.Limit/2) }

// run runs the plan's jobs in folder, and closes it when closeFolder.
func (p *Plan) run(ctx context.Context, folder *output.Folder, opts Options, start time.Time, closeFolder bool) (*Result, error) {
	cfg := p.Config
	cfg.Out = folder.Dir
	// The garbage collector keeps the heap under the limit the plan was
	// accepted under (less what is not heap: the program's code and the
	// C-free runtime's own mappings), instead of letting it grow to twice
	// the live data before it collects.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(p.heapLimit()))
	manifest, temps := folder.Manifest, folder.Temps
	for _, j := range p.Jobs {
		manifest.SetBounds(j.Game, j.bounds)
	}
	res := &Result{Dir: cfg.Out}
	tracker := progress.New(opts.Log, opts.Progress)
	r := &runner{plan: p, res: res, tracker: tracker, manifest: manifest,
		writer: output.Writer{Dir: cfg.Out, Formats: cfg.Formats, Version: Version, Temps: temps, BFileOffset: int64(cfg.BFileOffset)},
		cpu:    semaphore.NewWeighted(int64(p.cpus)), ids: newSlotIDs(p.cpus)}
	var err error
	done := make(chan error, 1)
	go func() { done <- r.waves(ctx, slices.Clone(p.Jobs)) }()
	select {
	case err = <-done:
	case <-opts.Abandon:
		// Stop now: remove every temporary file and refuse new ones; the
		// workers still running can no longer put anything in place.
		temps.Abandon()
		err = ctx.Err()
		if err == nil {
			err = context.Canceled
		}
	}
	tracker.Stop()

	r.mu.Lock() // workers left running after Abandon may still record
	defer r.mu.Unlock()
	// Interrupted, failed or complete; nothing of a stopped run may be
	// renamed in later; opts.AfterComplete after a complete run, under
	// the lock.
	if closeFolder {
		res.Status, err = folder.Close(ctx, err)
	}
	slices.SortFunc(res.Files, func(a, b Written) int { return cmp.Compare(a.Path, b.Path) })
	slices.SortStableFunc(res.Findings, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Key, b.Key))
	})
	res.Elapsed = time.Since(start)
	return res, err
}

// runner runs a plan's jobs wave by wave (games.Job.Wave): the jobs of a
// wave costliest first on the plan's workers, sharing its CPU tokens, and
// the jobs they add (games.Scheduler) in their later waves.
type runner struct {
	plan     *Plan
	res      *Result
	tracker  *progress.Tracker
	manifest *output.ManifestWriter
	writer   output.Writer
	cpu      *semaphore.Weighted // CPU tokens shared by the running jobs
	ids      *slotIDs            // which token is which: the jobs' slots
	mu       sync.Mutex          // res, added
	added    []Job               // jobs added to later waves
}

// waves runs jobs and the jobs they add, a wave at a time, and returns
// the first error.
func (r *runner) waves(ctx context.Context, jobs []Job) error {
	for len(jobs) > 0 {
		wave := slices.MinFunc(jobs, func(a, b Job) int { return cmp.Compare(a.Wave, b.Wave) }).Wave
		var now, later []Job
		for _, j := range jobs {
			if j.Wave == wave {
				now = append(now, j)
			} else {
				later = append(later, j)
			}
		}
		if err := r.wave(ctx, now); err != nil {
			return err
		}
		r.mu.Lock()
		jobs, r.added = append(later, r.added...), nil
		r.mu.Unlock()
	}
	return nil
}

// wave runs the jobs of one wave, the costliest first, at most the plan's
// workers at a time, and waits for them.
func (r *runner) wave(ctx context.Context, jobs []Job) error {
	p := r.plan
	slices.SortStableFunc(jobs, func(a, b Job) int { return cmp.Compare(b.Cost, a.Cost) })
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.Workers)
	var waiting atomic.Int64 // jobs not yet holding their first token
	waiting.Store(int64(len(jobs)))
	for _, job := range jobs {
		task := &jobTask{open: func() *progress.Task { return r.tracker.Task(job.taskName()) }}
		g.Go(func() error {
			if err := r.cpu.Acquire(gctx, 1); err != nil {
				return err
			}
			waiting.Add(-1)
			fileBounds := job.bounds
			if job.Bounds != nil {
				fileBounds = job.Bounds
			}
			w := r.writer
			e := &env{plan: p, game: job.Game, bounds: fileBounds, task: task, manifest: r.manifest, start: time.Now(),
				cpu: r.cpu, held: 1, waiting: &waiting, ids: r.ids, wave: job.Wave, writer: &w,
				record: func(w Written) {
					r.mu.Lock()
					r.res.Files = append(r.res.Files, w)
					r.mu.Unlock()
				},
				found: func(f Finding) {
					r.mu.Lock()
					r.res.Findings = append(r.res.Findings, f)
					r.mu.Unlock()
				},
				add: func(j games.Job) {
					r.mu.Lock()
					r.added = append(r.added, Job{Game: job.Game, Job: j, bounds: job.bounds})
					r.mu.Unlock()
				}}
			e.takeID()
			defer e.release()
			if err := job.Run(gctx, e); err != nil {
				if errors.Is(err, context.Canceled) && ctx.Err() == nil {
					return err // another job failed first; its error is the one reported
				}
				return fmt.Errorf("%s: %w", job.taskName(), err)
			}
			task.Done()
			return nil
		})
	}
	return g.Wait()
}

// jobTask is a job's progress, shown from the job's first report: a job
// that reports none (a census's journal read, a group of games found in
// the journal, a pass of an engine that reports no progress) shows
// nothing, so that a census's thousands of jobs do not each draw a bar.
type jobTask struct {
	once sync.Once
	open func() *progress.Task
	t    *progress.Task
}

// started returns a jobTask already shown as t.
func started(t *progress.Task) *jobTask {
	j := &jobTask{t: t}
	j.once.Do(func() {})
	return j
}

// task returns the shown task, showing it on the first call.
func (j *jobTask) task() *progress.Task {
	j.once.Do(func() { j.t = j.open() })
	return j.t
}

// Phase starts a phase of the job's progress.
func (j *jobTask) Phase(name, unit string, total int64) { j.task().Phase(name, unit, total) }

// Set reports how far the phase has got.
func (j *jobTask) Set(done int64) { j.task().Set(done) }

// Done marks the job finished, if it was shown.
func (j *jobTask) Done() {
	j.once.Do(func() {})
	if j.t != nil {
		j.t.Done()
	}
}

// slotIDs names the CPU tokens of a run 0 to CPUs-1, so that a job can
// say which it took first (games.Slotted): the census's timings table.
type slotIDs struct {
	mu   sync.Mutex
	free []int // sorted: a job takes the lowest free slot
}

// newSlotIDs returns the slots 0 to n-1, all free.
func newSlotIDs(n int) *slotIDs {
	s := &slotIDs{}
	for i := range n {
		s.free = append(s.free, i)
	}
	return s
}

// take returns the lowest free slot.
func (s *slotIDs) take() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) == 0 {
		return 0 // not reached: a token is held for every slot taken
	}
	id := s.free[0]
	s.free = s.free[1:]
	return id
}

// put frees the slots ids.
func (s *slotIDs) put(ids []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.free = append(s.free, ids...)
	slices.Sort(s.free)
}

// Finding is one finding of a game in a run.
type Finding struct {
	Game, Key string
	games.Finding
}

// env is what a job gets to do its work and record it.
type env struct {
	plan     *Plan
	game     string
	bounds   any
	task     *jobTask
	writer   *output.Writer
	manifest *output.ManifestWriter
	record   func(Written)
	found    func(Finding)
	start    time.Time
	cpu      *semaphore.Weighted // CPU tokens shared by the running jobs
	waiting  *atomic.Int64       // jobs of the wave not yet started
	held     int                 // tokens this job holds
	asked    bool
	ids      *slotIDs        // the run's slots; nil: none named (tests, redraw)
	mine     []int           // the slots of the tokens this job holds, the first one first
	wave     int             // the job's wave
	add      func(games.Job) // plans a job in a later wave
}

// takeID names the token the job just took (none without ids).
func (e *env) takeID() {
	if e.ids != nil {
		e.mine = append(e.mine, e.ids.take())
	}
}

// release gives back the tokens the job holds and their slots.
func (e *env) release() {
	if e.ids != nil {
		e.ids.put(e.mine)
	}
	e.cpu.Release(int64(e.held))
}

// Slot is the slot of the token the job took first (games.Slotted).
func (e *env) Slot() int {
	if len(e.mine) == 0 {
		return 0
	}
	return e.mine[0]
}

// Add plans j in its wave, which must be later than the job's own
// (games.Scheduler).
func (e *env) Add(j games.Job) error {
	if e.add == nil || j.Wave <= e.wave {
		return fmt.Errorf("pipeline: %s/%s added in wave %d, not after its own %d", e.game, j.Table, j.Wave, e.wave)
	}
	e.add(j)
	return nil
}

// Workers is how many goroutines the job's engine may use: the token the
// job runs on and, on the first call, every token free at that moment
// (released when the job ends), so that the running jobs' engines together
// never use more goroutines than the plan's CPUs; but none while a job of
// the run has yet to start, as Grow. Reason: the errgroup starts the first
// jobs together, and the costliest, sorted first, could ask before the
// next had taken its token: it took that token too, and the next job (a
// nim table of milliseconds) waited for the end of a sieve of hours. It
// happened under load (TestInterrupt and TestSignals hung in CI waiting for
// the nim table); an engine that can use more later asks Grow.
func (e *env) Workers() int {
	if !e.asked {
		e.asked = true
		if e.waiting == nil || e.waiting.Load() == 0 {
			for e.held < e.plan.cpus && e.cpu.TryAcquire(1) {
				e.held++
				e.takeID()
			}
		}
	}
	return e.held
}

// Grow is Workers again, with every token freed since the job's first
// call: the CPUs of jobs that ended, offered to an engine still running
// (grundy.Options.Grow). It takes none while a job of the run has yet to
// start: a freed token is free for a moment before the next job (started by
// the errgroup once the ended one returns) asks for it, and a long job that
// took it then would hold it to its end, the next job waiting as long (a
// run's short nim table waited on a sieve of hours). Call it from the
// job's goroutine, as Workers.
func (e *env) Grow() int {
	if !e.asked {
		return e.Workers()
	}
	if e.waiting != nil && e.waiting.Load() > 0 {
		return e.held
	}
	for e.held < e.plan.cpus && e.cpu.TryAcquire(1) {
		e.held++
		e.takeID()
	}
	return e.held
}

// Phase starts a phase of the job's progress.
func (e *env) Phase(name, unit string, total int64) { e.task.Phase(name, unit, total) }

// Set reports the progress of the phase.
func (e *env) Set(done int64) { e.task.Set(done) }

// Progress returns an engine callback that feeds the task's current phase.
func (e *env) Progress(phase, unit string) grundy.Progress {
	var once sync.Once
	return func(done, total int64) {
		once.Do(func() { e.task.Phase(phase, unit, total) })
		e.task.Set(done)
	}
}

// Table writes one table in every configured format and lists it. rows is
// the number of rows, shown as progress; a negative rows leaves progress to
// the source (a sieve reports how far it has got, not rows).
func (e *env) Table(ctx context.Context, t output.Table, rows int64, src output.Source) error {
	var rowProgress output.RowsWritten
	if rows >= 0 {
		e.task.Phase("writing "+t.Name, "rows", rows)
		rowProgress = e.task.Set
	}
	bounds, _ := json.Marshal(e.bounds)
	start := time.Now()
	files, err := e.writer.WriteTable(ctx, t, bounds, src, rowProgress)
	for i := range files {
		files[i].Seconds = seconds(time.Since(e.start))
	}
	// Formats put in place before another failed are whole: list them.
	if aerr := e.manifest.Add(files...); aerr != nil && err == nil {
		err = aerr
	}
	for _, f := range files {
		e.record(Written{File: f, Elapsed: time.Since(start)})
	}
	return err
}

// Figure draws a figure in every configured plot format and lists it.
func (e *env) Figure(ctx context.Context, name string, draw func() (*plot.Plot, error)) error {
	if len(e.plan.Config.Plots) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	e.task.Phase("drawing "+name, "", 0)
	start := time.Now()
	p, err := stoppable.Do(ctx, draw)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("plot %s/%s: %w", e.game, name, err)
	}
	dir, err := output.MkdirIn(e.plan.Config.Out, e.game)
	if err != nil {
		return err
	}
	for _, format := range e.plan.Config.Plots {
		path := filepath.Join(dir, name+"."+format)
		f, err := e.writer.Temps.Create(path)
		if err != nil {
			return err
		}
		_, err = stoppable.Do(ctx, func() (struct{}, error) {
			err := figureSettings(e.plan.Config.Figures).Write(p, f, format)
			if err != nil {
				f.Abort()
			}
			return struct{}{}, err
		})
		if ctx.Err() != nil {
			// The drawing goes on in the background into its temporary
			// file, which the run's Temps removes when the run ends.
			return ctx.Err()
		}
		if err != nil {
			var fe *output.FileError
			if errors.As(err, &fe) {
				return err // names the file already
			}
			return fmt.Errorf("plot %s: %w", path, err)
		}
		bounds, _ := json.Marshal(e.bounds)
		size, sum, err := f.Commit()
		if err != nil {
			return err
		}
		file := output.File{Path: e.game + "/" + name + "." + format, Game: e.game, Format: format, Bytes: size, SHA256: sum, Bounds: bounds,
			Seconds: seconds(time.Since(start))}
		if err := e.manifest.Add(file); err != nil {
			return err
		}
		e.record(Written{File: file, Elapsed: time.Since(start)})
	}
	return nil
}

// Document writes data atomically as OUT/GAME/name and lists it with the
// rows of the table it shows (games.Documenter).
func (e *env) Document(ctx context.Context, name, format string, rows int64, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	start := time.Now()
	dir, err := output.MkdirIn(e.plan.Config.Out, e.game)
	if err != nil {
		return err
	}
	f, err := e.writer.Temps.Create(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	size, sum, err := f.Commit()
	if err != nil {
		return err
	}
	bounds, _ := json.Marshal(e.bounds)
	// No Table: a document for reading, not a table of the contract
	// (merge and the checks of tables pass it as they pass figures).
	file := output.File{Path: e.game + "/" + name, Game: e.game, Format: format, Rows: rows, Bytes: size, SHA256: sum, Bounds: bounds,
		Seconds: seconds(time.Since(start))}
	if err := e.manifest.Add(file); err != nil {
		return err
	}
	e.record(Written{File: file, Elapsed: time.Since(start)})
	return nil
}

// Finding records one finding of the job's game.
func (e *env) Finding(key string, f games.Finding) {
	e.manifest.SetFinding(e.game, key, f)
	e.found(Finding{Game: e.game, Key: key, Finding: f})
}
