package subtraction

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The losing-position sieve: the losing positions (g = 0, the P-positions)
// of a subtraction game without its Grundy values.
//
// A heap is losing when no move reaches a losing heap, so the losing heaps
// can be found in ascending order by a sieve: each losing heap p found marks
// p+x, for every x in S, as winning, and the first heap not marked is the
// next losing one. The sieve keeps only the losing heaps found so far, each
// with a cursor to the next heap it marks, and one cache-sized bitset
// segment of the range at a time; the cursors are split in chunks that the
// workers mark into bitsets of their own (engine.OrChunks), and the new
// losing heaps of a segment are found, and mark their reach inside it, on
// the calling goroutine.
//
// Reason: it needs memory only for the losing heaps and the members of S, so
// where the losing heaps are sparse it reaches far past any Grundy table
// (take-a-square: 2^32 in about two minutes and 100 MiB), and its work is
// the number of (losing heap, move) pairs, against (heap, move) pairs for
// the Grundy values: the density of the losing heaps times the kernel's,
// with a mark costing a few times a mark of the kernel (a scattered bit set
// against a row of a sequential sweep). Cost: every cursor is visited once a
// segment even when it marks nothing there, so the segment grows with the
// range (sieveSegmentAt), and the sieve loses where the losing heaps are
// dense (finite sets, the powers of two: a third of all heaps).
// losingBySieve is the rule that chooses it; BenchmarkLosing measures it.
//
// The cursors of take-a-square step through the squares without a square
// root or a multiplication (squareCursors, squares.go); those of any other
// set walk the sorted members of S up to max (listCursors).
//
// The marking loop of the squares (squaresLosingMark) bounds each mark by
// its word index against the segment's words rather than by the position
// against the segment's end: one comparison a mark instead of two, and the
// compiler drops the bounds check. Reason: that loop is most of the
// sieve's work. Cost: a cursor may mark past the segment's end inside the
// last word, which only the final segment of a range has (its bits past
// max are set anyway). Measured at 10^8 on one worker: 1.98 s
// before, 1.56 s after. The segments (2^19..2^21 bits, 64..256 KiB) stay
// in L2: segments that fit L1 (32 KiB) cost more in cursor visits than
// they save (at 10^8 on one worker: 32·sqrt(a) bits 1.61-1.68 s,
// 16·sqrt(a) 1.66-1.69 s, 4·sqrt(a) 1.97-2.03 s).

// sieveOptions switch the sieve's settings for tests; the zero value is
// production's (as kernelOptions for the kernel).
type sieveOptions struct {
	segment int64 // > 0: the largest segment in positions (else sieveSegment)
	chunk   int   // > 0: the cursors of one unit of parallel work (else sieveChunk)
}

// chunkLen returns the cursors of one unit of parallel work.
func (o sieveOptions) chunkLen() int {
	if o.chunk > 0 {
		return o.chunk
	}
	return sieveChunk
}

// sieveSegment is the largest number of positions (bits) in one segment of
// the sieve, and the size of the private bitset of each worker; a multiple
// of 64 (sieveOptions.segment: tests).
const sieveSegment int64 = 1 << 21

// sieveSegmentMin is the smallest segment the sieve uses when the range is
// large enough.
const sieveSegmentMin = 1 << 19

// sieveChunk is the number of cursors in one unit of parallel work of the
// sieve; with fewer than two units' worth of cursors a segment is marked
// without helper goroutines. The context is checked between units
// (sieveOptions.chunk: tests, to exercise the parallel path on small
// ranges).
const sieveChunk = 1 << 13

// sieveSegmentAt returns the length of the segment starting at a, at most
// seg. A cursor of take-a-square at a marks about len/2k positions of a
// segment, with k near sqrt(a), and each visit of a cursor costs a few
// marks' time, so the segment grows with sqrt(a): 32·sqrt(a) rounded up to a
// power of two, within [sieveSegmentMin, seg]. Smaller segments stay in
// faster caches (measured for the squares at 10^9 on 2 cores: 2^19 or 2^20
// bits best, 2^22 20% slower). Other sets use the same segments.
func sieveSegmentAt(a, seg int64) int64 {
	want := int64(sieveSegmentMin)
	for want < 32*int64(math.Sqrt(float64(a))) {
		want *= 2
	}
	return min(want, seg)
}

// sieveSegmentBits returns the size of the bitsets the sieve uses for the
// range 0..max: sieveSegment, or less for a small range.
func sieveSegmentBits(max int64) int64 {
	return sieveOptions{}.segmentBits(max)
}

// segmentBits is sieveSegmentBits with o's segment.
func (o sieveOptions) segmentBits(max int64) int64 {
	seg := sieveSegment
	if o.segment > 0 {
		seg = o.segment
	}
	seg &^= 63
	if seg < 64 {
		seg = 64
	}
	if need := (max + 64) &^ 63; need < seg {
		seg = need
	}
	return seg
}

// cursors are the cursors of the losing positions found so far. mark and
// add are called by one goroutine at a time, except that mark may run on
// disjoint ranges [lo, hi) at once.
type cursors interface {
	// len is the number of cursors.
	len() int
	// mark sets, in the bitset seg of the segment [a, end), every position
	// that cursors lo..hi-1 reach before end, and advances them past it.
	mark(lo, hi int, a, end int64, seg []uint64)
	// add appends the cursor of the losing position p, at its first move,
	// and reports whether it did (false when the game has no move).
	add(p int64) bool
	// compact drops the cursors that have no move left, if it keeps any.
	compact()
}

