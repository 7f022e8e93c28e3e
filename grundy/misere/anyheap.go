package misere

import (
	"fmt"
	"slices"
)

// Positions of heaps of any size, decided by a solved quotient (or by the
// tame rule where the genus period is proven: tameany.go): the element of
// a heap past Max() is the element Φ's proven period gives (HeapAny), so
// a position is decided at once, whatever its heaps. Its
// winning moves are counted without listing a heap's options: a move
// takes k tokens (a code's digit d_k) and leaves nothing, one heap or two,
// and when the two heaps a and s-a (a <= s/2) both lie in the periodic
// part, the element of the move depends on a mod the period only, so each
// residue class is counted at once. Cost: O(t·(n0 + p)) products for
// each heap of the position, t the code's last digit; listing keep moves
// adds O(keep·p).

// coded is a Game given by a code digit by digit: digit k has bit 1 (take
// k tokens, the whole heap), 2 (take k, one heap left) and 4 (take k, two
// non-empty heaps left); no other bit.
type coded interface {
	digit(k int) int
	maxRemove() int
}

func (g *octalGame) digit(k int) int { return g.code.Digit(k) }
func (g *octalGame) maxRemove() int  { return g.t }

func (g *subtractionGame) digit(k int) int {
	if g.set.Finite() && slices.Contains(g.set.Members(k), k) {
		return 3
	}
	return 0
}
func (g *subtractionGame) maxRemove() int { return max(g.set.Max(), 0) }

// AnyMove is a move of a position of heaps of any size: heap Index
// (numbered from 0 in the position as given), of size Heap, replaced by
// the heaps Leaves (none, one or two, ascending).
type AnyMove struct {
	Index  int
	Heap   int64
	Leaves []int64
}

// AnyAnswer is the misère outcome of a position of heaps of any size read
// from a solved quotient: Win, the first winning moves (at most the keep
// asked) and how many there are in all.
type AnyAnswer struct {
	Win   bool
	Moves []AnyMove
	Total int64
	// Element is the position's element (Name gives its normal form).
	Element int
}

// periodic is what decides positions of heaps of any size: the element
// of every heap (a table, then a proven period from a preperiod), their
// product and the elements that are misère losses. A solved Quotient is
// one; a TameSolution (tameany.go) another.
type periodic interface {
	heapAny(n int64) (x int, ok bool)
	mul(x, y int) int
	loss(x int) bool
	period() (preperiod, period int64)
}

func (q *Quotient) heapAny(n int64) (int, bool) { return q.HeapAny(n) }
func (q *Quotient) mul(x, y int) int            { return q.Mul(x, y) }
func (q *Quotient) loss(x int) bool             { return q.p[x] }
func (q *Quotient) period() (int64, int64) {
	return int64(q.solution.Preperiod), int64(q.solution.Period)
}

// DecideAny decides the position heaps (each >= 0, of any size) of g by q,
// which must be g's quotient and Solved, listing at most keep winning
// moves (all when keep < 0) and counting them all. It fails when q is not
// solved or g is not given by a code of digits with bits 1, 2 and 4
// (octal codes and finite subtraction sets).
func (q *Quotient) DecideAny(g Game, heaps []int64, keep int64) (AnyAnswer, error) {
	if q.solution == nil {
		return AnyAnswer{}, fmt.Errorf("misere: %s: the quotient of heaps up to %d is not proven for every heap", g.Name(), q.Max())
	}
	return decideAny(q, g, heaps, keep, q.Max())
}

