package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// Flip Game II under misère play (play: misere or both in the flip
// section): the player who cannot flip wins. A board is the sum of its
// runs of '+', each a heap of the octal game 0.07 (flipping inside a run
// of n removes two and leaves both sides), so its misère outcome is that
// of the sum, which the misère quotient of 0.07 over the heaps up to the
// board length decides (misere.QuotientOf: a board loses for the player to
// move exactly when the product of its runs' elements is in the
// P-portion).

// FlipMisereMax is the largest misere_max of flip: boards up to 20 give
// 2^21 rows of flip/misere_boards; Dawson's Kayles' quotient reaches heap
// 33 (docs/misere.md), far from the bound.
const FlipMisereMax = 20

// DefaultFlipMisereMax is flip's misere_max when it is not set.
const DefaultFlipMisereMax = 16

// checkMisere accepts play (normal, misere, both) and misere_max (1 to
// FlipMisereMax) only with misère play.
func (f *Flip) checkMisere() error {
	p := heapgame.Play{Play: f.Play}
	if err := p.Check(); err != nil {
		return err
	}
	if f.MisereMax != 0 {
		if !p.Misere() {
			return &games.KeyError{Key: "misere_max", Value: strconv.Itoa(f.MisereMax), Problem: "is set but play is normal", Allowed: "misere_max with play: misere or play: both"}
		}
		return games.CheckRange("misere_max", int64(f.MisereMax), 1, FlipMisereMax)
	}
	return nil
}

// misereMax is the board length of the misère tables.
func (f *Flip) misereMax() int {
	if f.MisereMax > 0 {
		return f.MisereMax
	}
	return DefaultFlipMisereMax
}

// misereJobs plans flip/misere_positions and flip/misere_boards under
// misère play (none under normal play), sharing one quotient.
func (f *Flip) misereJobs() []games.Job {
	if !(heapgame.Play{Play: f.Play}).Misere() {
		return nil
	}
	n := f.misereMax()
	var once sync.Once
	var q *misere.Quotient
	var qErr error
	quotient := func(ctx context.Context) (*misere.Quotient, error) {
		once.Do(func() {
			code, err := octal.Parse("0.07")
			if err != nil {
				qErr = err
				return
			}
			q, qErr = misere.QuotientOf(ctx, misere.Octal(code), n, misere.QuotientLimits{})
		})
		return q, qErr
	}
	positions := flip.PositionCount(n)
	boards := int64(1)<<(n+1) - 2
	return []games.Job{
		{Table: "misere_positions", Memory: heapgame.QuotientMemory(misere.DefaultMaxOrder) + flip.PositionsMemory(n, 1) + games.WriteMemory(positions, 4*int64(n)/3+9), Cost: float64(positions) / 1e6,
			Run: func(ctx context.Context, s games.Sink) error {
				q, err := quotient(ctx)
				if err != nil {
					return err
				}
				return flipMiserePositions(ctx, s, n, positions, q)
			}},
		{Table: "misere_boards", Memory: heapgame.QuotientMemory(misere.DefaultMaxOrder) + flip.BoardsMemory(n) + games.WriteMemory(boards, int64(n)+25), Cost: float64(boards) / 1e6,
			Run: func(ctx context.Context, s games.Sink) error {
				q, err := quotient(ctx)
				if err != nil {
					return err
				}
				return flipMisereBoards(ctx, s, n, boards, q)
			}},
	}
}

// flipMiserePositions writes flip/misere_positions: every multiset of runs
// of 2 or more '+' on boards of length up to n (the rows of flip/positions
// of that bound), its shortest board's length and its misère outcome.
func flipMiserePositions(ctx context.Context, s games.Sink, n int, count int64, q *misere.Quotient) error {
	runG, err := flip.RunValues(ctx, n)
	if err != nil {
		return err
	}
	t := output.Table{Game: "flip", Name: "misere_positions",
		Metadata: []output.KeyValue{{Key: "tabulate.play", Value: games.PlayMisere}},
		Columns: []output.Column{
			{Name: "runs", Type: output.Int32List},
			{Name: "length", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
	}
	var firstWins, done int64
	s.Phase("enumerating positions (misère play)", "positions", count)
	err = s.Table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		return flip.Positions(ctx, n, runG, grundy.Options{Workers: 1}, func(ps []flip.Position) error {
			runs, lengths, wins := make([][]int32, len(ps)), make([]int32, len(ps)), make([]bool, len(ps))
			for i, p := range ps {
				x := 0
				for _, r := range p.Runs {
					x = q.Mul(x, q.Heap(int(r)))
				}
				runs[i], lengths[i], wins[i] = p.Runs, p.Length, !q.IsP(x)
				if wins[i] {
					firstWins++
				}
			}
			done += int64(len(ps))
			s.Set(done)
			return emit(output.Batch{runs, lengths, wins})
		})
	})
	if err != nil {
		return err
	}
	s.Finding("misere_positions", games.Wins{What: fmt.Sprintf("positions on boards of length <= %d under misère play", n), Count: done, FirstPlayerWins: firstWins, SecondPlayerWins: done - firstWins})
	return nil
}

