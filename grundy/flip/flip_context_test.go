package flip_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy/flip"
)

// TestFlipRunGrundyContextStops cancels the run engine at the largest
// allowed bound (flip.run_max: 1000000, which takes tens of seconds) and
// checks that it returns within a second, and that a cancelled computation
// leaves nothing wrong behind for later calls (checked against the plain mex
// over every split of the octal game 0.07).
func TestFlipRunGrundyContextStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	g, err := flip.RunValues(ctx, 1_000_000)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) || g != nil {
		t.Fatalf("got %d values and error %v, want context.Canceled", len(g), err)
	}
	if took > 1200*time.Millisecond {
		t.Errorf("returned %v after the start (cancelled at 200 ms), want within a second of the cancel", took)
	}

	const n = 3000
	want := make([]int32, n+1) // plain mex over every split a, r-2-a
	for r := 2; r <= n; r++ {
		seen := map[int32]bool{}
		for a := 0; a <= r-2; a++ {
			seen[want[a]^want[r-2-a]] = true
		}
		for seen[want[r]] {
			want[r]++
		}
	}
	if got, err := flip.RunValues(context.Background(), n); err != nil || !slices.Equal(got, want) {
		t.Errorf("after a cancelled call, values differ from the plain mex (error %v)", err)
	}
}
