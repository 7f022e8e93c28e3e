package octal

import (
	"context"
	"runtime"
	"testing"
)

// TestEngineAllocations checks that the engine allocates little beyond its
// result: Grundy's game (no period check) to 2^19 heaps may allocate the
// 4 bytes a value of the result and at most 768 KiB more on two workers,
// whatever the machine's cores (its scratch: the marks, the histogram, the
// rare heaps, the second core's buffers; 128 KiB of it the 64 KiB arrays
// of marks of octalMarks16, one a goroutine, allocated
// once, 256 KiB the 16-bit ring of the rare loop, markRareRing, and about 170 KiB the helpers' rows as bytes,
// octalByteRow: 3 tasks of 128 heaps of 256 bytes, values below 256 here,
// and the shorter rows they grew from; 576 KiB before them). A task
// allocated for each block of the second core, a channel and a closure at
// each long scan, a copy of the histogram at each choice of labelling and a
// rare list grown by append were all garbage that Go's collector let pile
// up: 5.5 bytes a heap of peak memory at 2^24, against the C++ solver's
// 4.2.
func TestEngineAllocations(t *testing.T) {
	const max = 1<<19 - 1
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, _, err := octalSolve(context.Background(), grundysRules, "Grundy's game", max, nil, octalOptions{workers: 2})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	result := uint64(4 * len(g))
	extra := after.TotalAlloc - before.TotalAlloc - result
	t.Logf("allocated %d bytes beside the result's %d", extra, result)
	if extra > 768<<10 {
		t.Errorf("the engine allocated %d bytes beside its result (%d), want at most %d", extra, result, 768<<10)
	}
}
