package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/wythoff"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// wythoffGame is Wythoff's game: two heaps, a move takes any positive
// number of tokens from one heap or the same positive number from both. It
// is not a sum of one-heap games, so its values are a table g(a, b).
var wythoffGame = games.Def{
	Name: "wythoff", Title: "Wythoff's game",
	Section: func() games.Section { return &Wythoff{Max: 1000} },
	Solve: &games.Solver{Args: "A B", Help: fmt.Sprintf("Wythoff's game, heaps A and B (0 <= A, B < 2^63): value to %d; past it the outcome and moves by the Beatty pairs, the value in rows below %d by their proven periods", wythoffSolveMax, wythoffFarRows),
		Answer: answerWythoff, Examples: []string{"3 5", "0 0", "4 7", "10 2"}},
	TableLookup: wythoffLookup,
	Redraw:      wythoffRedraw,
}

// Wythoff bounds Wythoff's game.
type Wythoff struct {
	Max int `yaml:"max" json:"max"` // wythoff/grundy: heaps 0 <= a <= b <= Max
}

// Check keeps the bound in what the engine accepts: its table is
// (max+1)(max+2)/2 values, 200 MB at wythoff.Max.
func (w *Wythoff) Check() error {
	return games.CheckRange("max", int64(w.Max), 1, wythoff.Max)
}

// wythoffFigureMemory bounds what the figure adds while it is drawn: the
// raster (at most 2047 pixels a side, 4 bytes a pixel), the rendered PNG
// and its encoding.
const wythoffFigureMemory = 48 << 20

// Jobs plans Wythoff's game: one job computes the table and writes
// wythoff/grundy, wythoff/p_positions, the findings and the map of g(a, b).
func (w *Wythoff) Jobs(game string, workers int) []games.Job {
	max := w.Max
	cells := wythoff.Cells(max)
	return []games.Job{{Table: "grundy", Memory: wythoff.Memory(max) + games.WriteMemory(cells, 13) + wythoffFigureMemory,
		// About max^3/100 word operations, 22 s at 10^4 (see the engine).
		Cost: float64(max) * float64(max) * float64(max) / 5e10,
		Run: func(ctx context.Context, s games.Sink) error {
			t, err := wythoff.Tabulate(ctx, max, grundy.Options{Progress: s.Progress("computing Grundy values", "positions")})
			if err != nil {
				return err
			}
			return wythoffTables(ctx, s, game, t)
		}}}
}

// wythoffTables writes wythoff/grundy (a, b, grundy, win for 0 <= a <= b <=
// max, row by row) and wythoff/p_positions (k, a, b: the positions of value
// 0), checks the losing positions against Wythoff's theorem, records the
// findings and draws the map of g(a, b).
func wythoffTables(ctx context.Context, s games.Sink, game string, t *wythoff.Table) error {
	max, g := t.Max, t.Values
	gt := output.Table{Game: game, Name: "grundy",
		Columns: []output.Column{
			{Name: "a", Type: output.Int32, Sorted: true},
			{Name: "b", Type: output.Int32},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: "Wythoff's game: take any number from one heap, or the same number from both"}},
	}
	var losing [][2]int32
	err := s.Table(ctx, gt, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		as, bs, ws := make([]int32, 0, heapgame.BatchRows), make([]int32, 0, heapgame.BatchRows), make([]bool, 0, heapgame.BatchRows)
		start := 0
		flush := func(end int) error {
			if end == start {
				return nil
			}
			err := emit(output.Batch{as, bs, g[start:end], ws})
			as, bs, ws, start = as[:0], bs[:0], ws[:0], end
			return err
		}
		i := 0
		for a := 0; a <= max; a++ {
			for b := a; b <= max; b++ {
				as, bs, ws = append(as, int32(a)), append(bs, int32(b)), append(ws, g[i] != 0)
				i++
				if len(as) == heapgame.BatchRows {
					if err := flush(i); err != nil {
						return err
					}
				}
			}
		}
		return flush(i)
	})
	if err != nil {
		return err
	}
	i := 0
	for a := 0; a <= max; a++ {
		for b := a; b <= max; b++ {
			if g[i] == 0 {
				losing = append(losing, [2]int32{int32(a), int32(b)})
			}
			i++
		}
	}
	if err := wythoffCheckPairs(losing, max); err != nil {
		return fmt.Errorf("the table disagrees with Wythoff's theorem: %w", err)
	}
	pt := output.Table{Game: game, Name: "p_positions",
		Columns: []output.Column{
			{Name: "k", Type: output.Int32, Sorted: true},
			{Name: "a", Type: output.Int32, Sorted: true},
			{Name: "b", Type: output.Int32, Sorted: true},
		},
		Metadata: gt.Metadata,
	}
	err = s.Table(ctx, pt, int64(len(losing)), func(ctx context.Context, emit func(output.Batch) error) error {
		ks, as, bs := make([]int32, len(losing)), make([]int32, len(losing)), make([]int32, len(losing))
		for k, p := range losing {
			ks[k], as[k], bs[k] = int32(k), p[0], p[1]
		}
		return emit(output.Batch{ks, as, bs})
	})
	if err != nil {
		return err
	}
	count := int64(len(g))
	s.Finding("grundy", games.Wins{What: fmt.Sprintf("positions 0 <= a <= b <= %d", max), Count: count,
		FirstPlayerWins: count - int64(len(losing)), SecondPlayerWins: int64(len(losing))})
	s.Finding("p_positions", games.RuleCheck{Rule: "Wythoff's theorem (the losing positions are (floor(k phi), floor(k phi^2)), k >= 0)",
		Positions: count, Agrees: true})
	return s.Figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyHeatmap(fmt.Sprintf("Wythoff's game: Grundy value g(a, b), a, b ≤ %d", max), max, func(a, b int) int32 {
			if a > b {
				a, b = b, a
			}
			return g[wythoff.Index(max, a, b)]
		})
	})
}

