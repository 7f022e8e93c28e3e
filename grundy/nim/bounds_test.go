package nim

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package nim with bounds out of its
// range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	boundstest.Check(t, []boundstest.Call{
		{Name: "Positions maxPiles", Func: "nim.Positions", Arg: "maxPiles", Min: 1, Max: PositionsMax, Run: func(v int64) error {
			_, err := Positions(ctx, int(v), 1, grundy.Options{})
			return err
		}},
		{Name: "Positions maxPile", Func: "nim.Positions", Arg: "maxPile", Min: 1, Max: PositionsMax, Run: func(v int64) error {
			_, err := Positions(ctx, 1, int(v), grundy.Options{})
			return err
		}},
	})
}
