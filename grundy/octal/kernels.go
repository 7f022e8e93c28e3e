package octal

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The mark kernels: the loops that set a byte a value for the splits of a
// heap (markPairs, the rare loops), the packing of those bytes into bits
// (octalPack, octalPackVstar) and the checks of the values still missing
// (missingBelow, stillMissing). Those shared by the full-array engine
// (sparse.go) and tail mode (tailsettle.go) are generic, one copy each for
// the widths the two keep values in.

// markValue is the width of a value markPairs reads: the full-array
// engine's int32 and the tail's uint8 and uint16.
type markValue interface{ ~uint8 | ~uint16 | ~int32 }

// markPairs sets mk[x[i] XOR y[len(x)-1-i]] = 1 for every i (y at least as
// long as x; its first len(x) values are read): the splits a + (s-a) for a run of a, x holding g(a) ascending
// and y the partners g(s-a), descending from its end.
//
// Trick: no bounds check in the loop. Each step reslices eight values from
// each end with a constant length and capacity, so that the compiler proves
// its eight loads in range, and the marks are an array of 2^16 bytes indexed
// by uint16, which no value overflows. Reason: the plain mex is this loop
// alone (97% of the CPU of 0.164 to 2^17), step 3 nearly half of the
// sparse-space method's, and the loop unrolled by four on slices compares
// and branches for each of its loads and stores: the splits of s = 2^17 - 5
// in 0.164 (65,534 marks) took 49 us there and 18 us here (min of 6, load
// average 7), and 0.164 to 2^17 1.55 s of CPU against 1.26 s. Cost: 64 KiB
// of marks, of which the first 2^vbits bytes are touched. (A variant
// reading four 16-bit values a 64-bit load from a 16-bit copy of the
// values, SWAR, took twice the time: the shifts that take the lanes apart
// cost more than the loads they save.)
func markPairs[V markValue](mk *[1 << 16]byte, x, y []V) {
	n := len(x)
	y = y[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		xa := x[i : i+8 : i+8]
		ya := y[n-i-8 : n-i : n-i]
		mk[uint16(xa[0]^ya[7])] = 1
		mk[uint16(xa[1]^ya[6])] = 1
		mk[uint16(xa[2]^ya[5])] = 1
		mk[uint16(xa[3]^ya[4])] = 1
		mk[uint16(xa[4]^ya[3])] = 1
		mk[uint16(xa[5]^ya[2])] = 1
		mk[uint16(xa[6]^ya[1])] = 1
		mk[uint16(xa[7]^ya[0])] = 1
	}
	for ; i < n; i++ {
		mk[uint16(x[i]^y[n-1-i])] = 1
	}
}

// nearRare is a rare heap a of the near loop (markRareNear16): its offset
// 2^16 - a in the window of the last 2^16 values in the low 16 bits, and
// its value g(a) in the high 16 bits (one 32-bit load for both; a struct of
// two fields of a type parameter made the compiler compute each field's
// address apart).
type nearRare uint32

// newNearRare returns the nearRare of heap a (1 <= a < 2^16) of value v
// (below 2^16).
func newNearRare(a int, v int) nearRare { return nearRare(uint32(1<<16-a) | uint32(v)<<16) }

