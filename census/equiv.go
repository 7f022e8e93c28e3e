package census

import (
	"strings"

	"github.com/tabulate-games/tabulate/grundy/octal"
)

// Octal codes with the same sequence, proven so from the rules.
//
// Many codes of a census play alike: Winning Ways' game locator and the
// lookup tables of T. Czajka's octal-games repository (GameLookup.md) map
// the 1,023 codes 0.d1d2d3 and 4.d1d2d3 onto far fewer games. The census
// computes each such group once. It does not take the grouping from a
// table, nor from values that merely agree as far as computed: it drops a
// move from a code only when the rules show that the move never adds an
// option value (below), so the two codes have the same option values at
// every heap, and so, by induction on the heap, the same Grundy values for
// ever. Every code of a census is reduced so, and codes with the same
// reduced code share one run of the engine; each keeps its own row (its own
// t for the periodicity proof, its own sparse space).
//
// Write g for the common sequence and c' for c without the move. Assume g_c
// and g_c' agree below heap n (induction); at heap n the options of c are
// those of c' and the values the dropped move gives:
//
//   - Bit 2 of d_k (remove k and leave one heap, n > k) gives g(n-k). If d_j
//     has bit 4 for some j < k (j = 0 included: 4.xxx) and g(k-j) = 0, the
//     split of n-j into n-k >= 1 and k-j >= 1 is an option of c' of value
//     g(n-k) XOR 0. Nothing else is needed: the condition holds for every
//     n > k at once.
//   - Bit 1 of d_k (remove a whole heap of k) gives 0 at heap k only. If 0 is
//     an option of c' at heap k, the move adds nothing.
//
// Both conditions ask for values of c' at heaps of at most t = 3 for a
// three-digit census, found here by a plain mex over the literal moves. A
// dropped move never adds an option value, so dropping one does not change
// whether another can be dropped (the option sets stay the same); the order
// (bits 2 from the largest k, then bits 1) only fixes which reduced code a
// group gets. Cost: microseconds per code. TestReduced checks every
// three-digit code against its reduced code with the literal-rules oracle.

// reduced returns the code that c reduces to: c without the moves that, by
// the rules above, never add an option value. It has the same Grundy values
// as c at every heap.
func reduced(c octal.Code) octal.Code {
	t := c.MaxRemove()
	d := make([]int, t+1)
	for k := range d {
		d[k] = c.Digit(k)
	}
	for k := t; k >= 1; k-- {
		if d[k]&2 == 0 {
			continue
		}
		without := append([]int(nil), d...)
		without[k] &^= 2
		g := smallValues(without, k)
		for j := 0; j < k; j++ {
			if without[j]&4 != 0 && g[k-j] == 0 {
				d = without
				break
			}
		}
	}
	for k := t; k >= 1; k-- {
		if d[k]&1 == 0 {
			continue
		}
		without := append([]int(nil), d...)
		without[k] &^= 1
		g := smallValues(without, k)
		if options(without, g, k)[0] {
			d = without
		}
	}
	var b strings.Builder
	b.WriteByte(byte('0' + d[0]))
	b.WriteByte('.')
	for k := 1; k < len(d); k++ {
		b.WriteByte(byte('0' + d[k]))
	}
	if len(d) == 1 {
		b.WriteByte('0')
	}
	r, err := octal.Parse(b.String())
	if err != nil {
		panic("census: reduced code " + b.String() + ": " + err.Error()) // digits 0-7 and d0 in {0, 4} by construction
	}
	return r
}

// smallValues returns g(0..n) of the code with digits d by the plain mex.
func smallValues(d []int, n int) []int32 {
	g := make([]int32, n+1)
	for h := 1; h <= n; h++ {
		opt := options(d, g, h)
		for opt[g[h]] {
			g[h]++
		}
	}
	return g
}

// options returns the set of option values of heap h of the code with
// digits d, given g(0..h-1), as a membership map.
func options(d []int, g []int32, h int) map[int32]bool {
	opt := map[int32]bool{}
	for k := 0; k < len(d) && k <= h; k++ {
		if d[k]&1 != 0 && k >= 1 && h == k {
			opt[0] = true
		}
		if d[k]&2 != 0 && k >= 1 && h > k {
			opt[g[h-k]] = true
		}
		if d[k]&4 != 0 {
			for a := 1; 2*a <= h-k; a++ {
				opt[g[a]^g[h-k-a]] = true
			}
		}
	}
	return opt
}
