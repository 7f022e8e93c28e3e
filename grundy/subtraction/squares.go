package subtraction

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// Take-a-square: a move removes k² stones (k >= 1) from a pile of n.
//
// Two engines live here. squaresLosing finds the losing positions (g = 0)
// with a segmented sieve that keeps only the sparse list of losing positions
// found so far, each with a cursor to the next position it makes winning, and
// one cache-sized bitset segment of the range at a time. squaresGrundy computes
// every Grundy value with a segmented mex: per-position bitsets of seen
// values, filled by long sequential sweeps (k outer, n inner) for the moves
// that reach back before the previous segment, in parallel and overlapped
// with the previous segment's sequential finish; only the moves that stay
// inside a segment are done one position at a time.

const (
	// SquaresSolveMax is the largest pile SolveSquares accepts, 2^32 stones.
	// Win/loss and the winning moves come from the losing-position sieve up
	// to n, which at this size takes about 2 minutes on two cores and about
	// 100 MiB (4,768,367 losing positions).
	SquaresSolveMax = 1 << 32

	// SquaresSolveGrundyMax is the largest pile whose Grundy value
	// SolveSquares computes, 2·10^7 stones. The value of n needs the values
	// of every smaller pile, about (2/3)·n^1.5 steps in all: some 30 seconds
	// at this size on two cores (10^7 takes 11). Above it SolveSquares
	// reports Grundy = -1.
	SquaresSolveGrundyMax = 20_000_000
)

// squaresLosingLimit bounds the max of squaresLosing so that a cursor's step
// 2k+1 fits in a uint32 and no position arithmetic overflows.
const squaresLosingLimit = 1 << 60

// squaresLosingSegment is the largest number of positions (bits) in one
// segment of squaresLosing, and the size of the private bitset of each
// worker. A variable so that tests can shrink it; a multiple of 64.
var squaresLosingSegment int64 = 1 << 21

// squaresLosingSegmentMin is the smallest segment squaresLosing uses when
// the range is large enough.
const squaresLosingSegmentMin = 1 << 19

// squaresLosingChunk is the number of cursors in one unit of parallel work
// of squaresLosing; with fewer than two units' worth of cursors a segment is
// marked without helper goroutines. The context is checked between units. A
// variable so that tests can exercise the parallel path on small ranges.
var squaresLosingChunk = 1 << 13

// squaresLosingCountBound is an upper estimate of the number of losing
// positions in 0..max. Their count grows like n^0.7 (Eppstein, "Faster
// Evaluation of Subtraction Games", FUN 2018, observes the same): measured,
// 0.875·n^0.7 at 10^7, 0.866·n^0.7 at 10^9, 0.862·n^0.7 at 2^32. The bound
// is n^0.7, with a margin.
func squaresLosingCountBound(max int64) int64 {
	if max < 0 {
		return 0
	}
	return int64(1.0*math.Pow(float64(max)+1, 0.7)) + 64
}

// squaresLosingSegmentAt returns the length of the segment starting at a,
// at most seg. A cursor at a marks about len/2k positions of a segment, with
// k near sqrt(a), and each visit of a cursor costs a few marks' time, so the
// segment grows with sqrt(a): 32·sqrt(a) rounded up to a power of two,
// within [squaresLosingSegmentMin, seg]. Smaller segments stay in faster
// caches (measured at 10^9 on 2 cores: 2^19 or 2^20 bits best, 2^22 20%
// slower).
func squaresLosingSegmentAt(a, seg int64) int64 {
	want := int64(squaresLosingSegmentMin)
	for want < 32*int64(math.Sqrt(float64(a))) {
		want *= 2
	}
	return min(want, seg)
}

// squaresLosingSegmentBits returns the size of the bitsets squaresLosing
// uses for the range 0..max: squaresLosingSegment, or less for a small range.
func squaresLosingSegmentBits(max int64) int64 {
	seg := squaresLosingSegment &^ 63
	if seg < 64 {
		seg = 64
	}
	if need := (max + 64) &^ 63; need < seg {
		seg = need
	}
	return seg
}

