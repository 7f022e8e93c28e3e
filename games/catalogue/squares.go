package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/output"
)

// squares is take-a-square: a move removes a positive square number of
// stones from the pile.
var squares = games.Def{
	Name: "squares", Title: "take-a-square", Default: true,
	Section: func() games.Section { return &Squares{GrundyMax: 100000, WinMax: 100000, MovesMax: DefaultMovesMax} },
	Solve: &games.Solver{Args: "N...", Help: fmt.Sprintf("take-a-square pile of N stones (0 <= N <= %d), or several piles (their sum, each at most %d)", int64(subtraction.SquaresSolveMax), subtraction.SquaresSolveGrundyMax),
		Answer: answerSquares, Examples: []string{"20", "0", "2", "100", "1000", "20 7 5"}},
	TableLookup:       squaresLookup,
	Redraw:            squaresRedraw,
	Misere:            squaresHeap().MisereSolver("squares"),
	MisereTableLookup: squaresHeap().MisereTableLookup(),
}

// Squares bounds take-a-square.
type Squares struct {
	GrundyMax     int   `yaml:"grundy_max" json:"grundy_max"` // squares/grundy: 0 <= n <= GrundyMax
	WinMax        int64 `yaml:"win_max" json:"win_max"`       // squares/p_positions: losing n <= WinMax
	MovesMax      int   `yaml:"moves_max" json:"moves_max"`   // squares/moves: 0 <= n <= min(MovesMax, GrundyMax); 0 for none
	heapgame.Play `yaml:",inline"`
}

// SquaresMovesMax is the largest squares.moves_max: the table lists about
// 0.4·sqrt(n) moves a row on average, some 10^9 numbers at 10^7.
const SquaresMovesMax = 10_000_000

// Check keeps the bounds in what the engines accept.
func (s *Squares) Check() error {
	if err := games.CheckRange("grundy_max", int64(s.GrundyMax), 1, 1_000_000_000); err != nil {
		return err
	}
	if err := games.CheckRange("win_max", s.WinMax, 1, 1_000_000_000_000); err != nil {
		return err
	}
	if err := games.CheckRange("moves_max", int64(s.MovesMax), 0, SquaresMovesMax); err != nil {
		return err
	}
	return s.Play.Check()
}

// squaresHeap is take-a-square as the registered game squares: the
// subtraction game of the squares (a Growth game: GAME/records, the b-file
// of the losing positions, their power law and p_growth), the name of the
// registered game saying its rules (no tabulate.rules metadata, no finding
// "rules").
func squaresHeap() heapgame.Heap {
	h := heapgame.Subtraction(subtraction.Squares())
	h.Rules = ""
	return h
}

// Jobs plans take-a-square: the subtraction game of the squares to
// grundy_max, its losing positions from their own sieve to win_max (which
// may be far past the Grundy table), and squares/moves.
func (s *Squares) Jobs(game string, workers int) []games.Job {
	cfg := *s
	h := squaresHeap()
	h.Play = cfg.Play
	if cfg.MovesMax > 0 {
		h.Extra = func(ctx context.Context, sink games.Sink, game string, g []int32) error {
			return movesTable(ctx, sink, game, subtraction.Squares(), g[:min(cfg.MovesMax, cfg.GrundyMax)+1])
		}
	}
	return h.PlanTo(game, cfg.GrundyMax, cfg.WinMax)
}

