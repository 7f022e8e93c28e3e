package games

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/internal/stoppable"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// squares is take-a-square: a move removes a positive square number of
// stones from the pile.
var squares = Def{
	Name: "squares", Title: "take-a-square", Default: true,
	Section: func() Section { return &Squares{GrundyMax: 100000, WinMax: 100000, MovesMax: 1000} },
	Solve: &Solver{Args: "N", Help: fmt.Sprintf("take-a-square pile of N stones (0 <= N <= %d)", int64(subtraction.SquaresSolveMax)),
		Solve: solveSquares, Answer: answerSquares},
	Lookup: squaresLookup,
	Redraw: squaresRedraw,
}

// Squares bounds take-a-square.
type Squares struct {
	GrundyMax int   `yaml:"grundy_max" json:"grundy_max"` // squares/grundy: 0 <= n <= GrundyMax
	WinMax    int64 `yaml:"win_max" json:"win_max"`       // squares/p_positions: losing n <= WinMax
	MovesMax  int   `yaml:"moves_max" json:"moves_max"`   // squares/moves: 0 <= n <= min(MovesMax, GrundyMax); 0 for none
}

// SquaresMovesMax is the largest squares.moves_max: the table lists about
// 0.4·sqrt(n) moves a row on average, some 10^9 numbers at 10^7.
const SquaresMovesMax = 10_000_000

// Check keeps the bounds in what the engines accept.
func (s *Squares) Check() error {
	if err := checkRange("grundy_max", int64(s.GrundyMax), 1, 1_000_000_000); err != nil {
		return err
	}
	if err := checkRange("win_max", s.WinMax, 1, 1_000_000_000_000); err != nil {
		return err
	}
	return checkRange("moves_max", int64(s.MovesMax), 0, SquaresMovesMax)
}

// Jobs plans take-a-square: the Grundy table (with records) and the losing
// positions, which come from their own sieve so that they can go far past
// the Grundy table.
func (s *Squares) Jobs(game string, workers int) []Job {
	cfg := *s
	var (
		once   sync.Once
		values []int32
		err    error
	)
	grundyValues := func(ctx context.Context, sink Sink) ([]int32, error) {
		once.Do(func() {
			values, err = subtraction.Values(ctx, subtraction.Squares(), cfg.GrundyMax,
				grundy.Options{Workers: sink.Workers(), Progress: sink.Progress("computing Grundy values", "n")})
		})
		return values, err
	}
	n := float64(cfg.GrundyMax)
	w := float64(cfg.WinMax)
	// Beside the engine: the period search's working array (4 bytes a
	// value) and the writers.
	return []Job{
		{Table: "grundy", Memory: subtraction.Memory(subtraction.Squares(), cfg.GrundyMax) + 4*int64(cfg.GrundyMax+1) + writing(int64(cfg.GrundyMax+1), 13),
			Cost: n * math.Sqrt(n) / 1e9, Run: func(ctx context.Context, sink Sink) error {
				g, err := grundyValues(ctx, sink)
				if err != nil {
					return err
				}
				if err := squaresGrundyTables(ctx, sink, g); err != nil {
					return err
				}
				if cfg.MovesMax == 0 {
					return nil
				}
				return squaresMovesTable(ctx, sink, g[:min(cfg.MovesMax, cfg.GrundyMax)+1])
			}},
		{Table: "p_positions", Memory: subtraction.LosingMemory(subtraction.Squares(), cfg.WinMax) + writing(cfg.WinMax, 8),
			Cost: math.Pow(w, 1.2) / 1e9, Run: func(ctx context.Context, sink Sink) error {
				return squaresLosingTable(ctx, sink, cfg.WinMax)
			}},
	}
}

