package octal

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestWorkers checks the rule of Values for opts.Workers by counting the
// goroutines at each progress report (made by the calling goroutine, every
// max/512 heaps): with 1, and with 0 when GOMAXPROCS is 1, no goroutine
// besides the caller's ever exists; with 2 and with 0 on two CPUs the
// pipeline's goroutine does. The values are the same in every case.
func TestWorkers(t *testing.T) {
	c, err := Parse("0.6") // sparse, never periodic: the pipeline runs throughout
	if err != nil {
		t.Fatal(err)
	}
	top := 1 << 17
	if testing.Short() {
		// CI's race step (-race -short, 5 to 10 times slower; 2^17 took
		// 80 s there): 2^15 heaps still pass the 16-bit ring's start
		// (2^14), and the pipeline to the second core runs (the extra
		// goroutines asserted below are seen).
		top = 1 << 15
	}
	var want []int32
	outer := runtime.NumGoroutine()
	for _, tc := range []struct {
		name       string
		workers    int
		gomaxprocs int
		extra      bool // goroutines besides the caller's
	}{
		{"Workers 1", 1, 2, false},
		{"Workers 0, GOMAXPROCS 1", 0, 1, false},
		{"Workers 2", 2, 2, true},
		{"Workers 0, GOMAXPROCS 2", 0, 2, true},
		{"Workers 8", 8, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(tc.gomaxprocs))
			// The goroutines of the run before may still be ending: wait
			// for them, however long a loaded machine takes (a goroutine
			// that never ends is a leak, and the test times out).
			for runtime.NumGoroutine() > outer+1 {
				time.Sleep(time.Millisecond)
			}
			base := runtime.NumGoroutine()
			most := 0
			g, err := Values(context.Background(), c, top, grundy.Options{Workers: tc.workers, Progress: func(done, total int64) {
				most = max(most, runtime.NumGoroutine())
			}})
			if err != nil {
				t.Fatal(err)
			}
			if extra := most > base; extra != tc.extra {
				t.Errorf("goroutines at the progress reports: at most %d, %d before the run; want besides the caller's: %v", most, base, tc.extra)
			}
			if want == nil {
				want = g
			} else if !slices.Equal(g, want) {
				t.Error("values differ from those on one goroutine")
			}
		})
	}
}
