package games

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// batchRows is how many rows a job hands to the writers at a time.
const batchRows = 1 << 16

// emitColumn hands the rows of a one-column table to emit in batches of
// batchRows.
func emitColumn(emit func(output.Batch) error, col []int64) error {
	for start := 0; start < len(col); start += batchRows {
		if err := emit(output.Batch{col[start:min(len(col), start+batchRows)]}); err != nil {
			return err
		}
	}
	return nil
}

// Heap is a one-heap game known through its Grundy sequence g(0), ...,
// g(max): a game defined by rules in a configuration (an octal code, a
// subtraction set) or a built-in one such as Grundy's game. Its tables are
// GAME/grundy (n, grundy, win) and GAME/p_positions (n), with the figure of
// g(n), the period search and, where a theorem applies, its proof.
type Heap struct {
	// Title names the game in figures; empty means "GAME (RULES)".
	Title string
	// Rules describes the game, such as "octal 0.77"; it is recorded in the
	// tables' metadata and as the finding "rules".
	Rules string
	// Limit is the largest max the game is tabulated to and the largest
	// heap tabulate solve computes for it (OctalMax, SubtractionMax,
	// PrimesMax for a game defined by rules); 0 means none of its own.
	Limit int
	// Values computes g(0..max) with up to opts.Workers goroutines,
	// reporting to opts.Progress, as the engines do.
	Values func(ctx context.Context, max int, opts grundy.Options) ([]int32, error)
	// Sparse, when set, computes what Values computes and also the
	// engine's sparse-space statistics (octal games and Grundy's game),
	// recorded as the finding "sparse_space"; run prefers it to Values.
	Sparse func(ctx context.Context, max int, opts grundy.Options) ([]int32, octal.Stats, error)
	// Memory estimates the peak bytes of Values for max.
	Memory func(max int) int64
	// Cost estimates the relative work of Values for max (1 is about a
	// second); nil means linear, max/10^6.
	Cost func(max int) float64
	// Prove returns the proof of a period found in the sequence, or nil
	// when no periodicity theorem applies to the game.
	Prove func(seq []int32, p analysis.Period) *analysis.Proof
	// Moves lists the moves from a heap of n, for tabulate solve's winning
	// moves (Answer); nil when the game cannot list them.
	Moves func(n int) []HeapMove
	// Sum, when set, answers a position of several heaps (a sum, as
	// tabulate solve takes Grundy's game) from the values g(0..m), m at
	// least the largest heap; nil means a position is one heap N,
	// answered by Answer. It is what Lookup answers with.
	Sum func(heaps []int, g []int32, source string) *Answer
	// Losing, when set, streams the losing positions 0..max in ascending
	// order without the Grundy values (subtraction games, by
	// subtraction.Losing), so that GAME/p_positions can reach past the
	// Grundy table (JobsTo); LosingMemory estimates its peak bytes.
	Losing       func(ctx context.Context, max int64, opts grundy.Options, emit func([]int64) error) error
	LosingMemory func(max int64) int64

	noLosing bool // JobsTo: the grundy job leaves GAME/p_positions to its own job
}

// Jobs plans the game's tables up to max: one job computes the sequence and
// writes both tables, the figures and the findings.
func (h Heap) Jobs(game string, max int) []Job {
	cost := float64(max) / 1e6
	if h.Cost != nil {
		cost = h.Cost(max)
	}
	memory := h.Memory(max)
	if after := heapAfter(int64(max) + 1); after > memory {
		memory = after
	}
	memory += writing(int64(max)+1, 40)
	return []Job{{Table: "grundy", Memory: memory, Cost: cost,
		Run: func(ctx context.Context, s Sink) error { return h.run(ctx, s, game, max) }}}
}

// JobsTo is Jobs with GAME/p_positions up to losingMax: when losingMax is
// past max and the game has Losing, the table and the finding "losing" come
// from a job of their own that streams Losing, and reach losingMax; the
// other tables and findings stay those of Jobs(game, max). Otherwise it is
// Jobs(game, max).
func (h Heap) JobsTo(game string, max int, losingMax int64) []Job {
	if losingMax <= int64(max) || h.Losing == nil {
		return h.Jobs(game, max)
	}
	h.noLosing = true
	return append(h.Jobs(game, max), Job{Table: "p_positions",
		Memory: h.LosingMemory(losingMax) + writing(losingMax, 8), Cost: float64(losingMax) / 1e7,
		Run: func(ctx context.Context, s Sink) error { return h.losingTable(ctx, s, game, losingMax) }})
}

