package catalogue

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"
	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/wythoff"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// wythoffRowsGame is Wythoff's game row by row: the rows W(a, n), n < a
// bound, of the first rows a, far past the triangle of wythoffGame, with
// each row's additive period, and the diagonal W(n, n).
var wythoffRowsGame = games.Def{
	Name: "wythoff-rows", Title: "Wythoff's game, row by row",
	Section: func() games.Section {
		return &WythoffRows{Rows: 64, Bound: 1 << 16, ValuesRows: 8, ValuesBound: 1024, Diagonal: 1000, FigureRows: 8}
	},
	Solve: &games.Solver{Args: "A N", Help: "Wythoff's game, heaps A and N (0 <= A, N < 2^63), as tabulate solve wythoff answers them",
		Answer: func(ctx context.Context, args []string) (*games.Answer, error) {
			return answerWythoffAs(ctx, "wythoff-rows", args)
		},
		Examples: []string{"3 5", "0 0", "7 40", "10 2"}},
	TableLookup: wythoffRowsLookup,
}

// WythoffRows bounds the rows of Wythoff's game: rows 0..Rows-1 for n <
// Bound and, when DeepRows > 0, rows 0..DeepRows-1 further, for n <
// DeepBound (a staircase, wythoff.TabulateRows).
type WythoffRows struct {
	Rows        int `yaml:"rows" json:"rows"`                       // rows 0..Rows-1
	Bound       int `yaml:"bound" json:"bound"`                     // for n < Bound
	DeepRows    int `yaml:"deep_rows" json:"deep_rows,omitempty"`   // rows 0..DeepRows-1 (0: none)
	DeepBound   int `yaml:"deep_bound" json:"deep_bound,omitempty"` // for n < DeepBound
	ValuesRows  int `yaml:"values_rows" json:"values_rows"`         // wythoff-rows/values: rows below ValuesRows
	ValuesBound int `yaml:"values_bound" json:"values_bound"`       // and n below ValuesBound
	Diagonal    int `yaml:"diagonal" json:"diagonal"`               // wythoff-rows/diagonal: W(n, n), n <= Diagonal (0: none; wythoff.Diagonal)
	FigureRows  int `yaml:"figure_rows" json:"figure_rows"`         // the figure of W(a, n) - n: rows below FigureRows
}

// Limits of the section beyond the engines' own: the values table holds
// at most wythoffValuesMax rows, the figure at most eight rows over the
// first wythoffFigureWidth columns.
const (
	wythoffValuesMax   = 1 << 26
	wythoffFigureWidth = 200
)

// Check keeps the bounds in what the engines accept: a staircase of rows
// (deep_rows fewer rows than rows, further), tables inside it.
func (w *WythoffRows) Check() error {
	if err := games.CheckRange("rows", int64(w.Rows), 1, wythoff.RowsMax); err != nil {
		return err
	}
	if err := games.CheckRange("bound", int64(w.Bound), 1, wythoff.BoundMax); err != nil {
		return err
	}
	if err := games.CheckRange("deep_rows", int64(w.DeepRows), 0, int64(w.Rows-1)); err != nil {
		return err
	}
	if err := games.CheckRange("deep_bound", int64(w.DeepBound), 0, wythoff.BoundMax); err != nil {
		return err
	}
	if w.DeepRows == 0 {
		if w.DeepBound != 0 {
			return &games.KeyError{Key: "deep_bound", Value: fmt.Sprint(w.DeepBound), Problem: "is set without deep_rows", Allowed: "0, or a bound with deep_rows 1 or more"}
		}
	} else if int64(w.Bound) >= wythoff.BoundMax {
		return &games.KeyError{Key: "deep_bound", Value: fmt.Sprint(w.DeepBound), Problem: fmt.Sprintf("cannot pass bound %d, which is already the largest (%d)", w.Bound, int64(wythoff.BoundMax)),
			Allowed: fmt.Sprintf("deep_rows 0 and deep_bound 0, or a bound below %d", int64(wythoff.BoundMax))}
	} else if err := games.CheckRange("deep_bound", int64(w.DeepBound), int64(w.Bound)+1, wythoff.BoundMax); err != nil {
		return err
	}
	if err := games.CheckRange("values_rows", int64(w.ValuesRows), 0, wythoff.RowsMax); err != nil {
		return err
	}
	if err := games.CheckRange("values_bound", int64(w.ValuesBound), 0, wythoff.BoundMax); err != nil {
		return err
	}
	if n := int64(w.ValuesRows) * int64(w.ValuesBound); n > wythoffValuesMax {
		return &games.KeyError{Key: "values_bound", Value: fmt.Sprint(w.ValuesBound), Problem: fmt.Sprintf("with values_rows %d makes %d values", w.ValuesRows, n),
			Allowed: fmt.Sprintf("values_rows times values_bound at most %d", wythoffValuesMax)}
	}
	if err := games.CheckRange("diagonal", int64(w.Diagonal), 0, wythoff.DiagonalMax); err != nil {
		return err
	}
	return games.CheckRange("figure_rows", int64(w.FigureRows), 0, 8)
}

