// Package misereoracle is the plain misère search that tests check the
// engines against: positions of heaps decided by recursion over options
// written out literally, sharing no code with packages misere, octal or
// games. Tests only; nothing in a binary imports it.
package misereoracle

import (
	"fmt"
	"slices"
)

// Wins returns the misère outcome of positions of heaps whose moves are
// options(n) (each option the heaps a move on a heap of n leaves, empty
// heaps left out): the player to move wins a position without moves (the
// opponent made the last move), and otherwise exactly when some move leads
// to a position the opponent loses. Positions are remembered, so the
// returned function is for one goroutine. Cost: one call of options per
// heap of every position reachable.
func Wins(options func(n int) [][]int) func(pos []int) bool {
	memo := map[string]bool{}
	var win func([]int) bool
	win = func(pos []int) bool {
		pos = slices.DeleteFunc(slices.Clone(pos), func(h int) bool { return h == 0 })
		slices.Sort(pos)
		key := fmt.Sprint(pos)
		if w, ok := memo[key]; ok {
			return w
		}
		w, moved := false, false
		for i, h := range pos {
			for _, o := range options(h) {
				moved = true
				if !win(append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)) {
					w = true
					break
				}
			}
			if w {
				break
			}
		}
		memo[key] = w || !moved
		return memo[key]
	}
	return win
}

// OctalOptions returns the options of a heap of n in the octal game of
// code ("0.d1d2...", digits 0 to 7), read from its digits: digit d_k
// allows taking k tokens leaving nothing (bit 1), one heap (bit 2) or two
// non-empty heaps (bit 4). Options are ascending lists of heaps.
func OctalOptions(code string) func(n int) [][]int {
	digits := code[2:]
	return func(n int) [][]int {
		var out [][]int
		for k := 1; k <= len(digits) && k <= n; k++ {
			d, s := int(digits[k-1]-'0'), n-k
			if d&1 != 0 && s == 0 {
				out = append(out, []int{})
			}
			if d&2 != 0 && s > 0 {
				out = append(out, []int{s})
			}
			for a := 1; d&4 != 0 && 2*a <= s; a++ {
				out = append(out, []int{a, s - a})
			}
		}
		return out
	}
}