// losingTable writes GAME/p_positions up to max from Losing, streamed, and
// the finding "losing".
func (h Heap) losingTable(ctx context.Context, s Sink, game string, max int64) error {
	t := output.Table{Game: game, Name: "p_positions",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
	}
	if h.Rules != "" {
		t.Metadata = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	var count int64
	s.Phase("finding losing positions", "n", max)
	err := s.Table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		opts := grundy.Options{Workers: s.Workers(), Progress: func(done, total int64) { s.Set(done) }}
		return h.Losing(ctx, max, opts, func(losing []int64) error {
			count += int64(len(losing))
			return emitColumn(emit, losing)
		})
	})
	if err != nil {
		return err
	}
	s.Finding("losing", Losing{UpTo: max, Count: count})
	return nil
}

// heapAfter bounds what a heap job of so many values holds once its engine is done (the
// engine's scratch is then freed: run collects it before writing), beside
// one table writer:
//
//   - the sequence, 4 bytes a value;
//   - the grundy and p_positions tables are streamed from it in batches of
//     batchRows (the losing positions are not collected);
//   - Study's Z-array, at most 2.25 bytes a value for all three period
//     searches together (analysis.FindPeriodWhere);
//   - after Study, the shape of a period found, 8 bytes a value of the
//     period, which may be as long as half the values: at most 4 bytes a
//     value, while the period and exceptions tables are streamed.
//
// So 8 bytes a value at the most; the job's peak is the larger of this and
// its engine's estimate (7 bytes a heap for the octal engine), plus one
// writer's row groups (writing; 40 bytes a row for the period table, the
// widest). The job used to budget 27 bytes a heap: the engine's 7 plus
// 20 for the losing positions collected as int64 (8 bytes each), the
// differences of the arithmetic search (4) and two Z-arrays grown by
// append, beside the engine's working set rather than after it.
func heapAfter(values int64) int64 {
	study, shape := 9*values/4, 8*(values/2)
	return 4*values + max(study, shape)
}

