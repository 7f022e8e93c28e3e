package caniwin

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package caniwin with bounds out of its
// range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	boundstest.Check(t, []boundstest.Call{
		{Name: "Solve maxChoosable", Func: "caniwin.Tabulate", Arg: "maxChoosable", Min: 1, Max: ChoosableMax, Run: func(v int64) error {
			_, err := Tabulate(ctx, int(v), 0, grundy.Options{})
			return err
		}},
		{Name: "Solve maxTotal", Func: "caniwin.Tabulate", Arg: "maxTotal", Min: 0, Max: TotalMax, Run: func(v int64) error {
			_, err := Tabulate(ctx, 3, int(v), grundy.Options{})
			return err
		}},
	})
}
