package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// flipMaxRemove is the most tokens one move of the octal game 0.07 removes,
// the t of the Guy–Smith periodicity theorem.
const flipMaxRemove = 2

// flip is Flip Game II: a move turns "++" into "--".
var flipGame = games.Def{
	Name: "flip", Title: "Flip Game II", Default: true,
	Section: func() games.Section { return &Flip{RunMax: 1000, PositionMax: 60, CountMax: 60, BoardMax: 20} },
	Solve: &games.Solver{Args: "BOARD", Help: "Flip Game II board of '+' and '-', any length", WholeLine: true, Answer: answerFlip,
		Examples: []string{"++++", "+-++-+++", "", "--", "+++++-++++++"}},
	TableLookup: flipLookup,
	Redraw:      flipRedraw,
	Misere:      flipMisere,
}

// Flip bounds Flip Game II.
type Flip struct {
	RunMax      int `yaml:"run_max" json:"run_max"`           // flip/run_grundy: runs 0..RunMax
	PositionMax int `yaml:"position_max" json:"position_max"` // flip/positions: boards of length <= PositionMax
	CountMax    int `yaml:"count_max" json:"count_max"`       // flip/board_counts: lengths 0..CountMax
	BoardMax    int `yaml:"board_max" json:"board_max"`       // flip/boards: lengths 1..BoardMax
	// FlipPlay: play and misere_max (games/catalogue/flipmisere.go).
	FlipPlay `yaml:",inline"`
}

// FlipPlay is the play convention of flip: Play is normal (the default:
// the four tables of Flip), misere (flip/misere_positions and
// flip/misere_boards) or both; MisereMax bounds the board length of the
// misère tables. Unset, it writes nothing to a manifest's bounds.
type FlipPlay struct {
	Play      string `yaml:"play" json:"play,omitempty"`
	MisereMax int    `yaml:"misere_max" json:"misere_max,omitempty"`
}

// Check keeps the bounds in what the engines accept.
func (f *Flip) Check() error {
	for _, c := range []struct {
		key    string
		v, max int
	}{{"run_max", f.RunMax, 1_000_000}, {"position_max", f.PositionMax, 100}, {"count_max", f.CountMax, flip.CountMax}, {"board_max", f.BoardMax, 26}} {
		if err := games.CheckRange(c.key, int64(c.v), 1, int64(c.max)); err != nil {
			return err
		}
	}
	return f.checkMisere()
}

// Jobs plans Flip Game II: the run sequence (with its period proof), the
// distinct positions, the exact counts by length and the literal boards.
func (f *Flip) Jobs(game string, workers int) []games.Job {
	cfg := *f
	misereJobs := cfg.misereJobs()
	if !(heapgame.Play{Play: cfg.Play}).Normal() {
		return misereJobs
	}
	runs := max(cfg.RunMax, cfg.PositionMax, cfg.CountMax, cfg.BoardMax)
	// The run values are computed once, by the first job to need them, under
	// that job's context (every job shares the run's), so Ctrl-C stops it.
	var once sync.Once
	var values []int32
	var valuesErr error
	runValues := func(ctx context.Context) ([]int32, error) {
		once.Do(func() { values, valuesErr = flip.RunValues(ctx, runs) })
		return values, valuesErr
	}
	// withValues runs write with the run values once they are there.
	withValues := func(write func(ctx context.Context, s games.Sink, g []int32) error) func(context.Context, games.Sink) error {
		return func(ctx context.Context, s games.Sink) error {
			g, err := runValues(ctx)
			if err != nil {
				return err
			}
			return write(ctx, s, g)
		}
	}
	positions := flip.PositionCount(cfg.PositionMax)
	return append([]games.Job{
		// The run values (shared by the four jobs), the period search's
		// working array and the writers.
		{Table: "run_grundy", Memory: 12*int64(runs+1) + games.WriteMemory(int64(runs+1), 8), Cost: float64(runs) * float64(runs) / 1e9,
			Run: withValues(func(ctx context.Context, s games.Sink, g []int32) error {
				return flipRunTable(ctx, s, g[:cfg.RunMax+1])
			})},
		{Table: "positions", Memory: flip.PositionsMemory(cfg.PositionMax, workers) + games.WriteMemory(positions, 4*int64(cfg.PositionMax)/3+17), Cost: float64(positions) / 1e6,
			Run: withValues(func(ctx context.Context, s games.Sink, g []int32) error {
				return flipPositionsTable(ctx, s, cfg.PositionMax, positions, g)
			})},
		{Table: "board_counts", Memory: 1 << 20, Cost: 0,
			Run: withValues(func(ctx context.Context, s games.Sink, g []int32) error {
				return flipCountsTable(ctx, s, cfg.CountMax, g)
			})},
		{Table: "boards", Memory: flip.BoardsMemory(cfg.BoardMax) + games.WriteMemory(int64(2)<<cfg.BoardMax, int64(cfg.BoardMax)+25), Cost: float64(int64(1)<<cfg.BoardMax) / 1e6,
			Run: withValues(func(ctx context.Context, s games.Sink, g []int32) error {
				return flipBoardsTable(ctx, s, cfg.BoardMax, g)
			})},
	}, misereJobs...)
}