// markRareNear16 sets mk[g(a) XOR g(s-a)] = 1 for every rare heap a of rare
// (every a below 2^16), near holding g(s-2^16..s-1): g(s-a) = near[off].
//
// Trick: the rare heaps are kept as their offsets in a window of 2^16
// values of 16 (or 8) bits, one 32-bit word a rare heap with its value, so
// that the loop reads two arrays by uint16 indices: no bounds check, no
// index arithmetic (the int32 loop, octalMarkRareNear, subtracts and
// masks), half the bytes. Reason: the rare loop is 40% of the engine's time
// on 0.6 on one worker (1,583 marks a heap); its window of int32 (82 KiB to
// the last rare heap, 20,627) does not fit the 48 KiB L1 data cache of this
// machine, that of uint16 (41 KiB) does: cachegrind, 0.6 to 3*10^5, L1 read
// misses of the whole run from 256*10^6 to 127*10^6. Cost: a 16-bit copy of
// the last 2^16 values in the full-array engine (markRareRing), the list of
// offsets in both engines; only for games whose last rare heap plus t is
// at most 2^16 (0.6: 20,627, 0.014: 64,126, 0.161: 23,784; not Grundy's
// game, 82,860) and values below 2^15. Source: Grossman keeps values in 8
// bits, the Rust solver of rogalski-wmii-uni-lodz-pl/octal in 16;
// the offsets are ours.
func markRareNear16[V tailValue](mk *[1 << 16]byte, near *[1 << 16]V, rare []nearRare) {
	i := 0
	for ; i+8 <= len(rare); i += 8 { // unrolled: eight independent marks
		r := rare[i : i+8 : i+8]
		v0 := V(r[0]>>16) ^ near[uint16(r[0])]
		v1 := V(r[1]>>16) ^ near[uint16(r[1])]
		v2 := V(r[2]>>16) ^ near[uint16(r[2])]
		v3 := V(r[3]>>16) ^ near[uint16(r[3])]
		v4 := V(r[4]>>16) ^ near[uint16(r[4])]
		v5 := V(r[5]>>16) ^ near[uint16(r[5])]
		v6 := V(r[6]>>16) ^ near[uint16(r[6])]
		v7 := V(r[7]>>16) ^ near[uint16(r[7])]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
		mk[uint16(v4)] = 1
		mk[uint16(v5)] = 1
		mk[uint16(v6)] = 1
		mk[uint16(v7)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(V(x>>16)^near[uint16(x)])] = 1
	}
}

// missingBelow appends to dst, ascending, the values v < vstar of the other
// parity (bit clear in par XOR flip, the hard parity's bits) that seen
// lacks: what step 3 of the sparse-space method must still find.
func missingBelow(dst []int32, seen, par []uint64, flip uint64, vstar int) []int32 {
	for w := 0; 64*w < vstar; w++ {
		m := ^seen[w] &^ (par[w] ^ flip)
		if r := vstar - 64*w; r < 64 {
			m &= 1<<r - 1
		}
		for ; m != 0; m &= m - 1 {
			dst = append(dst, int32(64*w+bits.TrailingZeros64(m)))
		}
	}
	return dst
}

// stillMissing keeps, in place and in order, the values of miss that are
// not marked in mk. The caller's bit set of options does not change while
// step 3 runs (its marks go to mk; markRanges2 filters miss by its own
// marks), so the values of miss, which missingBelow took from it, need no
// second look at it.
//
// Trick: step 3 checks, after each chunk of splits, only the values still
// missing, one byte load each, instead of packing the marks below v* and
// counting the bits of the other parity. Reason: with chunks a quarter of
// what was listed (octalNextChunk) the checks run about nine times a heap
// on 0.6 (five with doubling), and sparseMex's own instructions grew from
// 1.23*10^9 to 1.92*10^9 with them (cachegrind, 0.6 to 3*10^5); the
// missing values, 57 on average after step 1 on 0.6, are found in a few
// chunks, so the list shrinks fast. Measured: on par with the pack and
// count (0.6 to 10^6, one worker, 5 whole processes each, CPU median
// 3.69 s against 3.66 s); kept for the tail's step 3, which
// shares it. The loop has no branch but its own: keeping a value or not
// was a branch mispredicted about half the time, which made the first
// version of this check 8 to 20% slower than the pack and count though it
// ran fewer instructions. On the marks of octalMarks16 (values below
// 2^16) it indexes the array by a uint16, without a bounds check, and it
// does not test the bit set too (that load, shift and AND were half of
// the check; ours). Cost: a list of the missing values
// (missingBelow), made once a heap.
func stillMissing(mk []byte, miss []int32) []int32 {
	j := 0
	if m16, ok := octalMarks16(mk); ok {
		for _, v := range miss { // branch-free: the outcome of each test is a coin toss
			miss[j] = v
			j += int(1 - m16[uint16(v)])
		}
		return miss[:j]
	}
	for _, v := range miss {
		miss[j] = v
		j += int(1 - mk[v])
	}
	return miss[:j]
}

