package pipeline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
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

func TestPlanRefusedForMemory(t *testing.T) {
	cfg := configs.Defaults()
	cfg.Games = []string{"caniwin", "nim"}
	cfg.CanIWin = configs.CanIWin{MaxChoosable: 25, MaxTotal: 325}
	cfg.MaxMemory = 32 << 20
	_, err := NewPlan(cfg)
	var me *MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a *MemoryError", err)
	}
	if me.Largest[0].Game != "caniwin" || !strings.Contains(err.Error(), "caniwin/pairs") || !strings.Contains(err.Error(), "32.0 MiB") {
		t.Errorf("message %q should name the job and the limit", err)
	}
	cfg.MaxMemory = 8 << 30
	if _, err := NewPlan(cfg); err != nil {
		t.Errorf("with 8 GiB: %v", err)
	}
}