// squaresLosingMemory estimates the peak bytes squaresLosing(max) allocates
// with runtime.GOMAXPROCS(0) workers: 12 bytes per losing position (the
// cursor of each), one bitset segment per worker and the batch buffer. It
// returns 0 for a negative max.
func squaresLosingMemory(max int64) int64 {
	if max < 0 {
		return 0
	}
	count := squaresLosingCountBound(max)
	seg := squaresLosingSegmentBits(max)
	workers := int64(grundy.Goroutines(0))
	batch := squaresLosingCountBound(seg) // the densest segment is the first
	const slack = 64 << 10                // goroutines and small buffers
	return count*12 + workers*seg/8 + batch*8 + slack
}

// squaresLosing finds every losing position of take-a-square (g(n) = 0, the
// P-positions, OEIS A030193) with 0 <= n <= max, and passes them to emit in
// ascending order, one batch per segment of the range (segments without a
// losing position are skipped). The batch slice is reused: it is valid only
// during the call, and emit must copy what it keeps. An error from emit stops
// the sieve and is returned as is. Grundy values are not computed.
//
// Memory is about 12 bytes per losing position found (about n^0.7 of them)
// plus one 256 KiB segment per worker; see squaresLosingMemory. progress, if
// not nil, receives (highest n sieved, max) after each segment. workers <= 0
// means runtime.GOMAXPROCS(0). max must be in 0..2^60.
func squaresLosing(ctx context.Context, max int64, workers int, progress grundy.Progress, emit func(losing []int64) error) error {
	if err := engine.CheckRange("subtraction.Losing", "max", max, 0, squaresLosingLimit); err != nil {
		return err
	}
	if emit == nil {
		return fmt.Errorf("subtraction: take-a-square: squaresLosing needs an emit function")
	}
	workers = grundy.Goroutines(workers)
	segBits := squaresLosingSegmentBits(max)
	words := int(segBits / 64)

	// Cursor j belongs to the j-th losing position p found: next[j] is the
	// smallest p+k² not yet marked and step[j] = 2k+1, the distance from it
	// to p+(k+1)². Marking a position advances both without a square root
	// or a multiplication.
	capHint := squaresLosingCountBound(max)
	next := make([]int64, 0, capHint)
	step := make([]uint32, 0, capHint)
	batch := make([]int64, 0, min(capHint, squaresLosingCountBound(segBits)))
	bitsets := make([][]uint64, workers)
	bitsets[0] = make([]uint64, words)

	for a, end := int64(0), int64(0); a <= max; a = end {
		if err := ctx.Err(); err != nil {
			return err
		}
		end = min(a+squaresLosingSegmentAt(a, segBits), max+1)
		n := int(end - a)
		seg := bitsets[0][:(n+63)/64]
		clear(seg)

		// Marks from the losing positions found before this segment.
		if len(next) < 2*squaresLosingChunk || workers == 1 {
			for lo := 0; lo < len(next); lo += squaresLosingChunk {
				if err := ctx.Err(); err != nil {
					return err
				}
				hi := min(lo+squaresLosingChunk, len(next))
				squaresLosingMark(next[lo:hi], step[lo:hi], a, end, seg)
			}
		} else if err := squaresLosingMarkParallel(ctx, next, step, a, end, bitsets, workers); err != nil {
			return err
		}

		// Positions past max in the last word are not candidates.
		if r := n % 64; r != 0 {
			seg[len(seg)-1] |= ^uint64(0) << r
		}

		// Every position still unmarked is losing: no move from it reaches
		// a losing position. Each new one marks its own reach inside the
		// segment at once (the word being scanned included, hence the
		// reload), and its cursor continues from the first square past it.
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
				next = append(next, p+1)
				step = append(step, 3)
				j := len(next) - 1
				squaresLosingMark(next[j:], step[j:], a, end, seg)
			}
		}
		if len(batch) > 0 {
			if err := emit(batch); err != nil {
				return err
			}
		}
		progress.Report(end-1, max)
	}
	return nil
}