// octalPackVstar ORs into the first mw words of seen the marks of mk
// (octalPack) and returns v*, the least value of the hard parity not set
// in seen (-1 if none), and need, the number of values of the other parity
// below it not set, a word at a time: the hard parity's values are the
// bits of par ^ flip. With split digits of one parity when dom == 1, the
// hard parity is the same for each of them. It packs a word, looks in it
// for v*, and stops at the word that holds v*, leaving the words past it
// unpacked: the caller reads seen only below v* (missingBelow) or packs
// every word again before it reads past it (sparseMex's full scan, the
// helpers' rows).
//
// Trick: the pack stops at v*'s word. Reason: v* is about g(n), most of
// whose values lie well below 2^vbits (0.6 to 2^22: marks to 512), and a
// pack of every word a heap was 2% of the CPU of one worker (pprof, 0.6 to
// 2^22); on two workers a heap took three (the helper's two, the main
// goroutine's). Measured: 0.6 to 2^22 on one worker took 0.956 times the
// CPU (A/B timing, 4 pairs). Cost: none. Ours.
func octalPackVstar(seen []uint64, mk []byte, mw int, par []uint64, flip uint64) (vstar, need int) {
	for w := range seen {
		if w < mw {
			seen[w] |= octalPackWord(mk[64*w : 64*w+64])
		}
		s := seen[w]
		hard := par[w] ^ flip
		if free := hard &^ s; free != 0 {
			tz := bits.TrailingZeros64(free)
			return 64*w + tz, need + bits.OnesCount64(^s&^hard&(1<<tz-1))
		}
		need += bits.OnesCount64(^s &^ hard)
	}
	return -1, need
}

// markRareRing sets mk[g(a) XOR g(s-a)] = 1 for the rare heaps a < s of
// index lo <= i < hi (a != s-a when unequal) by markRareNear16 on the
// 16-bit ring, s = n-k at heap n, when ringOK.
//
// Trick: the rare loop reads the values g(s-a) of the last 2^16 heaps from
// a 16-bit copy of them (ring16), kept as a ring stored twice (as the
// tail's, tailstate.go) so that the window of any s is one array, and the rare
// heaps as offsets in it (rare16, nearRare). Reason and source: see
// markRareNear16. Cost: 256 KiB allocated once (runs of 2^14 heaps or
// more), two stores a heap.
func (e *octalEngine) markRareRing(mk *[1 << 16]byte, s, lo, hi int) {
	markRareRing16(mk, e.ring16, e.rare, e.rare16, s, lo, hi, e.r.unequal)
}

// markRareRing16 is markRareRing on the ring ring16 and the rare heaps
// rare (rare16 their offsets), which the helpers of octalPipe take as they
// were at dispatch.
func markRareRing16(mk *[1 << 16]byte, ring16 []uint16, rare []octalRare, rare16 []nearRare, s, lo, hi int, unequal bool) {
	for hi > lo && int(rare[hi-1].a) >= s {
		hi--
	}
	p := s & (1<<16 - 1)
	near := (*[1 << 16]uint16)(ring16[p : p+1<<16])
	if unequal && s&1 == 0 {
		if j, ok := slices.BinarySearchFunc(rare[lo:hi], int32(s/2), func(x octalRare, t int32) int { return int(x.a - t) }); ok {
			markRareNear16(mk, near, rare16[lo:lo+j])
			markRareNear16(mk, near, rare16[lo+j+1:hi])
			return
		}
	}
	markRareNear16(mk, near, rare16[lo:hi])
}

// octalMarkRare sets mk[g(a) XOR g(s-a)] = 1 for every heap a of rare with
// a < s (rare ascending), leaving out a = s-a when unequal.
//
// Trick: one byte a value instead of one bit. A bit set needs a
// read-modify-write of a word, and successive marks that fall in one word
// wait for each other (a dependency through memory of about 5 cycles); byte
// stores do not depend on each other, and this loop, the engine's hot spot,
// runs at about one mark a cycle. Cost: 8 bytes of scratch a value and a
// pass of octalPack over them at every heap, small next to the loop (0.6:
// 1584 marks a heap against 64 loads). The loop is unrolled by four (the
// Go compiler does not unroll), which lets the loads of four marks overlap:
// a fifth off the time of 0.6 and 0.007 on one core. The C++ solver of
// tczajka/octal-games marks a std::vector<bool>, a bit set.
func octalMarkRare(mk []byte, g []int32, rare []octalRare, s int, unequal bool) {
	end := len(rare)
	for end > 0 && int(rare[end-1].a) >= s {
		end--
	}
	rare = rare[:end]
	if unequal && s&1 == 0 {
		if j, ok := slices.BinarySearchFunc(rare, int32(s/2), func(x octalRare, t int32) int { return int(x.a - t) }); ok {
			octalMarkRare(mk, g, rare[:j], s, false)
			octalMarkRare(mk, g, rare[j+1:], s, false)
			return
		}
	}
	if m16, ok := octalMarks16(mk); ok {
		octalMarkRare16(m16, g, rare, s)
		return
	}
	gs := g[:s]
	i := 0
	for ; i+4 <= len(rare); i += 4 { // unrolled: four independent marks
		r := rare[i : i+4 : i+4]
		v0 := r[0].g ^ gs[s-int(r[0].a)]
		v1 := r[1].g ^ gs[s-int(r[1].a)]
		v2 := r[2].g ^ gs[s-int(r[2].a)]
		v3 := r[3].g ^ gs[s-int(r[3].a)]
		mk[uint32(v0)] = 1
		mk[uint32(v1)] = 1
		mk[uint32(v2)] = 1
		mk[uint32(v3)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint32(x.g^gs[s-int(x.a)])] = 1
	}
}

