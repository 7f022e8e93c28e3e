package octal

import (
	"math/bits"
	"slices"

	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The mex without a sparse space: fullMex, every option at every heap
// (before a labelling is chosen), and plainMex, the cached plain mex that
// choose takes for games whose rare heaps make the sparse-space method
// quadratic. Its helpers on several goroutines are in plainpar.go.

// markMoves sets in seen the values of the options of heap n that are not
// splits: taking the whole heap (value 0) and leaving one smaller heap.
func (e *octalEngine) markMoves(seen []uint64, n int) {
	for _, k := range e.r.whole {
		if n == k {
			seen[0] |= 1
		}
	}
	for _, k := range e.r.single {
		if n > k {
			v := uint32(e.g[n-k])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
}

// fullMex returns the mex at n over every option.
func (e *octalEngine) fullMex(n int) int32 {
	g := e.g
	if e.vmax < 64 && !e.r.unequal { // every option value is below 64: one word
		var s uint64
		for _, k := range e.r.whole {
			if n == k {
				s |= 1
			}
		}
		for _, k := range e.r.single {
			if n > k {
				s |= 1 << (uint32(g[n-k]) & 63)
			}
		}
		for _, k := range e.r.split {
			if n-k >= 2 {
				s |= octalSplits64(g, n-k)
			}
		}
		return int32(bits.TrailingZeros64(^s))
	}
	seen := e.seen
	clear(seen)
	e.markMoves(seen, n)
	for _, k := range e.r.split {
		s := n - k
		h := s / 2
		if e.r.unequal {
			h = (s - 1) / 2
		}
		for a := 1; a <= h; a++ {
			v := uint32(g[a] ^ g[s-a])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	return int32(engine.MexBits(seen))
}

// plainMex returns the mex at n over every option, each split set F(s) =
// {g(a) XOR g(s-a)} computed once and kept for the other split digits.
//
// Trick: the set of values of the splits of s depends on s alone, not on
// the heap n = s + k it is an option of, so a game with several split
// digits k needs it at several heaps. In a game without a sparse space
// (more than an eighth of the heaps rare under every labelling: 0.164,
// 0.604, 0.414 ...) the sparse-space method lists, for each split digit,
// the splits with a rare heap (step 1: #rare of them, a third or more of
// s) and, for the many heaps whose mex needs them all (rare heaps and late
// missing values: nearly half the heaps of 0.164), every split (step 3);
// here each heap lists the s/2 splits of one new s, in one branch-free,
// sequential pass (octalMarkSplits16), and ORs the kept bit sets of the
// others: 0.164 (split digits 2 and 3, 38% of its heaps rare) to 2^18
// took 28 s of CPU by the sparse-space method and takes 4.8 s here (docs/performance.md,
// octal section). choose picks this path by a cost rule (plainPays).
// Cost: a bit set of 2^vbits bits for each of the last max(k)-min(k)+1
// values of s (a few kB). On several workers (from 2^15 splits of an s on)
// the far part of each new F(s), its splits with both parts below the
// heaps already computed, is listed ahead by helpers and only the near
// part here (splitSet16, plainpar.go: about the CPU of one goroutine). No
// source: the plain mex of the C++ solver of
// tczajka/octal-games and of Flammenkamp's programs lists the splits of each
// split digit at each heap.
func (e *octalEngine) plainMex(n int) int32 {
	mw := e.markWords()
	if e.fsWords != mw || len(e.fsAt) == 0 {
		lo, hi := e.r.split[0], e.r.split[0]
		for _, k := range e.r.split {
			lo, hi = min(lo, k), max(hi, k)
		}
		e.fsWords = mw
		e.fsAt = slices.Grow(e.fsAt[:0], hi-lo+1)[:hi-lo+1]
		for i := range e.fsAt {
			e.fsAt[i] = -1 // every kept set is stale once vbits grows
		}
		e.fs = make([]uint64, (hi-lo+1)*mw)
	}
	seen := e.seen
	clear(seen)
	e.markMoves(seen, n)
	for _, k := range e.r.split {
		s := n - k
		if s < 2 {
			continue
		}
		slot := s % len(e.fsAt)
		f := e.fs[slot*mw : (slot+1)*mw]
		if e.fsAt[slot] != s {
			clear(f)
			if e.vbits <= 16 {
				if e.mk16 == nil {
					e.mk16 = new([1 << 16]byte)
				}
				h := octalHalf(s, e.r.unequal)
				e.splitSet16(f, s, h, n)
			} else {
				octalMarkSplits(e.mk, e.g, s, 1, octalHalf(s, e.r.unequal))
				octalPack(f, e.mk)
				clear(e.mk[:64*mw])
			}
			e.fsAt[slot] = s
		}
		for w, x := range f {
			seen[w] |= x
		}
	}
	e.fullScans++
	return int32(engine.MexBits(seen))
}

// octalSplits64 returns the set, as bits of a word, of g(a) XOR g(s-a) over
// 1 <= a <= s/2, for values below 64.
func octalSplits64(g []int32, s int) uint64 {
	h := s / 2
	lo := g[1 : h+1]
	hi := g[s-h : s] // the partner of lo[i] (a = i+1) is g[s-1-i] = hi[h-1-i]
	var m0, m1, m2, m3 uint64
	j := len(hi) - 1
	i := 0
	for ; i+3 < len(lo) && j >= 3; i, j = i+4, j-4 {
		m0 |= 1 << (uint32(lo[i]^hi[j]) & 63)
		m1 |= 1 << (uint32(lo[i+1]^hi[j-1]) & 63)
		m2 |= 1 << (uint32(lo[i+2]^hi[j-2]) & 63)
		m3 |= 1 << (uint32(lo[i+3]^hi[j-3]) & 63)
	}
	for ; i < len(lo) && j >= 0; i, j = i+1, j-1 {
		m0 |= 1 << (uint32(lo[i]^hi[j]) & 63)
	}
	return m0 | m1 | m2 | m3
}