// steps is the staircase of the section.
func (w *WythoffRows) steps() []wythoff.Step {
	s := []wythoff.Step{{Rows: w.Rows, Bound: w.Bound}}
	if w.DeepRows > 0 {
		s = append(s, wythoff.Step{Rows: w.DeepRows, Bound: w.DeepBound})
	}
	return s
}

// Jobs plans one job: the rows (wythoff-rows/rows, wythoff-rows/values and
// the figure of the offsets), then the diagonal (wythoff-rows/diagonal).
// They run one after the other so that the job needs the larger of their
// memories, not the sum: the staircase of issue 35 fits 2 GiB that way.
func (w *WythoffRows) Jobs(game string, workers int) []games.Job {
	steps := w.steps()
	cells := wythoff.RowsCells(steps)
	longest := int64(max(w.Bound, w.DeepBound))
	vr, vb := w.values()
	vals := int64(vr) * int64(vb)
	// The period search holds one row as int32 and its Z-array (at most 2.25
	// bytes a value) on each of its goroutines.
	search := int64(max(workers, 1)) * longest * 7
	rowsMemory := wythoff.RowsMemory(steps) + search + games.WriteMemory(vals, 12) + wythoffFigureMemory
	d := w.Diagonal
	var diagMemory int64
	if d > 0 {
		diagMemory = wythoff.DiagonalMemory(d) + games.WriteMemory(int64(d)+1, 8)
	}
	memoryFor := fmt.Sprintf("rows %d to %d", w.Rows, w.Bound)
	if diagMemory > rowsMemory {
		memoryFor = fmt.Sprintf("diagonal %d", d)
	}
	return []games.Job{{Table: "rows", Memory: max(rowsMemory, diagMemory), MemoryFor: memoryFor,
		// About 1.3 10^9 cells a minute on a loaded core; the triangle of
		// the diagonal costs about d^3/400 word reads of three sets
		// (wythoff.Diagonal: d = 8192 in about 2 s).
		Cost: float64(cells)/2e7 + float64(d)*float64(d)*float64(d)/2e11,
		Run: func(ctx context.Context, s games.Sink) error {
			// The rows first: the garbage collector reuses their memory for
			// the triangle, where memory freed the other way round (a
			// smaller triangle first) would sit beside the rows.
			r, err := wythoff.TabulateRows(ctx, steps, grundy.Options{Progress: s.Progress("computing rows", "values")})
			if err != nil {
				return err
			}
			if err := w.rowTables(ctx, s, game, r); err != nil || d == 0 {
				return err
			}
			diag, err := wythoff.Diagonal(ctx, d, grundy.Options{Progress: s.Progress("computing the triangle", "positions")})
			if err != nil {
				return err
			}
			return wythoffDiagonal(ctx, s, game, diag)
		}}}
}