// movesTable writes GAME/moves of a subtraction game (take-a-square's
// squares/moves among them): for each n of g, every winning move as the
// number of tokens removed (the x of set, ascending, with g(n-x) = 0), an
// empty list for a losing n. Each row takes the shorter way: the members
// x <= n, or the losing heaps m < n (descending, so x ascending) with
// n-m in the set; so a dense set with sparse losing heaps (all-but games)
// costs O(losing heaps), not O(n), a row. Memory: the members up to
// len(g) (8 bytes each), one byte a heap for membership, the losing heaps.
func movesTable(ctx context.Context, s games.Sink, game string, set subtraction.Set, g []int32) error {
	t := output.Table{Game: game, Name: "moves",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "winning_moves", Type: output.Int32List},
		},
	}
	members := set.Members(len(g) - 1)
	in := make([]bool, len(g))
	for _, x := range members {
		in[x] = true
	}
	var losing []int
	for m, v := range g {
		if v == 0 {
			losing = append(losing, m)
		}
	}
	return s.Table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		below, upTo := 0, 0 // losing heaps < n, members <= n
		for start := 0; start < len(g); start += heapgame.BatchRows {
			end := min(len(g), start+heapgame.BatchRows)
			ns := make([]int64, 0, end-start)
			moves := make([][]int32, 0, end-start)
			for n := start; n < end; n++ {
				for below < len(losing) && losing[below] < n {
					below++
				}
				for upTo < len(members) && members[upTo] <= n {
					upTo++
				}
				m := []int32{}
				if upTo <= below {
					for _, x := range members[:upTo] {
						if g[n-x] == 0 {
							m = append(m, int32(x))
						}
					}
				} else {
					for i := below - 1; i >= 0; i-- {
						if x := n - losing[i]; in[x] {
							m = append(m, int32(x))
						}
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
func answerSquares(ctx context.Context, args []string) (*games.Answer, error) {
	if len(args) > 1 {
		return squaresSum(ctx, args)
	}
	if len(args) != 1 {
		return nil, &games.ArgError{Arg: "solve squares", Problem: "takes one pile N, or several (their sum)"}
	}
	n, err := games.ParseArg("N", args[0], 0, subtraction.SquaresSolveMax)
	if err != nil {
		return nil, err
	}
	if n <= subtraction.SquaresSolveGrundyMax {
		// The Grundy values to n, kept for the next position: its value,
		// and a move wins when it leaves value 0.
		g, err := squaresValues(ctx, n)
		if err != nil {
			return nil, err
		}
		moves := []int64{}
		for k := int64(1); k*k <= n; k++ {
			if g[n-k*k] == 0 {
				moves = append(moves, k*k)
			}
		}
		return squaresAnswer("squares", n, games.Int64Ptr(int64(g[n])), g[n] != 0, moves, "computed"), nil
	}
	// Past the Grundy values: the losing positions to n (the sieve), kept
	// for the next position.
	losing, err := squaresLosing.get(n, subtraction.SquaresSolveMax, func(top int64) ([]int64, error) {
		var l []int64
		err := subtraction.Losing(ctx, subtraction.Squares(), top, grundy.Options{Progress: games.ProgressOf(ctx, "computing", "n")}, func(b []int64) error {
			l = append(l, b...)
			return nil
		})
		return l, err
	})
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
	ans := squaresAnswer("squares", n, nil, !isLosing(n), moves, "computed")
	ans.Note = fmt.Sprintf("grundy value not computed: n > %d needs the whole Grundy table; run tabulate run with squares.grundy_max", subtraction.SquaresSolveGrundyMax)
	return ans, nil
}

// squaresGrundy and squaresLosing are what take-a-square's solver keeps
// between positions (see grown): the Grundy values, to at most
// subtraction.SquaresSolveGrundyMax, and the losing positions past them, to
// at most subtraction.SquaresSolveMax.
var (
	squaresGrundy grown[[]int32]
	squaresLosing grown[[]int64]
)

// squaresValues returns take-a-square's Grundy values to at least n (n <=
// subtraction.SquaresSolveGrundyMax), kept between positions.
func squaresValues(ctx context.Context, n int64) ([]int32, error) {
	return squaresGrundy.get(n, subtraction.SquaresSolveGrundyMax, func(top int64) ([]int32, error) {
		return subtraction.Values(ctx, subtraction.Squares(), int(top), grundy.Options{Progress: games.ProgressOf(ctx, "computing", "n")})
	})
}

// squaresAnswer is the answer for a pile of n, computed or read from the
// tables: its value (nil when unknown), outcome and the winning removals
// of k² stones, as the moves of every heap game (HeapMove).
func squaresAnswer(game string, n int64, g *int64, win bool, removals []int64, source string) *games.Answer {
	moves := []heapgame.HeapMove{}
	for _, k := range removals {
		moves = append(moves, heapgame.HeapMove{Remove: int(k), Leaves: []int{int(n - k)}})
	}
	return &games.Answer{Game: game, Position: n, Grundy: g, Win: win, WinningMoves: moves, Source: source}
}

// squaresLookup answers a pile from the tables of a run: from squares/grundy
// when n is in it, else from squares/p_positions (outcome and winning
// moves, no Grundy value), which reaches to its bound win_max.
var squaresLookup = &games.TableLookup{Table: "grundy", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		if len(args) > 1 {
			// A sum of piles: from the Grundy values alone.
			return squaresHeap().TableLookup().Open(game, t)(ctx, args)
		}
		if len(args) != 1 {
			return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one pile N, or several (their sum)"}
		}
		n, err := games.ParseArg("N", args[0], 0, 1<<62)
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
			return squaresAnswer(game, n, &v, v != 0, moves, t.Source("grundy")), nil
		}
		holds := fmt.Sprintf("%s holds n = 0 to %d", t.Path("grundy"), len(g)-1)
		winMax, ok, err := t.Bound("p_positions", "win_max")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n), Holds: holds}
		}
		if n > winMax {
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n),
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
		a := squaresAnswer(game, n, nil, !isLosing(n), moves, t.Source("p_positions"))
		a.Note = fmt.Sprintf("grundy value not in the tables: %s holds n = 0 to %d", t.Path("grundy"), len(g)-1)
		return a, nil
	}
}}

// squaresRedraw draws take-a-square's figures again from squares/grundy and
// squares/p_positions, which reaches win_max.
var squaresRedraw = squaresHeap().RedrawTo(func(bounds json.RawMessage) (int64, error) {
	var b Squares
	if err := json.Unmarshal(bounds, &b); err != nil {
		return 0, err
	}
	return b.WinMax, nil
})

// squaresSum answers a position of several take-a-square piles, their
// sum, by computing the Grundy values up to the largest (at most
// subtraction.SquaresSolveGrundyMax): their XOR, and every move of one
// pile that leaves XOR 0.
func squaresSum(ctx context.Context, args []string) (*games.Answer, error) {
	heaps, err := heapgame.ParseHeaps64("squares", args, subtraction.SquaresSolveGrundyMax)
	if err != nil {
		return nil, err
	}
	h := squaresHeap()
	g, err := squaresValues(ctx, slices.Max(heaps))
	if err != nil {
		return nil, err
	}
	return h.AnswerValues("squares", g, heaps, "computed", heapgame.MaxMovesOf(ctx)), nil
}
