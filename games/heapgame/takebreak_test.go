package heapgame

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// TestTakebreakMoves checks the moves listed from a heap of 9 in 0.3F
// against CGSuite's option list of that position (A. Siegel, CGSuite,
// TakeAndBreak "0.3F", quoted in grundy/takebreak/code.go): 8, 7, 1+6,
// 2+5, 3+4, 1+1+5, 1+2+4, 1+3+3, 2+2+3.
func TestTakebreakMoves(t *testing.T) {
	code, err := takebreak.Parse("0.3F")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range takebreakMoves(code, 9) {
		got = append(got, fmt.Sprint(m.Leaves))
	}
	want := []string{"[8]", "[7]", "[1 6]", "[2 5]", "[3 4]", "[1 1 5]", "[1 2 4]", "[1 3 3]", "[2 2 3]"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("moves from 9 in 0.3F: %v, want %v", got, want)
	}
	if h := TakeBreak(code); h.Rules != "takebreak 0.3F" || h.Limit != takebreak.ValuesMax || h.Sparse != nil {
		t.Errorf("TakeBreak(0.3F): rules %q, limit %d, sparse %v", h.Rules, h.Limit, h.Sparse != nil)
	}
}

// TestTakebreakMovesPastF checks the moves of a code with CGSuite's digits
// past F (G = 16: remove k and leave four heaps; W = 32: five), written by
// hand: from 9 in 0.G (remove 1, leave four heaps of sum 8) the five
// partitions of 8 into four parts, and from 7 in W. (remove none, leave
// five heaps of sum 7) the two partitions of 7 into five parts.
func TestTakebreakMovesPastF(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
		want []string
	}{
		{"0.G", 9, []string{"[1 1 1 5]", "[1 1 2 4]", "[1 1 3 3]", "[1 2 2 3]", "[2 2 2 2]"}},
		{"W.", 7, []string{"[1 1 1 1 3]", "[1 1 1 2 2]"}},
	} {
		code, err := takebreak.Parse(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range takebreakMoves(code, tc.n) {
			got = append(got, fmt.Sprint(m.Leaves))
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("moves from %d in %s: %v, want %v", tc.n, tc.code, got, tc.want)
		}
	}
}

// TestTakebreakAnswerPastValues answers a heap of 10^15 of 0.AA, whose
// arithmetic period (g(n) = n-1 from n = 1: by hand, every split of N-1 or
// N-2 into three heaps is worth at most N-4 and the triples (a, a, x)
// give every value below) takebreak.ProveArithmetic proves: the value
// 10^15 - 1 without computing 10^15 values, no winning move that leaves
// one heap (those leave N-2 or N-3, not 0), and a note that the splits are
// not listed rather than an attempt to enumerate 10^29 of them.
func TestTakebreakAnswerPastValues(t *testing.T) {
	_, m, err := games.ParseSpec("takebreak:0.AA")
	if err != nil {
		t.Fatal(err)
	}
	d, err := m.Def("takebreak:0.AA")
	if err != nil {
		t.Fatal(err)
	}
	a, err := d.Solve.Answer(context.Background(), []string{"1000000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Grundy == nil || *a.Grundy != 999_999_999_999_999 || !a.Win || a.By == "" || a.Note == "" {
		t.Errorf("0.AA at 10^15: %+v; want grundy 10^15-1, a win, by its proven period, a note on the splits", a)
	}
	if ms, ok := a.WinningMoves.([]HeapMove); !ok || len(ms) != 0 || a.MovesNotShown != 0 {
		t.Errorf("0.AA at 10^15: moves %v (%d not shown), want none listed", a.WinningMoves, a.MovesNotShown)
	}
}
