package games

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
)

// Columns reads the columns of a game's tables written by an earlier run,
// for Redraw.
type Columns interface {
	// Int32s, Int64s and Bools return a column of the game's table, such
	// as ("grundy", "grundy") for GAME/grundy.
	Int32s(table, column string) ([]int32, error)
	Int64s(table, column string) ([]int64, error)
	Bools(table, column string) ([]bool, error)
}

// Redraw returns a job that draws again the figures of game from the
// tables of an earlier run, read through cols, without computing any value:
// the game's own table code runs on the values read, writing figures (and
// findings) to the sink while its tables go nowhere (the sink's Table should
// not call the source). bounds are the bounds the game's files were made
// with (the manifest's games.GAME.bounds); heap is the game's rules when it
// is defined by rules, else nil. Figures that cannot be drawn from the
// tables are listed in skipped with the reason.
func Redraw(game string, bounds json.RawMessage, heap *Heap, cols Columns) (run func(ctx context.Context, s Sink) error, skipped []string, err error) {
	if heap == nil && game == grundysGame.Name {
		heap = &grundysGameHeap
	}
	if heap != nil {
		seq, err := cols.Int32s("grundy", "grundy")
		if err != nil {
			return nil, nil, err
		}
		h := *heap
		h.Sparse = nil // the values come from the table, not the engine
		h.Values = func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error) {
			return seq, nil
		}
		return func(ctx context.Context, s Sink) error { return h.run(ctx, s, game, len(seq)-1) }, nil, nil
	}
	switch game {
	case squares.Name:
		var b Squares
		if err := json.Unmarshal(bounds, &b); err != nil {
			return nil, nil, fmt.Errorf("squares bounds %s: %w", bounds, err)
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
	case flipGame.Name:
		var b Flip
		if err := json.Unmarshal(bounds, &b); err != nil {
			return nil, nil, fmt.Errorf("flip bounds %s: %w", bounds, err)
		}
		g, err := cols.Int32s("run_grundy", "grundy")
		if err != nil {
			return nil, nil, err
		}
		if len(g) <= b.CountMax {
			skipped = append(skipped, fmt.Sprintf("flip/win_fraction: run_grundy holds runs up to %d, the counts need %d", len(g)-1, b.CountMax))
		}
		return func(ctx context.Context, s Sink) error {
			if err := flipRunTable(ctx, s, g); err != nil {
				return err
			}
			if len(g) <= b.CountMax {
				return nil
			}
			return flipCountsTable(ctx, s, b.CountMax, g)
		}, skipped, nil
	case caniwinGame.Name:
		var b CanIWin
		if err := json.Unmarshal(bounds, &b); err != nil {
			return nil, nil, fmt.Errorf("caniwin bounds %s: %w", bounds, err)
		}
		outcome, err := caniwinOutcomes(cols, b)
		if err != nil {
			return nil, nil, err
		}
		return func(ctx context.Context, s Sink) error {
			return caniwinFigure(ctx, s, b, outcome)
		}, nil, nil
	case nimGame.Name:
		var b Nim
		if err := json.Unmarshal(bounds, &b); err != nil {
			return nil, nil, fmt.Errorf("nim bounds %s: %w", bounds, err)
		}
		return func(ctx context.Context, s Sink) error { return nimFigure(ctx, s, b.MaxPile) }, nil, nil
	}
	return nil, []string{game + ": its figures are drawn from values its tables do not hold; rerun it to draw them"}, nil
}