// wythoffCheckPairs checks the losing positions a <= b <= max, in the order
// of the table (by a), against Wythoff's theorem: the k-th is
// (floor(k phi), floor(k phi) + k), and there is one for every k with
// floor(k phi) + k <= max. floor(k phi) = floor((k + sqrt(5k^2))/2) is
// computed in integers: sqrt(5k^2) is irrational for k >= 1, so it is
// (k + isqrt(5k^2)) div 2.
func wythoffCheckPairs(losing [][2]int32, max int) error {
	lower := func(k int64) int64 {
		s := new(big.Int).Sqrt(big.NewInt(5 * k * k))
		return (k + s.Int64()) / 2
	}
	for k, p := range losing {
		a := lower(int64(k))
		if int64(p[0]) != a || int64(p[1]) != a+int64(k) || int(p[1]) > max {
			return fmt.Errorf("losing position %d is (%d, %d), not (%d, %d) with both heaps at most %d", k, p[0], p[1], a, a+int64(k), max)
		}
	}
	if k := int64(len(losing)); lower(k)+k <= int64(max) {
		return fmt.Errorf("%d losing positions up to %d, but (%d, %d) is one too", k, max, lower(k), lower(k)+k)
	}
	return nil
}

// wythoffSolveMax is the largest heap solve computes: the table up to it
// takes about a second.
const wythoffSolveMax = 3000

// WythoffMove is a move in Wythoff's game: Remove tokens taken from From
// ("heap 1", "heap 2" or "both heaps"), leaving the heaps Leaves.
type WythoffMove struct {
	From   string `json:"from"`
	Remove int    `json:"remove"`
	Leaves []int  `json:"leaves"`
}

// String writes m as tabulate solve prints it: "remove 2 from heap 1
// leaving [1 5]".
func (m WythoffMove) String() string {
	return fmt.Sprintf("remove %d from %s leaving %v", m.Remove, m.From, m.Leaves)
}

// wythoffArgs reads the heaps A and B, each in [0, hi].
func wythoffArgs(game string, args []string, hi int64) (int, int, error) {
	if len(args) != 2 {
		return 0, 0, &games.ArgError{Arg: "solve " + game, Problem: "takes two heap sizes, A and B"}
	}
	a, err := games.ParseArg("A", args[0], 0, hi)
	if err != nil {
		return 0, 0, err
	}
	b, err := games.ParseArg("B", args[1], 0, hi)
	if err != nil {
		return 0, 0, err
	}
	return int(a), int(b), nil
}

