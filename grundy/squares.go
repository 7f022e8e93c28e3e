package grundy

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Take-a-square: a move removes k² stones (k >= 1) from a pile of n.
//
// Two engines live here. SquaresLosing finds the losing positions (g = 0)
// with a segmented sieve that keeps only the sparse list of losing positions
// found so far, each with a cursor to the next position it makes winning, and
// one cache-sized bitset segment of the range at a time. SquaresGrundy computes
// every Grundy value with a segmented mex: for each segment of positions the
// moves that reach back before the segment are folded into per-position
// bitsets of seen values in parallel, in long sequential sweeps (k outer, n
// inner), and only the moves that stay inside the segment are done one
// position at a time.

const (
	// SquaresSolveMax is the largest pile SolveSquares accepts, 2^32 stones.
	// Win/loss and the winning moves come from the losing-position sieve up
	// to n, which at this size takes minutes and a few hundred MiB.
	SquaresSolveMax = 1 << 32

	// SquaresSolveGrundyMax is the largest pile whose Grundy value
	// SolveSquares computes, 2·10^7 stones. The value of n needs the values
	// of every smaller pile (about n^1.5 steps in all, some seconds at this
	// size on two cores); above it SolveSquares reports Grundy = -1.
	SquaresSolveGrundyMax = 20_000_000
)

// squaresLosingLimit bounds the max of SquaresLosing so that a cursor's step
// 2k+1 fits in a uint32 and no position arithmetic overflows.
const squaresLosingLimit = 1 << 60

// squaresLosingSegment is the number of positions (bits) in one segment of
// SquaresLosing: the private bitset of each worker is this many bits, and
// should stay inside the worker's L2 cache. A variable so that tests can
// shrink it; a multiple of 64.
var squaresLosingSegment int64 = 1 << 22

// squaresLosingChunk is the number of cursors in one unit of parallel work
// of SquaresLosing; with fewer than two units' worth of cursors a segment is
// marked without helper goroutines. The context is checked between units. A
// variable so that tests can exercise the parallel path on small ranges.
var squaresLosingChunk = 1 << 13

// squaresWorkers applies the workers convention: <= 0 means GOMAXPROCS.
func squaresWorkers(workers int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return workers
}

// squaresLosingCountBound is an upper estimate of the number of losing
// positions in 0..max. Their count grows like n^0.7 (Eppstein, "Faster
// Evaluation of Subtraction Games", FUN 2018, observes the same); the
// constant is fitted to measured counts up to 2^32 with a margin.
func squaresLosingCountBound(max int64) int64 {
	if max < 0 {
		return 0
	}
	return int64(1.0*math.Pow(float64(max)+1, 0.7)) + 64
}

// squaresLosingSegmentBits returns the segment size SquaresLosing uses for
// the range 0..max: squaresLosingSegment, or less for a small range.
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

// SquaresLosingMemory estimates the peak bytes SquaresLosing(max) allocates
// with runtime.GOMAXPROCS(0) workers: 12 bytes per losing position (the
// cursor of each), one bitset segment per worker and the batch buffer. It
// returns 0 for a negative max.
func SquaresLosingMemory(max int64) int64 {
	if max < 0 {
		return 0
	}
	count := squaresLosingCountBound(max)
	seg := squaresLosingSegmentBits(max)
	workers := int64(runtime.GOMAXPROCS(0))
	batch := squaresLosingCountBound(seg) // the densest segment is the first
	return count*12 + workers*seg/8 + batch*8
}

// SquaresLosing finds every losing position of take-a-square (g(n) = 0, the
// P-positions, OEIS A030193) with 0 <= n <= max, and passes them to emit in
// ascending order, one batch per segment of the range (segments without a
// losing position are skipped). The batch slice is reused: it is valid only
// during the call, and emit must copy what it keeps. An error from emit stops
// the sieve and is returned as is. Grundy values are not computed.
//
// Memory is about 12 bytes per losing position found (about n^0.7 of them)
// plus one 512 KiB segment per worker; see SquaresLosingMemory. progress, if
// not nil, receives (highest n sieved, max) after each segment. workers <= 0
// means runtime.GOMAXPROCS(0). max must be in 0..2^60.
func SquaresLosing(ctx context.Context, max int64, workers int, progress Progress, emit func(losing []int64) error) error {
	if max < 0 || max > squaresLosingLimit {
		return fmt.Errorf("grundy: take-a-square: max %d outside the allowed range 0..%d", max, int64(squaresLosingLimit))
	}
	if emit == nil {
		return fmt.Errorf("grundy: take-a-square: SquaresLosing needs an emit function")
	}
	workers = squaresWorkers(workers)
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

	for a := int64(0); a <= max; a += segBits {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(a+segBits, max+1)
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
				nx, st := p+1, int64(3)
				for nx < end {
					off := uint64(nx - a)
					seg[off>>6] |= 1 << (off & 63)
					nx += st
					st += 2
				}
				next = append(next, nx)
				step = append(step, uint32(st))
			}
		}
		if len(batch) > 0 {
			if err := emit(batch); err != nil {
				return err
			}
		}
		progress.report(end-1, max)
	}
	return nil
}

