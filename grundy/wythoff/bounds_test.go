package wythoff

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package wythoff with bounds out of
// its range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	small, err := Tabulate(ctx, 20, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	boundstest.Check(t, []boundstest.Call{
		{Name: "Tabulate", Func: "wythoff.Tabulate", Arg: "max", Min: 0, Max: Max, Run: func(v int64) error {
			_, err := Tabulate(ctx, int(v), grundy.Options{})
			return err
		}},
		{Name: "Table.Grundy a", Func: "wythoff.Table.Grundy", Arg: "a", Min: 0, Max: 20, Run: func(v int64) error {
			_, err := small.Grundy(int(v), 0)
			return err
		}},
		{Name: "Table.Grundy b", Func: "wythoff.Table.Grundy", Arg: "b", Min: 0, Max: 20, Run: func(v int64) error {
			_, err := small.Grundy(0, int(v))
			return err
		}},
	})
}