// flipRunTable writes flip/run_grundy, proves its period and draws it.
func flipRunTable(ctx context.Context, s games.Sink, g []int32) error {
	t := output.Table{Game: "flip", Name: "run_grundy",
		Columns: []output.Column{
			{Name: "length", Type: output.Int32, Sorted: true},
			{Name: "grundy", Type: output.Int32},
		},
		Sequence: &output.Sequence{Index: "length", Value: "grundy"},
	}
	err := s.Table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(g); start += heapgame.BatchRows {
			end := min(len(g), start+heapgame.BatchRows)
			lengths := make([]int32, end-start)
			for i := range lengths {
				lengths[i] = int32(start + i)
			}
			if err := emit(output.Batch{lengths, g[start:end]}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	period := analysis.FindPeriod(g)
	proof := analysis.ProveOctal(g, period, flipMaxRemove)
	s.Finding("run_grundy", games.NewPeriod(period, &proof))
	// The run sequence's periodic structure as tables (flip/period and
	// flip/exceptions), as for games defined by rules: 0.07 is octal.
	report := analysis.Study(g, analysis.Theorems{Period: func(seq []int32, p analysis.Period) analysis.Proof {
		return analysis.ProveOctal(seq, p, flipMaxRemove)
	}})
	if err := heapgame.PeriodTables(ctx, s, "flip", g, report, []output.KeyValue{{Key: "tabulate.rules", Value: "octal 0.07 (runs of '+')"}}, false); err != nil {
		return err
	}
	if err := s.Figure(ctx, "run_grundy", func() (*plot.Plot, error) {
		from, to, per := heapgame.GrundyWindow(s, len(g), period)
		return plots.GrundyWindow("Flip Game II (octal 0.07): Grundy value of a run of n '+'", "run length n", g[from:to+1], from, per)
	}); err != nil {
		return err
	}
	if !period.Found {
		return nil
	}
	return s.Figure(ctx, "run_period", func() (*plot.Plot, error) {
		return plots.PeriodRaster("Flip Game II runs: g(n) by n mod p and n div p", g, period, proof.Proven)
	})
}

// flipPositionsTable streams flip/positions from the parallel enumeration.
func flipPositionsTable(ctx context.Context, s games.Sink, maxLen int, count int64, runG []int32) error {
	t := output.Table{Game: "flip", Name: "positions",
		Columns: []output.Column{
			{Name: "runs", Type: output.Int32List},
			{Name: "length", Type: output.Int32},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
	}
	var firstWins int64
	s.Phase("enumerating positions", "positions", count)
	var done int64
	err := s.Table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		return flip.Positions(ctx, maxLen, runG, grundy.Options{Workers: s.Workers()}, func(ps []flip.Position) error {
			runs := make([][]int32, len(ps))
			lengths := make([]int32, len(ps))
			gs := make([]int32, len(ps))
			wins := make([]bool, len(ps))
			for i, p := range ps {
				runs[i], lengths[i], gs[i], wins[i] = p.Runs, p.Length, p.Grundy, p.Grundy != 0
				if p.Grundy != 0 {
					firstWins++
				}
			}
			done += int64(len(ps))
			s.Set(done)
			return emit(output.Batch{runs, lengths, gs, wins})
		})
	})
	if err != nil {
		return err
	}
	s.Finding("positions", games.Wins{What: fmt.Sprintf("positions on boards of length <= %d", maxLen), Count: done, FirstPlayerWins: firstWins, SecondPlayerWins: done - firstWins})
	return nil
}

// flipCountsTable writes flip/board_counts and the win-fraction figure.
func flipCountsTable(ctx context.Context, s games.Sink, maxLen int, runG []int32) error {
	counts, err := flip.BoardCounts(maxLen, runG)
	if err != nil {
		return err
	}
	t := output.Table{Game: "flip", Name: "board_counts",
		Columns: []output.Column{
			{Name: "length", Type: output.Int32, Sorted: true},
			{Name: "boards", Type: output.Int64},
			{Name: "first_player_wins", Type: output.Int64},
			{Name: "second_player_wins", Type: output.Int64},
		},
	}
	lengths := make([]int32, len(counts))
	boards := make([]int64, len(counts))
	first := make([]int64, len(counts))
	second := make([]int64, len(counts))
	for i, c := range counts {
		lengths[i], boards[i], first[i], second[i] = c.Length, c.Boards, c.FirstPlayerWins, c.SecondPlayerWins
	}
	err = s.Table(ctx, t, int64(len(counts)), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{lengths, boards, first, second})
	})
	if err != nil {
		return err
	}
	last := counts[len(counts)-1]
	s.Finding("board_counts", games.Wins{What: fmt.Sprintf("boards of length %d", last.Length), Count: last.Boards,
		FirstPlayerWins: last.FirstPlayerWins, SecondPlayerWins: last.SecondPlayerWins})
	return s.Figure(ctx, "win_fraction", func() (*plot.Plot, error) {
		return plots.WinFraction("Flip Game II: share of boards the first player wins", lengths, first, boards)
	})
}

