package flip

import (
	"context"
	"math"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package flip with bounds out of its
// range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	runG, err := RunValues(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	boundstest.Check(t, []boundstest.Call{
		{Name: "RunValues", Func: "flip.RunValues", Arg: "max", Min: 0, Max: RunValuesMax, Run: func(v int64) error {
			_, err := RunValues(ctx, int(v))
			return err
		}},
		{Name: "Positions", Func: "flip.Positions", Arg: "maxLen", Min: 0, Max: math.MaxInt32, Run: func(v int64) error {
			return Positions(ctx, int(v), runG, grundy.Options{}, func([]Position) error { return nil })
		}},
		{Name: "BoardCounts", Func: "flip.BoardCounts", Arg: "maxLen", Min: 0, Max: CountMax, Run: func(v int64) error {
			_, err := BoardCounts(int(v), runG)
			return err
		}},
		{Name: "Boards", Func: "flip.Boards", Arg: "maxLen", Min: 0, Max: CountMax, Run: func(v int64) error {
			return Boards(ctx, int(v), runG, func([]string, []int32) error { return nil })
		}},
	})
}
