package subtraction

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// The segmented mex: the one Grundy kernel of subtraction games, any set
// with at least kernelMinMoves members up to max (take-a-square among them;
// smaller sets take the direct loop of valuesSmall).
//
// A heap's value is the mex of the values of the heaps its moves reach. The
// heaps are done in segments of kernelSegment; each heap of a segment has a
// row of bits, bit v set when some move reaches a heap of value v, and a
// segment [b, e) is filled in three parts:
//
//   - far: the moves that land before the previous segment. They read only
//     finished values, so the far part of segment t+1 is done by the helper
//     workers while the calling goroutine finishes segment t, in long
//     sequential sweeps, one move over the whole segment at a time (the
//     elements are split in blocks of kernelBlock that the workers take in
//     turn, each into its own rows, which are ORed when the heap is
//     finished; from kernelHeapsFrom workers on, each with a CPU of its
//     own, the segment is split by heaps instead, one unit a helper, each
//     with every far move, into one set of rows, so that nothing is ORed:
//     kernelByHeaps). Reason: the finish of a segment is sequential, so
//     without the overlap the helpers would wait through it; on two cores
//     this is most of the gain of a second worker.
//   - near: the moves that land in the previous segment, on the calling
//     goroutine once that segment is finished.
//   - short: the moves that stay inside the segment, before each mex is
//     taken: in sub-blocks of kernelSub heaps, swept into each sub-block
//     from the segment before it, heap by heap only within the sub-block
//     (kernelFinish).
//
// The tricks, each with its reason and cost:
//
//   - Values are kept as uint16 while they fit (kernelValueLimit), and the
//     rows have a fixed power-of-two width (the row types), so the word
//     index is masked and the compiler drops the bounds checks: the sweeps
//     read half the bytes of an int32 table and twice as many rows of seen
//     values fit in cache. Cost: an int32 copy of the result at the end (4
//     bytes a heap more at the peak), and a value of 2^16 or more stops the
//     kernel (errValueOverflow; only a set with 65536 members or more up to
//     max can reach one, and Values then takes the direct loop).
//   - Four moves share one pass over the rows where their ranges of heaps
//     overlap (both ends of a move's range grow with the element, so four
//     consecutive moves share the range from the start of the last to the
//     end of the first), eight while the rows are one word: fewer passes
//     over the rows, whose loads and stores are the cost of a mark. The
//     parts of each range outside the shared one are done one move at a
//     time.
//   - The segment is 4096 heaps: the short part costs about the number of
//     moves shorter than the segment per heap, so it is small, and the two
//     buffers of rows of each worker stay in L2 (measured on 2 cores for the
//     squares at 3·10^6: 4096 beats 2048 and 8192 by 15-20%).
//
// This is the method of the take-a-square kernel (its earlier home was
// squares.go, where it computed the moves k² on the fly) made to read the
// moves from the sorted members of any set, with the eight-move pass of the
// general engine that subtraction.go had beside it; both former kernels
// (commit 4db6b87) were measured against it on the same sets, and it was at
// least as fast as the faster on each (docs/performance.md, "Subtraction games: one
// kernel").
// The work is the number of (heap, move) pairs, sum over n of
// |{s in S : s <= n}|: about (2/3)·max^1.5 for the squares, max^1.5·sqrt(2)·
// (2/3) for the triangular numbers, (3/4)·max^(4/3) for the cubes, and
// max²/(2·ln max) for the primes.

// kernelOptions switch the kernel's settings for tests and the serial-share
// measure; the zero value is production's, as octal's octalOptions. Passed
// down rather than kept in package variables, so tests that set them run
// in parallel.
type kernelOptions struct {
	segment     int          // > 0: heaps in one segment (else kernelSegment)
	anyParallel bool         // the far part on helpers whatever its size (else from kernelParallelMin marks)
	split       int          // 0: kernelByHeaps' rule; 1: the far part split by heaps, -1 by moves, at any W
	unit        int          // > 0: heaps in one unit of the far part split by heaps (else kernelUnitFor's rule)
	valueLimit  int          // > 0: the first value taken not to fit (else kernelValueLimit)
	minWords    int          // > 1: the least row width in words (else 1), to exercise the wide rows
	sub         int          // > 0: heaps in one sub-block of kernelFinish (else kernelSub)
	clock       *kernelClock // no helper goroutine, the parts timed (kernelClock)
}