// flipBoardsTable streams flip/boards.
func flipBoardsTable(ctx context.Context, s games.Sink, maxLen int, runG []int32) error {
	t := output.Table{Game: "flip", Name: "boards",
		Columns: []output.Column{
			{Name: "board", Type: output.String, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
			{Name: "winning_moves", Type: output.Int32List},
		},
	}
	rows := int64(1)<<(maxLen+1) - 2
	return s.Table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		var wins []bool
		var moves [][]int32
		return flip.Boards(ctx, maxLen, runG, func(boards []string, gs []int32) error {
			wins, moves = wins[:0], moves[:0]
			for i, g := range gs {
				wins = append(wins, g != 0)
				moves = append(moves, flipWinningMoves(boards[i], g, runG))
			}
			return emit(output.Batch{boards, gs, wins, moves})
		})
	})
}

// flipWinningMoves lists, ascending, every index i where turning
// board[i:i+2] from "++" into "--" leaves Grundy value 0, given the board's
// value g and the values runG of single runs: in a run of r starting at
// start, the move at start+a leaves runs a and r-2-a, so it wins exactly
// when runG[a] XOR runG[r-2-a] equals runG[r] XOR g (the rest of the board
// is unchanged). Empty, not nil, for a losing board.
func flipWinningMoves(board string, g int32, runG []int32) []int32 {
	moves := []int32{}
	if g == 0 {
		return moves
	}
	for start := 0; start < len(board); {
		if board[start] != '+' {
			start++
			continue
		}
		end := start
		for end < len(board) && board[end] == '+' {
			end++
		}
		r := end - start
		want := runG[r] ^ g
		for a := 0; a <= r-2; a++ {
			if runG[a]^runG[r-2-a] == want {
				moves = append(moves, int32(start+a))
			}
		}
		start = end
	}
	return moves
}