// octalMarks returns the marks of n values (n bytes), with a capacity of at
// least 2^16 so that octalMarks16 can take them as an array.
func octalMarks(n int) []byte {
	return make([]byte, n, max(n, 1<<16))
}

// octalMarksGrow returns mk grown to n marks, all zero: mk itself when its
// capacity allows (its marks are zero between heaps and none lies past its
// length), so that the 64 KiB are allocated once, not at every new bit of
// the largest value.
func octalMarksGrow(mk []byte, n int) []byte {
	if cap(mk) >= n {
		return mk[:n]
	}
	return octalMarks(n)
}

// octalMarks16 returns mk as an array of 2^16 marks when every value marked
// in it is below 2^16, that is when len(mk) <= 2^16 (the marks of a value
// lie below len(mk)) and its capacity allows (octalMarks).
//
// Trick: the mark loops (octalMarkRare16, octalMarkSplits16) then index an
// array of 2^16 bytes by a uint16, which needs no bounds check, where a
// slice indexed by a value compares and branches at every mark. Reason:
// these loops are nearly all of the engine's time (0.6 to 2^20 on one
// worker: octalMarkSplits 47% of the CPU, octalMarkRare 32%). Cost: the
// marks take 64 KiB even when the values are small (they stay in the L2
// cache; only the first 2^vbits bytes are touched). Every game of the
// census has values far below 2^16; the slice loops remain for the others.
func octalMarks16(mk []byte) (*[1 << 16]byte, bool) {
	if len(mk) > 1<<16 || cap(mk) < 1<<16 {
		return nil, false
	}
	return (*[1 << 16]byte)(mk[:1<<16]), true
}

// octalMarkRare16 is the loop of octalMarkRare on the marks of
// octalMarks16, every part of a split of s listed in rare being below s
// (octalMarkRare trims rare), eight marks a step.
func octalMarkRare16(mk *[1 << 16]byte, g []int32, rare []octalRare, s int) {
	if s >= octalNear && len(rare) > 0 && rare[len(rare)-1].a < octalNear {
		octalMarkRareNear(mk, (*[octalNear]int32)(g[s-octalNear:s]), rare)
		return
	}
	gs := g[:s]
	i := 0
	for ; i+8 <= len(rare); i += 8 { // unrolled: eight independent marks
		r := rare[i : i+8 : i+8]
		v0 := r[0].g ^ gs[s-int(r[0].a)]
		v1 := r[1].g ^ gs[s-int(r[1].a)]
		v2 := r[2].g ^ gs[s-int(r[2].a)]
		v3 := r[3].g ^ gs[s-int(r[3].a)]
		v4 := r[4].g ^ gs[s-int(r[4].a)]
		v5 := r[5].g ^ gs[s-int(r[5].a)]
		v6 := r[6].g ^ gs[s-int(r[6].a)]
		v7 := r[7].g ^ gs[s-int(r[7].a)]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
		mk[uint16(v4)] = 1
		mk[uint16(v5)] = 1
		mk[uint16(v6)] = 1
		mk[uint16(v7)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^gs[s-int(x.a)])] = 1
	}
}

// octalNear bounds the rare heaps of octalMarkRareNear: 2^17 covers the
// last rare heap of every game of the census with a sparse space (0.6:
// 20627, Grundy's game: 82860, 0.014: 64126).
const octalNear = 1 << 17

