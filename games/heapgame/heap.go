package heapgame

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/internal/stoppable"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// BatchRows is how many rows a job hands to the writers at a time.
const BatchRows = 1 << 16

// EmitColumn hands the rows of a one-column table to emit in batches of
// BatchRows.
func EmitColumn(emit func(output.Batch) error, col []int64) error {
	for start := 0; start < len(col); start += BatchRows {
		if err := emit(output.Batch{col[start:min(len(col), start+BatchRows)]}); err != nil {
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
	// ProveArithmetic returns the proof of an arithmetic period found in
	// the sequence (analysis.ProveAllBut for an all-but subtraction game),
	// or is nil when no theorem applies to one.
	ProveArithmetic func(seq []int32, a analysis.Arithmetic) *analysis.Proof
	// Theorem names the theorem of Prove or ProveArithmetic in the answers
	// of tabulate solve ("by": "period 12 from n = 71, proven by THEOREM").
	Theorem string
	// ArithmeticTheorem, when set, names ProveArithmetic's theorem where
	// it is not Theorem (take-and-break codes).
	ArithmeticTheorem string
	// Moves lists the moves from a heap of n, for tabulate solve's winning
	// moves (Answer); nil when the game cannot list them. A game defined by
	// rules also lists them past its values, by its period (periodic.go).
	Moves func(n int) []HeapMove
	// Sum, when set, answers a position of several heaps (a sum, as
	// tabulate solve takes Grundy's game) from the values g(0..m), m at
	// least the largest heap; nil means a position is one heap N,
	// answered by Answer. It is what TableLookup answers with.
	Sum func(heaps []int, g []int32, source string) *games.Answer
	// Losing, when set, streams the losing positions 0..max in ascending
	// order without the Grundy values (subtraction games, by
	// subtraction.Losing), so that GAME/p_positions can reach past the
	// Grundy table (PlanTo); LosingMemory estimates its peak bytes.
	Losing       func(ctx context.Context, max int64, opts grundy.Options, emit func([]int64) error) error
	LosingMemory func(max int64) int64
	// Growth, set for a game whose losing positions thin out
	// (take-a-square, OEIS A030193), adds GAME/records (each new largest
	// value and the first n where it appears; the finding "grundy" is then
	// a Values that sums them up), writes GAME/p_positions as the b-file
	// of the k-th losing position, and fits a power law to their count
	// (in the finding "losing") with its figure p_growth. Such a game's
	// GAME/p_positions always has a job of its own when it has Losing.
	Growth bool
	// NoTheorem says why a period found is not proven when Prove is nil;
	// empty means "no periodicity theorem applies to these rules".
	NoTheorem string
	// CandidateTables writes GAME/period and GAME/exceptions for a
	// candidate period too (one no theorem proves); without it they are
	// written for a proven period only, and a candidate is reported in the
	// findings and the summary alone.
	CandidateTables bool
	// Extra, when set, writes further tables of the game from its values
	// g(0..max), in the job that computes them, after the heap's own
	// (take-a-square's squares/moves).
	Extra func(ctx context.Context, s games.Sink, game string, seq []int32) error

	// Misere, when set, is the game as package misere sees it (its
	// options), for misère play: GAME/misere under Play, and tabulate
	// solve --misere (games/heapgame/misere.go).
	Misere misere.Game
	// GenusRule is the theorem that may prove the period of the genus
	// sequence (misere.StudyGenus): set by Octal and Subtraction.
	GenusRule misere.GenusRule
	// Play is the section's play convention: normal play (the zero
	// value), misère (GAME/misere only) or both.
	Play Play

	rule     moveRule // the winning moves from any heap of a proven period (periodic.go); nil: from Moves
	noLosing bool     // PlanTo: the grundy job leaves GAME/p_positions to its own job
}

// Plan plans the game's tables up to max: one job computes the sequence and
// writes both tables, the figures and the findings.
func (h Heap) Plan(game string, max int) []games.Job {
	return h.playJobs(game, func() []games.Job { return h.normalJobs(game, max) })
}

// normalJobs plans the game's tables of normal play up to max.
func (h Heap) normalJobs(game string, max int) []games.Job {
	cost := float64(max) / 1e6
	if h.Cost != nil {
		cost = h.Cost(max)
	}
	memory := h.Memory(max)
	if after := heapAfter(int64(max) + 1); after > memory {
		memory = after
	}
	memory += games.WriteMemory(int64(max)+1, 40)
	return []games.Job{{Table: "grundy", Memory: memory, Cost: cost,
		Run: func(ctx context.Context, s games.Sink) error { return h.run(ctx, s, game, max) }}}
}

// PlanTo is Plan with GAME/p_positions up to losingMax (0 meaning max):
// when the game has Losing and losingMax is past max (or the game is a
// Growth game), the table and the finding "losing" come from a job of
// their own that streams Losing, and reach losingMax; the other tables and
// findings stay those of Plan(game, max). Otherwise it is Plan(game, max).
func (h Heap) PlanTo(game string, max int, losingMax int64) []games.Job {
	if losingMax <= 0 {
		losingMax = int64(max)
	}
	if h.Losing == nil || (losingMax <= int64(max) && !h.Growth) {
		return h.Plan(game, max)
	}
	h.noLosing = true
	return h.playJobs(game, func() []games.Job {
		return append(h.normalJobs(game, max), games.Job{Table: "p_positions",
			Memory: h.LosingMemory(losingMax) + games.WriteMemory(losingMax, 8), Cost: float64(losingMax) / 1e7,
			Run: func(ctx context.Context, s games.Sink) error { return h.losingTable(ctx, s, game, losingMax) }})
	})
}

// losingTable writes GAME/p_positions up to max from Losing, streamed, and
// the finding "losing".
func (h Heap) losingTable(ctx context.Context, s games.Sink, game string, max int64) error {
	return h.losingFrom(ctx, s, game, max, -1, func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error {
		return h.Losing(ctx, max, opts, emit)
	})
}

// growthPoints is how many points of the count of losing positions the
// growth figure and the fit sample.
const growthPoints = 60

// losingFrom writes GAME/p_positions, the losing positions up to max
// streamed in ascending order by losing (Losing, the values, or a table
// read back), rows of them (negative when unknown), with the finding
// "losing" and, for a Growth game, the power law fitted to their count and
// its figure p_growth.
func (h Heap) losingFrom(ctx context.Context, s games.Sink, game string, max, rows int64, losing func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error) error {
	t := output.Table{Game: game, Name: "p_positions",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
	}
	if h.Rules != "" {
		t.Metadata = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	var xs, counts []float64
	if h.Growth {
		// As a b-file, the k-th losing position for k = 0, 1, ...
		// (take-a-square: OEIS A030193, whose offset is 0: its b-file
		// starts "0 0", a(0) = 0, the empty pile).
		t.Sequence = &output.Sequence{Value: "n", First: 0}
		// The count of losing positions up to x on analysis.CountCurve's
		// grid, summed over the streamed batches (each counted by
		// CountCurve), so that no list of them is kept.
		xs, counts = analysis.CountCurve(nil, max, growthPoints)
	}
	var count int64
	if rows < 0 {
		s.Phase("finding losing positions", "n", max)
	}
	err := s.Table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		opts := games.EngineOptions(s, func(done, total int64) { s.Set(done) })
		return losing(ctx, opts, func(losing []int64) error {
			if h.Growth {
				_, c := analysis.CountCurve(losing, max, growthPoints)
				for i := range c {
					counts[i] += c[i]
				}
			}
			count += int64(len(losing))
			return EmitColumn(emit, losing)
		})
	})
	if err != nil {
		return err
	}
	finding := games.Losing{UpTo: max, Count: count}
	if !h.Growth {
		s.Finding("losing", finding)
		return nil
	}
	// Fit where the count is past its small-number start.
	var fx, fy []float64
	for i := range xs {
		if xs[i] >= 1000 && counts[i] > 0 {
			fx, fy = append(fx, xs[i]), append(fy, counts[i])
		}
	}
	fit, ferr := analysis.FitPowerLaw(fx, fy)
	if ferr == nil {
		finding.Fit = &games.Fit{C: fit.C, Alpha: fit.Alpha, XMin: fit.XMin, XMax: fit.XMax, Points: fit.Points, R2: fit.R2}
	} else {
		finding.NoFit = "not enough range to fit (needs losing positions tabulated past 1000)"
	}
	s.Finding("losing", finding)
	if ferr != nil {
		return nil
	}
	return s.Figure(ctx, "p_growth", func() (*plot.Plot, error) {
		p, err := plots.PowerLawGrowth(h.name(game)+": losing positions up to x", xs, counts, fit)
		if err == nil {
			p.Y.Label.Text = "losing positions ≤ x"
		}
		return p, err
	})
}

// name names the game in figures.
func (h Heap) name(game string) string {
	if h.Title != "" {
		return h.Title
	}
	return fmt.Sprintf("%s (%s)", game, h.Rules)
}

// heapAfter bounds what a heap job of so many values holds once its engine is done (the
// engine's scratch is then freed: run collects it before writing), beside
// one table writer:
//
//   - the sequence, 4 bytes a value;
//   - the grundy and p_positions tables are streamed from it in batches of
//     BatchRows (the losing positions are not collected);
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
// PlanTo gave it a job of its own), the findings and the figures: one
// phase a function, in this order.
func (h Heap) run(ctx context.Context, s games.Sink, game string, max int) error {
	seq, err := h.values(ctx, s, max)
	if err != nil {
		return err
	}
	var meta []output.KeyValue
	if h.Rules != "" {
		s.Finding("rules", games.Note(h.Rules))
		meta = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	if err := grundyTable(ctx, s, game, seq, meta); err != nil {
		return err
	}
	var records []analysis.Record
	if h.Growth {
		if records, err = recordsTable(ctx, s, game, seq); err != nil {
			return err
		}
	}
	if !h.noLosing { // PlanTo gives GAME/p_positions a job of its own
		if err := h.losingOf(ctx, s, game, int64(max), seq); err != nil {
			return err
		}
	}
	report, err := h.study(ctx, s, game, seq, records, meta)
	if err != nil {
		return err
	}
	if err := h.figures(ctx, s, game, seq, report); err != nil {
		return err
	}
	if h.Extra != nil {
		return h.Extra(ctx, s, game, seq)
	}
	return nil
}

// values computes g(0..max) with the game's engine (its sparse-space
// engine, with the finding "sparse_space", when it has one).
func (h Heap) values(ctx context.Context, s games.Sink, max int) ([]int32, error) {
	var seq []int32
	var err error
	opts := grundy.Options{Workers: s.Workers(), Progress: s.Progress("computing Grundy values", "n")}
	if h.Sparse != nil {
		var stats octal.Stats
		seq, stats, err = h.Sparse(ctx, max, opts)
		if err == nil {
			s.Finding("sparse_space", games.NewSparseSpace(stats))
		}
	} else {
		seq, err = h.Values(ctx, max, opts)
	}
	if err != nil {
		return nil, err
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
	return seq, nil
}

// grundyTable writes GAME/grundy: n, g(n) and whether n is a win.
func grundyTable(ctx context.Context, s games.Sink, game string, seq []int32, meta []output.KeyValue) error {
	t := output.Table{Game: game, Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Metadata: meta,
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	ns, ws := make([]int64, min(len(seq), BatchRows)), make([]bool, min(len(seq), BatchRows))
	return s.Table(ctx, t, int64(len(seq)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(seq); start += BatchRows {
			end := min(len(seq), start+BatchRows)
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
}

// losingOf writes GAME/p_positions from the sequence. The losing positions
// are streamed, not collected: they can be most of the heaps (8 bytes each
// as int64).
func (h Heap) losingOf(ctx context.Context, s games.Sink, game string, max int64, seq []int32) error {
	var losing int64
	for _, v := range seq {
		if v == 0 {
			losing++
		}
	}
	return h.losingFrom(ctx, s, game, max, losing, func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error {
		ns := make([]int64, 0, min(len(seq), BatchRows))
		for n, v := range seq {
			if v != 0 {
				continue
			}
			ns = append(ns, int64(n))
			if len(ns) == cap(ns) {
				if err := emit(ns); err != nil {
					return err
				}
				ns = ns[:0]
			}
		}
		if len(ns) == 0 && losing > 0 {
			return nil
		}
		return emit(ns)
	})
}

// study looks for the period (analysis.Study with the game's theorems),
// records the finding "grundy" (with the records of a game whose values
// grow) and writes the period tables.
func (h Heap) study(ctx context.Context, s games.Sink, game string, seq []int32, records []analysis.Record, meta []output.KeyValue) (analysis.Report, error) {
	s.Phase("looking for a period", "", 0)
	th := h.theorems()
	report, err := stoppable.Do(ctx, func() (analysis.Report, error) { return analysis.Study(seq, th), nil })
	if err != nil {
		return report, err
	}
	finding := games.NewReport(report)
	if !h.proves() {
		finding.Proof = "no periodicity theorem applies to these rules"
		if h.NoTheorem != "" {
			finding.Proof = h.NoTheorem
		}
	}
	if h.Growth {
		last := records[len(records)-1]
		s.Finding("grundy", games.GrundySummary{Values: len(seq), Largest: last.Grundy, LargestFirstN: last.FirstN,
			Records: len(records), Period: finding})
	} else {
		s.Finding("grundy", finding)
	}
	return report, PeriodTables(ctx, s, game, seq, report, meta, h.CandidateTables)
}

// figures draws GAME/grundy (the figure of g(n)) and, with a period,
// GAME/period.
func (h Heap) figures(ctx context.Context, s games.Sink, game string, seq []int32, report analysis.Report) error {
	period := report.Period
	name := h.name(game)
	if err := s.Figure(ctx, "grundy", func() (*plot.Plot, error) {
		from, to, per := GrundyWindow(s, len(seq), period)
		return plots.GrundyWindow(name+": Grundy value g(n)", "heap size n", seq[from:to+1], from, per)
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

// recordsTable writes GAME/records, each value larger than every earlier
// one with the first n where it appears, and returns them.
func recordsTable(ctx context.Context, s games.Sink, game string, g []int32) ([]analysis.Record, error) {
	records, err := stoppable.Do(ctx, func() ([]analysis.Record, error) { return analysis.Records(g), nil })
	if err != nil {
		return nil, err
	}
	rt := output.Table{Game: game, Name: "records",
		Columns: []output.Column{
			{Name: "grundy", Type: output.Int32, Sorted: true},
			{Name: "first_n", Type: output.Int64, Sorted: true},
		},
	}
	err = s.Table(ctx, rt, int64(len(records)), func(ctx context.Context, emit func(output.Batch) error) error {
		gs := make([]int32, len(records))
		ns := make([]int64, len(records))
		for i, r := range records {
			gs[i], ns[i] = r.Grundy, r.FirstN
		}
		return emit(output.Batch{gs, ns})
	})
	return records, err
}

// Redraw is the RedrawFunc of every heap game: it reads g(n) back from
// GAME/grundy and runs the game's tables, findings and figures on it, the
// bounds being the table's length (see RedrawTo for a Growth game).
func (h Heap) Redraw(game string, bounds json.RawMessage, cols games.Columns) (run func(ctx context.Context, s games.Sink) error, skipped []string, err error) {
	return h.RedrawTo(nil)(game, bounds, cols)
}

// RedrawTo is Redraw for a game whose GAME/p_positions may reach past
// GAME/grundy: losingMax reads how far from the game's bounds (nil: as far
// as GAME/grundy). A Growth game's figure p_growth is then drawn from
// GAME/p_positions read back. The Extra tables, which have no figures, are
// not computed again.
func (h Heap) RedrawTo(losingMax func(bounds json.RawMessage) (int64, error)) games.RedrawFunc {
	return func(game string, bounds json.RawMessage, cols games.Columns) (func(ctx context.Context, s games.Sink) error, []string, error) {
		if !playOf(bounds).Normal() {
			return nil, nil, nil // GAME/misere only, which has no figures
		}
		seq, err := cols.Int32s("grundy", "grundy")
		if err != nil {
			return nil, nil, err
		}
		for n, g := range seq {
			if g < 0 { // a Grundy value is a mex: never negative
				return nil, nil, contentError(game+"/grundy", fmt.Sprintf("g(%d) = %d, and no Grundy value is negative", n, g))
			}
		}
		h.Sparse, h.Extra = nil, nil // the values come from the table, not the engine
		h.Values = func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
			return seq, nil
		}
		max := len(seq) - 1
		if !h.Growth || h.Losing == nil {
			return func(ctx context.Context, s games.Sink) error { return h.run(ctx, s, game, max) }, nil, nil
		}
		lmax := int64(max)
		if losingMax != nil {
			if lmax, err = losingMax(bounds); err != nil {
				return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
			}
		}
		losing, err := cols.Int64s("p_positions", "n")
		if err != nil {
			return nil, nil, err
		}
		for i, n := range losing {
			if n < 0 || n > lmax || (i > 0 && n <= losing[i-1]) {
				return nil, nil, contentError(game+"/p_positions", fmt.Sprintf("row %d, n = %d, is not a heap in ascending order from 0 to %d", i, n, lmax))
			}
		}
		h.noLosing = true
		return func(ctx context.Context, s games.Sink) error {
			if err := h.run(ctx, s, game, max); err != nil {
				return err
			}
			return h.losingFrom(ctx, s, game, lmax, int64(len(losing)), func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error {
				return emit(losing)
			})
		}, nil, nil
	}
}

// TableLookup is the TableLookup of every heap game: it answers from the values
// in GAME/grundy a heap N, or a position of several heaps (their sum; the
// game's Sum when it has one). Past the table, a game whose run proved its
// period (the manifest's finding "grundy", checked again on the table's
// values by the game's theorem) is answered by the period, as tabulate
// solve answers it computed: nothing is computed again.
func (h Heap) TableLookup() *games.TableLookup {
	return &games.TableLookup{Table: "grundy", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
		var proven *sequence // the recorded proof, once read
		return func(ctx context.Context, args []string) (*games.Answer, error) {
			heaps, err := ParseHeaps64(game, args, 1<<62)
			if err != nil {
				return nil, err
			}
			g, err := t.Int32s("grundy", "grundy")
			if err != nil {
				return nil, err
			}
			if proven == nil && h.Sum == nil {
				if f, ok := t.(games.Findings); ok {
					raw, _ := f.Finding("grundy")
					proven = h.recordedSequence(g, raw)
				}
			}
			q := &sequence{g: g}
			if proven != nil {
				q = proven
			}
			for i, n := range heaps {
				if n < int64(len(g)) || (proven != nil && n <= HeapMax) {
					continue
				}
				position := fmt.Sprintf("n = %d", n)
				if len(heaps) > 1 || h.Sum != nil {
					position = fmt.Sprintf("heap %d = %d", i+1, n)
				}
				holds := fmt.Sprintf("%s holds n = 0 to %d", t.Path("grundy"), len(g)-1)
				if proven != nil {
					holds += fmt.Sprintf(", and its proven period answers heaps up to %d", int64(HeapMax))
				} else if h.proves() {
					holds += ", and the run proved no period"
				}
				return nil, &games.BoundsError{Game: game, Position: position, Holds: holds}
			}
			if h.Sum != nil {
				ints := make([]int, len(heaps))
				for i, n := range heaps {
					ints[i] = int(n)
				}
				return h.Sum(ints, g, t.Source("grundy")), nil
			}
			return h.answerHeaps(game, q, heaps, t.Source("grundy"), MaxMovesOf(ctx)), nil
		}
	}}
}

// ParseHeaps64 reads the heaps of a position, each in [0, max]: one heap
// N, or several (their sum).
func ParseHeaps64(game string, args []string, max int64) ([]int64, error) {
	return heapArgs(game, args, max, "N")
}

// heapArgs is the one parser of heap sizes: each 0..max, a single heap
// named one in messages ("N", or "heap 1"), several "heap i".
func heapArgs(game string, args []string, max int64, one string) ([]int64, error) {
	if len(args) == 0 {
		return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one or more heap sizes"}
	}
	heaps := make([]int64, len(args))
	for i, a := range args {
		name := fmt.Sprintf("heap %d", i+1)
		if len(args) == 1 {
			name = one
		}
		v, err := games.ParseArg(name, a, 0, max)
		if err != nil {
			return nil, err
		}
		heaps[i] = v
	}
	return heaps, nil
}

// HeapMove is a move of a one-heap game defined by rules: Remove stones
// taken, leaving the heaps Leaves (none, one or two).
type HeapMove struct {
	// Heap numbers the heap moved in, from 1, in a position of several
	// heaps; 0 (left out) in a position of one.
	Heap   int   `json:"heap,omitempty"`
	Remove int   `json:"remove"`
	Leaves []int `json:"leaves"`
}

// String writes m as tabulate solve prints it: "remove 2 leaving [3 4]",
// or "heap 2: remove 2 leaving [3 4]" in a position of several heaps.
func (m HeapMove) String() string {
	s := fmt.Sprintf("remove %d leaving %v", m.Remove, m.Leaves)
	if m.Heap > 0 {
		s = fmt.Sprintf("heap %d: %s", m.Heap, s)
	}
	return s
}

// Answer answers heap n of the game called game from its Grundy values
// g(0), ..., g(m), m >= n: the value, the outcome and every move that leaves
// heaps whose values XOR to 0. It panics when h has no Moves or g is too
// short (the caller's mistake).
func (h Heap) Answer(game string, g []int32, n int, source string) *games.Answer {
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
	return &games.Answer{Game: game, Position: int64(n), Grundy: games.Int64Ptr(int64(g[n])), Win: g[n] != 0,
		WinningMoves: moves, Source: source}
}

// ParseHeaps reads the heaps of a position of several heaps, each in
// [0, max].
func ParseHeaps(game string, args []string, max int64) ([]int, error) {
	h, err := heapArgs(game, args, max, "heap 1")
	if err != nil {
		return nil, err
	}
	heaps := make([]int, len(h))
	for i, v := range h {
		heaps[i] = int(v)
	}
	return heaps, nil
}

// FigureWindow is a Sink that sets the range of n the figure of g(n)
// draws (figures: grundy_window); the pipeline's Sink is one.
type FigureWindow interface {
	// GrundyWindow returns the range [from, to] of n, or false when none
	// is set.
	GrundyWindow() (from, to int64, ok bool)
}

// GrundyWindow is the range [from, to] of n that GAME/grundy draws from
// count values: the Sink's FigureWindow when it sets one, cut to the values;
// otherwise the preperiod and three periods of a sequence with a period
// (proven or candidate), so that a periodic game is not drawn as a few flat
// lines over 10^5 values; otherwise every value. per is the period, 0 when
// none was found, for the buckets of plots.GrundyWindow.
func GrundyWindow(s games.Sink, count int, period analysis.Period) (from, to, per int) {
	last := count - 1
	if period.Found && period.Period > 0 {
		per = period.Period
	}
	if w, ok := s.(FigureWindow); ok {
		if f, t, ok := w.GrundyWindow(); ok {
			return int(min(f, int64(last))), int(min(t, int64(last))), per
		}
	}
	if per > 0 {
		return 0, min(last, max(period.Preperiod, 0)+3*per-1), per
	}
	return 0, last, 0
}

// contentError is a table read back that cannot be what a run wrote
// (tampered with its sha256 refreshed): an error wrapping
// output.ErrContent that names it and what is wrong.
func contentError(source, problem string) error {
	return &output.FileError{Op: "check", Path: source, Err: fmt.Errorf("%w: %s", output.ErrContent, problem)}
}