// seg returns the heaps of one segment of a run to max.
func (o kernelOptions) seg(max int) int {
	if o.segment > 0 {
		return min(o.segment, max+1)
	}
	return min(kernelSegment, max+1)
}

// limit returns the first value that does not fit the table.
func (o kernelOptions) limit() int {
	if o.valueLimit > 0 {
		return o.valueLimit
	}
	return kernelValueLimit
}

// subBlock returns the heaps of one sub-block of kernelFinish.
func (o kernelOptions) subBlock() int {
	if o.sub > 0 {
		return o.sub
	}
	return kernelSub
}

// kernelSegment is the number of heaps in one segment of the kernel.
const kernelSegment = 4096

// kernelBlock is the number of consecutive elements in one unit of parallel
// work of the far part; the context is checked between units.
const kernelBlock = 64

// kernelParallelMin is the number of marks in a far part below which it is
// done without helper goroutines (kernelOptions.anyParallel: tests).
const kernelParallelMin int64 = 1 << 18

// kernelHeapsFrom is the least number of workers from which the far part
// is split by heaps (kernelByHeaps).
const kernelHeapsFrom = 8

// kernelUnitFor returns the number of heaps in one unit of the far part of
// a segment of seg heaps split by heaps among W workers: the segment in
// W−1 units, one for each helper, rounded up to whole cache lines of rows
// (8 heaps; so no two units share a line), so that the helpers take every
// unit at once and the calling goroutine, when it has finished its
// in-order part, finds none left. Reason: a unit is the grain of the far
// part, and the last unit taken decides when the turn ends; in units of
// 256 heaps (16 a segment) at W = 16, the model of TestSquaresSerialShare
// at 10^7 predicted 8.5x (a helper or the calling goroutine takes a second
// unit while the others wait) against 13.1x for one unit a helper. Cost:
// a unit longer than 256 heaps costs no more (the setup of each move is
// spread over more heaps), but no goroutine takes another's unit if one
// is descheduled.
func kernelUnitFor(seg, workers int, o kernelOptions) int {
	if o.unit > 0 {
		return o.unit
	}
	u := (seg + max(workers-1, 1) - 1) / max(workers-1, 1)
	return (u + 7) &^ 7
}

// kernelByHeaps reports whether the far part of the W = p.Workers workers
// is split by heaps rather than by moves: from 8 workers, when each has a
// CPU and a P of its own, and only with p.Experimental (the split was
// chosen by the serial-share model's prediction at 16 cores, not measured
// there).
//
// Split by moves (blocks of kernelBlock moves, each worker into rows of
// its own), the calling goroutine ORs into each heap's row the rows of
// every worker that took part: W−1 rows of up to 64 bytes a heap at 10^7,
// on the in-order path, and on W cores read from the other cores' caches
// (TestSquaresSerialShare, at 10^7 on one goroutine: the OR of 15 rows
// took as long as the near and short parts together). Split by heaps
// (units of kernelUnitFor heaps, each with every move into the one set of
// rows), nothing is ORed, but each move is set up once a unit instead of
// once a segment: 1.03 to 1.05 times the far part's CPU at 10^7. Where
// the workers share fewer CPUs, the helpers' CPU is the wall, and the OR
// on the calling goroutine is not in its way (W = 16 on 2 cores: 1.051
// times the CPU of W = 2 split by heaps, 1.008 split by moves). The
// figures that chose it are in docs/performance.md
// ("Take-a-square on many cores").
func kernelByHeaps(p policy.Policy) bool {
	return p.Many(kernelHeapsFrom)
}

// kernelSplitsByHeaps reports whether a run of W workers on this machine
// splits its far part by heaps: kernelOptions.split if forced, else
// kernelByHeaps with the policy of W workers here (policy.Of).
func kernelSplitsByHeaps(workers int, o kernelOptions) bool {
	return o.split > 0 || o.split == 0 && kernelByHeaps(policy.Of(workers))
}

// kernelValueLimit is the first Grundy value that does not fit the uint16
// table (kernelOptions.valueLimit lowers it for tests).
const kernelValueLimit = 1 << 16

// kernelMaxWords is the widest row: one bit for every uint16 value.
const kernelMaxWords = 1024