// decideAny decides heaps of g by m (max: the heaps m tabulates, for the
// message of a game not given by a code).
func decideAny(m periodic, g Game, heaps []int64, keep int64, max int) (AnyAnswer, error) {
	c, ok := g.(coded)
	if !ok || !WindowOf(g).OK {
		return AnyAnswer{}, fmt.Errorf("misere: %s: positions past heap %d need a game given by a code (an octal code or a finite subtraction set)", g.Name(), max)
	}
	elems := make([]int, len(heaps))
	x := 0
	for i, h := range heaps {
		e, ok := m.heapAny(h)
		if !ok {
			return AnyAnswer{}, fmt.Errorf("misere: %s: heap %d is negative", g.Name(), h)
		}
		elems[i], x = e, m.mul(x, e)
	}
	ans := AnyAnswer{Win: !m.loss(x), Element: x}
	if !ans.Win {
		return ans, nil
	}
	for i, h := range heaps {
		if slices.Contains(heaps[:i], h) {
			continue // equal heaps, counted once
		}
		rest := 0
		for j, e := range elems {
			if j != i {
				rest = m.mul(rest, e)
			}
		}
		left := keep - int64(len(ans.Moves))
		if keep < 0 {
			left = -1
		}
		ms, n := winningOf(m, c, h, rest, left)
		for _, mv := range ms {
			ans.Moves = append(ans.Moves, AnyMove{Index: i, Heap: h, Leaves: mv})
		}
		ans.Total += n
	}
	return ans, nil
}

// winningOf returns the moves of heap n (of game c) to losses under m when
// the other heaps have element rest: at most keep of them listed (all when
// keep < 0), and their number.
func winningOf(m periodic, c coded, n int64, rest int, keep int64) ([][]int64, int64) {
	var out [][]int64
	var total int64
	wins := func(leaves ...int64) bool {
		x := rest
		for _, l := range leaves {
			e, _ := m.heapAny(l)
			x = m.mul(x, e)
		}
		return m.loss(x)
	}
	list := func(leaves ...int64) {
		if keep < 0 || int64(len(out)) < keep {
			out = append(out, leaves)
		}
	}
	for k := 0; k <= c.maxRemove() && int64(k) <= n; k++ {
		d, s := c.digit(k), n-int64(k)
		if d&1 != 0 && k >= 1 && s == 0 && wins() {
			total++
			list()
		}
		if d&2 != 0 && k >= 1 && s >= 1 && wins(s) {
			total++
			list(s)
		}
		if d&4 != 0 && s >= 2 {
			total += splits(m, s, rest, func(a int64) bool {
				if keep >= 0 && int64(len(out)) >= keep {
					return false
				}
				list(a, s-a)
				return true
			})
		}
	}
	return out, total
}

// splits counts the splits of s into a + (s-a), 1 <= a <= s/2, whose
// element times rest is a loss under m, and calls each(a) for them in
// increasing a until it returns false. Past the preperiod n0, with both
// parts at least n0, a split's element depends on a mod p only: those are
// counted by residue class, and listed from the classes found, so that
// each is called at most once a split it is given and the scan below n0
// and over one period is the only one (a heap of 10^18 costs n0 + p
// evaluations, however many splits each asks for).
func splits(m periodic, s int64, rest int, each func(a int64) bool) int64 {
	n0, p := m.period()
	half := s / 2
	in := func(a int64) bool {
		ea, _ := m.heapAny(a)
		eb, _ := m.heapAny(s - a)
		return m.loss(m.mul(rest, m.mul(ea, eb)))
	}
	// Below max(n0, 1), and all of a small s, one by one.
	direct := min(half, max(n0, 1)-1)
	if s-half < n0 { // some part below n0 on the right too: all direct
		direct = half
	}
	var found []int64
	for a := int64(1); a <= direct; a++ {
		if in(a) {
			found = append(found, a)
		}
	}
	total := int64(len(found))
	// a in (direct, half]: both a >= n0 and s-a >= s-half >= n0; the first
	// a of each class that is a loss, in increasing order.
	lo := direct + 1
	var classes []int64
	for r := int64(0); r < p && lo+r <= half; r++ {
		if in(lo + r) {
			classes = append(classes, lo+r)
			total += (half-(lo+r))/p + 1
		}
	}
	// The moves, in increasing a, as far as each wants them: the direct
	// ones, then the classes period by period (lo+r+k*p increases with r
	// inside a period and with k across).
	for _, a := range found {
		if !each(a) {
			return total
		}
	}
	for k := int64(0); len(classes) > 0; k++ {
		for _, first := range classes {
			a := first + k*p
			if a > half {
				return total
			}
			if !each(a) {
				return total
			}
		}
	}
	return total
}
