package engine

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestChunks: every item of [0, size) is worked once, on any number of
// workers, the progress reaches done+size of total (counting on from an
// earlier layer) and rises; a cancelled context runs nothing and returns
// its error.
func TestChunks(t *testing.T) {
	for _, workers := range []int{1, 3} {
		const size, chunk, total = 1000, 64, 5000
		var seen [size]int32
		done, last := int64(4000), int64(0)
		err := Chunks(context.Background(), workers, size, chunk, func(d, tot int64) {
			if tot != total || d <= last {
				t.Errorf("progress %d of %d after %d", d, tot, last)
			}
			last = d
		}, &done, total, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				atomic.AddInt32(&seen[i], 1)
			}
		})
		if err != nil || done != total || last != total {
			t.Errorf("workers %d: err %v, done %d, last report %d; want nil, %d, %d", workers, err, done, last, total, total)
		}
		for i, n := range seen {
			if n != 1 {
				t.Fatalf("workers %d: item %d worked %d times", workers, i, n)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var done int64
	ran := false
	err := Chunks(ctx, 2, 100, 10, nil, &done, 100, func(lo, hi int) { ran = true })
	if !errors.Is(err, context.Canceled) || ran {
		t.Errorf("cancelled: err %v, ran %v; want context.Canceled and nothing run", err, ran)
	}
}
