package games

import (
	"context"
	"fmt"
	"slices"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
)

// Def is a built-in game: its name, its configuration section, how to
// answer one position of it (computed, or read from the tables of an
// earlier run) and how to draw its figures again from those tables.
// Register adds one; the rest of the tool (configs, pipeline, lookup, the
// command) finds it through ByName and Names.
type Def struct {
	// Name is the game's key in a configuration, its folder under OUT and
	// its name on the command line, such as "squares".
	Name string
	// Title names the game for people, such as "take-a-square".
	Title string
	// Default reports whether a configuration that lists no games runs it.
	Default bool
	// Section returns a new section holding the game's default bounds.
	Section func() Section
	// Solve answers one position given on the command line; nil when the
	// game has no such answer.
	Solve *Solver
	// TableLookup answers positions from the tables of an earlier run
	// (tabulate solve --from OUT); nil when they cannot answer them.
	TableLookup *TableLookup
	// Redraw draws the game's figures again from the tables of an earlier
	// run (tabulate plot OUT; see RedrawFunc and RedrawRecorded); nil when the figures need values
	// the tables do not hold.
	Redraw RedrawFunc
	// Misere answers one position under misère play, the player who makes
	// the last move losing (tabulate solve --misere; games/heapgame/misere.go); nil
	// when the game has no such answer.
	Misere *Solver
	// MisereTableLookup answers positions under misère play from the misère
	// tables of an earlier run (tabulate solve --misere --from OUT;
	// games/heapgame/miserelookup.go); nil when the game writes none.
	MisereTableLookup *TableLookup
}

// Section is a game's part of a configuration, such as
// squares: {grundy_max: 100000, win_max: 100000}. It is a pointer to a
// struct whose fields carry yaml and json tags; configs decodes the game's
// key into it and calls Check.
type Section interface {
	// Check returns the first value the game cannot run, as a *KeyError,
	// or nil. Every section Check accepts must plan and run.
	Check() error
	// Jobs plans the game's tables for these bounds. workers is the size of
	// the run's worker pool, for estimates of engines that split their work.
	Jobs(game string, workers int) []Job
}

// Job is one table of a game, with the figures and findings drawn from it.
type Job struct {
	Table  string // the table, such as "grundy"
	Memory int64  // estimated peak bytes the job adds while it runs
	// MemoryFor names the bounds that set Memory ("diagonal 65536"), for
	// the message that refuses a plan over its memory; "" when the table
	// says enough.
	MemoryFor string
	Cost      float64 // rough relative work, to start the longest jobs first
	// Run computes the table and writes it, its figures and its findings to
	// the sink.
	Run func(ctx context.Context, s Sink) error
	// Wave orders the jobs of a plan: a job starts once every job of the
	// earlier waves has ended, and within a wave the costliest start
	// first. The tables of games are all wave 0; a census gives each
	// family's passes and its tables waves of their own (census/jobs.go).
	Wave int
	// Bounds, when not nil, are the bounds recorded in the metadata of the
	// job's files instead of the game's section (a census family's
	// configuration).
	Bounds any
	// Prepare, when set, runs before the run's folder is opened and
	// anything is written (pipeline.Plan.Run), told the heap limit in
	// bytes that the run will set and where the run's folder will be
	// (Preparing): a check that needs a little computing, such as the
	// probe of an automatic tail's start (games/heapgame/tailauto.go), or that
	// reads what an earlier run left there (the checkpoint the tail
	// resumes). Its error refuses the run; a *KeyError or a
	// *TailCheckpointError is the user's (exit status 2 at the command
	// line). What it returns, when not zero, is the job's memory for what
	// it chose, which replaces Memory and MemoryFor in the plan's
	// estimate (an automatic tail's start).
	Prepare func(ctx context.Context, in Preparing) (Prepared, error)
	// Budget, when set, is told after every job's Prepare the bytes the
	// job may use while it runs: its Memory and its share of what the
	// plan leaves under its limit, so that what the job chooses as it
	// runs (an automatic tail's restarts) stays within the plan.
	Budget func(bytes int64)
	// Shard says how a plan split into shards treats the job
	// (pipeline.Plan.Shard, tabulate run --shard K/N).
	Shard Shard
}

