package subtraction

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// TestKernelByHeaps pins the rule of kernelByHeaps: the far part is split
// by moves up to 7 workers and by heaps from 8, when each worker has a CPU
// of its own (docs/performance.md, issue 33, "Take-a-square on many
// cores": at 8 the two splits are predicted alike, from there the OR of
// the other workers' rows costs the calling goroutine more than a split
// by heaps costs the helpers; with fewer CPUs than workers the split by
// heaps only costs CPU).
func TestKernelByHeaps(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		workers, cpus int
		want          bool
	}{
		{1, 16, false}, {2, 16, false}, {3, 16, false}, {7, 16, false}, {8, 16, true}, {16, 16, true},
		{8, 8, true}, {8, 7, false}, {16, 15, false}, {16, 2, false}, {64, 64, true}, {64, 128, true},
	} {
		for _, exp := range []bool{false, true} {
			p := policy.Policy{Workers: c.workers, Procs: 128, CPUs: c.cpus, Experimental: exp}
			if got := kernelByHeaps(p); got != (c.want && exp) {
				t.Errorf("kernelByHeaps(%+v) = %t, want %t", p, got, c.want && exp)
			}
		}
	}
}

// TestKernelUnitFor checks the units of the split by heaps: whole cache
// lines of rows (a multiple of 8 heaps), at most one unit a helper, and no
// more heaps in a unit than that needs. The figures for 4096 heaps are
// worked by hand: 4096/15 = 273.07 → 280 at W = 16, 4096/7 = 585.1 → 592
// at W = 8.
func TestKernelUnitFor(t *testing.T) {
	t.Parallel()
	if got := kernelUnitFor(4096, 16, kernelOptions{}); got != 280 {
		t.Errorf("kernelUnitFor(4096, 16, kernelOptions{}) = %d, want 280", got)
	}
	if got := kernelUnitFor(4096, 8, kernelOptions{}); got != 592 {
		t.Errorf("kernelUnitFor(4096, 8, kernelOptions{}) = %d, want 592", got)
	}
	for _, seg := range []int{1, 7, 64, 100, 1000, 4096} {
		for _, w := range []int{2, 3, 8, 15, 16, 64} {
			u := kernelUnitFor(seg, w, kernelOptions{})
			units := (seg + u - 1) / u
			if u%8 != 0 || units > w-1 || u-8 >= (seg+w-2)/(w-1) {
				t.Errorf("kernelUnitFor(%d, %d) = %d: %d units (want a multiple of 8, at most %d units, the least such)", seg, w, u, units, w-1)
			}
		}
	}
	if got := kernelUnitFor(4096, 16, kernelOptions{unit: 7}); got != 7 {
		t.Errorf("kernelUnitFor with a unit of 7 set: %d", got)
	}
}

// TestKernelMemoryRows checks kernelMemory's rows against the rows the
// kernel allocates (kernelState.rowBytes, the last run's width): two
// buffers of a segment for each worker split by moves, for worker 0 alone
// split by heaps, and twice that for the narrower widths before it.
func TestKernelMemoryRows(t *testing.T) {
	t.Parallel()
	const max = 200000
	elems := Squares().Members(max)
	for _, split := range []int{-1, 1} {
		opt := kernelOptions{split: split}
		s := newKernelState(elems, max, 0, nil, opt)
		if err := s.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		rows := kernelMemory(max, s.maxVal, opt) - 2*(max+1) - 8*kernelMaxWords - kernelSlack
		if rows != 2*s.rowBytes {
			t.Errorf("split %d, %d workers: kernelMemory counts %d bytes of rows, want twice the %d allocated", split, s.workers, rows, s.rowBytes)
		}
	}
}