// flipMisereBoards writes flip/misere_boards: every board of length 1..n
// (in the order of flip/boards), its misère outcome and its winning moves
// (indices i where flipping board[i:i+2] leaves a board the opponent
// loses).
func flipMisereBoards(ctx context.Context, s games.Sink, n int, rows int64, q *misere.Quotient) error {
	runG, err := flip.RunValues(ctx, n)
	if err != nil {
		return err
	}
	t := output.Table{Game: "flip", Name: "misere_boards",
		Metadata: []output.KeyValue{{Key: "tabulate.play", Value: games.PlayMisere}},
		Columns: []output.Column{
			{Name: "board", Type: output.String, Sorted: true},
			{Name: "win", Type: output.Bool},
			{Name: "winning_moves", Type: output.Int32List},
		},
	}
	var firstWins int64
	err = s.Table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		var wins []bool
		var moves [][]int32
		return flip.Boards(ctx, n, runG, func(boards []string, _ []int32) error {
			wins, moves = wins[:0], moves[:0]
			for _, b := range boards {
				w, m := flipMisereBoard(b, q)
				wins, moves = append(wins, w), append(moves, m)
				if w {
					firstWins++
				}
			}
			return emit(output.Batch{boards, wins, moves})
		})
	})
	if err != nil {
		return err
	}
	s.Finding("misere_boards", games.Wins{What: fmt.Sprintf("boards of length 1 to %d under misère play", n), Count: rows, FirstPlayerWins: firstWins, SecondPlayerWins: rows - firstWins})
	return nil
}

// flipMisereBoard decides a board (runs up to q.Max()) under misère play by
// the quotient q of 0.07, with its winning moves ascending: the move at
// start+a in a run of r starting at start leaves runs a and r-2-a, the
// rest unchanged, so it wins exactly when rest·Φ(a)·Φ(r-2-a) is in P,
// rest the product of the other runs.
func flipMisereBoard(board string, q *misere.Quotient) (bool, []int32) {
	type run struct{ start, len int }
	var runs []run
	x := 0
	for i := 0; i < len(board); {
		if board[i] != '+' {
			i++
			continue
		}
		j := i
		for j < len(board) && board[j] == '+' {
			j++
		}
		runs = append(runs, run{i, j - i})
		x = q.Mul(x, q.Heap(j-i))
		i = j
	}
	moves := []int32{}
	if q.IsP(x) {
		return false, moves
	}
	for k, r := range runs {
		rest := 0
		for l, o := range runs {
			if l != k {
				rest = q.Mul(rest, q.Heap(o.len))
			}
		}
		for a := 0; a <= r.len-2; a++ {
			if q.IsP(q.Mul(rest, q.Mul(q.Heap(a), q.Heap(r.len-2-a)))) {
				moves = append(moves, int32(r.start+a))
			}
		}
	}
	return true, moves
}

// flipMisere is Flip Game II under misère play (tabulate solve --misere
// flip BOARD): the player who cannot flip "++" to "--" wins. A board is the
// sum of its runs of '+', each a heap of the octal game 0.07 (flipping
// inside a run of n removes 2 and leaves the two sides, either of which may
// be empty), so misère play of the board is misère play of that sum.
var flipMisere = func() *games.Solver {
	dawson, err := octal.Parse("0.07")
	if err != nil {
		panic("games: 0.07 is not an octal code: " + err.Error()) // a constant: a bug, not an input
	}
	m := heapgame.NewMisereSearch(misere.Octal(dawson))
	return &games.Solver{Args: "BOARD", WholeLine: true,
		Help: fmt.Sprintf("Flip Game II board under misère play (who cannot flip wins), runs of at most %d '+'", heapgame.MisereSolveMax),
		Answer: func(ctx context.Context, args []string) (*games.Answer, error) {
			if len(args) != 1 {
				return nil, &games.ArgError{Arg: "solve flip", Problem: "takes one board, such as ++-++ (quote it in the shell if needed)"}
			}
			board := args[0]
			runs, err := flip.ParseBoard(board)
			if err != nil {
				var be *flip.BoardError
				if errors.As(err, &be) {
					return nil, &games.ArgError{Arg: "board", Value: games.ShortQuote(board), Problem: fmt.Sprintf("has the character %q at position %d (0-based)", be.Char, be.Pos), Allowed: "only '+' and '-'"}
				}
				return nil, err
			}
			heaps := make([]int, len(runs))
			for i, r := range runs {
				if r.Len > heapgame.MisereSolveMax {
					return nil, &games.ArgError{Arg: "board", Value: games.ShortQuote(board), Problem: fmt.Sprintf("has a run of %d '+' at index %d", r.Len, r.Start),
						Allowed: fmt.Sprintf("runs of at most %d '+' under misère play", heapgame.MisereSolveMax)}
				}
				heaps[i] = r.Len
			}
			a, quotient, err := m.Solve(ctx, heaps)
			if err != nil {
				return nil, err
			}
			// A move at index Start+j of a run of n leaves runs of j and
			// n-2-j: the option {j, n-2-j} without its empty sides.
			win := map[string]bool{}
			for _, mv := range a.Moves {
				win[fmt.Sprint(mv.Heap, mv.Option)] = true
			}
			moves := []int{}
			for _, r := range runs {
				for j := 0; j+2 <= r.Len; j++ {
					opt := []int{}
					for _, side := range []int{min(j, r.Len-2-j), max(j, r.Len-2-j)} {
						if side > 0 {
							opt = append(opt, side)
						}
					}
					if win[fmt.Sprint(r.Len, opt)] {
						moves = append(moves, r.Start+j)
					}
				}
			}
			return &games.Answer{Game: "flip", Position: board, Win: a.Win, WinningMoves: moves, Play: games.PlayMisere, Method: string(a.Method), Quotient: quotient, Source: "computed"}, nil
		},
		Examples: []string{"++++", "+++++-++", "", "++++++++++"}}
}()