// kernelMinMoves is the number of members up to max from which Values uses
// the segmented kernel; below it the direct loop of valuesSmall, one word of
// seen values per heap, is faster (no rows to fill and merge; see
// BenchmarkKernels, {1,3,4}).
const kernelMinMoves = 64

// errValueOverflow is the kernel's report of a value that does not fit its
// uint16 table.
var errValueOverflow = errors.New("subtraction: a Grundy value does not fit the uint16 table")

// row is one row of seen Grundy values: bit v of the row of n is set when
// some move from n leads to a heap of value v. Rows have a fixed
// power-of-two width, so the word index can be masked and the compiler drops
// the bounds checks from the marking loops.
type row interface {
	[1]uint64 | [2]uint64 | [4]uint64 | [8]uint64 | [16]uint64 | [32]uint64 |
		[64]uint64 | [128]uint64 | [256]uint64 | [512]uint64 | [1024]uint64
}

// kernelWords returns the row width, in words, for values up to v.
func kernelWords(v int, o kernelOptions) int {
	w := max(o.minWords, 1)
	for w*64 <= v && w < kernelMaxWords {
		w *= 2
	}
	return w
}

// kernelMemory estimates the peak bytes of the kernel over 0..max with
// runtime.GOMAXPROCS(0) workers when its values stay at most vmax: the
// uint16 table (2 bytes a heap) and two buffers of rows of one segment per
// worker, or of worker 0 alone where the far part is split by heaps
// (kernelSplitsByHeaps). It returns 0 for a negative max.
func kernelMemory(max, vmax int, o kernelOptions) int64 {
	if max < 0 {
		return 0
	}
	workers := int64(grundy.Goroutines(0))
	if kernelSplitsByHeaps(int(workers), o) {
		workers = 1
	}
	seg := int64(o.seg(max))
	words := int64(kernelWords(vmax, o))
	// The buffers are allocated again each time the values outgrow them,
	// so all widths up to the last one together take less than twice the
	// last.
	return 2*(int64(max)+1) + 2*2*workers*seg*words*8 + 8*kernelMaxWords + kernelSlack
}

// kernelSlack is kernelMemory's allowance for goroutines and small buffers.
const kernelSlack = 64 << 10

// kernelState is the state of one kernel computation, shared by the runs at
// each row width.
type kernelState struct {
	g        []uint16
	elems    []int // the members of the set up to max, ascending
	max      int
	maxVal   int // largest value in g so far
	workers  int
	progress grundy.Progress
	reported int // last n reported to progress
	buf      *[kernelMaxWords + 1]uint64
	rowBytes int64        // bytes of rows allocated by the last kernelRun (tests: kernelMemory)
	clock    *kernelClock // opt.clock: no helper goroutine, the parts are timed (kernelClock)
	opt      kernelOptions
}

// kernelClock is the measure of the calling goroutine's in-order share
// (TestSquaresSerialShare, TABULATE_SQUARES_SERIAL): with it, kernelRun
// starts no helper; the far part of each next segment is done on the
// calling goroutine after the segment in hand is finished (where it joins
// the helpers in a run), its blocks dealt in turn to the rows of the W
// workers as W goroutines would fill them, so that kernelShort ORs as many
// rows as on W cores. Each turn of the loop is timed: far, the far part of
// the next segment; serial, the rest (near, short, the OR of the rows, the
// mex, the start of the next far part); unpiped, the far part of a run's
// first segment, which nothing overlaps. The rows do not depend on who
// fills them, so the values are those of any W. Cost: nothing without it
// (a nil test a segment); with it, four readings of the clock a segment.
type kernelClock struct {
	now         func() time.Duration // the test's reading of its thread's CPU time
	serial, far []time.Duration      // by turn of the pipelined loop
	pieces      []int                // by turn: the blocks or units of the far part
	near        time.Duration        // the near parts, within serial
	unpiped     time.Duration
	merged      int64 // bytes of other workers' rows ORed into the heaps' rows by kernelShort
	heaps       int64 // heaps finished by kernelShort
}

// kernel returns the Grundy values g(0..max) of the subtraction game whose
// moves are elems (ascending, positive, at most max): g(n) = mex{ g(n-x) :
// x in elems, x <= n }. workers <= 0 means runtime.GOMAXPROCS(0). progress,
// if not nil, receives (highest n computed, max). A value that does not fit
// uint16 gives errValueOverflow. max must be >= 0. opt is kernelOptions{}
// but in tests.
func kernel(ctx context.Context, elems []int, max int, workers int, progress grundy.Progress, opt kernelOptions) ([]uint16, error) {
	s := newKernelState(elems, max, workers, progress, opt)
	if err := s.run(ctx); err != nil {
		return nil, err
	}
	return s.g, nil
}

