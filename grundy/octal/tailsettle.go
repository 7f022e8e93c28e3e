package octal

import (
	"fmt"
	"math/bits"
)

// The tail's mex of one heap: settle (steps 1 to 3 inside the window,
// octal.go's method), its step 3 chunks, the near loop on a 16-bit window
// (nearOK) and relabel, the one extra mask bit at a value past every value
// so far.

// mex returns g(n) by the sparse-space method inside the window (see the
// comment at the top of this file), and false if the splits inside the
// window do not settle it.
func (s *tailState[V]) mex() (int32, bool) {
	// 1. Every split with a rare heap, into s.mk.
	s.markRare((*[1 << 16]byte)(s.mk[:1<<16]), s.ring[s.pos:s.pos+s.w], nil)
	return s.settle(s.mk, 0, nil)
}

// markRare is step 1 for the heap whose last w values are rec (g(n-d) =
// rec[w-d]): it sets mk[g(a) XOR g(s-a)] for every rare heap a and split
// digit k, s = n-k; the rare heaps of the i-th split digit are those of
// part.rare[i] (and part.near[i]) if part is not nil (the pipelined tail's
// share, tailpipe.go), all of them otherwise.
func (s *tailState[V]) markRare(mk *[1 << 16]byte, rec []V, part *tailPart[V]) {
	w := s.w
	for i, k := range s.r.split {
		// base ends just before heap s = n-k, g(s-a) = base[len(base)-a].
		if base := rec[:w-k]; s.nearOK(len(base)) {
			nr := s.near
			if part != nil {
				nr = part.near[i]
			}
			markRareNear16(mk, (*[1 << 16]V)(base[len(base)-1<<16:]), nr)
		} else {
			r := s.rare
			if part != nil {
				r = part.rare[i]
			}
			tailMarkRare(mk, base, r)
		}
	}
}

// settle finishes g(n) from the marks in mkb and the bit set extra (step 1
// done, and step 3's splits listed up to bot from each end, but for those
// at distance below tailPipeAhead from 0 to s.nearEnd, which it lists
// only if v* leaves a value below it missing; tailPipe.mex): it adds the
// moves that leave one heap, computes v* (step 2) and lists step 3's
// splits from bot on until no value below v* is missing, then clears mkb.
// It returns false if the splits inside the window do not settle g(n)
// (after relabel).
func (s *tailState[V]) settle(mkb []byte, bot int, extra []uint64) (int32, bool) {
	w := s.w
	rec := s.ring[s.pos : s.pos+w] // g(n-d) = rec[w-d]
	nearEnd := s.nearEnd           // this heap's alone: never carried to the next
	s.nearEnd = 0
	seen := s.seen
	clear(seen)
	for _, k := range s.r.single {
		v := uint32(rec[w-k])
		seen[v>>6] |= 1 << (v & 63)
	}
	mk := (*[1 << 16]byte)(mkb[:1<<16]) // every value fits 16 bits (V)
	mw := ((1 << s.vbits) + 63) / 64
	for i, x := range extra {
		seen[i] |= x
	}
	defer clear(mkb[:64*mw])
	// 2. v*, as in sparseMex.
	var flip uint64
	if s.dom&int((s.n-int64(s.r.split[0]))&1) == 1 {
		flip = ^uint64(0)
	}
	// Trick: the marks of mkb are packed only up to v*'s word, as the
	// full-array engine does (octalPackVstar, which has the argument):
	// missingBelow reads seen below v* only, stillMissing reads mkb, and
	// relabel's path packs every word again first. Reason: at every heap
	// the tail packed all 2^vbits marks (0.6 from 2^20: 1,024, v* mostly in
	// the first words), about half of settle and a sixth of stage B's
	// in-order time (TestTailSerialShare, docs/performance.md). Cost: none.
	vstar, need := octalPackVstar(seen, mkb, mw, s.par, flip)
	if vstar < 0 {
		panic(fmt.Sprintf("octal: tail: no value of the hard parity below %d at n = %d", 64*len(seen), s.n))
	}
	if need == 0 {
		return int32(vstar), true
	}
	// 3. The splits (a, s-a) with a <= w-k, listed in growing chunks (octalNextChunk)
	// from both ends of that range at once (the smallest heaps, and the
	// largest a, whose values and partners' lie in the regular part of the
	// sequence, as the most even splits do for sparseMex), across the split
	// digits together, until no value below v* is missing.
	s.miss = missingBelow(s.miss[:0], seen, s.par, flip, vstar)
	if nearEnd > 0 {
		s.step3Chunk(mk, rec, 0, nearEnd, 0, tailPipeAhead-1)
		if s.tap != nil {
			s.tap(s.n, bot, w, mkb, extra)
		}
		if s.miss = stillMissing(mkb, s.miss); len(s.miss) == 0 {
			return int32(vstar), true
		}
	}
	chunk := 32
	if bot > 0 { // the first chunks are listed (tailPipe): go on as the loop would
		chunk = octalNextChunk(bot)
	}
	for ; ; chunk = octalNextChunk(bot) { // bot: listed from each end
		more := s.step3Chunk(mk, rec, bot, chunk, 0, w)
		bot += chunk
		s.step3++
		if !more {
			break
		}
		if s.miss = stillMissing(mkb, s.miss); len(s.miss) == 0 { // as sparseMex
			return int32(vstar), true
		}
	}
	// Every split inside the window is listed and a value below v* is
	// not seen: perhaps a labelling with one more mask bit settles it.
	octalPack(seen[:mw], mkb)
	return s.relabel(flip)
}

