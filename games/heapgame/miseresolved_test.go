package heapgame

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/internal/misereoracle"
)

// TestMisereSolveAnyHeap answers heaps far past MisereSolveMax from a
// solved quotient. The values are worked out by hand: in 0.31 a move takes
// one token (leaving nothing or one heap) or a whole heap of two, so a
// single heap of n >= 1 is a misère loss exactly when n is odd (1 loses:
// its only move leaves nothing, and the opponent, with no move, wins; n
// even moves to n-1, odd; n odd >= 3 moves only to even heaps), and the
// winning move of an even heap n >= 4 is to n-1. The solver has no genus
// rule, so that the quotient decides (0.31 is tame with a proven genus
// period: TestMisereTameAnyHeap takes that route).
func TestMisereSolveAnyHeap(t *testing.T) {
	code, err := octal.Parse("0.31")
	if err != nil {
		t.Fatal(err)
	}
	s := HeapsSolver("octal:0.31", "0.31", misere.Octal(code), misere.GenusRule{})
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
		if a.Win != c.win || a.Method != string(games.MethodQuotient) || !strings.Contains(a.By, misere.PeriodicityTheorem) {
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
	_, err := HeapsSolver("nim", "Nim", misere.Nim(), misere.GenusRule{}).Answer(context.Background(), []string{"3", "2000"})
	var ae *games.ArgError
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
	s := HeapsSolver("octal:0.77", "Kayles", misere.Octal(code), misere.OctalGenusRule(code))
	for _, pos := range [][]string{{"5"}, {"5", "9"}, {"1", "5", "12"}} {
		a, err := s.Answer(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if a.Method != string(games.MethodQuotient) {
			t.Errorf("Kayles %v: decided by %q, want the quotient", pos, a.Method)
		}
	}
}

// TestQuotientFindingSolved: the finding misere_quotient says "proven for
// all heaps" exactly when the theorem proves it, with MisereSolver's
// verdict for 0.75 ("Solution Found at Heap 34", period 2, preperiod 8,
// MisereSolver run on 0.75): to heap 40 it
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

// TestMisereTameAnyHeap: solve --misere answers heaps of any size by the
// tame rule where every heap is tame and the genus period proven
// (misereSolver.solveAny, as for heaps past MisereSolveMax), and the
// answers on heaps past the table the period was proven from agree with a
// plain recursion over the literal game (internal/misereoracle): outcome
// and every winning move.
// 0.52 (splits; the Guy–Smith theorem on genera) and 0.31 (one heap left;
// the window theorem) take the tame rule. 0.2012 has a proven genus
// period too but is wild from heap 5: the quotient decides it, never the
// tame rule.
func TestMisereTameAnyHeap(t *testing.T) {
	for _, c := range []struct {
		code      string
		tame      bool
		most, sum int // heaps past the table up to most, sums up to sum
	}{{"0.52", true, 12, 42}, {"0.31", true, 60, 200}, {"0.2012", false, 40, 120}} {
		code, err := octal.Parse(c.code)
		if err != nil {
			t.Fatal(err)
		}
		m := &misereSolver{game: misere.Octal(code), rule: misere.OctalGenusRule(code)}
		name := "octal:" + c.code
		ts, why, err := m.tameSolution(context.Background())
		if err != nil || (ts != nil) != c.tame {
			t.Fatalf("%s: tame solution %v (%s), %v; want one: %v", c.code, ts, why, err, c.tame)
		}
		from := misereProbe // the table the solution was proven from
		if c.tame {
			from = ts.Max()
		}
		options := misereoracle.OctalOptions(c.code)
		win := misereoracle.Wins(options)
		var checked int
		for a := from + 1; a <= from+c.most; a++ {
			for b := 0; b <= a && a+b <= c.sum; b += 1 + a/8 {
				pos := []int{a, b}
				got, err := m.solveAny(context.Background(), name, pos, 1000)
				if err != nil {
					t.Fatalf("%s %v: %v", c.code, pos, err)
				}
				if (got.Method == string(misere.MethodTame)) != c.tame {
					t.Errorf("%s %v: decided by %q", c.code, pos, got.Method)
				}
				checked++
				if want := win(pos); got.Win != want {
					t.Errorf("%s %v: win %v, the literal recursion says %v", c.code, pos, got.Win, want)
					continue
				}
				var moves, want []string
				for _, mv := range got.WinningMoves.([]MisereMove) {
					moves = append(moves, fmt.Sprint(mv.From, mv.Leaves))
				}
				for i, h := range pos {
					if i > 0 && pos[i-1] == h {
						continue
					}
					for _, o := range options(h) {
						if !win(append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)) {
							want = append(want, fmt.Sprint(h, o))
						}
					}
				}
				slices.Sort(moves)
				slices.Sort(want)
				if !slices.Equal(moves, want) || got.MovesNotShown != 0 {
					t.Errorf("%s %v: winning moves %v (+%d), the literal recursion says %v", c.code, pos, moves, got.MovesNotShown, want)
				}
			}
		}
		if t.Failed() {
			t.FailNow() // the heap of 10^18 below relies on the same period
		}
		big, err := m.solveAny(context.Background(), name, []int{1_000_000_000_000_000_000, 3}, -1)
		if err != nil {
			t.Fatalf("%s 10^18 3: %v", c.code, err)
		}
		if (big.Method == string(misere.MethodTame)) != c.tame || (c.tame && !strings.Contains(big.By, fmt.Sprintf("proven by %s on heaps 0..%d", ts.Theorem, from))) {
			t.Errorf("%s 10^18 3: method %q, by %q; want the tame rule %v, with its theorem and heaps 0..%d", c.code, big.Method, big.By, c.tame, from)
		}
		t.Logf("%s: %d positions past heap %d checked (%s)", c.code, checked, from, big.By)
	}
}
