package subtraction

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// allButOracle is the all-but game by its literal rules: from a heap of n,
// remove any k with 1 <= k <= n that is not excluded; g is the plain mex.
func allButOracle(excluded []int, max int) []int32 {
	out := map[int]bool{}
	for _, e := range excluded {
		out[e] = true
	}
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for k := 1; k <= n; k++ {
			if !out[k] {
				seen[g[n-k]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// TestAllButValues checks the all-but engine (Values of the set naturals
// less a finite set) against the plain mex over every move.
func TestAllButValues(t *testing.T) {
	for _, excluded := range [][]int{nil, {1}, {2}, {3, 5, 7, 10}, {2, 3, 7, 8, 10}, {2, 3, 6, 8}, {1, 2, 3}, {4, 9, 13}} {
		set, err := NewSet(NameNaturals, nil, excluded)
		if err != nil {
			t.Fatal(err)
		}
		const max = 700
		got, err := Values(context.Background(), set, max, grundy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := allButOracle(excluded, max)
		for n := range want {
			if got[n] != want[n] {
				t.Errorf("all but %v: g(%d) = %d, the plain mex gives %d", excluded, n, got[n], want[n])
				break
			}
		}
	}
}