// squaresGrundyTables writes squares/grundy and squares/records, their
// figure, and the findings on Grundy values.
func squaresGrundyTables(ctx context.Context, s Sink, g []int32) error {
	t := output.Table{Game: "squares", Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	err := s.Table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		ns := make([]int64, 0, batchRows)
		ws := make([]bool, 0, batchRows)
		for start := 0; start < len(g); start += batchRows {
			end := min(len(g), start+batchRows)
			ns, ws = ns[:0], ws[:0]
			for i := start; i < end; i++ {
				ns = append(ns, int64(i))
				ws = append(ws, g[i] != 0)
			}
			if err := emit(output.Batch{ns, g[start:end], ws}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	records, err := stoppable.Do(ctx, func() ([]analysis.Record, error) { return analysis.Records(g), nil })
	if err != nil {
		return err
	}
	rt := output.Table{Game: "squares", Name: "records",
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
	if err != nil {
		return err
	}

	seq := g
	s.Phase("looking for a period", "", 0)
	period, err := stoppable.Do(ctx, func() (analysis.Period, error) { return analysis.FindPeriod(seq), nil })
	if err != nil {
		return err
	}
	last := records[len(records)-1]
	// No theorem bounds the period of an infinite subtraction set: say so,
	// and say proven: false rather than leave the key out.
	pf, notProven := NewPeriod(period, nil), false
	pf.Proven, pf.Proof = &notProven, "no periodicity theorem applies to an infinite subtraction set"
	s.Finding("grundy", Values{Values: len(g), Largest: last.Grundy, LargestFirstN: last.FirstN,
		Records: len(records), Period: pf})
	return s.Figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter("Take-a-square: Grundy value g(n)", "n", seq)
	})
}

// growthPoints is how many points of the count of losing positions the
// growth figure and the fit sample.
const growthPoints = 60

// squaresLosingTable writes squares/p_positions from the sieve, streamed,
// with the growth figure and the power-law fit.
func squaresLosingTable(ctx context.Context, s Sink, max int64) error {
	return squaresLosingFrom(ctx, s, max, func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error {
		return subtraction.Losing(ctx, subtraction.Squares(), max, opts, emit)
	})
}

// squaresLosingFrom is squaresLosingTable with the losing positions up to
// max streamed, ascending, by losing: the sieve, or (Redraw) the table.
func squaresLosingFrom(ctx context.Context, s Sink, max int64, losing func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error) error {
	// As a b-file, the k-th losing position for k = 1, 2, ...: OEIS
	// A030193, whose offset is 1.
	t := output.Table{Game: "squares", Name: "p_positions",
		Columns:  []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
		Sequence: &output.Sequence{Value: "n", First: 1},
	}
	// The count of losing positions up to x on analysis.CountCurve's grid,
	// summed over the streamed batches (each counted by CountCurve), so
	// that no list of them is kept.
	xs, counts := analysis.CountCurve(nil, max, growthPoints)
	var count int64
	s.Phase("sieving", "n", max)
	err := s.Table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		opts := grundy.Options{Workers: s.Workers(), Progress: func(done, total int64) { s.Set(done) }}
		return losing(ctx, opts,
			func(losing []int64) error {
				_, c := analysis.CountCurve(losing, max, growthPoints)
				for i := range c {
					counts[i] += c[i]
				}
				count += int64(len(losing))
				return emitColumn(emit, losing)
			})
	})
	if err != nil {
		return err
	}
	finding := Losing{UpTo: max, Count: count}
	// Fit where the count is past its small-number start.
	var fx, fy []float64
	for i := range xs {
		if xs[i] >= 1000 && counts[i] > 0 {
			fx, fy = append(fx, xs[i]), append(fy, counts[i])
		}
	}
	fit, ferr := analysis.FitPowerLaw(fx, fy)
	if ferr == nil {
		finding.Fit = &Fit{C: fit.C, Alpha: fit.Alpha, XMin: fit.XMin, XMax: fit.XMax, Points: fit.Points, R2: fit.R2}
	} else {
		finding.NoFit = "not enough range to fit (needs win_max > 1000)"
	}
	s.Finding("losing", finding)
	if ferr != nil {
		return nil
	}
	return s.Figure(ctx, "p_growth", func() (*plot.Plot, error) {
		return plots.PowerLawGrowth("Take-a-square: losing positions up to x", xs, counts, fit)
	})
}

// solveSquares answers one pile: its Grundy value (up to
// subtraction.SquaresSolveGrundyMax), its outcome and every winning removal.
func solveSquares(ctx context.Context, args []string, w io.Writer) error {
	if len(args) != 1 {
		return &ArgError{Arg: "solve squares", Problem: "takes one number N"}
	}
	n, err := ParseArg("N", args[0], 0, subtraction.SquaresSolveMax)
	if err != nil {
		return err
	}
	a, err := subtraction.SolveSquares(ctx, n, grundy.Options{Progress: ProgressOf(ctx, "computing", "n")})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "take-a-square, n = %d\n", n)
	if a.Grundy >= 0 {
		fmt.Fprintf(w, "grundy value: %d\n", a.Grundy)
	} else {
		fmt.Fprintf(w, "grundy value: not computed (n > %d needs the whole Grundy table; run tabulate run with squares.grundy_max)\n", subtraction.SquaresSolveGrundyMax)
	}
	fmt.Fprintf(w, "outcome: %s\n", outcomeText(a.Win))
	var moves []string
	for _, m := range a.WinningMoves {
		moves = append(moves, fmt.Sprintf("remove %d (leaves %d)", m, n-m))
	}
	fmt.Fprintf(w, "winning moves: %s\n", listOrNone(moves))
	return nil
}

