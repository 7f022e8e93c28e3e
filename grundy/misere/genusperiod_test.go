package misere

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// TestStudyGenus: the genus period found on heaps up to n, and proven,
// holds past n: the plain recursion of oracle_test.go (sharing nothing
// with the package) gives γ0..γ3 of every heap up to a larger bound, and
// they repeat with the period from the preperiod on. Subtraction {1,3,4}
// (the window argument) and the tame octal game 0.73 (splits: the
// Guy–Smith theorem on tame genera) are proven on heaps up to 20 and
// checked to 34 and 26 (0.73 proven on heaps to 18); Kayles (wild from heap 5) is not proven, and
// Nim's genera (all different) have no period.
func TestStudyGenus(t *testing.T) {
	ctx := context.Background()
	s, err := subtraction.NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c73, err := octal.Parse("0.73")
	if err != nil {
		t.Fatal(err)
	}
	c77, err := octal.Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game   Game
		rule   GenusRule
		rules  rules
		n, far int
		want   analysis.Status
	}{
		{Subtraction(s), SubtractionGenusRule(s), subtractionRules(1, 3, 4), 20, 34, analysis.Proven},
		{Octal(c73), OctalGenusRule(c73), octalRules("0.73"), 18, 26, analysis.Proven},
		{Octal(c77), OctalGenusRule(c77), octalRules("0.77"), 24, 0, ""},
		{Nim(), GenusRule{}, nimRules(), 20, 0, analysis.None},
	} {
		tab, err := Analyze(ctx, c.game, c.n, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		r := StudyGenus(tab, c.rule)
		name := c.game.Name()
		if c.want == "" {
			if r.Status == analysis.Proven {
				t.Errorf("%s: a wild game's genus period proven: %+v", name, r)
			}
			continue
		}
		if r.Status != c.want {
			t.Fatalf("%s: status %s (%+v), want %s", name, r.Status, r, c.want)
		}
		if c.want != analysis.Proven {
			continue
		}
		p, n0 := r.Period.Period, r.Period.Preperiod
		o := newOracle(c.rules)
		gamma := func(n int) string {
			var g []int
			for k := range 4 {
				g = append(g, o.misereValue([]int{n}, 0, k))
			}
			return fmt.Sprint(o.grundy(n), g)
		}
		for n := n0; n+p <= c.far; n++ {
			if gamma(n) != gamma(n+p) {
				t.Errorf("%s: genus period %d from %d proven on heaps to %d, but heaps %d and %d differ: %s, %s", name, p, n0, c.n, n, n+p, gamma(n), gamma(n+p))
			}
		}
	}
	// The rules of the families.
	if r := OctalGenusRule(c77); r.OctalT != 2 || r.Window != 0 {
		t.Errorf("0.77: %+v, want the octal theorem with t = 2", r)
	}
	c3, _ := octal.Parse("0.33")
	if r := OctalGenusRule(c3); r.Window != 3 {
		t.Errorf("0.33: %+v, want the window 3 (t + 1, no splits)", r)
	}
	sq, _ := subtraction.NewSet(subtraction.NameSquares, nil, nil)
	if r := SubtractionGenusRule(sq); r != (GenusRule{}) {
		t.Errorf("squares: %+v, want no theorem", r)
	}
}

// TestGenusWindowGuard: the Guy–Smith theorem on genera holds only while
// every heap is tame. 0.71, 0.54 and 0.75 are wild (0.75 from heap 5: its
// quotient R8 is not the tame T2; 0.71 and 0.54 have a wild heap by heap
// 12 by the genus computation checked against the oracle in
// misere_test.go), so no genus period of theirs is proven, whatever
// their genera show up to heap 40.
func TestGenusWindowGuard(t *testing.T) {
	for _, code := range []string{"0.71", "0.54", "0.75"} {
		c, err := octal.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Analyze(context.Background(), Octal(c), 40, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if tb.FirstWild() < 0 {
			t.Fatalf("%s: tame to heap 40", code)
		}
		if r := StudyGenus(tb, OctalGenusRule(c)); r.Status == analysis.Proven {
			t.Errorf("%s (wild from heap %d): genus period proven: %+v", code, tb.FirstWild(), r)
		}
	}
}