// newKernelState returns the state of kernel's computation.
func newKernelState(elems []int, max int, workers int, progress grundy.Progress, opt kernelOptions) *kernelState {
	return &kernelState{
		clock:    opt.clock,
		opt:      opt,
		g:        make([]uint16, max+1),
		elems:    elems,
		max:      max,
		workers:  grundy.Goroutines(workers),
		progress: progress,
		reported: -1,
		buf:      new([kernelMaxWords + 1]uint64),
	}
}

// run computes s.g, one kernelRun for each row width the values need.
func (s *kernelState) run(ctx context.Context) error {
	var err error
	for a := 0; a <= s.max && err == nil; {
		switch kernelWords(s.maxVal, s.opt) {
		case 1:
			a, err = kernelRun[[1]uint64](ctx, s, a)
		case 2:
			a, err = kernelRun[[2]uint64](ctx, s, a)
		case 4:
			a, err = kernelRun[[4]uint64](ctx, s, a)
		case 8:
			a, err = kernelRun[[8]uint64](ctx, s, a)
		case 16:
			a, err = kernelRun[[16]uint64](ctx, s, a)
		case 32:
			a, err = kernelRun[[32]uint64](ctx, s, a)
		case 64:
			a, err = kernelRun[[64]uint64](ctx, s, a)
		case 128:
			a, err = kernelRun[[128]uint64](ctx, s, a)
		case 256:
			a, err = kernelRun[[256]uint64](ctx, s, a)
		case 512:
			a, err = kernelRun[[512]uint64](ctx, s, a)
		default:
			a, err = kernelRun[[1024]uint64](ctx, s, a)
		}
	}
	return err
}

// upTo returns how many of the ascending elems are at most v.
func upTo(elems []int, v int) int {
	i, _ := slices.BinarySearch(elems, v+1)
	return i
}

// kernelFar is the far part of one segment: the moves from the segment
// [b, e) that land before src, folded into the rows of the workers that take
// part, one buffer of each (parity). The elements are split in blocks that
// the workers take in turn; a worker clears its rows when it takes its first
// block, and used records who did.
type kernelFar[R row] struct {
	g       []uint16
	elems   []int
	rows    [][2][]R // per worker, two buffers: this segment's and the next's
	used    [][2]bool
	parity  int
	b, e    int
	src     int
	blocks  int
	count   int  // elements that reach before src from some heap of [b, e)
	byHeaps bool // the blocks are units of unitLen heaps, all into the rows of worker 0 (kernelByHeaps)
	unitLen int  // heaps in a unit of the split by heaps (kernelUnitFor)
	taken   atomic.Int64
	stopped atomic.Bool
}

// start prepares the far part of [b, e) for sources below src.
func (f *kernelFar[R]) start(parity, b, e, src int) {
	f.parity, f.b, f.e, f.src = parity, b, e, src
	f.count = 0
	if src > 0 {
		f.count = upTo(f.elems, e-1)
	}
	f.blocks = (f.count + kernelBlock - 1) / kernelBlock
	f.taken.Store(0)
	for w := range f.used {
		f.used[w][parity] = false
	}
	if f.byHeaps && f.count > 0 {
		// Each unit clears its own rows: together they cover [b, e).
		f.blocks = (e - b + f.unitLen - 1) / f.unitLen
		f.used[0][parity] = true
	}
}

// work takes blocks until none is left or ctx is cancelled, marking into
// the rows of worker w.
func (f *kernelFar[R]) work(ctx context.Context, w int) {
	for !f.stopped.Load() {
		blk := int(f.taken.Add(1) - 1)
		if blk >= f.blocks {
			return
		}
		if ctx.Err() != nil {
			f.stopped.Store(true)
			return
		}
		f.block(blk, w)
	}
}

// dealt does every block on the calling goroutine, block i into the rows
// of worker i mod workers: the rows W goroutines would fill, for
// kernelClock.
func (f *kernelFar[R]) dealt(ctx context.Context, workers int) {
	for blk := 0; blk < f.blocks && ctx.Err() == nil; blk++ {
		f.block(blk, blk%workers)
	}
}