// squaresLosingMarkParallel marks the reach of every cursor into the segment
// [a, end), splitting the cursors into chunks that the workers take in turn;
// each worker marks into its own bitset, and the bitsets are ORed into
// bitsets[0] at the end.
func squaresLosingMarkParallel(ctx context.Context, next []int64, step []uint32, a, end int64, bitsets [][]uint64, workers int) error {
	chunks := (len(next) + squaresLosingChunk - 1) / squaresLosingChunk
	return engine.OrChunks(ctx, bitsets, int((end-a+63)/64), len(bitsets[0]), workers, chunks, func(seg []uint64, c int) {
		lo := c * squaresLosingChunk
		hi := min(lo+squaresLosingChunk, len(next))
		squaresLosingMark(next[lo:hi], step[lo:hi], a, end, seg)
	})
}

// squaresLosingMark sets, in the bitset seg of the segment [a, end), every
// position p+k² < end still ahead of the cursors, and advances them. Two
// marks per round: this loop is most of the work of squaresLosing. It is
// kept out of line so that its registers are its own.
//
//go:noinline
func squaresLosingMark(next []int64, step []uint32, a, end int64, seg []uint64) {
	step = step[:len(next)]
	n := uint64(end - a)
	for j, nx := range next {
		off := uint64(nx - a) // cursors are never behind a
		if off >= n {
			continue
		}
		st := uint64(step[j])
		for off+st < n {
			seg[off>>6] |= 1 << (off & 63)
			o2 := off + st
			seg[o2>>6] |= 1 << (o2 & 63)
			off = o2 + st + 2
			st += 4
		}
		if off < n {
			seg[off>>6] |= 1 << (off & 63)
			off += st
			st += 2
		}
		next[j] = int64(off) + a
		step[j] = uint32(st)
	}
}

// squaresGrundySegment is the number of positions in one segment of
// squaresGrundy. Moves staying inside a segment are done one position at a
// time, about (2/3)·L^1.5 steps per segment of L, so it is small; the two
// buffers of rows of seen values of each worker (L·64 bytes each while
// values stay below 512) stay in L2. Measured on 2 cores at 3·10^6: 4096
// beats 2048 and 8192 by 15-20%. A variable so that tests can shrink it.
var squaresGrundySegment = 4096

// squaresGrundyKBlock is the number of consecutive k in one unit of parallel
// work of squaresGrundy. The context is checked between units.
const squaresGrundyKBlock = 64

// squaresGrundyParallelMin is the number of marks in a segment below which
// it is done without helper goroutines. A variable so that tests can
// exercise the parallel path on small ranges.
var squaresGrundyParallelMin int64 = 1 << 18

// squaresGrundyValueLimit is the first Grundy value that does not fit the
// uint16 table. A variable so that tests can exercise the overflow error.
var squaresGrundyValueLimit = 1 << 16

// squaresGrundyMinWords is the least row width, in 64-bit words, that
// squaresGrundy uses; tests raise it to exercise the wide rows.
var squaresGrundyMinWords = 1

// squaresGrundyMaxWords is the widest row: one bit for every uint16 value.
const squaresGrundyMaxWords = 1024

// squaresRow is one row of seen Grundy values: bit v of the row of n is set
// when some move from n leads to a position of value v. Rows have a fixed
// power-of-two width, so the word index can be masked and the compiler drops
// the bounds checks from the marking loops.
type squaresRow interface {
	[1]uint64 | [2]uint64 | [4]uint64 | [8]uint64 | [16]uint64 | [32]uint64 |
		[64]uint64 | [128]uint64 | [256]uint64 | [512]uint64 | [1024]uint64
}

// squaresGrundyValueMax estimates the largest Grundy value of take-a-square
// up to n (measured: 168 at 10^6, 274 at 4·10^6, growing like n^0.35), with a
// margin.
func squaresGrundyValueMax(n int) int {
	if n < 1000 {
		return 64
	}
	return int(1.3*168*math.Pow(float64(n)/1e6, 0.36)) + 64
}

// squaresGrundyWords returns the row width, in words, for values up to v.
func squaresGrundyWords(v int) int {
	w := max(squaresGrundyMinWords, 1)
	for w*64 <= v && w < squaresGrundyMaxWords {
		w *= 2
	}
	return w
}