// step3Chunk lists, for each split digit k, the splits (a, s-a) with bot <
// a <= bot+chunk and with w-k-bot-chunk < a <= w-k-bot (a chunk from each
// end of a <= w-k, the range inside the window), those with lo <= k+a <=
// hi only (the distance of g(s-a) from n; lo = 0, hi = w: all of them; the
// pipelined tail's two stages take d >= D and d < D, tailpipe.go), into
// mk, rec being the window of the heap (g(n-d) = rec[w-d]). It reports
// false if no digit had a split left to list.
func (s *tailState[V]) step3Chunk(mk *[1 << 16]byte, rec []V, bot, chunk, lo, hi int) bool {
	w, top := s.w, bot // listed: a <= bot and a > w-k-top
	more := false
	for _, k := range s.r.split {
		h := w - k // the largest a inside the window
		b, t := min(bot, h), min(top, h-min(bot, h))
		if b+t >= h {
			continue
		}
		more = true
		least, most := max(lo-k, 1), min(hi-k, h)
		loB := min(b+chunk, h-t)
		if a, z := max(b+1, least), min(loB, most); a <= z {
			tailMarkSplits(mk, s.head, rec[:w-k], a, z)
		}
		if a, z := max(h-t-chunk+1, loB+1, least), min(h-t, most); a <= z {
			tailMarkSplits(mk, s.head, rec[:w-k], a, z)
		}
	}
	return more
}

// nearOK reports whether the rare loop of a split digit whose window holds
// l values may take markRareNear16, making the list of offsets at first
// use: every rare heap below 2^16, l >= 2^16.
func (s *tailState[V]) nearOK(l int) bool {
	if l < 1<<16 || len(s.rare) > 0 && s.rare[len(s.rare)-1].a >= 1<<16 {
		return false
	}
	if s.near == nil {
		s.near = make([]nearRare, len(s.rare))
		for i, x := range s.rare {
			s.near[i] = newNearRare(int(x.a), int(x.g))
		}
	}
	return true
}

// relabel is tried at a heap n that the splits inside the window do not
// settle: the labelling with mask bit b = vbits set as well. Every value
// so far is below 2^b, so that bit changes the label of no heap below n:
// the rare heaps are the same and the method stays exact (octal.go), but
// the values from 2^b on change parity, so v* may change. If every value
// below the new v* is seen (seen holds every option listed), g(n) = v*, n
// is common under the new labelling, and the tail keeps it. Reason: a
// value past every value so far is where the full-array engine, choosing
// again, sets that bit (Grundy's game's first 256, at heap 7,250,049, is
// rare under mask 0xfe and common under a mask with bit 8), and the tail
// cannot choose again over values it no longer has. Cost: one pass over
// seen at the heaps that would otherwise stop the run. No source.
func (s *tailState[V]) relabel(flip uint64) (int32, bool) {
	b := s.vbits
	if b < 6 || b >= 16 || s.mask>>b != 0 || len(s.seen) < (2<<b)/64 {
		return 0, false
	}
	vstar, need := -1, 0
	for i, x := range s.seen {
		p := s.par[i]
		if 64*i >= 1<<b { // values 2^b to 2^(b+1)-1: bit b flips their parity
			p = ^p
		}
		hard := p ^ flip
		if free := hard &^ x; free != 0 {
			tz := bits.TrailingZeros64(free)
			vstar = 64*i + tz
			need += bits.OnesCount64(^x &^ hard & (1<<tz - 1))
			break
		}
		need += bits.OnesCount64(^x &^ hard)
	}
	if vstar < 0 || need != 0 {
		return 0, false
	}
	s.mask |= 1 << b
	s.meta.Mask = s.mask
	s.resize()
	return int32(vstar), true
}

// tailMarkRare sets mk[g(a) XOR g(s-a)] = 1 for every rare heap a, base
// ending just before heap s (g(s-a) = base[len(base)-a]; every a < len(base)
// by the window's check), by a loop unrolled by four on an array of 2^16
// marks indexed by a uint16 (as octalMarks16). When every rare heap is
// below 2^16 and the window holds 2^16 values, mex takes markRareNear16
// instead (kernels.go, the full-array engine's loop).
func tailMarkRare[V tailValue](mk *[1 << 16]byte, base []V, rare []tailRare[V]) {
	l := len(base)
	i := 0
	for ; i+4 <= len(rare); i += 4 {
		r := rare[i : i+4 : i+4]
		v0 := r[0].g ^ base[l-int(r[0].a)]
		v1 := r[1].g ^ base[l-int(r[1].a)]
		v2 := r[2].g ^ base[l-int(r[2].a)]
		v3 := r[3].g ^ base[l-int(r[3].a)]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^base[l-int(x.a)])] = 1
	}
}

// tailMarkSplits sets mk[g(a) XOR g(s-a)] = 1 for lo <= a <= hi, g(a) =
// head[a] and g(s-a) = base[len(base)-a], by markPairs (kernels.go, the
// full-array engine's loop).
func tailMarkSplits[V tailValue](mk *[1 << 16]byte, head, base []V, lo, hi int) {
	markPairs(mk, head[lo:hi+1], base[len(base)-hi:len(base)-lo+1])
}