// squaresMovesTable writes squares/moves: for each n of g, every winning
// move as the number of stones removed (the k² with g(n-k²) = 0), an empty
// list for a losing n.
func squaresMovesTable(ctx context.Context, s Sink, g []int32) error {
	t := output.Table{Game: "squares", Name: "moves",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "winning_moves", Type: output.Int32List},
		},
	}
	return s.Table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(g); start += batchRows {
			end := min(len(g), start+batchRows)
			ns := make([]int64, 0, end-start)
			moves := make([][]int32, 0, end-start)
			for n := start; n < end; n++ {
				m := []int32{}
				for k := 1; k*k <= n; k++ {
					if g[n-k*k] == 0 {
						m = append(m, int32(k*k))
					}
				}
				ns, moves = append(ns, int64(n)), append(moves, m)
			}
			if err := emit(output.Batch{ns, moves}); err != nil {
				return err
			}
		}
		return nil
	})
}

// answerSquares answers one take-a-square pile by computing it.
func answerSquares(ctx context.Context, args []string) (*Answer, error) {
	if len(args) != 1 {
		return nil, &ArgError{Arg: "solve squares", Problem: "takes one number N"}
	}
	n, err := ParseArg("N", args[0], 0, subtraction.SquaresSolveMax)
	if err != nil {
		return nil, err
	}
	a, err := subtraction.SolveSquares(ctx, n, grundy.Options{Progress: ProgressOf(ctx, "computing", "n")})
	if err != nil {
		return nil, err
	}
	ans := &Answer{Game: "squares", Position: n, Win: a.Win, WinningMoves: append([]int64{}, a.WinningMoves...), Source: "computed"}
	if a.Grundy >= 0 {
		ans.Grundy = int64p(int64(a.Grundy))
	}
	return ans, nil
}

// squaresLookup answers a pile from the tables of a run: from squares/grundy
// when n is in it, else from squares/p_positions (outcome and winning
// moves, no Grundy value), which reaches to its bound win_max.
var squaresLookup = &TableLookup{Table: "grundy", Open: func(game string, t Tables) func(ctx context.Context, args []string) (*Answer, error) {
	return func(ctx context.Context, args []string) (*Answer, error) {
		if len(args) != 1 {
			return nil, &ArgError{Arg: "solve " + game, Problem: "takes one number N"}
		}
		n, err := ParseArg("N", args[0], 0, 1<<62)
		if err != nil {
			return nil, err
		}
		g, err := t.Int32s("grundy", "grundy")
		if err != nil {
			return nil, err
		}
		if n < int64(len(g)) {
			moves := []int64{}
			for k := int64(1); k*k <= n; k++ {
				if g[n-k*k] == 0 {
					moves = append(moves, k*k)
				}
			}
			v := int64(g[n])
			return &Answer{Game: game, Position: n, Grundy: &v, Win: v != 0, WinningMoves: moves, Source: t.Source("grundy")}, nil
		}
		holds := fmt.Sprintf("%s holds n = 0 to %d", t.Path("grundy"), len(g)-1)
		winMax, ok, err := t.Bound("p_positions", "win_max")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n), Holds: holds}
		}
		if n > winMax {
			return nil, &BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n),
				Holds: fmt.Sprintf("%s; %s every losing n up to %d", holds, t.Path("p_positions"), winMax)}
		}
		losing, err := t.Int64s("p_positions", "n")
		if err != nil {
			return nil, err
		}
		isLosing := func(x int64) bool { _, found := slices.BinarySearch(losing, x); return found }
		moves := []int64{}
		for k := int64(1); k*k <= n; k++ {
			if isLosing(n - k*k) {
				moves = append(moves, k*k)
			}
		}
		return &Answer{Game: game, Position: n, Win: !isLosing(n), WinningMoves: moves, Source: t.Source("p_positions")}, nil
	}
}}

// squaresRedraw draws take-a-square's figures again from squares/grundy and
// squares/p_positions.
func squaresRedraw(game string, bounds json.RawMessage, cols Columns) (func(ctx context.Context, s Sink) error, []string, error) {
	var b Squares
	if err := json.Unmarshal(bounds, &b); err != nil {
		return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
	}
	g, err := cols.Int32s("grundy", "grundy")
	if err != nil {
		return nil, nil, err
	}
	losing, err := cols.Int64s("p_positions", "n")
	if err != nil {
		return nil, nil, err
	}
	return func(ctx context.Context, s Sink) error {
		if err := squaresGrundyTables(ctx, s, g); err != nil {
			return err
		}
		return squaresLosingFrom(ctx, s, b.WinMax, func(ctx context.Context, opts grundy.Options, emit func([]int64) error) error {
			return emit(losing)
		})
	}, nil, nil
}
