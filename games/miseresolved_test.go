package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestMisereSolveAnyHeap answers heaps far past MisereSolveMax from a
// solved quotient. The values are worked out by hand: in 0.31 a move takes
// one token (leaving nothing or one heap) or a whole heap of two, so a
// single heap of n >= 1 is a misère loss exactly when n is odd (1 loses:
// its only move leaves nothing, and the opponent, with no move, wins; n
// even moves to n-1, odd; n odd >= 3 moves only to even heaps), and the
// winning move of an even heap n >= 4 is to n-1.
func TestMisereSolveAnyHeap(t *testing.T) {
	code, err := octal.Parse("0.31")
	if err != nil {
		t.Fatal(err)
	}
	s := heapsSolver("octal:0.31", "0.31", misere.Octal(code))
	for _, c := range []struct {
		heap string
		win  bool
		move []int
	}{
		{"10^18", true, []int{999999999999999999}},
		{"999999999999999999", false, nil},
		{"1001", false, nil},
		{"123456789012", true, []int{123456789011}},
	} {
		a, err := s.Answer(context.Background(), []string{c.heap})
		if err != nil {
			t.Fatalf("%s: %v", c.heap, err)
		}
		moves := a.WinningMoves.([]MisereMove)
		if a.Win != c.win || a.Method != string(MethodQuotient) || !strings.Contains(a.By, misere.PeriodicityTheorem) {
			t.Errorf("%s: win %v method %q by %q; want win %v by the quotient and the theorem", c.heap, a.Win, a.Method, a.By, c.win)
		}
		if c.win && (len(moves) != 1 || len(moves[0].Leaves) != 1 || moves[0].Leaves[0] != c.move[0] || a.MovesNotShown != 0) {
			t.Errorf("%s: moves %v (+%d), want only to %v", c.heap, moves, a.MovesNotShown, c.move)
		}
	}
}

// TestMisereSolveAnyHeapRefused: Nim has infinitely many code digits, so
// no theorem proves its quotient for every heap, and a heap past
// MisereSolveMax is refused, saying why.
func TestMisereSolveAnyHeapRefused(t *testing.T) {
	_, err := nimMisere.Answer(context.Background(), []string{"3", "2000"})
	var ae *ArgError
	if !errors.As(err, &ae) || !strings.Contains(err.Error(), "heap 2") || !strings.Contains(err.Error(), "finitely many code digits") {
		t.Fatalf("got %v, want an *ArgError on heap 2 saying why", err)
	}
}

// TestMisereWildByQuotient: solve --misere takes the tame rule only for a
// sum of tame heaps; a sum with a wild heap (Kayles' heap 5, wild by
// Winning Ways ch. 13) goes to the misère quotient, the tame rule's
// condition failing, not to the genus table's own fallback.
func TestMisereWildByQuotient(t *testing.T) {
	code, err := octal.Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	s := heapsSolver("octal:0.77", "Kayles", misere.Octal(code))
	for _, pos := range [][]string{{"5"}, {"5", "9"}, {"1", "5", "12"}} {
		a, err := s.Answer(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if a.Method != string(MethodQuotient) {
			t.Errorf("Kayles %v: decided by %q, want the quotient", pos, a.Method)
		}
	}
}

// TestQuotientFindingSolved: the finding misere_quotient says "proven for
// all heaps" exactly when the theorem proves it, with MisereSolver's
// verdict for 0.75 ("Solution Found at Heap 34", period 2, preperiod 8,
// run here with ../shared/peers/miseresolver/run.sh 0.75): to heap 40 it
// is, to heap 30 it is known to heap 30 only.
func TestQuotientFindingSolved(t *testing.T) {
	code, err := octal.Parse("0.75")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n    int
		want *SolvedQuotient
		text string
	}{
		{40, &SolvedQuotient{PhiPeriod: 2, PhiPreperiod: 8, Needed: 35, Theorem: misere.PeriodicityTheorem}, "order 8 proven for all heaps (Φ period 2 from heap 8"},
		{30, nil, "order 8 up to heap 30, stable from heap 5"},
	} {
		q, err := misere.QuotientOf(context.Background(), misere.Octal(code), c.n, misere.QuotientLimits{})
		if err != nil {
			t.Fatal(err)
		}
		f := newQuotientFinding(q)
		if (f.Solved == nil) != (c.want == nil) || (f.Solved != nil && *f.Solved != *c.want) || !strings.HasPrefix(f.String(), c.text) {
			t.Errorf("0.75 to heap %d: %+v, %q; want %+v, %q...", c.n, f.Solved, f.String(), c.want, c.text)
		}
	}
}