// block marks block blk of the far part into the rows of worker w, or,
// split by heaps, unit blk into the rows of worker 0.
func (f *kernelFar[R]) block(blk, w int) {
	if f.byHeaps {
		f.unit(blk)
		return
	}
	r := f.rows[w][f.parity][:f.e-f.b]
	if !f.used[w][f.parity] {
		clear(r)
		f.used[w][f.parity] = true
	}
	j0 := blk * kernelBlock
	j1 := min(j0+kernelBlock, f.count)
	kernelMarkBlock(f.g, r, f.b, f.e, 0, f.src, f.elems[j0:j1])
}

// kernelRun computes segments from a onwards with rows of type R, as long as
// every value found so far fits a row, and returns where it stopped.
//
// Segment t = [b, e) is done in three parts: far, the moves that land before
// the previous segment (before farEnd); near, the moves that land in the
// previous segment [farEnd, b); short, the moves inside the segment. Far
// needs only finished values, so the far part of segment t+1 runs on the
// helper workers while the calling goroutine does near and short of segment
// t (which cannot be split), and it joins them when done.
func kernelRun[R row](ctx context.Context, s *kernelState, a int) (int, error) {
	var zero R
	width := len(zero)
	seg := s.opt.seg(s.max)
	s.rowBytes = 0
	f := &kernelFar[R]{g: s.g, elems: s.elems, rows: make([][2][]R, s.workers), used: make([][2]bool, s.workers),
		byHeaps: kernelSplitsByHeaps(s.workers, s.opt),
		unitLen: kernelUnitFor(seg, s.workers, s.opt)}
	for w := range f.rows {
		if f.byHeaps && w > 0 {
			break // split by heaps, only the rows of worker 0 are filled
		}
		for p := range f.rows[w] {
			f.rows[w][p] = make([]R, seg)
			s.rowBytes += int64(seg * width * 8)
		}
	}
	parallel := func(count int) bool {
		return s.workers > 1 && (s.opt.anyParallel || int64(seg)*int64(count) >= kernelParallelMin) && s.clock == nil
	}
	c := s.clock

	// The first segment of the run has no far part computed ahead: all its
	// moves that land before it are done here, as its far part.
	b, e := a, min(a+seg, s.max+1)
	farEnd := b
	parity := 0
	f.start(parity, b, e, farEnd)
	if c != nil {
		t0 := c.now()
		f.dealt(ctx, s.workers)
		c.unpiped += c.now() - t0
	} else if err := kernelRunFar(ctx, f, s.workers, parallel(f.count)); err != nil {
		return a, err
	}
	for {
		var t0 time.Duration
		if c != nil {
			t0 = c.now()
		}
		nb, ne := e, min(e+seg, s.max+1)
		next := nb <= s.max
		var wg sync.WaitGroup
		if next {
			f.start(parity^1, nb, ne, b)
			if parallel(f.count) {
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
		kernelMarkBlock(s.g, r, b, e, farEnd, b, s.elems[:upTo(s.elems, max(e-1-farEnd, 0))])
		if c != nil {
			c.near += c.now() - t0
		}
		err := kernelFinish(s, f.rows, f.used, parity, b, e)
		if err != nil {
			f.stopped.Store(true)
		}
		if c != nil {
			kernelTimeFar(ctx, c, f, s.workers, next && err == nil, t0)
		} else if next {
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
		if kernelWords(s.maxVal, s.opt) != width {
			// The values outgrew the rows: the far part of the next
			// segment is done again with wider rows.
			return nb, nil
		}
		farEnd, b, e = b, nb, ne
		parity ^= 1
	}
}

// unit marks the far part of the heaps [b+u·unitLen, b+(u+1)·unitLen) of the
// segment into the rows of worker 0, which it clears first: every
// move x of the segment's far part with b0 − x < src for the unit's first
// heap b0 (the moves below that reach no source before src from the unit).
func (f *kernelFar[R]) unit(u int) {
	u0 := u * f.unitLen
	u1 := min(u0+f.unitLen, f.e-f.b)
	r := f.rows[0][f.parity][u0:u1]
	clear(r)
	b, e := f.b+u0, f.b+u1
	kernelMarkBlock(f.g, r, b, e, 0, f.src, f.elems[upTo(f.elems, b-f.src):upTo(f.elems, e-1)])
}

// kernelTimeFar ends a turn of kernelRun under the clock c: the time since
// t0 is the turn's serial part, and the far part of the next segment, if
// do, is done (dealt to the rows of workers) and timed as its far part.
func kernelTimeFar[R row](ctx context.Context, c *kernelClock, f *kernelFar[R], workers int, do bool, t0 time.Duration) {
	t1 := c.now()
	c.serial = append(c.serial, t1-t0)
	pieces := 0
	if do {
		f.dealt(ctx, workers)
		pieces = f.blocks
	}
	c.far = append(c.far, c.now()-t1)
	c.pieces = append(c.pieces, pieces)
}

// kernelRunFar runs the far part prepared in f to completion, on all workers
// if parallel, else on the calling goroutine.
func kernelRunFar[R row](ctx context.Context, f *kernelFar[R], workers int, parallel bool) error {
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

// kernelRange returns the offsets i in [lo, hi) of the heaps of the segment
// [b, e) whose move x lands in [srcLo, srcHi): srcLo <= b+i-x < srcHi.
func kernelRange(b, e, srcLo, srcHi, x int) (lo, hi int) {
	return max(0, srcLo+x-b), min(e-b, srcHi+x-b)
}

// kernelMarkBlock folds into rows the moves xs (ascending) from the segment
// [b, e) that land in [srcLo, srcHi). Both ends of the range of heaps of a
// move grow with the element, so consecutive moves share the range from the
// start of the last to the end of the first: that part is done eight moves
// per pass while the rows are one word and four otherwise, the rest of each
// range one move at a time.
func kernelMarkBlock[R row](g []uint16, rows []R, b, e, srcLo, srcHi int, xs []int) {
	var zero R
	for j := 0; j < len(xs); {
		if len(zero) == 1 && j+7 < len(xs) {
			_, hi := kernelRange(b, e, srcLo, srcHi, xs[j])
			lo, _ := kernelRange(b, e, srcLo, srcHi, xs[j+7])
			if hi-lo >= 16 {
				var src [8][]uint16
				for q := range src {
					kernelMarkOutside(g, rows, b, e, srcLo, srcHi, xs[j+q], lo, hi)
					src[q] = g[b+lo-xs[j+q] : b+hi-xs[j+q]]
				}
				kernelMark8(rows[lo:hi], &src)
				j += 8
				continue
			}
		}
		if j+3 < len(xs) {
			_, hi := kernelRange(b, e, srcLo, srcHi, xs[j])
			lo, _ := kernelRange(b, e, srcLo, srcHi, xs[j+3])
			if hi-lo >= 16 {
				var src [4][]uint16
				for q := range src {
					kernelMarkOutside(g, rows, b, e, srcLo, srcHi, xs[j+q], lo, hi)
					src[q] = g[b+lo-xs[j+q] : b+hi-xs[j+q]]
				}
				kernelMark4(rows[lo:hi], src[0], src[1], src[2], src[3])
				j += 4
				continue
			}
		}
		if lo, hi := kernelRange(b, e, srcLo, srcHi, xs[j]); lo < hi {
			kernelMark1(rows[lo:hi], g[b+lo-xs[j]:b+hi-xs[j]])
		}
		j++
	}
}

// kernelMarkOutside marks the parts of the range of move x outside the
// shared range [lo, hi).
func kernelMarkOutside[R row](g []uint16, rows []R, b, e, srcLo, srcHi, x, lo, hi int) {
	lx, hx := kernelRange(b, e, srcLo, srcHi, x)
	if lx < lo {
		kernelMark1(rows[lx:lo], g[b+lx-x:b+lo-x])
	}
	if hi < hx {
		kernelMark1(rows[hi:hx], g[b+hi-x:b+hx-x])
	}
}

// kernelMark1 sets bit src[i] in rows[i] for every i.
func kernelMark1[R row](rows []R, src []uint16) {
	rows = rows[:len(src)]
	var zero R
	m := uint16(len(zero) - 1)
	for i, v := range src {
		rows[i][(v>>6)&m] |= 1 << (v & 63)
	}
}

// kernelMark4 sets bits s0[i], s1[i], s2[i] and s3[i] in rows[i] for every
// i: four moves per pass over the rows. This loop is most of the work of
// the kernel once the values pass 64.
func kernelMark4[R row](rows []R, s0, s1, s2, s3 []uint16) {
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

// kernelMark8 is kernelMark4 for eight moves and one-word rows (values
// below 64): one load and one store of the row per eight moves.
func kernelMark8[R row](rows []R, src *[8][]uint16) {
	n := len(rows)
	s0, s1, s2, s3 := src[0][:n], src[1][:n], src[2][:n], src[3][:n]
	s4, s5, s6, s7 := src[4][:n], src[5][:n], src[6][:n], src[7][:n]
	for i := range rows {
		rows[i][0] |= 1<<(s0[i]&63) | 1<<(s1[i]&63) | 1<<(s2[i]&63) | 1<<(s3[i]&63) |
			1<<(s4[i]&63) | 1<<(s5[i]&63) | 1<<(s6[i]&63) | 1<<(s7[i]&63)
	}
}

// kernelSub is the number of heaps in one sub-block of the in-order
// finish of a segment (kernelFinish; kernelOptions.sub: tests).
const kernelSub = 256

// kernelFinish finishes the segment [b, e) in order, in sub-blocks [c, d)
// of kernelSub heaps: the moves from the sub-block that land in the
// segment before it, [b, c), are marked into its rows by kernelMarkBlock
// (four or eight moves a pass over the rows), and kernelShort does the
// rest heap by heap: the moves that stay inside the sub-block, and the mex.
// Reason: heap by heap, each mark is a load of a value and a read-modify-
// write of the one buffer of seen values, one after another; the sweeps of
// kernelMarkBlock mark four rows' words at once. On one goroutine at 2·10^6
// (TestSquaresSerialShare), the short part and the mex took 0.128 s of 0.169
// s in order. Cost: the sub-block's sources [b, c) are passed once more, and
// a sub-block of 256 heaps still has up to 16 moves heap by heap (about
// (2/3)·256^1.5 marks) for 64 in a segment of 4096.
func kernelFinish[R row](s *kernelState, rows [][2][]R, used [][2]bool, parity, b, e int) error {
	var zero R
	mine := rows[0][parity]
	sub := s.opt.subBlock()
	for c := b; c < e; c += sub {
		if kernelWords(s.maxVal, s.opt) > len(zero) {
			// A value of [b, c) does not fit the rows (the run ends
			// with this segment): the rest is done heap by heap.
			return kernelShort(s, rows, used, parity, b, b, c, e)
		}
		d := min(c+sub, e)
		kernelMarkBlock(s.g, mine[c-b:d-b], c, d, b, c, s.elems[:upTo(s.elems, d-1-b)])
		if err := kernelShort(s, rows, used, parity, b, c, c, d); err != nil {
			return err
		}
	}
	return nil
}

// kernelShort finishes the heaps [c, d) of the segment that starts at b, in
// order: for each n it merges the rows of the workers that took part, adds
// the moves that land in [lo, n) and takes the mex.
func kernelShort[R row](s *kernelState, rows [][2][]R, used [][2]bool, parity, b, lo, c, d int) error {
	g := s.g
	buf := s.buf
	elems := s.elems
	limit := s.opt.limit()
	var zero R
	width := len(zero)
	var others [][]R
	for w := 1; w < len(rows); w++ {
		if used[w][parity] {
			others = append(others, rows[w][parity])
		}
	}
	mine := rows[0][parity]
	if k := s.clock; k != nil {
		k.merged += int64(len(others)) * int64(width*8) * int64(d-c)
		k.heaps += int64(d - c)
	}
	dirty := width // buf[width:dirty] may hold bits from the previous n
	for n := c; n < d; n++ {
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
		for _, x := range elems {
			if x > n-lo {
				break
			}
			v := g[n-x]
			buf[v>>6] |= 1 << (v & 63)
			dirty = max(dirty, int(v>>6)+1)
		}
		j := 0
		for buf[j] == ^uint64(0) {
			j++
		}
		mex := j*64 + bits.TrailingZeros64(^buf[j])
		if mex >= limit {
			return fmt.Errorf("%w: g(%d) = %d (largest %d)", errValueOverflow, n, mex, limit-1)
		}
		g[n] = uint16(mex)
		s.maxVal = max(s.maxVal, mex)
	}
	// A value of this sub-block may lie past the rows' width (the run
	// ends with the segment): the next sub-block starts from a clean buf.
	clear(buf[width:dirty])
	return nil
}
