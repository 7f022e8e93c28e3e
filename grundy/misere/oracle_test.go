package misere

// The oracle of these tests: plain recursions over the literal rules,
// written here and sharing no code with the package (its own move
// generators, no canonical forms, no genus arithmetic, no tame rule).

import (
	"fmt"
	"slices"
	"strings"
)

// rules is a one-heap game written for the oracle: the positions a heap
// of n can be replaced by, each a list of heaps (zeros allowed).
type rules struct {
	name  string
	moves func(n int) [][]int
}

// octalRules reads a code "0.d1d2..." digit by digit: d_k has bit 1 (take
// k tokens, the whole heap), bit 2 (take k, one heap remains) and bit 4
// (take k, two non-empty heaps remain).
func octalRules(code string) rules {
	digits := strings.TrimPrefix(code, "0.")
	return rules{name: code, moves: func(n int) [][]int {
		var out [][]int
		for i, c := range digits {
			k, d := i+1, int(c-'0')
			if n < k {
				continue
			}
			rest := n - k
			if d&1 != 0 && rest == 0 {
				out = append(out, nil)
			}
			if d&2 != 0 && rest > 0 {
				out = append(out, []int{rest})
			}
			if d&4 != 0 {
				for a := 1; a < rest; a++ {
					out = append(out, []int{a, rest - a})
				}
			}
		}
		return out
	}}
}

func subtractionRules(set ...int) rules {
	return rules{name: fmt.Sprint("subtraction ", set), moves: func(n int) [][]int {
		var out [][]int
		for _, s := range set {
			if s <= n {
				out = append(out, []int{n - s})
			}
		}
		return out
	}}
}

func nimRules() rules {
	return rules{name: "nim", moves: func(n int) [][]int {
		var out [][]int
		for m := 0; m < n; m++ {
			out = append(out, []int{m})
		}
		return out
	}}
}

// oracle decides positions of a game plus nim-heaps of 1 and 2 by plain
// recursion, remembering them by their printed sorted form.
type oracle struct {
	r      rules
	misere map[string]int
	normal map[int]int
}

func newOracle(r rules) *oracle {
	return &oracle{r: r, misere: map[string]int{}, normal: map[int]int{}}
}

func sortedNoZero(hs []int) []int {
	var out []int
	for _, h := range hs {
		if h != 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// successors lists every position one move away: a game heap replaced by
// one of its moves, or a nim 1 removed, or a nim 2 made 1 or removed.
func (o *oracle) successors(heaps []int, ones, twos int) (out []struct {
	heaps      []int
	ones, twos int
}) {
	add := func(h []int, a, b int) {
		out = append(out, struct {
			heaps      []int
			ones, twos int
		}{sortedNoZero(h), a, b})
	}
	for i, h := range heaps {
		for _, m := range o.r.moves(h) {
			next := append(append(append([]int{}, heaps[:i]...), heaps[i+1:]...), m...)
			add(next, ones, twos)
		}
	}
	if ones > 0 {
		add(heaps, ones-1, twos)
	}
	if twos > 0 {
		add(heaps, ones+1, twos-1)
		add(heaps, ones, twos-1)
	}
	return out
}

// misereValue is the misère Grundy value of heaps + ones·*1 + twos·*2: 1
// with no move, else the mex of the successors' values.
func (o *oracle) misereValue(heaps []int, ones, twos int) int {
	heaps = sortedNoZero(heaps)
	k := fmt.Sprint(heaps, ones, twos)
	if v, ok := o.misere[k]; ok {
		return v
	}
	succ := o.successors(heaps, ones, twos)
	v := 1
	if len(succ) > 0 {
		seen := map[int]bool{}
		for _, s := range succ {
			seen[o.misereValue(s.heaps, s.ones, s.twos)] = true
		}
		v = 0
		for seen[v] {
			v++
		}
	}
	o.misere[k] = v
	return v
}

// grundy is the normal-play Grundy value of one heap.
func (o *oracle) grundy(n int) int {
	if v, ok := o.normal[n]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, m := range o.r.moves(n) {
		x := 0
		for _, h := range m {
			x ^= o.grundy(h)
		}
		seen[x] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	o.normal[n] = v
	return v
}

// misereWin reports whether the player to move wins heaps under misère
// play (misère value non-zero).
func (o *oracle) misereWin(heaps []int) bool { return o.misereValue(heaps, 0, 0) != 0 }

// winningMoves lists, as printed sorted positions, the positions one move
// from heaps that the player to move then loses.
func (o *oracle) winningMoves(heaps []int) []string {
	var out []string
	for _, s := range o.successors(sortedNoZero(heaps), 0, 0) {
		if !o.misereWin(s.heaps) {
			out = append(out, fmt.Sprint(s.heaps))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