// answerFlip answers one Flip Game II board.
func answerFlip(ctx context.Context, args []string) (*games.Answer, error) {
	if len(args) != 1 {
		return nil, &games.ArgError{Arg: "solve flip", Problem: "takes one board, such as ++-++ (quote it in the shell if needed)"}
	}
	board := args[0]
	a, err := flip.Solve(ctx, board)
	if err != nil {
		var be *flip.BoardError
		if errors.As(err, &be) {
			return nil, &games.ArgError{Arg: "board", Value: games.ShortQuote(board), Problem: fmt.Sprintf("has the character %q at position %d (0-based)", be.Char, be.Pos), Allowed: "only '+' and '-'"}
		}
		return nil, err
	}
	return &games.Answer{Game: "flip", Position: board, Grundy: games.Int64Ptr(int64(a.Grundy)), Win: a.Win,
		WinningMoves: append([]int{}, a.WinningMoves...), Source: "computed"}, nil
}

// flipLookup answers a board from the values of single runs in
// flip/run_grundy: the board's value is the XOR of its runs' values.
var flipLookup = &games.TableLookup{Table: "run_grundy", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		if len(args) != 1 {
			return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one board, such as ++-++ (quote it in the shell if needed)"}
		}
		board := args[0]
		runs, err := flip.ParseBoard(board)
		if err != nil {
			var be *flip.BoardError
			if errors.As(err, &be) {
				return nil, &games.ArgError{Arg: "board", Problem: fmt.Sprintf("has the character %q at position %d (0-based)", be.Char, be.Pos), Allowed: "only '+' and '-'"}
			}
			return nil, err
		}
		g, err := t.Int32s("run_grundy", "grundy")
		if err != nil {
			return nil, err
		}
		var total int32
		for _, r := range runs {
			if r.Len >= len(g) {
				return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("a run of %d '+' at index %d", r.Len, r.Start),
					Holds: fmt.Sprintf("%s holds runs of length 0 to %d", t.Path("run_grundy"), len(g)-1)}
			}
			total ^= g[r.Len]
		}
		moves := []int{}
		for _, r := range runs {
			want := g[r.Len] ^ total
			for a := 0; a <= r.Len-2; a++ {
				if g[a]^g[r.Len-2-a] == want {
					moves = append(moves, r.Start+a)
				}
			}
		}
		v := int64(total)
		return &games.Answer{Game: game, Position: board, Grundy: &v, Win: total != 0, WinningMoves: moves, Source: t.Source("run_grundy")}, nil
	}
}}

// flipRedraw draws Flip Game II's figures again from flip/run_grundy: the
// run sequence's, and the fraction of winning boards when the table holds
// the runs the counts need.
func flipRedraw(game string, bounds json.RawMessage, cols games.Columns) (run func(ctx context.Context, s games.Sink) error, skipped []string, err error) {
	var b Flip
	if err := json.Unmarshal(bounds, &b); err != nil {
		return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
	}
	if !(heapgame.Play{Play: b.Play}).Normal() {
		// play: misere draws no figure.
		return func(ctx context.Context, s games.Sink) error { return nil }, nil, nil
	}
	g, err := cols.Int32s("run_grundy", "grundy")
	if err != nil {
		return nil, nil, err
	}
	if len(g) <= b.CountMax {
		skipped = append(skipped, fmt.Sprintf("%s/win_fraction: run_grundy holds runs up to %d, the counts need %d", game, len(g)-1, b.CountMax))
	}
	return func(ctx context.Context, s games.Sink) error {
		if err := flipRunTable(ctx, s, g); err != nil {
			return err
		}
		if len(g) <= b.CountMax {
			return nil
		}
		return flipCountsTable(ctx, s, b.CountMax, g)
	}, skipped, nil
}