// squaresLosingMarkParallel marks the reach of every cursor into the segment
// [a, end), splitting the cursors into chunks that the workers take in turn;
// each worker marks into its own bitset, and the bitsets are ORed into
// bitsets[0] at the end.
func squaresLosingMarkParallel(ctx context.Context, next []int64, step []uint32, a, end int64, bitsets [][]uint64, workers int) error {
	nw := int((end - a + 63) / 64)
	chunks := (len(next) + squaresLosingChunk - 1) / squaresLosingChunk
	workers = min(workers, chunks)
	var taken atomic.Int64
	var stop atomic.Bool
	used := make([]bool, workers)
	work := func(w int) {
		seg := bitsets[w][:nw]
		if w > 0 {
			clear(seg)
		}
		for !stop.Load() {
			c := int(taken.Add(1) - 1)
			if c >= chunks {
				return
			}
			if ctx.Err() != nil {
				stop.Store(true)
				return
			}
			used[w] = true
			lo := c * squaresLosingChunk
			hi := min(lo+squaresLosingChunk, len(next))
			squaresLosingMark(next[lo:hi], step[lo:hi], a, end, seg)
		}
	}
	for w := 1; w < workers; w++ {
		if bitsets[w] == nil {
			bitsets[w] = make([]uint64, len(bitsets[0]))
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w)
		}()
	}
	work(0)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	dst := bitsets[0][:nw]
	for w := 1; w < workers; w++ {
		if !used[w] {
			continue
		}
		src := bitsets[w][:nw]
		for i := range dst {
			dst[i] |= src[i]
		}
	}
	return nil
}

// squaresLosingMark sets, in the bitset seg of the segment starting at a,
// every position p+k² < end still ahead of the cursors, and advances them.
func squaresLosingMark(next []int64, step []uint32, a, end int64, seg []uint64) {
	step = step[:len(next)]
	for j, nx := range next {
		if nx >= end {
			continue
		}
		st := int64(step[j])
		for {
			off := uint64(nx - a)
			seg[off>>6] |= 1 << (off & 63)
			nx += st
			st += 2
			if nx >= end {
				break
			}
		}
		next[j] = nx
		step[j] = uint32(st)
	}
}

// squaresGrundySegment is the number of positions in one segment of
// SquaresGrundy. Moves staying inside a segment are done one position at a
// time, about (2/3)·L^1.5 steps per segment of L, so it is small; the rows
// of seen values of a segment (L·64 bytes while values stay below 512) stay
// in L2. A variable so that tests can shrink it.
var squaresGrundySegment = 4096

// squaresGrundyKBlock is the number of consecutive k in one unit of parallel
// work of SquaresGrundy. The context is checked between units.
const squaresGrundyKBlock = 64

// squaresGrundyParallelMin is the number of marks in a segment below which
// it is done without helper goroutines. A variable so that tests can
// exercise the parallel path on small ranges.
var squaresGrundyParallelMin int64 = 1 << 18

// squaresGrundyValueLimit is the first Grundy value that does not fit the
// uint16 table. A variable so that tests can exercise the overflow error.
var squaresGrundyValueLimit = 1 << 16

// squaresGrundyMinWords is the least row width, in 64-bit words, that
// SquaresGrundy uses; tests raise it to exercise the wide rows.
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

// SquaresGrundyMemory estimates the peak bytes SquaresGrundy(max) allocates
// with runtime.GOMAXPROCS(0) workers: the result (2 bytes a value) and the
// rows of seen values of one segment per worker (under 1 MiB up to 10^7). It
// returns 0 for a negative max.
func SquaresGrundyMemory(max int) int64 {
	if max < 0 {
		return 0
	}
	workers := int64(runtime.GOMAXPROCS(0))
	seg := int64(min(squaresGrundySegment, max+1))
	words := int64(squaresGrundyWords(squaresGrundyValueMax(max)))
	// The rows are allocated again each time the values outgrow them, so
	// all widths up to the last one together take less than twice it.
	return 2*(int64(max)+1) + 2*workers*seg*words*8 + 8*squaresGrundyMaxWords + 4096
}