// squaresGrundyMemory estimates the peak bytes squaresGrundy(max) allocates
// with runtime.GOMAXPROCS(0) workers: the result (2 bytes a value) and the
// rows of seen values of one segment per worker (under 1 MiB up to 10^7). It
// returns 0 for a negative max.
func squaresGrundyMemory(max int) int64 {
	if max < 0 {
		return 0
	}
	workers := int64(grundy.Goroutines(0))
	seg := int64(min(squaresGrundySegment, max+1))
	words := int64(squaresGrundyWords(squaresGrundyValueMax(max)))
	// Two buffers of rows per worker. They are allocated again each time
	// the values outgrow them, so all widths up to the last one together
	// take less than twice the last.
	const slack = 64 << 10 // goroutines and small buffers
	return 2*(int64(max)+1) + 2*2*workers*seg*words*8 + 8*squaresGrundyMaxWords + slack
}

// squaresGrundyState is the state of one squaresGrundy computation, shared
// by the runs at each row width.
type squaresGrundyState struct {
	g        []uint16
	max      int
	maxVal   int // largest value in g so far
	workers  int
	progress grundy.Progress
	reported int // last n reported to progress
	buf      *[squaresGrundyMaxWords + 1]uint64
}

// squaresGrundy returns the Grundy values g(0..max) of take-a-square (OEIS
// A014586), where g(n) = mex{ g(n-k²) : 1 <= k² <= n }. Values are stored as
// uint16; a value that would not fit is an error (none comes near: the
// largest value up to 10^7 is 376).
//
// The work is about (2/3)·max^1.5 bit operations, split across workers
// (<= 0 means runtime.GOMAXPROCS(0)), in segments of positions. The moves
// from a segment that reach before the previous segment are folded into
// per-position bitsets of seen values in long sequential sweeps, one k at a
// time, by all workers while the previous segment is being finished; the
// moves into the previous segment follow, and the few moves that stay inside
// the segment are done position by position before each mex is taken.
// progress, if not nil, receives (highest n computed, max).
func squaresGrundy(ctx context.Context, max int, workers int, progress grundy.Progress) ([]uint16, error) {
	if max < 0 {
		return nil, engine.CheckRange("subtraction.Values", "max", int64(max), 0, math.MaxInt32)
	}
	s := &squaresGrundyState{
		g:        make([]uint16, max+1),
		max:      max,
		workers:  grundy.Goroutines(workers),
		progress: progress,
		reported: -1,
		buf:      new([squaresGrundyMaxWords + 1]uint64),
	}
	var err error
	for a := 0; a <= max && err == nil; {
		switch squaresGrundyWords(s.maxVal) {
		case 1:
			a, err = squaresGrundyRun[[1]uint64](ctx, s, a)
		case 2:
			a, err = squaresGrundyRun[[2]uint64](ctx, s, a)
		case 4:
			a, err = squaresGrundyRun[[4]uint64](ctx, s, a)
		case 8:
			a, err = squaresGrundyRun[[8]uint64](ctx, s, a)
		case 16:
			a, err = squaresGrundyRun[[16]uint64](ctx, s, a)
		case 32:
			a, err = squaresGrundyRun[[32]uint64](ctx, s, a)
		case 64:
			a, err = squaresGrundyRun[[64]uint64](ctx, s, a)
		case 128:
			a, err = squaresGrundyRun[[128]uint64](ctx, s, a)
		case 256:
			a, err = squaresGrundyRun[[256]uint64](ctx, s, a)
		case 512:
			a, err = squaresGrundyRun[[512]uint64](ctx, s, a)
		default:
			a, err = squaresGrundyRun[[1024]uint64](ctx, s, a)
		}
	}
	if err != nil {
		return nil, err
	}
	return s.g, nil
}

// squaresGrundyFar is the far part of one segment: the moves from the
// segment [b, e) that land before src, folded into the rows of the workers
// that take part, one buffer of each (parity). The k are split in blocks that
// the workers take in turn; a worker clears its rows when it takes its first
// block, and used records who did.
type squaresGrundyFar[R squaresRow] struct {
	g       []uint16
	rows    [][2][]R // per worker, two buffers: this segment's and the next's
	used    [][2]bool
	parity  int
	b, e    int
	src     int
	blocks  int
	kMax    int
	taken   atomic.Int64
	stopped atomic.Bool
}

