package octal

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package octal with bounds out of its
// range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	kayles, err := Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	boundstest.Check(t, []boundstest.Call{
		{Name: "Values", Func: "octal.Values", Arg: "max", Min: 0, Max: ValuesMax, Run: func(v int64) error {
			_, err := Values(ctx, kayles, int(v), grundy.Options{})
			return err
		}},
		{Name: "ValuesWithStats", Func: "octal.Values", Arg: "max", Min: 0, Max: ValuesMax, Run: func(v int64) error {
			_, _, err := ValuesWithStats(ctx, kayles, int(v), grundy.Options{})
			return err
		}},
		{Name: "GrundysGame", Func: "octal.GrundysGame", Arg: "max", Min: 0, Max: GrundysGameMax, Run: func(v int64) error {
			_, _, err := GrundysGame(ctx, int(v), grundy.Options{})
			return err
		}},
	})
}
