package octal

import "math/bits"

// The mark kernels shared by the full-array engine (sparseMex,
// octal_sparse.go) and tail mode (tail.go): one generic copy each, for the
// widths the two keep values in.

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
// bits (issue 25), the Rust solver of rogalski-wmii-uni-lodz-pl/octal in 16;
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
// count (0.6 to 10^6, one worker, 5 rounds of whole processes, CPU median
// 3.69 s against 3.66 s, load 12 to 17); kept for the tail's step 3, which
// shares it. The loop has no branch but its own: keeping a value or not
// was a branch mispredicted about half the time, which made the first
// version of this check 8 to 20% slower than the pack and count though it
// ran fewer instructions. On the marks of octalMarks16 (values below
// 2^16) it indexes the array by a uint16, without a bounds check, and it
// no longer tests the bit set too (issue 33: that load, shift and AND
// were half of the check; ours). Cost: a list of the missing values
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
// CPU (farm-bench, 4 pairs, load 6 to 9). Cost: none. Ours.
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