// start prepares the far part of [b, e) for sources below src.
func (f *squaresGrundyFar[R]) start(parity, b, e, src int) {
	f.parity, f.b, f.e, f.src = parity, b, e, src
	f.kMax = 0
	if src > 0 {
		f.kMax = squaresIsqrt(e - 1)
	}
	f.blocks = (f.kMax + squaresGrundyKBlock - 1) / squaresGrundyKBlock
	f.taken.Store(0)
	for w := range f.used {
		f.used[w][parity] = false
	}
}

// work takes blocks until none is left or ctx is cancelled, marking into
// the rows of worker w.
func (f *squaresGrundyFar[R]) work(ctx context.Context, w int) {
	n := f.e - f.b
	for !f.stopped.Load() {
		blk := int(f.taken.Add(1) - 1)
		if blk >= f.blocks {
			return
		}
		if ctx.Err() != nil {
			f.stopped.Store(true)
			return
		}
		r := f.rows[w][f.parity][:n]
		if !f.used[w][f.parity] {
			clear(r)
			f.used[w][f.parity] = true
		}
		k0 := 1 + blk*squaresGrundyKBlock
		k1 := min(k0+squaresGrundyKBlock, f.kMax+1)
		squaresGrundyMarkBlock(f.g, r, f.b, f.e, 0, f.src, k0, k1)
	}
}

// squaresIsqrt returns floor(sqrt(x)) for x >= 0.
func squaresIsqrt(x int) int {
	r := int(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// squaresGrundyRun computes segments from a onwards with rows of type R, as
// long as every value found so far fits a row, and returns where it stopped.
//
// Segment t = [b, e) is done in three parts: far, the moves that land before
// the previous segment (before farEnd); near, the moves that land in the
// previous segment [farEnd, b); short, the moves inside the segment. Far
// needs only finished values, so the far part of segment t+1 runs on the
// helper workers while the calling goroutine does near and short of segment
// t (which cannot be split), and it joins them when done.
func squaresGrundyRun[R squaresRow](ctx context.Context, s *squaresGrundyState, a int) (int, error) {
	var zero R
	width := len(zero)
	seg := min(squaresGrundySegment, s.max+1)
	f := &squaresGrundyFar[R]{g: s.g, rows: make([][2][]R, s.workers), used: make([][2]bool, s.workers)}
	for w := range f.rows {
		for p := range f.rows[w] {
			f.rows[w][p] = make([]R, seg)
		}
	}
	parallel := func(kMax int) bool {
		return s.workers > 1 && int64(seg)*int64(kMax) >= squaresGrundyParallelMin
	}

	// The first segment of the run has no far part computed ahead: all its
	// moves that land before it are done here, as its far part.
	b, e := a, min(a+seg, s.max+1)
	farEnd := b
	parity := 0
	f.start(parity, b, e, farEnd)
	if err := squaresGrundyRunFar(ctx, f, s.workers, parallel(f.kMax)); err != nil {
		return a, err
	}
	for {
		nb, ne := e, min(e+seg, s.max+1)
		next := nb <= s.max
		var wg sync.WaitGroup
		if next {
			f.start(parity^1, nb, ne, b)
			if parallel(f.kMax) {
				for w := 1; w < s.workers; w++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						f.work(ctx, w)
					}()
				}
			}
		}

		// Near and short of [b, e), into the rows of the calling goroutine.
		r := f.rows[0][parity][:e-b]
		if !f.used[0][parity] {
			clear(r)
			f.used[0][parity] = true
		}
		squaresGrundyMarkBlock(s.g, r, b, e, farEnd, b, 1, squaresIsqrt(max(e-1-farEnd, 0))+1)
		err := squaresGrundyShort(s, f.rows, f.used, parity, b, e)
		if err != nil {
			f.stopped.Store(true)
		}
		if next {
			f.work(ctx, 0)
		}
		wg.Wait()
		if err != nil {
			return b, err
		}
		if err := ctx.Err(); err != nil {
			return b, err
		}
		if e > s.max || e-1-s.reported >= (s.max+1)/512 {
			s.reported = e - 1
			s.progress.Report(int64(e-1), int64(s.max))
		}
		if !next {
			return e, nil
		}
		if squaresGrundyWords(s.maxVal) != width {
			// The values outgrew the rows: the far part of the next
			// segment is done again with wider rows.
			return nb, nil
		}
		farEnd, b, e = b, nb, ne
		parity ^= 1
	}
}