// wythoffRowsRules is the metadata of every table of the game.
var wythoffRowsRules = []output.KeyValue{{Key: "tabulate.rules", Value: "Wythoff's game: take any number from one heap, or the same number from both"}}

// WythoffRow is the period search of one row: W(a, n+Period) = W(a, n) +
// Period for Preperiod <= n < CheckedTo - Period. Status is "proven" (for
// every n >= Preperiod, by the state argument of wythoff.ProveRows: the
// period FindPeriod's rule finds, or else the least one the argument
// proves, however short the stretch after its preperiod), "candidate"
// (FindPeriod's rule, not proven) or "none" (no period: Period and
// Preperiod are then 0).
type WythoffRow struct {
	A, Period, Preperiod, CheckedTo int
	Status                          string
}

// rowPeriods runs the period search on every row, on s.Workers()
// goroutines, then wythoff.ProveRows on the periods found.
func rowPeriods(ctx context.Context, r *wythoff.Rows, workers int) ([]WythoffRow, error) {
	out := make([]WythoffRow, r.Count())
	g, gctx := errgroup.WithContext(ctx)
	next := make(chan int)
	g.Go(func() error {
		defer close(next)
		for a := range out {
			select {
			case next <- a:
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		return nil
	})
	for range max(workers, 1) {
		g.Go(func() error {
			seq := make([]int32, 0, r.Len(0)) // row 0 is the longest
			for a := range next {
				seq = r.Offsets(a, seq)
				p := analysis.FindPeriod(seq)
				row := WythoffRow{A: a, CheckedTo: len(seq), Status: "none"}
				if p.Found {
					row.Period, row.Preperiod, row.Status = p.Period, p.Preperiod, "candidate"
				}
				out[a] = row
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	// The proof, row by row in order (each row's argument needs the rows
	// below it proven): the period FindPeriod found if the proof takes it,
	// else the least period the proof takes, however short the stretch
	// after its preperiod (a coincidence over the row's last values fails
	// the proof, which reads the row's state, and costs little).
	pr := r.NewRowProver()
	seq := make([]int32, 0, r.Len(0))
	for a := range out {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row := &out[a]
		if row.Period > 0 && pr.Try(row.Period, row.Preperiod).Proven {
			row.Status = "proven"
		} else {
			seq = r.Offsets(a, seq)
			if q := analysis.FindPeriodWhere(seq, func(p, n0 int) bool { return pr.Try(p, n0).Proven }); q.Found {
				row.Period, row.Preperiod, row.Status = q.Period, q.Preperiod, "proven"
			}
		}
		if row.Status != "proven" {
			break
		}
		pr.Accept(row.Period, row.Preperiod)
	}
	for a := range out {
		if out[a].Status == "none" {
			out[a].Period, out[a].Preperiod = 0, 0
		}
	}
	return out, nil
}

// RowPeriods is the finding of wythoff-rows/rows: how many of the rows show
// an additive period within their bound, and how many of those are proven
// (the others are candidates).
type RowPeriods struct {
	Rows             int `json:"rows"`
	Periodic         int `json:"periodic"`
	Proven           int `json:"proven"`
	FirstWithout     int `json:"first_without"` // -1 when every row shows one
	LargestPeriod    int `json:"largest_period"`
	LargestRow       int `json:"largest_row"`
	LargestPreperiod int `json:"largest_preperiod"`
}

// String writes f as one line of the summary.
func (f RowPeriods) String() string {
	s := fmt.Sprintf("rows 0..%d: %d show an additive period W(a, n+p) = W(a, n) + p (largest p = %d at row %d, largest preperiod %d), %d of them proven, %d candidates",
		f.Rows-1, f.Periodic, f.LargestPeriod, f.LargestRow, f.LargestPreperiod, f.Proven, f.Periodic-f.Proven)
	if f.FirstWithout >= 0 {
		s += fmt.Sprintf("; row %d is the first to show none within its bound", f.FirstWithout)
	}
	return s
}

// rowTables writes wythoff-rows/rows (the period search of each row),
// wythoff-rows/values (a, n, grundy) and the figure of W(a, n) - n.
func (w *WythoffRows) rowTables(ctx context.Context, s games.Sink, game string, r *wythoff.Rows) error {
	rows, err := rowPeriods(ctx, r, s.Workers())
	if err != nil {
		return err
	}
	rt := output.Table{Game: game, Name: "rows", Metadata: wythoffRowsRules,
		Columns: []output.Column{
			{Name: "a", Type: output.Int32, Sorted: true},
			{Name: "period", Type: output.Int32},
			{Name: "preperiod", Type: output.Int32},
			{Name: "checked_to", Type: output.Int32},
			{Name: "status", Type: output.String},
		}}
	err = s.Table(ctx, rt, int64(len(rows)), func(ctx context.Context, emit func(output.Batch) error) error {
		as, ps, ns, cs, st := make([]int32, len(rows)), make([]int32, len(rows)), make([]int32, len(rows)), make([]int32, len(rows)), make([]string, len(rows))
		for i, row := range rows {
			as[i], ps[i], ns[i], cs[i], st[i] = int32(row.A), int32(row.Period), int32(row.Preperiod), int32(row.CheckedTo), row.Status
		}
		return emit(output.Batch{as, ps, ns, cs, st})
	})
	if err != nil {
		return err
	}
	s.Finding("rows", rowFinding(rows))
	if err := w.valuesTable(ctx, s, game, r); err != nil {
		return err
	}
	shown := min(w.FigureRows, r.Count())
	if shown == 0 {
		return nil
	}
	return s.Figure(ctx, "offsets", func() (*plot.Plot, error) {
		offs := make([][]int32, shown)
		for a := range offs {
			offs[a] = make([]int32, min(r.Len(a), wythoffFigureWidth))
			for n := range offs[a] {
				offs[a][n] = r.Offset(a, n)
			}
		}
		return plots.RowOffsets(fmt.Sprintf("Wythoff's game: W(a, n) − n, rows 0 to %d", shown-1), offs)
	})
}

// rowFinding sums up the period search.
func rowFinding(rows []WythoffRow) RowPeriods {
	f := RowPeriods{Rows: len(rows), FirstWithout: -1}
	for _, row := range rows {
		if row.Status == "proven" {
			f.Proven++
		}
		if row.Status == "none" {
			if f.FirstWithout < 0 {
				f.FirstWithout = row.A
			}
			continue
		}
		f.Periodic++
		if row.Period > f.LargestPeriod {
			f.LargestPeriod, f.LargestRow = row.Period, row.A
		}
		f.LargestPreperiod = max(f.LargestPreperiod, row.Preperiod)
	}
	return f
}

// values returns the rows and the bound of wythoff-rows/values: a <
// ValuesRows and n < ValuesBound, inside the first step.
func (w *WythoffRows) values() (rows, bound int) {
	return min(w.ValuesRows, w.Rows), min(w.ValuesBound, w.Bound)
}

// valuesTable writes wythoff-rows/values: a, n, grundy for a < rows, n <
// bound of w.values(), row by row.
func (w *WythoffRows) valuesTable(ctx context.Context, s games.Sink, game string, r *wythoff.Rows) error {
	vr, vb := w.values()
	if vr == 0 || vb == 0 {
		return nil
	}
	vt := output.Table{Game: game, Name: "values", Metadata: wythoffRowsRules,
		Columns: []output.Column{
			{Name: "a", Type: output.Int32, Sorted: true},
			{Name: "n", Type: output.Int32},
			{Name: "grundy", Type: output.Int32},
		}}
	return s.Table(ctx, vt, int64(vr)*int64(vb), func(ctx context.Context, emit func(output.Batch) error) error {
		// emit keeps nothing of a batch, so one set of slices serves all.
		as, ns, gs := make([]int32, 0, heapgame.BatchRows), make([]int32, 0, heapgame.BatchRows), make([]int32, 0, heapgame.BatchRows)
		for a := 0; a < vr; a++ {
			for start := 0; start < vb; start += heapgame.BatchRows {
				end := min(start+heapgame.BatchRows, vb)
				as, ns, gs = as[:0], ns[:0], gs[:0]
				for n := start; n < end; n++ {
					as, ns, gs = append(as, int32(a)), append(ns, int32(n)), append(gs, int32(r.Value(a, n)))
				}
				if err := emit(output.Batch{as, ns, gs}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// wythoffDiagonal writes wythoff-rows/diagonal: n, grundy = W(n, n) = diag[n]
// for n < len(diag), OEIS A047708 (whose b-file stops at n = 4999).
func wythoffDiagonal(ctx context.Context, s games.Sink, game string, diag []int32) error {
	last := len(diag) - 1
	dt := output.Table{Game: game, Name: "diagonal", Metadata: wythoffRowsRules,
		Columns: []output.Column{
			{Name: "n", Type: output.Int32, Sorted: true},
			{Name: "grundy", Type: output.Int32},
		}}
	err := s.Table(ctx, dt, int64(len(diag)), func(ctx context.Context, emit func(output.Batch) error) error {
		ns := make([]int32, 0, heapgame.BatchRows)
		for start := 0; start < len(diag); start += heapgame.BatchRows {
			end := min(start+heapgame.BatchRows, len(diag))
			ns = ns[:0]
			for n := start; n < end; n++ {
				ns = append(ns, int32(n))
			}
			if err := emit(output.Batch{ns, diag[start:end]}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.Finding("diagonal", games.Note(fmt.Sprintf("the diagonal W(n, n) for n <= %d, from the whole triangle a <= b <= %d (exact; OEIS A047708's b-file stops at 4999)", last, last)))
	return nil
}

// wythoffRowsLookup answers a position from wythoff-rows/values, which holds
// W(a, n) for a < rows and n < bound row by row: rows is its last a plus
// one, bound its length over rows. A position (a, n) or (n, a) inside that
// rectangle has all its options inside it too.
var wythoffRowsLookup = &games.TableLookup{Table: "values", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		a, b, err := wythoffArgs(game, args, 1<<31-1)
		if err != nil {
			return nil, err
		}
		as, err := t.Int32s("values", "a")
		if err != nil {
			return nil, err
		}
		ns, err := t.Int32s("values", "n")
		if err != nil {
			return nil, err
		}
		gs, err := t.Int32s("values", "grundy")
		if err != nil {
			return nil, err
		}
		if len(as) == 0 || len(ns) != len(as) || len(gs) != len(as) || len(as)%(int(as[len(as)-1])+1) != 0 {
			return nil, fmt.Errorf("%s: not the rows W(a, n), a < rows, n < bound, that tabulate writes", t.Source("values"))
		}
		rows := int(as[len(as)-1]) + 1
		bound := len(as) / rows
		if !(a < rows && b < bound) && !(b < rows && a < bound) {
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("heaps %d and %d", a, b),
				Holds: fmt.Sprintf("%s holds rows 0 to %d for n = 0 to %d", t.Path("values"), rows-1, bound-1)}
		}
		g := func(x, y int) (int32, error) {
			if x >= rows || y >= bound {
				x, y = y, x
			}
			i := x*bound + y
			if int(as[i]) != x || int(ns[i]) != y {
				return 0, fmt.Errorf("%s: row %d holds (%d, %d), not (%d, %d)", t.Source("values"), i, as[i], ns[i], x, y)
			}
			return gs[i], nil
		}
		return wythoffAnswer(game, g, a, b, t.Source("values"))
	}
}}