// octalMarkRareNear is the loop of octalMarkRare16 when every rare heap a is
// below octalNear: near holds g(s-octalNear..s-1), so g(s-a) = near[octalNear
// - a].
//
// Trick: the values read are those of an array of octalNear values, indexed
// by octalNear-a masked to its bits (which leaves it unchanged, 1 <= a <
// octalNear), so the loop has no bounds check at all. Reason: the load of
// g(s-a) was the last checked access of the rare loop, a third of the
// engine's time on 0.6. Cost: none (a heap below octalNear, or a game with a
// rare heap past it, takes octalMarkRare16's loop).
func octalMarkRareNear(mk *[1 << 16]byte, near *[octalNear]int32, rare []octalRare) {
	const m = octalNear - 1
	i := 0
	for ; i+8 <= len(rare); i += 8 { // unrolled: eight independent marks
		r := rare[i : i+8 : i+8]
		v0 := r[0].g ^ near[(octalNear-r[0].a)&m]
		v1 := r[1].g ^ near[(octalNear-r[1].a)&m]
		v2 := r[2].g ^ near[(octalNear-r[2].a)&m]
		v3 := r[3].g ^ near[(octalNear-r[3].a)&m]
		v4 := r[4].g ^ near[(octalNear-r[4].a)&m]
		v5 := r[5].g ^ near[(octalNear-r[5].a)&m]
		v6 := r[6].g ^ near[(octalNear-r[6].a)&m]
		v7 := r[7].g ^ near[(octalNear-r[7].a)&m]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
		mk[uint16(v4)] = 1
		mk[uint16(v5)] = 1
		mk[uint16(v6)] = 1
		mk[uint16(v7)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^near[(octalNear-x.a)&m])] = 1
	}
}

// octalHalf returns the largest a of a split a + (s-a), a <= s-a (a < s-a
// when unequal).
func octalHalf(s int, unequal bool) int {
	if unequal {
		return (s - 1) / 2
	}
	return s / 2
}

// octalMarkSplits sets mk[g(a) XOR g(s-a)] = 1 for lo <= a <= hi.
func octalMarkSplits(mk []byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	if m16, ok := octalMarks16(mk); ok {
		octalMarkSplits16(m16, g, s, lo, hi)
		return
	}
	x := g[lo : hi+1]
	y := g[s-hi : s-lo+1] // the partner of x[i] is y[len(y)-1-i]
	y = y[:len(x)]
	j := len(y) - 1
	i := 0
	for ; i+4 <= len(x) && j >= 3; i, j = i+4, j-4 { // unrolled
		v0 := x[i] ^ y[j]
		v1 := x[i+1] ^ y[j-1]
		v2 := x[i+2] ^ y[j-2]
		v3 := x[i+3] ^ y[j-3]
		mk[uint32(v0)] = 1
		mk[uint32(v1)] = 1
		mk[uint32(v2)] = 1
		mk[uint32(v3)] = 1
	}
	for ; i < len(x); i, j = i+1, j-1 {
		mk[uint32(x[i]^y[j])] = 1
	}
}

// octalPack ORs into dst the marks of mk, a byte a value; it leaves mk as
// it is (clear it with clear, a vectorised store, once a heap).
//
// Trick: eight 0/1 bytes read as one little-endian word q become eight bits
// by one multiplication, (q * 0x0102040810204080) >> 56: byte i lands on
// bit 56+i and every other product falls below bit 56 or past bit 63, on
// distinct bits, so nothing carries (the classic SWAR gather; see e.g.
// Warren, Hacker's Delight, 2nd ed., ch. 7). Cost: a load and a
// multiplication for 8 values, without a branch.
func octalPack(dst []uint64, mk []byte) {
	for w := range dst {
		dst[w] |= octalPackWord(mk[64*w : 64*w+64])
	}
}

// octalPackWord returns the 64 marks of b (a byte each, 0 or 1) as the
// bits of one word, b[i] at bit i (octalPack's trick).
func octalPackWord(b []byte) uint64 {
	var x uint64
	for i := 0; i < 64; i += 8 {
		x |= (binary.LittleEndian.Uint64(b[i:]) * 0x0102040810204080 >> 56) << i
	}
	return x
}

// octalMarkSplits16 is octalMarkSplits for values below 2^16 (vbits <= 16),
// by markPairs, eight splits a step without a bounds check.
func octalMarkSplits16(mk *[1 << 16]byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	markPairs(mk, g[lo:hi+1], g[s-hi:s-lo+1])
}
