package heapgame_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/catalogue"
)

// dawsonRules: Dawson's Kayles, octal 0.07: knock down two adjacent pins
// of a row of n, leaving the pins on either side (Winning Ways ch. 4).
func dawsonRules(n int) [][]int {
	var out [][]int
	for left := 0; left+2 <= n; left++ {
		out = append(out, nonEmpty(left, n-2-left))
	}
	return out
}

// r8Rules: octal 0.75. Digit 7 for one token: remove one token, leaving
// nothing, one heap or two non-empty heaps; digit 5 for two tokens: remove
// two, leaving nothing or two non-empty heaps (never exactly one heap).
func r8Rules(n int) [][]int {
	var out [][]int
	for left := 0; left+1 <= n; left++ {
		out = append(out, nonEmpty(left, n-1-left))
	}
	if n == 2 {
		out = append(out, []int{})
	}
	for left := 1; left+2 < n; left++ {
		out = append(out, nonEmpty(left, n-2-left))
	}
	return out
}

// member returns the misère Solver of the octal game code, defined by
// rules as a configuration defines it.
func member(t *testing.T, code string) *games.Solver {
	t.Helper()
	d, err := (&catalogue.OctalRules{Code: code, Max: 10}).Def("g" + code)
	if err != nil {
		t.Fatal(err)
	}
	return d.Misere
}

// The misère quotient answers (with the tame rule where every heap is
// tame) every position of up to three heaps of up to 12-14 and of four
// heaps of up to 7 of Kayles, Dawson's Kayles and 0.75, as the plain
// recursion over the literal rules does: outcome and winning moves.
func TestMisereQuotientAgainstSearch(t *testing.T) {
	for _, tc := range []struct {
		code        string
		rules       heapRules
		three, four int
	}{
		{"0.77", kaylesRules, 12, 7},
		{"0.07", dawsonRules, 14, 10}, // wild from heap 10
		{"0.75", r8Rules, 12, 7},
	} {
		s := member(t, tc.code)
		methods := checkHeapsSolver(t, tc.code, s, tc.rules, 3, tc.three)
		four := checkHeapsSolver(t, tc.code, s, tc.rules, 4, tc.four)
		if methods["quotient"] == 0 || four["quotient"] == 0 || methods["search"]+four["search"] != 0 {
			t.Errorf("%s: methods %v and %v; want the quotient to answer every wild position", tc.code, methods, four)
		}
	}
}

// Positions with large heaps (up to 200; Dawson's Kayles up to 33, past
// which its quotient outgrows the default order, docs/misere.md), far past
// a plain search, answered by the quotient: checked for consistency with
// the literal rules. A loss has no option that is a loss; a win lists
// exactly the options that are losses as its winning moves, and has one.
func TestMisereQuotientLargeHeaps(t *testing.T) {
	for _, tc := range []struct {
		code  string
		rules heapRules
		pos   [][]int
	}{
		{"0.77", kaylesRules, [][]int{{50, 77, 200, 3}, {120, 64, 199}, {60, 60}, {101, 1}, {55, 1, 1, 2}}},
		{"0.75", r8Rules, [][]int{{200, 150, 99, 51}, {64, 64, 2}, {9, 12, 30}, {181, 1}}},
		{"0.07", dawsonRules, [][]int{{30, 27, 20, 7}, {25, 25}, {30, 14, 4}, {29, 1, 2}}},
	} {
		s := member(t, tc.code)
		ask := func(pos []int) *games.Answer {
			a, err := s.Answer(context.Background(), args(pos))
			if err != nil {
				t.Fatalf("%s %v: %v", tc.code, pos, err)
			}
			return a
		}
		losses := 0
		for _, pos := range tc.pos {
			a := ask(pos)
			if a.Method != "quotient" || a.Quotient == nil || a.Quotient.Heaps != slices.Max(pos) {
				t.Errorf("%s %v: method %q, quotient %+v; want the quotient of heaps up to %d", tc.code, pos, a.Method, a.Quotient, slices.Max(pos))
				continue
			}
			var loseTo []string
			for i, h := range pos {
				for _, o := range tc.rules(h) {
					next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)
					if !ask(next).Win {
						loseTo = append(loseTo, fmt.Sprintf("%d:%d->%v", i+1, h, o))
					}
				}
			}
			slices.Sort(loseTo)
			loseTo = slices.Compact(loseTo)
			switch {
			case !a.Win:
				losses++
				if len(loseTo) > 0 {
					t.Errorf("%s %v: a loss with moves to losses %v", tc.code, pos, loseTo)
				}
			case len(loseTo) == 0:
				t.Errorf("%s %v: a win without a move to a loss", tc.code, pos)
			default:
				if got := moveKeys(t, a); !slices.Equal(got, loseTo) {
					t.Errorf("%s %v: winning moves %v, the options that are losses %v", tc.code, pos, got, loseTo)
				}
			}
		}
		// Every position of one large heap and up to two small ones, to
		// reach losses as well as wins.
		top := slices.Max(tc.pos[0])
		for a := 0; a <= 6; a++ {
			for b := a; b <= 6; b++ {
				pos := []int{top, a, b}
				ans := ask(pos)
				if ans.Win {
					continue
				}
				losses++
				for i, h := range pos {
					for _, o := range tc.rules(h) {
						next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)
						if !ask(next).Win {
							t.Errorf("%s %v: a loss with a move to the loss %v", tc.code, pos, next)
						}
					}
				}
			}
		}
		if losses == 0 {
			t.Errorf("%s: no loss among the positions; the test checks nothing of losses", tc.code)
		}
	}
}

// The text and JSON forms name the quotient that decided.
func TestMisereQuotientAnswerText(t *testing.T) {
	a, err := member(t, "0.75").Answer(context.Background(), []string{"9", "12", "30"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := a.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	js := string(raw)
	for _, want := range []string{"decided by: the misère quotient of heaps up to 30 (order ", "presentation ⟨"} {
		if !strings.Contains(text, want) {
			t.Errorf("text %q lacks %q", text, want)
		}
	}
	for _, want := range []string{`"method":"quotient"`, `"quotient":{"heaps":30,"order":`, `"p_portion":[`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON %s lacks %s", js, want)
		}
	}
}