// Preparing is what the pipeline tells a job's Prepare.
type Preparing struct {
	// MemoryLimit is the heap limit in bytes that the run will set.
	MemoryLimit int64
	// Out is the output folder the run will open (it may not exist yet),
	// and Game the job's game, whose folder under it, Out/Game, holds
	// the state an earlier run kept (heapgame.Folder). Prepare reads it
	// only by the rule of output.OpenIn (no link followed, nothing but a
	// regular file) and writes nothing. Out is "" when the run has no
	// folder to look in.
	Out, Game string
}

// Prepared is what a job's Prepare chose: its memory estimate from then
// on and the bounds that set it ("start 33554432"), as Job.Memory and
// Job.MemoryFor.
type Prepared struct {
	Memory    int64
	MemoryFor string
	// Held is what the job keeps from its Prepare until it runs (an
	// automatic tail's probe prefix), counted by the plan also while
	// the job waits for a worker; Memory already counts it once the job
	// runs.
	Held int64
}

// Shard is how a plan split into shards treats a job. By default the job
// is dealt to one shard, balanced by cost with the other dealt jobs of its
// Pool (shard.Assign, the same way on every node, so that the shards
// together run each job once); Every runs it in every shard. Sharded, when
// set, is told before the run whether this shard keeps the job, so that
// the jobs of a census leave out the games other shards compute (and
// write no tables: tabulate merge does).
type Shard struct {
	Every bool
	// Pool names the jobs dealt together: "" the tables of the run's
	// games; a census deals its groups of games in a pool of their own.
	Pool string
	// Cost is what the job is dealt by; 0 means Job.Cost.
	Cost    float64
	Sharded func(kept bool)
}

// StateFolder is implemented by a Sink that gives a job a folder under
// OUT for state kept from run to run, at the slash-separated path rel
// (created if needed, every folder on the way a real folder: never through
// a link): a census's journal, OUT/.census/FAMILY-KEY. The pipeline's Sink
// is one.
type StateFolder interface {
	StateFolder(rel string) (string, error)
}

// Scheduler is a Sink that takes the jobs a running job adds to its plan,
// each in a later wave than its own: a census's first pass adds the pass
// to max of the games it left open, with the engine's estimate of their
// cost (census/jobs.go). The pipeline's Sink is one.
type Scheduler interface {
	// Add plans j to run in its wave, which must be later than the
	// caller's; it returns an error otherwise.
	Add(j Job) error
}

// Slotted is a Sink that says which of the run's CPU slots (0 to the
// plan's CPUs - 1) a job took first: a census records it in its timings
// table, so that its order can be replayed (census.Replay). The
// pipeline's Sink is one.
type Slotted interface {
	Slot() int
}

// Documenter is a Sink that also writes documents for reading beside a
// job's tables, listed in the manifest with the rows of the table they
// show but no table of the contract (a census's paper tables, .md and
// .tex). The pipeline's Sink is one.
type Documenter interface {
	// Document writes data atomically as OUT/GAME/NAME.
	Document(ctx context.Context, name, format string, rows int64, data []byte) error
}

// Grower is a Sink that can offer a job's engine more goroutines while it
// runs, the CPUs other jobs free (grundy.Options.Grow); the pipeline's
// Sink is one.
type Grower interface {
	// Grow is how many goroutines the engine may use from now on: at least
	// Workers. Call it from the job's goroutine.
	Grow() int
}

// EngineOptions are the options of a job's engine: the Sink's Workers, its
// Grow when it offers one, and progress.
func EngineOptions(s Sink, progress grundy.Progress) grundy.Options {
	o := grundy.Options{Workers: s.Workers(), Progress: progress}
	if g, ok := s.(Grower); ok {
		o.Grow = g.Grow
	}
	return o
}

// Sink is where a job writes: implemented by the pipeline, which names the
// files, lists them in the manifest and shows progress.
type Sink interface {
	// Workers is how many goroutines the job's engine may use: the job's
	// share of the run's CPUs, fixed at its first call. Call it from the
	// job's goroutine.
	Workers() int
	// Phase starts a named phase of the job counting total units (0 when
	// unknown); Set reports how many are done.
	Phase(name, unit string, total int64)
	Set(done int64)
	// Progress returns an engine callback that starts the phase on its
	// first call and then reports its count.
	Progress(phase, unit string) grundy.Progress
	// Table writes one table in every configured format; rows is the row
	// count shown as progress, or negative when the source reports its own.
	Table(ctx context.Context, t output.Table, rows int64, src output.Source) error
	// Figure draws one figure in every configured plot format.
	Figure(ctx context.Context, name string, draw func() (*plot.Plot, error)) error
	// Finding records one finding of the game under key.
	Finding(key string, f Finding)
}