// wythoffAnswer answers the position (a, b) from g, the values of a table
// that holds it and every position below it: its value, its outcome and
// every move to a position of value 0 (heap 1, then heap 2, then both, each
// by the number removed).
func wythoffAnswer(game string, g func(a, b int) (int32, error), a, b int, source string) (*games.Answer, error) {
	v, err := g(a, b)
	if err != nil {
		return nil, err
	}
	moves := []WythoffMove{}
	try := func(from string, k, x, y int) error {
		w, err := g(x, y)
		if err == nil && w == 0 {
			moves = append(moves, WythoffMove{From: from, Remove: k, Leaves: []int{x, y}})
		}
		return err
	}
	for k := 1; k <= a; k++ {
		if err := try("heap 1", k, a-k, b); err != nil {
			return nil, err
		}
	}
	for k := 1; k <= b; k++ {
		if err := try("heap 2", k, a, b-k); err != nil {
			return nil, err
		}
	}
	for k := 1; k <= min(a, b); k++ {
		if err := try("both heaps", k, a-k, b-k); err != nil {
			return nil, err
		}
	}
	return &games.Answer{Game: game, Position: []int{a, b}, Grundy: games.Int64Ptr(int64(v)), Win: v != 0, WinningMoves: moves, Source: source}, nil
}

// answerWythoff answers a position by computing the table up to its larger
// heap.
func answerWythoff(ctx context.Context, args []string) (*games.Answer, error) {
	return answerWythoffAs(ctx, "wythoff", args)
}

// answerWythoffAs is answerWythoff for the game named game (wythoff or
// wythoff-rows, whose positions are the same).
func answerWythoffAs(ctx context.Context, game string, args []string) (*games.Answer, error) {
	a, b, err := wythoffArgs(game, args, wythoff.BeattyMax)
	if err != nil {
		return nil, err
	}
	if max(a, b) > wythoffSolveMax {
		return wythoffFar(ctx, game, a, b)
	}
	t, err := wythoffSolved.get(int64(max(a, b)), wythoffSolveMax, func(top int64) (*wythoff.Table, error) {
		return wythoff.Tabulate(ctx, int(top), grundy.Options{Progress: games.ProgressOf(ctx, "computing Grundy values", "positions")})
	})
	if err != nil {
		return nil, err
	}
	return wythoffAnswer(game, t.Grundy, a, b, "computed")
}

// wythoffSolved is the table Wythoff's solver keeps between positions
// (see grown).
var wythoffSolved grown[*wythoff.Table]

// wythoffFarRows and wythoffFarBound are the rows whose proven additive
// periods give tabulate solve the value of a position past the table:
// rows 0..wythoffFarRows-1 computed to n < wythoffFarBound
// (wythoff.TabulateRows, 4·10^6 cells) and proven by wythoff.ProveRows.
const (
	wythoffFarRows  = 32
	wythoffFarBound = 1 << 17
)

// wythoffFarProofs is what wythoffFar keeps between positions: the rows and
// each row's proven period and preperiod (period 0 when not proven).
var wythoffFarProofs grown[*wythoffProvenRows]

// wythoffProvenRows are rows of Wythoff's game with their proofs.
type wythoffProvenRows struct {
	rows              *wythoff.Rows
	period, preperiod []int
}

// wythoffFar answers a position with a heap past the table: the outcome
// and the winning moves by the closed form of the losing positions
// (wythoff.Partner, the Beatty pairs, exact for heaps below 2^63), and the
// value when the smaller heap's row has a proven additive period
// (W(a, n+p) = W(a, n) + p for n >= n0, wythoff.ProveRows).
func wythoffFar(ctx context.Context, game string, a, b int) (*games.Answer, error) {
	moves := []WythoffMove{}
	for _, m := range wythoff.WinningMoves(int64(a), int64(b)) {
		from := map[int]string{0: "both heaps", 1: "heap 1", 2: "heap 2"}[m.Heap]
		moves = append(moves, WythoffMove{From: from, Remove: int(m.Remove), Leaves: []int{int(m.A), int(m.B)}})
	}
	ans := &games.Answer{Game: game, Position: []int{a, b}, Win: !wythoff.Losing(int64(a), int64(b)), WinningMoves: moves, Source: "computed"}
	row, n := min(a, b), max(a, b)
	if row < wythoffFarRows {
		pr, err := wythoffFarProofs.get(wythoffFarRows, wythoffFarRows, func(int64) (*wythoffProvenRows, error) {
			return proveFarRows(ctx, wythoffFarRows, wythoffFarBound)
		})
		if err != nil {
			return nil, err
		}
		if v, ok := pr.value(row, n); ok {
			ans.Grundy = games.Int64Ptr(v)
			ans.Note = fmt.Sprintf("outcome and moves by the losing positions' closed form (Beatty pairs); value by row %d's proven additive period %d from n = %d", row, pr.period[row], pr.preperiod[row])
			return ans, nil
		}
	}
	why := fmt.Sprintf("the smaller heap, %d, is past the rows whose proven periods solve computes (0..%d; tabulate solve --from OUT answers from a wythoff-rows run's rows)", row, wythoffFarRows-1)
	if row < wythoffFarRows {
		why = fmt.Sprintf("row %d has no period proven from its values to n < %d", row, wythoffFarBound)
	}
	ans.Note = fmt.Sprintf("grundy value not computed: %s; outcome and moves by the losing positions' closed form (Beatty pairs)", why)
	return ans, nil
}

