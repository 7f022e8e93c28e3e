package heapgame

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// literalKayles decides a position of Kayles under misère play by plain
// recursion over the literal rules (knock down one pin or two adjacent
// pins of a row, leaving the pins on either side), sharing no code with
// package misere: a position without moves is a win for the player to
// move.
func literalKayles(memo map[string]bool, pos []int) bool {
	pos = slices.DeleteFunc(slices.Clone(pos), func(h int) bool { return h == 0 })
	slices.Sort(pos)
	key := fmt.Sprint(pos)
	if w, ok := memo[key]; ok {
		return w
	}
	win, moved := false, false
	for i, n := range pos {
		for k := 1; k <= 2 && !win; k++ {
			for left := 0; left+k <= n && !win; left++ {
				moved = true
				next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), left, n-k-left)
				win = !literalKayles(memo, next)
			}
		}
	}
	memo[key] = win || !moved
	return memo[key]
}

// When the quotient outgrows its maximum order (here 2, so that Kayles'
// quotient fails at heap 2), a position with a wild heap is decided by
// search, and the failure is remembered; tame positions keep the tame
// rule. Every answer agrees with the literal recursion.
func TestMisereSolverFallsBackToSearch(t *testing.T) {
	code, err := octal.Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	m := &misereSolver{game: misere.Octal(code), maxOrder: 2}
	memo := map[string]bool{}
	for _, tc := range []struct {
		pos    []int
		method misere.Method
	}{
		{[]int{5, 1}, misere.MethodSearch},
		{[]int{7, 4, 2}, misere.MethodSearch},
		{[]int{3, 1}, misere.MethodTame},
		{[]int{12, 6}, misere.MethodSearch},
		{[]int{1}, misere.MethodTame}, // tame: the quotient is not asked
	} {
		s, err := m.solve(context.Background(), tc.pos)
		if err != nil {
			t.Fatalf("%v: %v", tc.pos, err)
		}
		if s.Method != tc.method || s.Quotient != nil {
			t.Errorf("%v: method %q (quotient %v), want %q", tc.pos, s.Method, s.Quotient, tc.method)
		}
		if want := literalKayles(memo, tc.pos); s.Win != want {
			t.Errorf("%v: win %v, the literal recursion says %v", tc.pos, s.Win, want)
		}
	}
	if m.quotientFails != 2 {
		t.Errorf("the failure is remembered from heap %d, want 2 (Kayles' quotient to heap 2 has more than 2 elements)", m.quotientFails)
	}
}