// Finding is one result of a game, such as its period: recorded in the
// manifest as JSON and printed in the run's summary as one line (String).
type Finding interface {
	fmt.Stringer
}

// Solver answers one position of a game given on the command line, as an
// Answer: the one form of every answer, computed or read from the tables
// of a run (TableLookup), printed by Answer.WriteText or as JSON.
type Solver struct {
	// Args names the arguments for the usage text, such as "N" or "M T".
	Args string
	// Help says what the arguments are, for the usage text.
	Help string
	// WholeLine is set when a position is one argument that may be empty
	// or hold spaces (a flip board): a line of standard input is then the
	// argument as it stands, not split into fields.
	WholeLine bool
	// Answer answers a position by computing it: its value, outcome and
	// winning moves, Source "computed". A bad argument is an *ArgError.
	Answer func(ctx context.Context, args []string) (*Answer, error)
	// Examples are a few positions, each as a line of standard input
	// would give it ("7 5"), that a small run's tables hold: the test that
	// every game answers them the same computed and from the tables.
	Examples []string
}

// KeyError is a value of a section that is out of its allowed range, or a
// combination of values that the game cannot run. Key is relative to the
// section ("grundy_max"); configs adds the file, line and section.
type KeyError struct {
	Key     string
	Value   string
	Problem string
	Allowed string
}

// Error formats e as "key: value problem (allowed: ...)".
func (e *KeyError) Error() string {
	s := e.Key + ": "
	if e.Value != "" {
		s += e.Value + " "
	}
	s += e.Problem
	if e.Allowed != "" {
		s += " (allowed: " + e.Allowed + ")"
	}
	return s
}

// WriteMemory estimates the bytes the writers hold for a table of rows rows of
// about rowBytes bytes each: one Parquet row group (output.RowGroupRows rows)
// in Arrow builders, which grow by doubling, and as encoded pages.
func WriteMemory(rows, rowBytes int64) int64 {
	return 3 * min(max(rows, 0), output.RowGroupRows) * rowBytes
}

// CheckRange returns a *KeyError unless lo <= v <= hi.
func CheckRange(key string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return &KeyError{Key: key, Value: fmt.Sprint(v), Problem: "is out of range", Allowed: fmt.Sprintf("%d to %d", lo, hi)}
	}
	return nil
}

// ArgError is a bad argument on the command line of solve: which one, the
// value given and what is allowed.
type ArgError struct {
	Arg     string // such as "N" or "pile 2"
	Value   string
	Problem string
	Allowed string
}

// Error formats e as `N = "x" is not a whole number (allowed: 0 to 10)`,
// or "ARG PROBLEM" when there is no value.
func (e *ArgError) Error() string {
	s := e.Arg + " " + e.Problem
	if e.Value != "" {
		s = e.Arg + " = " + e.Value + " " + e.Problem
	}
	if e.Allowed != "" {
		s += " (allowed: " + e.Allowed + ")"
	}
	return s
}

var registry []Def

// Register adds a built-in game. It panics when the name is taken or the
// definition is incomplete: registration is the program's own doing, at
// initialization.
func Register(d Def) {
	if d.Name == "" || d.Section == nil {
		panic("games: Register needs a name and a section")
	}
	if _, ok := ByName(d.Name); ok {
		panic("games: " + d.Name + " registered twice")
	}
	registry = append(registry, d)
}

// ByName returns the built-in game called name.
func ByName(name string) (Def, bool) {
	i := slices.IndexFunc(registry, func(d Def) bool { return d.Name == name })
	if i < 0 {
		return Def{}, false
	}
	return registry[i], true
}

// Names lists the built-in games in the order they are planned.
func Names() []string {
	names := make([]string, len(registry))
	for i, d := range registry {
		names[i] = d.Name
	}
	return names
}

// Defaults lists the built-in games a configuration runs when it names none.
func Defaults() []string {
	var names []string
	for _, d := range registry {
		if d.Default {
			names = append(names, d.Name)
		}
	}
	return names
}