// squaresGrundyState is the state of one SquaresGrundy computation, shared
// by the runs at each row width.
type squaresGrundyState struct {
	g        []uint16
	max      int
	maxVal   int // largest value in g so far
	workers  int
	progress Progress
	reported int // last n reported to progress
	buf      *[squaresGrundyMaxWords + 1]uint64
}

// SquaresGrundy returns the Grundy values g(0..max) of take-a-square (OEIS
// A014586), where g(n) = mex{ g(n-k²) : 1 <= k² <= n }. Values are stored as
// uint16; a value that would not fit is an error (none does below 10^9 or
// so: the largest value up to 10^7 is a few hundred).
//
// The work is about (2/3)·max^1.5 bit operations, split across workers
// (<= 0 means runtime.GOMAXPROCS(0)), in segments of positions: the moves
// from a segment that reach positions before it are folded into per-position
// bitsets of seen values in long sequential sweeps, one k at a time, and the
// few moves that stay inside the segment are done position by position before
// the mex is taken. progress, if not nil, receives (highest n computed, max).
func SquaresGrundy(ctx context.Context, max int, workers int, progress Progress) ([]uint16, error) {
	if max < 0 {
		return nil, fmt.Errorf("grundy: take-a-square: max %d is negative", max)
	}
	s := &squaresGrundyState{
		g:        make([]uint16, max+1),
		max:      max,
		workers:  squaresWorkers(workers),
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

// squaresGrundyRun computes segments from a onwards with rows of type R, as
// long as every value found so far fits a row, and returns where it stopped.
func squaresGrundyRun[R squaresRow](ctx context.Context, s *squaresGrundyState, a int) (int, error) {
	var zero R
	width := len(zero)
	rows := make([][]R, s.workers)
	rows[0] = make([]R, min(squaresGrundySegment, s.max+1))
	seg := len(rows[0])
	// A row holds values below 64·width. The values a segment adds may not
	// fit, and then SquaresGrundy picks wider rows for the next segment.
	for a <= s.max && squaresGrundyWords(s.maxVal) == width {
		if err := ctx.Err(); err != nil {
			return a, err
		}
		end := min(a+seg, s.max+1)
		if err := squaresGrundyLong(ctx, s, rows, a, end); err != nil {
			return a, err
		}
		if err := squaresGrundyShort(s, rows[0], a, end); err != nil {
			return a, err
		}
		a = end
		if a > s.max || a-1-s.reported >= (s.max+1)/512 {
			s.reported = a - 1
			s.progress.report(int64(a-1), int64(s.max))
		}
	}
	return a, nil
}

// squaresGrundyRange returns the positions end-relative of the segment [a,
// end) whose move k² reaches a position before a: offsets i in [lo, hi) with
// 0 <= a+i-k² < a.
func squaresGrundyRange(a, end, k int) (lo, hi int) {
	sq := k * k
	return max(0, sq-a), min(sq, end-a)
}

// squaresGrundyLong folds into rows[0] the values of every move from the
// segment [a, end) that lands before a. The k are split in blocks that the
// workers take in turn, each marking into its own rows, ORed together at the
// end.
func squaresGrundyLong[R squaresRow](ctx context.Context, s *squaresGrundyState, rows [][]R, a, end int) error {
	n := end - a
	kMax := int(math.Sqrt(float64(end - 1)))
	for kMax*kMax > end-1 {
		kMax--
	}
	for (kMax+1)*(kMax+1) <= end-1 {
		kMax++
	}
	blocks := (kMax + squaresGrundyKBlock - 1) / squaresGrundyKBlock
	workers := min(s.workers, blocks)
	if int64(n)*int64(kMax) < squaresGrundyParallelMin {
		workers = 1
	}
	var taken atomic.Int64
	var stop atomic.Bool
	used := make([]bool, workers)
	work := func(w int) {
		r := rows[w][:n]
		clear(r)
		for !stop.Load() {
			b := int(taken.Add(1) - 1)
			if b >= blocks {
				return
			}
			if ctx.Err() != nil {
				stop.Store(true)
				return
			}
			used[w] = true
			k0 := 1 + b*squaresGrundyKBlock
			k1 := min(k0+squaresGrundyKBlock, kMax+1)
			squaresGrundyMarkBlock(s.g, r, a, end, k0, k1)
		}
	}
	for w := 1; w < workers; w++ {
		if rows[w] == nil {
			rows[w] = make([]R, len(rows[0]))
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w)
		}()
	}
	work(0)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	dst := rows[0][:n]
	var zero R
	for w := 1; w < workers; w++ {
		if !used[w] {
			continue
		}
		src := rows[w][:n]
		for i := range dst {
			for j := 0; j < len(zero); j++ {
				dst[i][j] |= src[i][j]
			}
		}
	}
	return nil
}

// squaresGrundyMarkBlock folds the moves k0 <= k < k1 from the segment [a,
// end) that land before a into rows: the moves that cover the whole segment
// four at a time, the others one by one over their part of the segment.
func squaresGrundyMarkBlock[R squaresRow](g []uint16, rows []R, a, end, k0, k1 int) {
	n := end - a
	k := k0
	for k < k1 {
		lo, hi := squaresGrundyRange(a, end, k)
		if lo == 0 && hi == n && k+3 < k1 {
			if lo3, hi3 := squaresGrundyRange(a, end, k+3); lo3 == 0 && hi3 == n {
				// k..k+3 all cover the segment (the ranges are monotone).
				s0 := g[a-k*k : end-k*k]
				s1 := g[a-(k+1)*(k+1) : end-(k+1)*(k+1)]
				s2 := g[a-(k+2)*(k+2) : end-(k+2)*(k+2)]
				s3 := g[a-(k+3)*(k+3) : end-(k+3)*(k+3)]
				squaresGrundyMark4(rows, s0, s1, s2, s3)
				k += 4
				continue
			}
		}
		if lo < hi {
			sq := k * k
			squaresGrundyMark1(rows[lo:hi], g[a+lo-sq:a+hi-sq])
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
// every i: four moves per pass over the rows.
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

// squaresGrundyShort finishes the segment [a, end) in order: for each n it
// adds the moves that stay inside the segment to the row of n and takes the
// mex.
func squaresGrundyShort[R squaresRow](s *squaresGrundyState, rows []R, a, end int) error {
	g := s.g
	buf := s.buf
	var zero R
	width := len(zero)
	dirty := width // buf[width:dirty] may hold bits from the previous n
	for n := a; n < end; n++ {
		i := n - a
		for j := 0; j < width; j++ {
			buf[j] = rows[i][j]
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
			return fmt.Errorf("grundy: take-a-square: g(%d) = %d does not fit the uint16 table (largest %d)", n, mex, squaresGrundyValueLimit-1)
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
	// ascending order; empty (nil) when Win is false.
	WinningMoves []int64
}

// SolveSquares answers one pile of n stones, 0 <= n <= SquaresSolveMax:
// whether the player to move wins and with which removals, from the
// losing-position sieve up to n (SquaresLosing), and the Grundy value when
// n <= SquaresSolveGrundyMax (SquaresGrundy; -1 otherwise). workers <= 0
// means runtime.GOMAXPROCS(0).
func SolveSquares(ctx context.Context, n int64, workers int) (SquaresAnswer, error) {
	if n < 0 {
		return SquaresAnswer{}, fmt.Errorf("grundy: take-a-square: pile %d is negative", n)
	}
	if n > SquaresSolveMax {
		return SquaresAnswer{}, fmt.Errorf("grundy: take-a-square: pile %d exceeds SquaresSolveMax (2^32 = %d)", n, int64(SquaresSolveMax))
	}
	losing := make([]int64, 0, squaresLosingCountBound(n))
	err := SquaresLosing(ctx, n, workers, nil, func(b []int64) error {
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
	ans := SquaresAnswer{N: n, Grundy: -1, Win: !isLosing(n)}
	for k := int64(1); k*k <= n; k++ {
		if isLosing(n - k*k) {
			ans.WinningMoves = append(ans.WinningMoves, k*k)
		}
	}
	if ans.Win != (len(ans.WinningMoves) > 0) {
		panic(fmt.Sprintf("grundy: take-a-square: sieve inconsistent at %d", n))
	}
	if n <= SquaresSolveGrundyMax {
		g, err := SquaresGrundy(ctx, int(n), workers, nil)
		if err != nil {
			return SquaresAnswer{}, err
		}
		ans.Grundy = int(g[n])
		if ans.Win != (ans.Grundy != 0) {
			panic(fmt.Sprintf("grundy: take-a-square: sieve and Grundy values disagree at %d", n))
		}
	}
	return ans, nil
}
