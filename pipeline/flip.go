package pipeline

import (
	"context"
	"sync"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// flipMaxRemove is the most tokens one move of the octal game 0.07 removes,
// the t of the Guy–Smith periodicity theorem.
const flipMaxRemove = 2

// flipJobs plans Flip Game II: the run sequence (with its period proof), the
// distinct positions, the exact counts by length and the literal boards.
func flipJobs(cfg configs.Flip, workers int) []Job {
	runs := max(cfg.RunMax, cfg.PositionMax, cfg.CountMax, cfg.BoardMax)
	// The run values are computed once, by the first job to need them,
	// under that job's context (all jobs share the run's), so that Ctrl-C
	// stops the computation.
	var once sync.Once
	var values []int32
	var valuesErr error
	runValues := func(ctx context.Context) ([]int32, error) {
		once.Do(func() { values, valuesErr = grundy.FlipRunGrundyContext(ctx, runs) })
		return values, valuesErr
	}
	positions := grundy.FlipPositionCount(cfg.PositionMax)
	return []Job{
		{Game: "flip", Name: "run_grundy", Memory: 8 * int64(runs+1), Cost: float64(runs) * float64(runs) / 1e9,
			run: func(ctx context.Context, e *env) error {
				g, err := runValues(ctx)
				if err != nil {
					return err
				}
				return flipRunTable(ctx, e, g[:cfg.RunMax+1])
			}},
		{Game: "flip", Name: "positions", Memory: grundy.FlipPositionsMemory(cfg.PositionMax, workers), Cost: float64(positions) / 1e6,
			run: func(ctx context.Context, e *env) error {
				g, err := runValues(ctx)
				if err != nil {
					return err
				}
				return flipPositionsTable(ctx, e, cfg.PositionMax, positions, g)
			}},
		{Game: "flip", Name: "board_counts", Memory: 1 << 20, Cost: 0,
			run: func(ctx context.Context, e *env) error {
				g, err := runValues(ctx)
				if err != nil {
					return err
				}
				return flipCountsTable(ctx, e, cfg.CountMax, g)
			}},
		{Game: "flip", Name: "boards", Memory: grundy.FlipBoardsMemory(cfg.BoardMax), Cost: float64(int64(1)<<cfg.BoardMax) / 1e6,
			run: func(ctx context.Context, e *env) error {
				g, err := runValues(ctx)
				if err != nil {
					return err
				}
				return flipBoardsTable(ctx, e, cfg.BoardMax, g)
			}},
	}
}

// flipRunTable writes flip/run_grundy, proves its period and draws it.
func flipRunTable(ctx context.Context, e *env, g []int32) error {
	t := output.Table{Game: "flip", Name: "run_grundy",
		Columns: []output.Column{
			{Name: "length", Type: output.Int32, Sorted: true},
			{Name: "grundy", Type: output.Int32},
		},
		Sequence: &output.Sequence{Index: "length", Value: "grundy"},
	}
	err := e.table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(g); start += batchRows {
			end := min(len(g), start+batchRows)
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
	e.finding("run_grundy", periodFinding(period, &proof))
	if err := e.figure(ctx, "run_grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter("Flip Game II (octal 0.07): Grundy value of a run of n '+'", "run length n", g)
	}); err != nil {
		return err
	}
	if !period.Found {
		return nil
	}
	return e.figure(ctx, "run_period", func() (*plot.Plot, error) {
		return plots.PeriodRaster("Flip Game II runs: g(n) by n mod p and n div p", g, period, proof.Proven)
	})
}

// flipPositionsTable streams flip/positions from the parallel enumeration.
func flipPositionsTable(ctx context.Context, e *env, maxLen int, count int64, runG []int32) error {
	t := output.Table{Game: "flip", Name: "positions",
		Columns: []output.Column{
			{Name: "runs", Type: output.Int32List},
			{Name: "length", Type: output.Int32},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
	}
	var firstWins int64
	e.task.Phase("enumerating positions", "positions", count)
	var done int64
	err := e.table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		return grundy.FlipPositions(ctx, maxLen, runG, e.workers(), nil, func(ps []grundy.FlipPosition) error {
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
			e.task.Set(done)
			return emit(output.Batch{runs, lengths, gs, wins})
		})
	})
	if err != nil {
		return err
	}
	e.finding("positions", map[string]any{"max_length": maxLen, "count": done, "first_player_wins": firstWins, "second_player_wins": done - firstWins})
	return nil
}

// flipCountsTable writes flip/board_counts and the win-fraction figure.
func flipCountsTable(ctx context.Context, e *env, maxLen int, runG []int32) error {
	counts, err := grundy.FlipBoardCounts(maxLen, runG)
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
	err = e.table(ctx, t, int64(len(counts)), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{lengths, boards, first, second})
	})
	if err != nil {
		return err
	}
	last := counts[len(counts)-1]
	e.finding("board_counts", map[string]any{"max_length": last.Length, "boards": last.Boards,
		"first_player_wins": last.FirstPlayerWins, "second_player_wins": last.SecondPlayerWins,
		"first_player_fraction": float64(last.FirstPlayerWins) / float64(last.Boards)})
	return e.figure(ctx, "win_fraction", func() (*plot.Plot, error) {
		return plots.WinFraction("Flip Game II: share of boards the first player wins", lengths, first, boards)
	})
}

// flipBoardsTable streams flip/boards.
func flipBoardsTable(ctx context.Context, e *env, maxLen int, runG []int32) error {
	t := output.Table{Game: "flip", Name: "boards",
		Columns: []output.Column{
			{Name: "board", Type: output.String, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
	}
	rows := int64(1)<<(maxLen+1) - 2
	return e.table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		var wins []bool
		return grundy.FlipBoards(ctx, maxLen, runG, func(boards []string, gs []int32) error {
			wins = wins[:0]
			for _, g := range gs {
				wins = append(wins, g != 0)
			}
			return emit(output.Batch{boards, gs, wins})
		})
	})
}
