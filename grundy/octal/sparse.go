package octal

import (
	"fmt"

	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The sparse-space mex of one heap (octal.go's steps 1 to 3): sparseMex,
// and step 3's chunks, ranges and its split across two cores
// (markRanges2).

// sparseMex returns the mex at n by the sparse-space method. far, if not
// nil, is the block of n whose far part the helpers listed (octalPipe): the
// row of n holds (as bits) the values of the splits with a rare heap of
// index far.lo <= i < far.hi and of the known splits of step 3 that they
// listed, far.bot and far.top of them from each end of each split digit's
// known splits (from octalKnownFrom); the others are listed here.
func (e *octalEngine) sparseMex(n int, far *octalTask) int32 {
	g := e.g
	seen := e.seen
	lo, hi, fi := 0, 0, 0
	if far != nil {
		lo, hi, fi = far.lo, far.hi, n-far.start
		if rb := far.rb; rb > 0 {
			clear(seen)
			copy(e.mk, far.bytes[fi*rb:(fi+1)*rb])
		} else {
			copy(seen, far.buf[fi*far.words:(fi+1)*far.words])
			clear(seen[far.words:])
		}
	} else {
		clear(seen)
	}
	e.markMoves(seen, n)
	// 1. Every split with a rare heap.
	for _, k := range e.r.split {
		s := n - k
		if s < 2 {
			continue
		}
		if mk, ok := octalMarks16(e.mk); ok && e.ringOK() {
			if far != nil {
				e.markRareRing(mk, s, 0, lo)
				e.markRareRing(mk, s, hi, len(e.rare))
			} else {
				e.markRareRing(mk, s, 0, len(e.rare))
			}
			e.ringWork += int64(len(e.rare))
			continue
		}
		if far != nil {
			octalMarkRare(e.mk, g, e.rare[:lo], s, e.r.unequal)
			octalMarkRare(e.mk, g, e.rare[hi:], s, e.r.unequal)
		} else {
			octalMarkRare(e.mk, g, e.rare, s, e.r.unequal)
		}
		e.farWork += int64(len(e.rare))
	}
	mw := e.markWords()
	defer clear(e.mk[:64*mw])
	// 2. v*, the least value of the hard parity that is not an option,
	// and need, the values of the other parity below v* not seen yet
	// (octalPackVstar, which packs the marks up to v*).
	var flip uint64 // hard parity 1 ^ (dom & s & 1): par, or its complement
	if e.dom&(n-e.r.split[0])&1 == 1 {
		flip = ^uint64(0)
	}
	vstar, need := octalPackVstar(seen, e.mk, mw, e.par, flip)
	if vstar < 0 {
		panic(fmt.Sprintf("octal: engine: no value of the hard parity below %d at n = %d", 64*len(seen), n))
	}
	if need == 0 {
		return int32(vstar)
	}
	// 3. The values below v* not seen yet, all of the other parity, which
	// the splits of two common heaps give in plenty: the splits are listed
	// in chunks from both ends at once (the smallest heaps, and the most
	// even splits, whose parts lie in the regular part of the sequence),
	// across the split digits together (a value missing from the splits of
	// one digit may be among those of another), the chunks growing
	// (octalNextChunk), until none is missing; g(n) = v* then. If every
	// split is listed first, the mex of all options is g(n) (a rare heap).
	//
	// Trick: each chunk is marked without a test a split (octalMarkSplits,
	// a byte a value as in step 1) and the values still missing checked
	// after it (stillMissing), where a scan that tests each split against
	// the missing values, as the C++ solver of tczajka/octal-games does,
	// takes a branch a split. Cost: up to a chunk of splits more than
	// needed (the first chunk is 32 from each end) and a check a chunk; the
	// chunks' geometric growth keeps the checks of a full scan to O(log n).
	e.miss = missingBelow(e.miss[:0], seen, e.par, flip, vstar)
	for j, k := range e.r.split { // what the helpers listed
		e.bot[k], e.top[k] = 0, 0
		if far != nil {
			x := fi*len(e.r.split) + j
			a0 := octalKnownFrom(n-k, far.known)
			e.top[k] = int(far.top[x])
			e.hole[k][0], e.hole[k][1] = a0, a0+int(far.bot[x])-1
		}
	}
	for chunk, listed := 32, 0; ; listed, chunk = listed+chunk, octalNextChunk(listed+chunk) {
		par := e.parallel && chunk >= e.scanPar
		more := false
		e.ranges = e.ranges[:0]
		for _, k := range e.r.split {
			s := n - k
			h := octalHalf(s, e.r.unequal)
			b, t := e.bot[k], e.top[k]
			if b+t >= h {
				continue // every split of this digit has been listed
			}
			more = true
			loB := min(b+chunk, h-t)
			hiA := max(h-t-chunk+1, loB+1)
			// The least splits less the helpers' (hole): up to two ranges
			// from the low end, each beside one from the high end (the
			// second empty), as markRanges2 takes them in pairs.
			if hl := e.hole[k]; hl[1] < hl[0] || far == nil {
				e.step3Pair(par, s, b+1, loB, hiA, h-t)
			} else {
				lo1, hi2 := min(loB, hl[0]-1), max(b+1, hl[1]+1)
				e.step3Pair(par, s, b+1, lo1, hiA, h-t)
				if hi2 <= loB {
					e.step3Pair(par, s, hi2, loB, 1, 0)
				}
			}
			e.bot[k], e.top[k] = loB, h-hiA+1
		}
		if par {
			e.markRanges2()
		}
		if e.miss = stillMissing(e.mk, e.miss); len(e.miss) == 0 {
			return int32(vstar)
		}
		if !more {
			break
		}
	}
	// Every option is known and a value below v* is not one.
	octalPack(seen[:mw], e.mk)
	e.fullScans++
	for _, k := range e.r.split {
		e.scanWork += int64(octalHalf(n-k, e.r.unequal))
	}
	return int32(engine.MexBits(seen))
}

// step3Pair marks the splits a + (s-a) of step 3 with lo1 <= a <= hi1 (from
// the low end) and lo2 <= a <= hi2 (from the high end) into mk, or, when
// par, queues the two ranges for markRanges2 (low end here, high end on
// the other goroutine).
//
// Trick: a chunk on one core is marked at once, not queued in e.ranges and
// marked after the loop over the split digits. Reason: the queue's appends
// and second loop were about 6% of the CPU of one worker on 0.6 to 2^21
// (pprof, lines of sparseMex), a chunk being 32 to a few hundred splits
// from each end, nine or so a heap. Cost: none. Ours.
func (e *octalEngine) step3Pair(par bool, s, lo1, hi1, lo2, hi2 int) {
	if par {
		e.ranges = append(e.ranges, [3]int{s, lo1, hi1}, [3]int{s, lo2, hi2})
		return
	}
	m16, _ := octalMarks16(e.mk)
	octalMarkRange(m16, e.mk, e.g, s, lo1, hi1)
	octalMarkRange(m16, e.mk, e.g, s, lo2, hi2)
}

// octalMarkRange is octalMarkSplits (lo <= a <= hi) with the caller's m16,
// the marks as octalMarks16 gives them (nil if it does not).
//
// Trick: step 3 calls markPairs itself on the 2^16 marks, not through
// octalMarkSplits and octalMarkSplits16, which took the array again at
// every range. Reason: a heap of 0.6 lists about twenty ranges, most of a
// few dozen splits, so the two calls and the checks a range were a
// measurable share: 0.6 to 2^22 on one worker took 0.977 times the CPU
// (A/B timing, 4 pairs). Cost: none. Ours.
func octalMarkRange(m16 *[1 << 16]byte, mk []byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	if m16 != nil {
		markPairs(m16, g[lo:hi+1], g[s-hi:s-lo+1])
		return
	}
	octalMarkSplits(mk, g, s, lo, hi)
}

// octalNextChunk returns the chunk of step 3 (splits from each end) after
// listed splits from each end: a quarter of them, at least 64.
//
// Trick: the chunks grow by a quarter of what was listed, not by doubling.
// Reason: step 3 stops at the end of the chunk in which the last missing
// value shows, so a chunk lists on average half its length past that
// point: on 0.6 from 5*10^5 to 10^6 (every 97th heap), step 3 needs 977
// splits from each end on average (57 values missing after step 1, found
// about as often from either end), and doubling chunks from 32 list 1,426,
// chunks of a quarter of what was listed 1,095, at 9.3 packs a heap
// against 5.1. Cost: about twice the checks of what is missing (cheap: see
// stillMissing); a full scan (a rare heap) takes about 35 chunks instead of
// 15 for 10^6 splits.
func octalNextChunk(listed int) int {
	return max(64, listed/4)
}

// markRanges2 marks the splits of e.ranges (s, lo, hi: a from lo to hi) on
// two cores: the ranges from the low end (even indices) here, those from the
// high end on another goroutine into a second set of marks, packed into
// seen. The values below n are final and the goroutine starts after they
// are written (go statement), so it may read them.
//
// Trick: from the chunk of octalParallelScan splits on, step 3 lists each
// chunk on both cores. Reason: a rare heap's mex needs every split (O(n)
// at one heap), and so do the heaps whose last missing values come late;
// games with a poor sparse space have many (0.007 to 6*10^5: 22,000 rare
// heaps and ten times as many long scans), which would leave the main
// goroutine the bottleneck of the pipeline. Cost: a goroutine start and a
// wait (a few microseconds) against at least 2*octalParallelScan splits a
// chunk, and a second pack.
func (e *octalEngine) markRanges2() {
	if len(e.mk2) < len(e.mk) {
		e.mk2 = make([]byte, len(e.mk)) // the slice loop: markRanges2 runs only at long scans
	}
	if e.done == nil {
		e.done = make(chan struct{}, 1)
	}
	mw := e.markWords()
	go e.markHigh()
	for i := 0; i < len(e.ranges); i += 2 {
		r := e.ranges[i]
		octalMarkSplits(e.mk, e.g, r[0], r[1], r[2])
	}
	<-e.done
	octalPack(e.seen[:mw], e.mk2)
	e.miss = stillMissing(e.mk2, e.miss) // stillMissing then reads mk alone
	clear(e.mk2[:64*mw])
}

// markHigh is the other goroutine of markRanges2: it marks the ranges from
// the high end (odd indices) into mk2 and signals done. (A channel made
// once and a method rather than a closure: markRanges2 runs at every long
// scan, and each allocation there was garbage.)
func (e *octalEngine) markHigh() {
	for i := 1; i < len(e.ranges); i += 2 {
		r := e.ranges[i]
		octalMarkSplits(e.mk2, e.g, r[0], r[1], r[2])
	}
	e.done <- struct{}{}
}
