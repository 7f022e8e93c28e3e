package heapgame

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// TestSquaresLosingCount checks the losing positions, their count and the
// growth curve of squares/p_positions against the plain mex recursion over
// the moves k².
func TestSquaresLosingCount(t *testing.T) {
	const max = 50000
	g := make([]int, max+1)
	var want []int64
	for n := 0; n <= max; n++ {
		seen := map[int]bool{}
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
		if g[n] == 0 {
			want = append(want, int64(n))
		}
	}
	sink := memsink.New()
	if err := Subtraction(subtraction.Squares()).losingTable(context.Background(), sink, "squares", max); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, b := range sink.Tables["p_positions"] {
		got = append(got, b[0].([]int64)...)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d losing positions, want %d", len(got), len(want))
	}
	l := sink.Findings["losing"].(games.Losing)
	if l.Count != int64(len(want)) || l.UpTo != max || l.Fit == nil || l.Fit.Alpha < 0.6 || l.Fit.Alpha > 0.8 {
		t.Errorf("finding %+v, want count %d and a fit with an exponent near 0.7", l, len(want))
	}
	if len(sink.Figures) != 1 || sink.Figures[0] != "p_growth" {
		t.Errorf("figures %v, want p_growth", sink.Figures)
	}
}
