package subtraction_test

// Guard of the segmented mex (run by scripts/mutants, see docs/mutants.md):
// sets of 64 members or more, whose values pass the first 64-bit word of
// the mex, against the rule written out here.

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// guardValues returns g(0..max) of the subtraction game of set by the plain
// rule g(n) = mex{ g(n-x) : x in set, x <= n }, the mex over a map.
func guardValues(set []int, max int) []int32 {
	g := make([]int32, max+1)
	for n := range g {
		seen := map[int32]bool{}
		for _, x := range set {
			if x <= n {
				seen[g[n-x]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// TestKernelMexGuard: {1, ..., 130} has g(n) = n mod 131 (any k tokens up
// to 130 may be taken: the heap is a Nim heap until 131, then the moves to
// a multiple of 131 are the losing ones), values up to 130, past two
// words; {1, ..., 100, 150, 200} has no such formula and is checked
// against the plain rule.
func TestKernelMexGuard(t *testing.T) {
	upTo := func(k int) []int {
		s := make([]int, k)
		for i := range s {
			s[i] = i + 1
		}
		return s
	}
	const max = 1200
	nim131 := make([]int32, max+1)
	for n := range nim131 {
		nim131[n] = int32(n % 131)
	}
	gapped := append(upTo(100), 150, 200)
	for _, tt := range []struct {
		set  []int
		want []int32
	}{
		{upTo(130), nim131},
		{gapped, guardValues(gapped, max)},
	} {
		s, err := subtraction.NewSet("", tt.set, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d members, %d workers", len(tt.set), workers), func(t *testing.T) {
				got, err := subtraction.Values(context.Background(), s, max, grundy.Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				for n := range tt.want {
					if got[n] != tt.want[n] {
						t.Fatalf("g(%d) = %d, want %d", n, got[n], tt.want[n])
					}
				}
			})
		}
	}
}
