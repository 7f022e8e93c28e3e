package heapgame

import (
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
)

// plainKayles returns g(0..n-1) of Kayles (octal 0.77: take one or two
// adjacent pins, from an end or the middle) by a plain mex over every
// option.
func plainKayles(n int) []int32 {
	g := make([]int32, n)
	for h := range g {
		seen := map[int32]bool{}
		for take := 1; take <= 2 && take <= h; take++ {
			for left := 0; left <= h-take; left++ {
				seen[g[left]^g[h-take-left]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestPeriodNamesTheorem: the finding of a proven period, as the manifest
// and the summary line give it, names the game's theorem. Kayles has period
// 12 from n = 71, proven by the Guy–Smith theorem from 168 values (Winning
// Ways, ch. 4).
func TestPeriodNamesTheorem(t *testing.T) {
	h, err := Rules("octal", "0.77")
	if err != nil {
		t.Fatal(err)
	}
	f := games.NewReport(analysis.Study(plainKayles(300), h.theorems()))
	const name = "the Guy–Smith periodicity theorem"
	if f.Theorem != name || !strings.Contains(f.String(), "proven by "+name) {
		t.Errorf("theorem %q, summary %q; want %q named in both", f.Theorem, f, name)
	}
	if f := games.NewReport(analysis.Study(plainKayles(160), h.theorems())); f.Theorem != "" {
		t.Errorf("a candidate from 160 values names theorem %q", f.Theorem)
	}
}
