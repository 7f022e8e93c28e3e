package takebreak

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package takebreak with bounds out of
// its range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	c, err := Parse("C.123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	boundstest.Check(t, []boundstest.Call{
		{Name: "Values", Func: "takebreak.Values", Arg: "max", Min: 0, Max: ValuesMax, Run: func(v int64) error {
			_, err := Values(ctx, c, int(v), grundy.Options{})
			return err
		}},
	})
}