// squaresGrundyRunFar runs the far part prepared in f to completion, on all
// workers if parallel, else on the calling goroutine.
func squaresGrundyRunFar[R squaresRow](ctx context.Context, f *squaresGrundyFar[R], workers int, parallel bool) error {
	var wg sync.WaitGroup
	if parallel {
		for w := 1; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f.work(ctx, w)
			}()
		}
	}
	f.work(ctx, 0)
	wg.Wait()
	return ctx.Err()
}

// squaresGrundyRange returns the offsets i in [lo, hi) of the positions of
// the segment [b, e) whose move k² lands in [srcLo, srcHi): srcLo <= b+i-k²
// < srcHi.
func squaresGrundyRange(b, e, srcLo, srcHi, k int) (lo, hi int) {
	sq := k * k
	return max(0, srcLo+sq-b), min(e-b, srcHi+sq-b)
}

// squaresGrundyMarkBlock folds into rows the moves k0 <= k < k1 from the
// segment [b, e) that land in [srcLo, srcHi). Both ends of the range of
// positions of a move grow with k, so four consecutive moves share the range
// from the start of the last to the end of the first: that part is done four
// moves per pass, the rest of each range one move at a time.
func squaresGrundyMarkBlock[R squaresRow](g []uint16, rows []R, b, e, srcLo, srcHi, k0, k1 int) {
	k := k0
	for k < k1 {
		if k+3 < k1 {
			_, hi := squaresGrundyRange(b, e, srcLo, srcHi, k)
			lo, _ := squaresGrundyRange(b, e, srcLo, srcHi, k+3)
			if hi-lo >= 16 {
				var src [4][]uint16
				for j := range src {
					sq := (k + j) * (k + j)
					src[j] = g[b+lo-sq : b+hi-sq]
					// The parts of this move's range outside the shared one.
					loj, hij := squaresGrundyRange(b, e, srcLo, srcHi, k+j)
					if loj < lo {
						squaresGrundyMark1(rows[loj:lo], g[b+loj-sq:b+lo-sq])
					}
					if hi < hij {
						squaresGrundyMark1(rows[hi:hij], g[b+hi-sq:b+hij-sq])
					}
				}
				squaresGrundyMark4(rows[lo:hi], src[0], src[1], src[2], src[3])
				k += 4
				continue
			}
		}
		if lo, hi := squaresGrundyRange(b, e, srcLo, srcHi, k); lo < hi {
			sq := k * k
			squaresGrundyMark1(rows[lo:hi], g[b+lo-sq:b+hi-sq])
		}
		k++
	}
}

// squaresGrundyMark1 sets bit src[i] in rows[i] for every i.
func squaresGrundyMark1[R squaresRow](rows []R, src []uint16) {
	rows = rows[:len(src)]
	var zero R
	m := uint16(len(zero) - 1)
	for i, v := range src {
		rows[i][(v>>6)&m] |= 1 << (v & 63)
	}
}

// squaresGrundyMark4 sets bits s0[i], s1[i], s2[i] and s3[i] in rows[i] for
// every i: four moves per pass over the rows. This loop is most of the work
// of squaresGrundy.
func squaresGrundyMark4[R squaresRow](rows []R, s0, s1, s2, s3 []uint16) {
	n := len(rows)
	s0, s1, s2, s3 = s0[:n], s1[:n], s2[:n], s3[:n]
	var zero R
	m := uint16(len(zero) - 1)
	for i := range rows {
		v0, v1, v2, v3 := s0[i], s1[i], s2[i], s3[i]
		rows[i][(v0>>6)&m] |= 1 << (v0 & 63)
		rows[i][(v1>>6)&m] |= 1 << (v1 & 63)
		rows[i][(v2>>6)&m] |= 1 << (v2 & 63)
		rows[i][(v3>>6)&m] |= 1 << (v3 & 63)
	}
}

