package misere

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls Analyze with bounds out of its range and a few in it
// (boundstest.Check): out of range is a *grundy.RangeError with the
// documented range, never a panic.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	boundstest.Check(t, []boundstest.Call{
		{Name: "Analyze", Func: "misere.Analyze", Arg: "max", Min: 0, Max: AnalyzeMax, Run: func(v int64) error {
			_, err := Analyze(ctx, Nim(), int(v), Limits{})
			return err
		}},
	})
}
