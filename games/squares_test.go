package games

import (
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
)

// TestCountSampler checks the streamed count curve against the count taken
// from the whole list by analysis.CountCurve.
func TestCountSampler(t *testing.T) {
	var list []int64
	for n := int64(0); n <= 100000; n++ {
		if n%7 == 0 || n%13 == 5 || n < 40 && n%2 == 0 {
			list = append(list, n)
		}
	}
	s := newCountSampler(100000, 40)
	for start := 0; start < len(list); start += 1000 {
		s.add(list[start:min(len(list), start+1000)])
	}
	xs, counts := s.finish()
	for i, x := range xs {
		want := float64(len(list[:countAtMost(list, int64(x))]))
		if counts[i] != want {
			t.Errorf("count up to %v: got %v, want %v", x, counts[i], want)
		}
	}
	if !slices.IsSorted(xs) || xs[len(xs)-1] != 100000 {
		t.Errorf("thresholds %v do not rise to the bound", xs)
	}
	_, ref := analysis.CountCurve(list, 100000, 40)
	if ref[len(ref)-1] != counts[len(counts)-1] {
		t.Errorf("final count %v, analysis.CountCurve says %v", counts[len(counts)-1], ref[len(ref)-1])
	}
}

// countAtMost returns how many elements of the sorted list are <= x.
func countAtMost(list []int64, x int64) int {
	i, _ := slices.BinarySearch(list, x+1)
	return i
}