// squaresGrundyShort finishes the segment [b, e) in order: for each n it
// merges the rows of the workers that took part, adds the moves that stay
// inside the segment and takes the mex.
func squaresGrundyShort[R squaresRow](s *squaresGrundyState, rows [][2][]R, used [][2]bool, parity, b, e int) error {
	g := s.g
	buf := s.buf
	var zero R
	width := len(zero)
	var others [][]R
	for w := 1; w < len(rows); w++ {
		if used[w][parity] {
			others = append(others, rows[w][parity])
		}
	}
	mine := rows[0][parity]
	dirty := width // buf[width:dirty] may hold bits from the previous n
	for n := b; n < e; n++ {
		i := n - b
		for j := 0; j < width; j++ {
			buf[j] = mine[i][j]
		}
		for _, o := range others {
			for j := 0; j < width; j++ {
				buf[j] |= o[i][j]
			}
		}
		clear(buf[width:dirty])
		for k := 1; k*k <= i; k++ {
			v := g[n-k*k]
			buf[v>>6] |= 1 << (v & 63)
			dirty = max(dirty, int(v>>6)+1)
		}
		j := 0
		for buf[j] == ^uint64(0) {
			j++
		}
		mex := j*64 + bits.TrailingZeros64(^buf[j])
		if mex >= squaresGrundyValueLimit {
			return fmt.Errorf("subtraction: take-a-square: g(%d) = %d does not fit the uint16 table (largest %d)", n, mex, squaresGrundyValueLimit-1)
		}
		g[n] = uint16(mex)
		s.maxVal = max(s.maxVal, mex)
	}
	return nil
}

// SquaresAnswer is the answer for one take-a-square pile.
type SquaresAnswer struct {
	// N is the number of stones.
	N int64
	// Grundy is g(N), or -1 when N > SquaresSolveGrundyMax.
	Grundy int
	// Win reports whether the player to move wins (g(N) != 0).
	Win bool
	// WinningMoves are the removals k² that leave a losing position, in
	// ascending order; empty (not nil) when Win is false.
	WinningMoves []int64
}

// SolveSquares answers one pile of n stones, 0 <= n <= SquaresSolveMax:
// whether the player to move wins and with which removals, from the
// losing-position sieve up to n (Losing), and the Grundy value when
// n <= SquaresSolveGrundyMax (Values; -1 otherwise), each with up to
// opts.Workers goroutines. opts.Progress, if not nil, receives the progress
// of the sieve and then, starting again from 0, of the Grundy values.
func SolveSquares(ctx context.Context, n int64, opts grundy.Options) (SquaresAnswer, error) {
	workers := opts.Workers
	if err := engine.CheckRange("subtraction.SolveSquares", "n", n, 0, SquaresSolveMax); err != nil {
		return SquaresAnswer{}, err
	}
	losing := make([]int64, 0, squaresLosingCountBound(n))
	err := squaresLosing(ctx, n, workers, opts.Progress, func(b []int64) error {
		losing = append(losing, b...)
		return nil
	})
	if err != nil {
		return SquaresAnswer{}, err
	}
	isLosing := func(x int64) bool {
		_, found := slices.BinarySearch(losing, x)
		return found
	}
	ans := SquaresAnswer{N: n, Grundy: -1, Win: !isLosing(n), WinningMoves: []int64{}}
	for k := int64(1); k*k <= n; k++ {
		if isLosing(n - k*k) {
			ans.WinningMoves = append(ans.WinningMoves, k*k)
		}
	}
	if ans.Win != (len(ans.WinningMoves) > 0) {
		panic(fmt.Sprintf("subtraction: take-a-square: sieve inconsistent at %d", n))
	}
	if n <= SquaresSolveGrundyMax {
		g, err := squaresGrundy(ctx, int(n), workers, opts.Progress)
		if err != nil {
			return SquaresAnswer{}, err
		}
		ans.Grundy = int(g[n])
		if ans.Win != (ans.Grundy != 0) {
			panic(fmt.Sprintf("subtraction: take-a-square: sieve and Grundy values disagree at %d", n))
		}
	}
	return ans, nil
}