// sieve finds every losing position n, 0 <= n <= max, of the game whose
// cursors are c, and passes them to emit in ascending order, one batch per
// segment of the range (segments without a losing position are skipped).
// The batch slice is reused: it is valid only during the call, and emit
// must copy what it keeps. An error from emit stops the sieve and is
// returned as is. batchHint is the capacity of the first batch buffer.
// opts.Progress, if not nil, receives (highest n sieved, max) after each
// segment; opts.Workers <= 0 means runtime.GOMAXPROCS(0), and opts.Grow, if
// not nil, is asked before each segment for more (a segment's marks are
// split anew each time, so a worker added between segments costs nothing
// but its bitset).
func sieve(ctx context.Context, max int64, opts grundy.Options, emit func(losing []int64) error, c cursors, batchHint int64, o sieveOptions) error {
	if emit == nil {
		return fmt.Errorf("subtraction: the losing-position sieve needs an emit function")
	}
	workers, progress := opts.Goroutines(), opts.Progress
	segBits := o.segmentBits(max)
	chunk := o.chunkLen()
	words := int(segBits / 64)
	batch := make([]int64, 0, batchHint)
	bitsets := make([][]uint64, workers)
	bitsets[0] = make([]uint64, words)

	for a, end := int64(0), int64(0); a <= max; a = end {
		if err := ctx.Err(); err != nil {
			return err
		}
		if opts.Grow != nil {
			if w := opts.Grow(); w > workers {
				workers = w
				bitsets = append(bitsets, make([][]uint64, w-len(bitsets))...) // OrChunks allocates them
			}
		}
		end = min(a+sieveSegmentAt(a, segBits), max+1)
		n := int(end - a)
		seg := bitsets[0][:(n+63)/64]
		clear(seg)

		// Marks from the losing positions found before this segment.
		if count := c.len(); count < 2*chunk || workers == 1 {
			for lo := 0; lo < count; lo += chunk {
				if err := ctx.Err(); err != nil {
					return err
				}
				c.mark(lo, min(lo+chunk, count), a, end, seg)
			}
		} else {
			chunks := (count + chunk - 1) / chunk
			err := engine.OrChunks(ctx, bitsets, len(seg), len(bitsets[0]), workers, chunks, func(seg []uint64, i int) {
				lo := i * chunk
				c.mark(lo, min(lo+chunk, count), a, end, seg)
			})
			if err != nil {
				return err
			}
		}

		// Positions past max in the last word are not candidates.
		if r := n % 64; r != 0 {
			seg[len(seg)-1] |= ^uint64(0) << r
		}

		// Every position still unmarked is losing: no move from it reaches
		// a losing position. Each new one marks its own reach inside the
		// segment at once (the word being scanned included, hence the
		// reload), and its cursor continues from the first move past it.
		batch = batch[:0]
		for w := range seg {
			for {
				x := ^seg[w]
				if x == 0 {
					break
				}
				b := bits.TrailingZeros64(x)
				seg[w] |= 1 << b
				p := a + int64(w*64+b)
				batch = append(batch, p)
				if j := c.len(); c.add(p) {
					c.mark(j, j+1, a, end, seg)
				}
			}
		}
		if len(batch) > 0 {
			if err := emit(batch); err != nil {
				return err
			}
		}
		c.compact()
		progress.Report(end-1, max)
	}
	return nil
}

// listCursors are the cursors of any set: each walks the sorted members of
// S up to max. A cursor at the end of the members is finished (next is
// math.MaxInt64); compact drops the finished cursors when S is finite, whose
// cursors all finish within max(S) of their losing position, so that their
// number stays that of the losing positions in a window of max(S).
type listCursors struct {
	elems  []int64 // the members of S up to max, ascending
	next   []int64 // the next position each cursor marks
	idx    []uint32
	finite bool
}

func (c *listCursors) len() int { return len(c.next) }

func (c *listCursors) add(p int64) bool {
	if len(c.elems) == 0 {
		return false
	}
	c.next = append(c.next, p+c.elems[0])
	c.idx = append(c.idx, 0)
	return true
}

// mark walks each cursor through the members while p+x < end. It is most of
// the work of the sieve for a set other than the squares.
func (c *listCursors) mark(lo, hi int, a, end int64, seg []uint64) {
	el := c.elems
	next, idx := c.next[lo:hi], c.idx[lo:hi]
	idx = idx[:len(next)]
	for j, nx := range next {
		if nx >= end {
			continue
		}
		k := int(idx[j])
		p := nx - el[k]
		for {
			off := uint64(nx - a) // cursors are never behind a
			seg[off>>6] |= 1 << (off & 63)
			k++
			if k == len(el) {
				nx = math.MaxInt64
				break
			}
			nx = p + el[k]
			if nx >= end {
				break
			}
		}
		next[j] = nx
		idx[j] = uint32(k)
	}
}

func (c *listCursors) compact() {
	if !c.finite {
		return
	}
	k := 0
	for j, nx := range c.next {
		if nx != math.MaxInt64 {
			c.next[k], c.idx[k] = nx, c.idx[j]
			k++
		}
	}
	c.next, c.idx = c.next[:k], c.idx[:k]
}

// listLosing runs the sieve with the cursors of any set s over 0..max;
// capHint and batchHint are the number of cursors and of losing positions in
// a batch to make room for at the start.
func listLosing(ctx context.Context, s Set, max int64, capHint, batchHint int64, opts grundy.Options, emit func(losing []int64) error, o sieveOptions) error {
	members := s.Members(int(min(max, math.MaxInt)))
	elems := make([]int64, len(members))
	for i, x := range members {
		elems[i] = int64(x)
	}
	c := &listCursors{elems: elems, finite: s.Finite(), next: make([]int64, 0, capHint), idx: make([]uint32, 0, capHint)}
	return sieve(ctx, max, opts, emit, c, batchHint, o)
}