// run computes the sequence and writes GAME/grundy, GAME/p_positions (unless
// JobsTo gave it a job of its own), the findings and the figures.
func (h Heap) run(ctx context.Context, s Sink, game string, max int) error {
	var seq []int32
	var err error
	opts := grundy.Options{Workers: s.Workers(), Progress: s.Progress("computing Grundy values", "n")}
	if h.Sparse != nil {
		var stats octal.Stats
		seq, stats, err = h.Sparse(ctx, max, opts)
		if err == nil {
			s.Finding("sparse_space", NewSparseSpace(stats))
		}
	} else {
		seq, err = h.Values(ctx, max, opts)
	}
	if err != nil {
		return err
	}
	if len(seq) >= 1<<20 {
		// Collect the engine's scratch now that only the sequence is
		// live. Reason: the job's next allocations (Study's scratch, a
		// period's shape, up to 4 bytes a value) then reuse its pages,
		// so the job peaks at the larger of the two phases (heapAfter),
		// not their sum, whatever the collector's pacing. Cost: one
		// collection of a heap that is nearly all one pointer-free
		// block, about a millisecond.
		runtime.GC()
	}
	var meta []output.KeyValue
	if h.Rules != "" {
		s.Finding("rules", Note(h.Rules))
		meta = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	t := output.Table{Game: game, Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Metadata: meta,
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	ns, ws := make([]int64, min(len(seq), batchRows)), make([]bool, min(len(seq), batchRows))
	err = s.Table(ctx, t, int64(len(seq)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(seq); start += batchRows {
			end := min(len(seq), start+batchRows)
			ns, ws := ns[:end-start], ws[:end-start]
			for i := range ns {
				ns[i], ws[i] = int64(start+i), seq[start+i] != 0
			}
			if err := emit(output.Batch{ns, seq[start:end], ws}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The losing positions are streamed from the sequence, not collected:
	// they can be most of the heaps (8 bytes each as int64).
	var losing int64
	for _, v := range seq {
		if v == 0 {
			losing++
		}
	}
	pt := output.Table{Game: game, Name: "p_positions",
		Columns:  []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
		Metadata: meta,
	}
	if !h.noLosing { // JobsTo gives GAME/p_positions a job of its own
		err := s.Table(ctx, pt, losing, func(ctx context.Context, emit func(output.Batch) error) error {
			ns := ns[:0]
			for n, v := range seq {
				if v != 0 {
					continue
				}
				ns = append(ns, int64(n))
				if len(ns) == cap(ns) {
					if err := emit(output.Batch{ns}); err != nil {
						return err
					}
					ns = ns[:0]
				}
			}
			if len(ns) == 0 && losing > 0 {
				return nil
			}
			return emit(output.Batch{ns})
		})
		if err != nil {
			return err
		}
	}
	s.Phase("looking for a period", "", 0)
	var th analysis.Theorems
	if h.Prove != nil {
		th.Period = func(seq []int32, p analysis.Period) analysis.Proof { return *h.Prove(seq, p) }
	}
	report := analysis.Study(seq, th)
	period := report.Period
	finding := NewReport(report)
	if h.Prove == nil {
		finding.Proof = "no periodicity theorem applies to these rules"
	}
	s.Finding("grundy", finding)
	if err := periodTables(ctx, s, game, seq, report, meta); err != nil {
		return err
	}
	if !h.noLosing {
		s.Finding("losing", Losing{UpTo: int64(max), Count: losing})
	}
	name := h.Title
	if name == "" {
		name = fmt.Sprintf("%s (%s)", game, h.Rules)
	}
	if err := s.Figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter(name+": Grundy value g(n)", "heap size n", seq)
	}); err != nil {
		return err
	}
	if !period.Found {
		return nil
	}
	return s.Figure(ctx, "period", func() (*plot.Plot, error) {
		return plots.PeriodRaster(name+": g(n) by n mod p and n div p", seq, period, report.Proven())
	})
}

// Redraw is the RedrawFunc of every heap game: it reads g(n) back from
// GAME/grundy and runs the game's tables, findings and figures on it, the
// bounds being the table's length.
func (h Heap) Redraw(game string, bounds json.RawMessage, cols Columns) (run func(ctx context.Context, s Sink) error, skipped []string, err error) {
	seq, err := cols.Int32s("grundy", "grundy")
	if err != nil {
		return nil, nil, err
	}
	h.Sparse = nil // the values come from the table, not the engine
	h.Values = func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
		return seq, nil
	}
	return func(ctx context.Context, s Sink) error { return h.run(ctx, s, game, len(seq)-1) }, nil, nil
}

// Lookup is the TableLookup of every heap game: it answers from the values
// in GAME/grundy a heap N (Answer), or a position of several heaps
// when the game has a Sum.
func (h Heap) Lookup() *TableLookup {
	return &TableLookup{Table: "grundy", Open: func(game string, t Tables) func(ctx context.Context, args []string) (*Answer, error) {
		return func(ctx context.Context, args []string) (*Answer, error) {
			var heaps []int
			if h.Sum != nil {
				var err error
				if heaps, err = ParseHeaps(game, args, 1<<62); err != nil {
					return nil, err
				}
			} else {
				if len(args) != 1 {
					return nil, &ArgError{Arg: "solve " + game, Problem: "takes one heap size N"}
				}
				n, err := ParseArg("N", args[0], 0, 1<<62)
				if err != nil {
					return nil, err
				}
				heaps = []int{int(n)}
			}
			g, err := t.Int32s("grundy", "grundy")
			if err != nil {
				return nil, err
			}
			for i, n := range heaps {
				if n >= len(g) {
					position := fmt.Sprintf("n = %d", n)
					if h.Sum != nil {
						position = fmt.Sprintf("heap %d = %d", i+1, n)
					}
					return nil, &BoundsError{Game: game, Position: position, Holds: fmt.Sprintf("%s holds n = 0 to %d", t.Path("grundy"), len(g)-1)}
				}
			}
			if h.Sum != nil {
				return h.Sum(heaps, g, t.Source("grundy")), nil
			}
			return h.Answer(game, g, heaps[0], t.Source("grundy")), nil
		}
	}}
}

// HeapMove is a move of a one-heap game defined by rules: Remove stones
// taken, leaving the heaps Leaves (none, one or two).
type HeapMove struct {
	Remove int   `json:"remove"`
	Leaves []int `json:"leaves"`
}

// String writes m as tabulate solve prints it: "remove 2 leaving [3 4]".
func (m HeapMove) String() string { return fmt.Sprintf("remove %d leaving %v", m.Remove, m.Leaves) }

// Answer answers heap n of the game called game from its Grundy values
// g(0), ..., g(m), m >= n: the value, the outcome and every move that leaves
// heaps whose values XOR to 0. It panics when h has no Moves or g is too
// short (the caller's mistake).
func (h Heap) Answer(game string, g []int32, n int, source string) *Answer {
	moves := []HeapMove{}
	for _, m := range h.Moves(n) {
		x := int32(0)
		for _, l := range m.Leaves {
			x ^= g[l]
		}
		if x == 0 {
			moves = append(moves, m)
		}
	}
	return &Answer{Game: game, Position: int64(n), Grundy: int64p(int64(g[n])), Win: g[n] != 0,
		WinningMoves: moves, Source: source}
}

// ParseHeaps reads the heaps of a position of several heaps, each in
// [0, max].
func ParseHeaps(game string, args []string, max int64) ([]int, error) {
	if len(args) == 0 {
		return nil, &ArgError{Arg: "solve " + game, Problem: "takes one or more heap sizes"}
	}
	heaps := make([]int, len(args))
	for i, a := range args {
		h, err := ParseArg(fmt.Sprintf("heap %d", i+1), a, 0, max)
		if err != nil {
			return nil, err
		}
		heaps[i] = int(h)
	}
	return heaps, nil
}