// value returns W(row, n) when row is proven: read from the row when n is
// in it, else n plus the offset W(row, m) - m at the m of n's class
// modulo the period from the preperiod on (the offset is periodic there).
func (pr *wythoffProvenRows) value(row, n int) (int64, bool) {
	if row >= len(pr.period) || pr.period[row] == 0 {
		return 0, false
	}
	p, n0 := pr.period[row], pr.preperiod[row]
	at := n
	if n >= pr.rows.Len(row) {
		at = n0 + (n-n0)%p
	}
	return int64(n) + int64(pr.rows.Offset(row, at)), true
}

// proveFarRows computes rows 0..rows-1 to n < bound, finds each row's
// additive period and proves it as wythoff-rows does (rowPeriods).
func proveFarRows(ctx context.Context, rows, bound int) (*wythoffProvenRows, error) {
	r, err := wythoff.TabulateRows(ctx, []wythoff.Step{{Rows: rows, Bound: bound}}, grundy.Options{Progress: games.ProgressOf(ctx, "computing rows", "values")})
	if err != nil {
		return nil, err
	}
	found, err := rowPeriods(ctx, r, 0)
	if err != nil {
		return nil, err
	}
	pr := &wythoffProvenRows{rows: r, period: make([]int, len(found)), preperiod: make([]int, len(found))}
	for i, f := range found {
		if f.Status == "proven" {
			pr.period[i], pr.preperiod[i] = f.Period, f.Preperiod
		}
	}
	return pr, nil
}

// wythoffLookup answers a position from wythoff/grundy, whose rows are
// 0 <= a <= b <= max in order (wythoff.Index): the table's length gives
// max, and the row of the position is checked to hold it.
var wythoffLookup = &games.TableLookup{Table: "grundy", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		a, b, err := wythoffArgs(game, args, 1<<31-1)
		if err != nil {
			return nil, err
		}
		tab, err := wythoffReadTable(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Source("grundy"), err)
		}
		if a > tab.Max || b > tab.Max {
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("heaps %d and %d", a, b),
				Holds: fmt.Sprintf("%s holds heaps 0 to %d", t.Path("grundy"), tab.Max)}
		}
		as, err := t.Int32s("grundy", "a")
		if err != nil {
			return nil, err
		}
		bs, err := t.Int32s("grundy", "b")
		if err != nil {
			return nil, err
		}
		lo, hi := min(a, b), max(a, b)
		row := wythoff.Index(tab.Max, lo, hi)
		if len(as) != len(tab.Values) || len(bs) != len(tab.Values) || int(as[row]) != lo || int(bs[row]) != hi {
			return nil, fmt.Errorf("%s: not the table 0 <= a <= b <= %d row by row that tabulate writes", t.Source("grundy"), tab.Max)
		}
		return wythoffAnswer(game, tab.Grundy, a, b, t.Source("grundy"))
	}
}}

// wythoffReadTable reads the values of wythoff/grundy back as a table.
func wythoffReadTable(cols games.Columns) (*wythoff.Table, error) {
	g, err := cols.Int32s("grundy", "grundy")
	if err != nil {
		return nil, err
	}
	return wythoff.NewTable(g)
}

// wythoffRedraw draws the map of g(a, b) again from wythoff/grundy, and
// checks the losing positions again on the way.
func wythoffRedraw(game string, bounds json.RawMessage, cols games.Columns) (func(ctx context.Context, s games.Sink) error, []string, error) {
	var w Wythoff
	if err := json.Unmarshal(bounds, &w); err != nil {
		return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
	}
	t, err := wythoffReadTable(cols)
	if err != nil {
		return nil, nil, fmt.Errorf("%s/grundy: %w", game, err)
	}
	if t.Max != w.Max {
		return nil, nil, fmt.Errorf("%s/grundy holds heaps up to %d, its bounds say max %d", game, t.Max, w.Max)
	}
	return func(ctx context.Context, s games.Sink) error { return wythoffTables(ctx, s, game, t) }, nil, nil
}
