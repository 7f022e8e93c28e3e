package octal

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// The full-array engine on W cores: octalPipe, the helpers that list the
// far part of the blocks ahead while the main goroutine finishes each heap
// in order (the trick is described at octalPipe), and octalClock, the
// measure of the main goroutine's in-order share.

// octalClock is the measure of the main goroutine's in-order share
// (TestOctalSerialShare, TABULATE_OCTAL_SERIAL): with it, octalRunFrom
// starts no helper; dispatch lists each part of a block's far part at
// once, on the one goroutine, and times it (far, by block), and every block
// the loop computes is timed less the far parts listed during it (serial,
// by block: the near part, step 3 in order, v*, the mex, add, dispatch's
// own work). Blocks without a far part (before the pipeline starts, at a
// change of labelling) and the checks between blocks go to unpiped: the
// main goroutine does them alone at any W. The rows do not depend on who
// lists them, so the values are those of any W. Cost: nothing without it
// (a nil test a block); with it, three readings of the clock a block.
type octalClock struct {
	now         func() time.Duration // the clock: the test's reading of its thread's CPU time
	serial, far []time.Duration      // by block index start/octalBlock; far: the far part dispatched for that block
	unpiped     time.Duration
	inFar       time.Duration // far parts listed during the current block
}

// at grows serial and far to hold block b.
func (c *octalClock) at(b int) {
	for len(c.serial) <= b {
		c.serial = append(c.serial, 0)
		c.far = append(c.far, 0)
	}
}

// octalTask is a block of heaps [start, end) whose far part the helpers
// (and the main goroutine, while it waits) list, part by part.
type octalTask struct {
	start, end int
	lo, hi     int // the rare heaps of index lo <= i < hi are listed here
	words      int // words a heap in buf: len(seen) at dispatch
	mw         int // words the marks reach (markWords at dispatch)
	known      int // the heaps below known were known at dispatch
	cap        int // step 3: at most about this many splits from each end a heap
	rare       []octalRare
	ring16     []uint16   // e.ring16 when ringOK at dispatch, else nil: heap m's slots are not written while heaps below known are read
	rare16     []nearRare // e.rare16 with it
	par        []uint64   // the labelling's parity bits at dispatch (words words)
	dom        int
	buf        []uint64 // packed rows (rb = 0): the marks of heap n in words words at (n-start)*words
	rb         int      // > 0: the rows are bytes, rb = 64*mw a heap (octalByteRow)
	bytes      []byte   // byte rows (rb > 0): the marks of heap n, a byte a value, at (n-start)*rb
	bot, top   []int32  // step 3: splits listed from each end of the known ones, by heap and split digit
	remaining  atomic.Int32
	done       chan struct{} // capacity 1: the last part of the block is listed
}

// octalPartHeaps is the fewest heaps of one part of a block (octalPartOf):
// 16 parts of a block of 128 heaps (octalPartHeapsFor).
const octalPartHeaps = 8

// octalPartHeapsFor returns the heaps of one part of a block for a pipe of
// helpers goroutines: 16 (8 parts a block) while the octalPipeDepth
// blocks queued ahead hold at least two parts for each goroutine that
// lists them (the helpers and the main goroutine), else octalPartHeaps.
//
// Trick: parts of 16 heaps on few workers. Reason: each part is a channel
// send and receive and a wake-up of a parked helper; 0.6 to 2^22 at W = 2
// took 0.979 times the CPU with parts of 16 heaps against 8 on one P
// (A/B timing, 3 pairs; 0.81 on two cores, a noisy set).
// Cost: on many workers, parts of 8 heaps, so that none waits for a part
// while others are queued. Ours.
func octalPartHeapsFor(helpers int) int {
	if octalPipeDepth*octalBlock/(2*octalPartHeaps) >= 2*(helpers+1) {
		return 2 * octalPartHeaps
	}
	return octalPartHeaps
}

// octalPipe is the helper goroutines of the engine (workers - 1 of them).
//
// Trick: more cores on one sequence by pipelining across heaps. Heap n
// needs only values below n; the splits (a, s-a) of a heap of the block
// [N, N+B) whose larger part s-a lies below N-dB read values known when the
// block [N-dB, N-dB+B) starts, d = octalPipeDepth blocks before. That is
// the far part of the block: every split with a rare heap a >= (d+1)B
// (octalFarRare), and the splits a >= s-N+dB+1 of two known heaps
// (octalKnownFrom), among them the most even ones. While the main
// goroutine computes the blocks before, the helpers list the far part of
// each heap as the sparse-space method would with what they know: step 1
// over those rare heaps, then v* and the values below it that are missing
// (steps 2 and 3 with the far marks alone), and step 3 over the known
// splits, from both ends of them, only until none of those missing values
// is missing (octalPipe.heap). So they list what the heap needs and no
// more: no split is listed on speculation, and a heap that step 1 settles
// lists none. The main goroutine then adds, in order, the near part (the
// rare heaps below 2B, those found since dispatch, the moves that leave
// one heap), computes v*, and lists step 3 on only when a value is still
// missing: from the least splits (a < octalKnownFrom, whose larger part is
// fresh) and past the helpers' ranges (the hole of sparseMex). The marks
// of the near part can only add options: v* never falls, and a value the
// helpers found stays found, so the main goroutine lists step 3 only where
// the near part raised v* past a value no far split gives, or the helper's
// cap (below) stopped it. Every value is exact whatever the helpers
// listed.
//
// The block is split into parts of octalPartHeaps heaps, queued on one
// channel for every helper, each heap into its own rows, so the rows do not
// depend on W; the main goroutine, when it needs a block whose parts are
// not all listed, lists queued parts itself rather than wait (receive;
// from W = 3 on, a later block's part only when no helper is free, and it
// spins briefly before parking where every goroutine has a core: await),
// so on W workers the whole of the far part is shared by W goroutines and
// the main goroutine's in-order share is the near part and the mex
// (TestOctalSerialShare measures it: 7.7% of one worker's CPU on 0.6 to
// 2^22). Where a
// new labelling may be chosen (checkpoints) the pipeline is empty, so no
// block mixes two labellings.
//
// The helpers' step 3 stops at octalHelperCap splits from each end: a
// value that only the near part gives (a move to g(n-1), a split with a
// fresh part) would otherwise send a helper through every known split
// (0.6 to 2^20: 0.6% of the heaps reach the cap). The helpers are at most
// GOMAXPROCS-1: a helper without a P of its own holds a part that the main
// goroutine then waits for until the scheduler runs it again (0.6 to 2^21
// at W = 16 on two cores took 1.4 times the wall of W = 2 uncapped).
// Reason: the last design listed a fixed, adaptive number of the splits
// from each end for every heap, whether it needed them or not, and paid
// 1.4 times the CPU of one worker on two (0.6 to 2^22 on a 16-core node:
// 12.5 s of CPU on one worker, 17.2 s on two), which bounded the speed-up
// near 2 at 16 workers. Cost: a channel send and receive a part, the far
// part's step 2 (a pack up to v*) and a copy of the marks as bytes (heap),
// a mark array of 64 KiB a helper: W = 2 took 1.039 times the CPU of W = 1
// on one P and 1.069 on two cores (0.6 to 2^22, A/B timing), the splits
// listed being about the same (2.26*10^9 against 2.29*10^9 to 2^20).
// Sources: the C++
// solver of tczajka/octal-games and the Rust solver of
// rogalski-wmii-uni-lodz-pl/octal are single-threaded; Grossman's program
// for 0.6 ("Searching for periodicity in Officers", Games of No Chance 5)
// uses two parallelization strategies, which its abstract does not detail
// (docs/performance.md).
type octalPipe struct {
	g       []int32
	split   []int
	unequal bool
	helpers int
	parts   chan octalPart
	exited  sync.WaitGroup
	slots   [octalPipeDepth + 1]octalTask // the tasks, in turn
	flip    int
	pending []*octalTask // dispatched, not yet received, in order
	next    int          // the start of the next block to dispatch
	own     octalScratch
	cap     int         // step 3's cap: octalHelperCap, or octalOptions.pipeTop
	heaps   int         // the heaps of a part (octalPartHeapsFor)
	packed  bool        // packed rows whatever their length (octalOptions.packedRows)
	clock   *octalClock // octalOptions.clock: no helper, dispatch lists and times the parts
	inline  octalScratch
	spin    bool // await spins before it parks (octalSpins)

	// giveBack: the main goroutine gives a later block's part back unless
	// every helper has one (receive, octalTakesLater); from two helpers on,
	// with policy.Policy.Experimental.
	giveBack bool
}

// octalScratch is the marks and the list of missing values of one
// goroutine of the pipe.
type octalScratch struct {
	mk   []byte
	miss []int32
	seen []uint64 // the packed marks of a heap whose row is bytes
}

// octalPart is heaps [from, to) of the block of task t.
type octalPart struct {
	t        *octalTask
	from, to int
}

// octalPartOf returns part i of parts of the block [start, end): the heaps
// [start + i*len/parts, start + (i+1)*len/parts), len = end - start. The
// parts cover the block, in order, without overlap.
func octalPartOf(start, end, i, parts int) (from, to int) {
	n := end - start
	return start + i*n/parts, start + (i+1)*n/parts
}

// octalKnownFrom returns the least a >= 1 whose split a + (s-a) has its
// larger part known, s-a < known: the least split of heap s that the
// helpers may list for a block dispatched when the heaps below known were
// known.
func octalKnownFrom(s, known int) int {
	return max(s-known+1, 1)
}

// octalPipeDepth is the blocks the helpers' queue holds ahead of the block
// the main goroutine computes: at block [N, N+B) the blocks up to [N +
// octalPipeDepth*B, N + (octalPipeDepth+1)*B) are dispatched, each with
// the heaps below N known.
//
// Trick: the pipeline is two blocks deep, not one. Reason: one block deep,
// the helpers emptied the queue at every block and parked, the main
// goroutine waited in receive for the last part in flight and parked too,
// and the next dispatch woke the helpers again: a park and a wake-up of
// each side every 128 heaps (about 0.2 ms of 0.6 at 2^24), which left 22%
// of a core idle at W = 2 on an idle machine and took 1.20 times the CPU
// of one worker (docs/performance.md). Two deep, the queue holds the parts
// of the next block while the main goroutine finishes the near part of
// this one, so the helpers run on, and the main goroutine, waiting for a
// part in flight, lists a queued part of the next block instead. Cost: the
// far part starts at a rare heap 3B = 384 instead of 256 and at the known
// splits with their larger part below N instead of N+B (octalFarRare,
// octalKnownFrom), so the main goroutine's in-order share grows by the
// rare heaps in [256, 384) and 128 more of the least splits of step 3 at
// the heaps that list them; a third task's buffers. No source (the tail's
// helpers, tailpipe.go, run up to 256 heaps ahead for the same reason).
const octalPipeDepth = 2

// octalFarRare returns the least rare heap a whose splits the helpers list
// for the block [start, start+octalBlock) dispatched when the heaps below
// known were known: every split (a, s-a) of a heap n of the block, s = n-k
// <= n, with a >= octalFarRare has its larger part s-a < known.
func octalFarRare(start, known int) int {
	return start + octalBlock - known
}

// octalByteRow is the longest row of marks, in bytes a heap, that the
// helpers hand over as bytes rather than packed (octalPipe.heap): marks
// of values below 1024.
const octalByteRow = 1024

// octalPackedFrom is the fewest workers at which the helpers hand over
// packed rows whatever the marks' length (octalPackedRows).
const octalPackedFrom = 12

// octalPackedRows reports whether a pipe of policy p (its Workers: the
// helpers and the main goroutine) hands over packed rows although the
// marks are short (octalByteRow): from octalPackedFrom workers on, each
// with a CPU of its own, and only with p.Experimental.
//
// Trick: on many cores the helpers pack their rows again. Reason: there the
// main goroutine's in-order work bounds the run (TestOctalSerialShare,
// 0.6 to 2^22: in-order share 7.7%, and the far part shared by P cores
// takes less than the in-order part of a block from about P = 14 on), and
// a byte row costs it a copy of 64*mw bytes a heap, eight cache lines
// written by another core (512 bytes on 0.6; the node's W = 16 profile:
// the copy 0.16 s and the pack 0.35 s of the main goroutine's 1.81 s in
// sparseMex), where a packed row is one line. Measured on one goroutine
// (the model's run, 0.6 to 2^22, two runs each): the in-order
// time S 0.46 and 0.48 s against 0.50 and 0.50 s with byte rows, the far
// part 6.49 and 6.65 s against 6.36 and 6.40 s (+2% to +4%), the other
// cores' lines not counted. Cost: that 2% to 4% more CPU in the helpers,
// which have time to spare on that many cores; below octalPackedFrom
// workers, or on fewer CPUs than goroutines (where that CPU is the wall
// time), the byte rows stay. Not measured on 16 cores: a prediction, so
// behind policy.Policy.Experimental.
func octalPackedRows(p policy.Policy) bool {
	return p.Many(octalPackedFrom)
}

// octalHelperCap is the most splits from each end of the known ones that a
// helper's step 3 lists for a heap (octalPipe).
const octalHelperCap = 4096

// newOctalPipe starts helpers goroutines (at least one); top > 0 fixes
// the cap of their step 3 (octalOptions.pipeTop).
func newOctalPipe(e *octalEngine, helpers, top int, packed bool, clock *octalClock, spin int, pol policy.Policy) *octalPipe {
	helpers = max(helpers, 1)
	p := &octalPipe{g: e.g, split: e.r.split, unequal: e.r.unequal, helpers: helpers,
		parts: make(chan octalPart, (octalPipeDepth+1)*octalBlock/octalPartHeaps), cap: octalHelperCap, packed: packed,
		heaps: octalPartHeapsFor(helpers), clock: clock,
		giveBack: pol.Experimental && helpers >= 2,
		spin:     octalSpins(pol, spin)}
	p.packed = p.packed || octalPackedRows(pol)
	if top > 0 {
		p.cap = top
	}
	for i := range p.slots {
		p.slots[i].done = make(chan struct{}, 1)
	}
	if clock != nil {
		return p
	}
	p.exited.Add(helpers)
	for range helpers {
		go p.loop()
	}
	return p
}

// loop lists each part it takes.
func (p *octalPipe) loop() {
	defer p.exited.Done()
	var sc octalScratch
	for part := range p.parts {
		p.run(part, &sc)
	}
}

// run lists the heaps of part and signals its block when it was the last.
func (p *octalPipe) run(part octalPart, sc *octalScratch) {
	t := part.t
	sc.mk = octalMarksGrow(sc.mk, 64*t.words)
	for n := part.from; n < part.to; n++ {
		p.heap(t, sc, n)
	}
	if t.remaining.Add(-1) == 0 {
		t.done <- struct{}{}
	}
}

// heap lists the far part of heap n of task t (octalPipe): step 1 over its
// rare heaps, then step 3 over the known splits from both ends while a
// value below the far part's v* is missing, up to the cap; its row of buf
// gets the marks, bot and top how far step 3 went for each split digit.
func (p *octalPipe) heap(t *octalTask, sc *octalScratch, n int) {
	i := n - t.start
	nd := len(p.split)
	var row []uint64 // the packed marks: the task's row, or a scratch when the row is bytes
	if t.rb > 0 {
		sc.seen = slices.Grow(sc.seen[:0], t.words)[:t.words]
		row = sc.seen
	} else {
		row = t.buf[i*t.words : (i+1)*t.words]
	}
	bot, top := t.bot[i*nd:(i+1)*nd], t.top[i*nd:(i+1)*nd]
	clear(row)
	clear(bot)
	clear(top)
	mk := sc.mk[:64*t.words] // stillMissing reads it below v*, which may pass 64*mw
	rare := t.rare[t.lo:t.hi]
	m16, ok16 := octalMarks16(mk)
	ring := ok16 && t.ring16 != nil
	for _, k := range p.split {
		if s := n - k; s < 2 {
			continue
		} else if ring {
			markRareRing16(m16, t.ring16, t.rare, t.rare16, s, t.lo, t.hi, p.unequal)
		} else {
			octalMarkRare(mk, p.g, rare, s, p.unequal)
		}
	}
	mw := min(t.mw, len(row))
	var flip uint64
	if t.dom&(n-p.split[0])&1 == 1 {
		flip = ^uint64(0)
	}
	if vstar, need := octalPackVstar(row, mk, mw, t.par, flip); need > 0 {
		sc.miss = missingBelow(sc.miss[:0], row, t.par, flip, vstar)
		for chunk, done := 32, 0; len(sc.miss) > 0 && done < t.cap; done, chunk = done+chunk, octalNextChunk(done+chunk) {
			more := false
			for j, k := range p.split {
				s := n - k
				a0, h := octalKnownFrom(s, t.known), octalHalf(s, p.unequal)
				free := h - a0 + 1 - int(bot[j]) - int(top[j])
				if free <= 0 {
					continue
				}
				more = true
				c := min(chunk, free)
				octalMarkRange(m16, mk, p.g, s, a0+int(bot[j]), a0+int(bot[j])+c-1)
				bot[j] += int32(c)
				if c = min(chunk, free-c); c > 0 {
					octalMarkRange(m16, mk, p.g, s, h-int(top[j])-c+1, h-int(top[j]))
					top[j] += int32(c)
				}
			}
			if !more {
				break
			}
			sc.miss = stillMissing(mk, sc.miss)
		}
	}
	// The row gets every mark of step 1 and step 3 (octalPackVstar packed
	// them up to v*).
	//
	// Trick: where the marks are short (64*mw <= octalByteRow), the row is
	// the marks themselves, a byte a value, copied out; the main goroutine
	// copies them into its own marks, adds the near part's and packs once
	// (sparseMex). Reason: the helper packed its marks twice a heap (for v*
	// after step 1, the row after step 3) and the main goroutine once more,
	// against one pack a heap on one worker (0.6 to 2^22: octalPack 0.50 s
	// of CPU on two workers, 0.14 s on one; pprof). Measured: W = 2 with
	// byte rows took 0.986 times the CPU of packed rows on one P and 0.962
	// on two cores (both with octalPackVstar; A/B timing, 3 pairs
	// each). Cost: a copy of 64*mw bytes on each side (512 on
	// 0.6) and rows four times as long as packed ones, at most
	// octalByteRow bytes a heap (3 tasks of 128 KiB).
	if t.rb > 0 {
		copy(t.bytes[i*t.rb:(i+1)*t.rb], mk[:t.rb])
	} else {
		octalPack(row[:mw], mk)
	}
	clear(mk[:64*mw]) // every mark is below 2^vbits
}

// dispatch queues the block [start, end) for the helpers, with the rare
// heaps known now (all below known, the start of the block before it).
func (p *octalPipe) dispatch(e *octalEngine, start, end, known int) {
	lo, _ := slices.BinarySearchFunc(e.rare, int32(octalFarRare(start, known)), func(x octalRare, t int32) int { return int(x.a - t) })
	t := &p.slots[p.flip]
	p.flip = (p.flip + 1) % len(p.slots)
	// Trick: octalPipeDepth+1 tasks, reused in turn with their buffers (the
	// one dispatched that many blocks ago has been received and its block
	// computed).
	// Reason: a task allocated a block was garbage every 128 heaps, which
	// Go's collector (GOGC = 100, the values being the live heap) let pile
	// up: a sixth of the peak memory of Grundy's game to 2^24. Cost: none.
	words, nd, heaps := len(e.seen), len(e.r.split), end-start
	t.rb = 64 * e.markWords()
	if t.rb > octalByteRow || p.packed {
		t.rb = 0
		t.buf = slices.Grow(t.buf[:0], heaps*words)[:heaps*words]
	} else {
		t.bytes = slices.Grow(t.bytes[:0], heaps*t.rb)[:heaps*t.rb]
	}
	t.par = append(t.par[:0], e.par[:words]...)
	t.bot = slices.Grow(t.bot[:0], heaps*nd)[:heaps*nd]
	t.top = slices.Grow(t.top[:0], heaps*nd)[:heaps*nd]
	t.start, t.end, t.lo, t.hi, t.words, t.mw, t.known, t.cap = start, end, lo, len(e.rare), words, e.markWords(), known, p.cap
	t.rare, t.dom, t.ring16, t.rare16 = e.rare, e.dom, nil, nil
	if e.ringOK() {
		t.ring16, t.rare16 = e.ring16, e.rare16
	}
	parts := (heaps + p.heaps - 1) / p.heaps
	t.remaining.Store(int32(parts))
	p.pending = append(p.pending, t)
	p.next = end
	if c := p.clock; c != nil {
		t0 := c.now()
		for i := range parts {
			from, to := octalPartOf(start, end, i, parts)
			p.run(octalPart{t: t, from: from, to: to}, &p.inline)
		}
		d := c.now() - t0
		c.at(start / octalBlock)
		c.far[start/octalBlock] += d
		c.inFar += d
		return
	}
	for i := range parts {
		from, to := octalPartOf(start, end, i, parts)
		p.parts <- octalPart{t: t, from: from, to: to}
	}
}

// feed dispatches the blocks after [start, end) that the pipeline holds
// ahead, up to octalPipeDepth and not past max or a heap where a labelling
// may be chosen.
func (p *octalPipe) feed(e *octalEngine, start, end, max int) {
	if p.next <= start {
		p.next = end // the pipeline is empty: from the next block
	}
	for b := p.next; b <= max && b <= end+(octalPipeDepth-1)*octalBlock && !octalChoosesAt(b); b += octalBlock {
		p.dispatch(e, b, min(b+octalBlock, max+1), start)
	}
}

// receive returns the task of the block that starts at start, or nil if
// there is none, once every part of it is listed; while parts are queued
// the calling goroutine lists them too, into mk, the engine's marks (zero
// between heaps, and left zero: no second array of 64 KiB), but from two
// helpers on (W >= 3) a part of a later block only when no helper is free
// (octalTakesLater); then it waits for the block (await).
//
// Trick: from W = 3 on, with policy.Policy.Experimental (a model's
// prediction, not measured on many cores), the main goroutine gives a
// later block's part back to the queue unless every helper has another
// part queued. Reason: the
// main goroutine is the critical path of the pipeline, and a part it takes
// (8 heaps, about 36 µs on the 16-core node) delays its block while the
// parts it waits for end in a few: on the node at W = 16 (0.6 to 2^22,
// main at 62a20b3) it spent 1.35 s of a 4.71 s run (profiled) listing
// parts and 0.94 s blocked in receive, while the 15 helpers were blocked
// 14.9 s in all waiting for parts. With one helper (W = 2) the main
// goroutine is half the listing and takes every part, as before. Cost: at
// W = 3 to 8 the main goroutine may wait where it would have listed a part
// of the next block; TestOctalSerialShare's pipelined and no-steal models
// differ by 5% at 8 and 0.2% at 16 (0.6 to 2^22), and the rule takes the
// part whenever the helpers have enough queued. The queue is FIFO and a
// block's parts are queued before the next block's, so once a later part
// is at its head no part of this block is left queued; a part given back
// goes to the tail, behind its own block's others (the queue holds at most
// the two blocks dispatched ahead, 32 parts, under its capacity of 48).
func (p *octalPipe) receive(start int, mk []byte) *octalTask {
	if len(p.pending) == 0 || p.pending[0].start != start {
		return nil
	}
	t := p.pending[0]
	p.pending = append(p.pending[:0], p.pending[1:]...)
	p.own.mk = mk
	for {
		select {
		case <-t.done:
			return t
		default:
		}
		if p.giveBack {
			select {
			case part := <-p.parts:
				if part.t != t && !octalTakesLater(p.helpers, len(p.parts)) {
					p.parts <- part
					return p.await(t)
				}
				p.run(part, &p.own)
			default: // nothing queued, and only this goroutine queues parts
				return p.await(t)
			}
			continue
		}
		select {
		case part := <-p.parts:
			p.run(part, &p.own)
		case <-t.done:
			return t
		}
	}
}

// octalTakesLater reports whether the main goroutine of a pipe of helpers
// goroutines lists a part of a later block that it took from the queue
// while waiting for its own, queued parts being left behind it: with one
// helper always (W = 2), else when every helper has one of them to take
// (none is free; receive).
func octalTakesLater(helpers, queued int) bool {
	return helpers < 2 || queued >= helpers
}

// octalSpinFor is how long await spins before it parks.
const octalSpinFor = 50 * time.Microsecond

// await waits for the last part of t, which helpers are listing, and
// returns t: where each goroutine of the pipe has a core and a P of its
// own (spin, octalSpins), it checks t.done without blocking for up to
// octalSpinFor first.
//
// Trick: the main goroutine spins before it parks. Reason: a parked main
// goroutine is made ready by the helper that ends its block's last part,
// into that helper's P's next slot, which the helper does not leave while
// it takes the next part from the queue: the main goroutine then waits
// for another P to steal it (the scheduler waits about 3 µs before taking
// a P's next slot) and for an idle thread to wake; on the node at W = 16
// it was blocked 0.94 s of 4.71 s in receive, 29 µs a block. Cost: up to
// octalSpinFor of a core a block where the helpers are late, on a core no
// other goroutine of the run needs (W <= GOMAXPROCS and W <= the CPUs);
// never at W = 2 or on more workers than cores. Not measured on 16 cores
// (a 2-core machine never spins): a prediction, so behind
// policy.Policy.Experimental, as await is only reached by receive's
// give-back (giveBack).
func (p *octalPipe) await(t *octalTask) *octalTask {
	if p.spin {
		deadline := time.Now().Add(octalSpinFor)
		for i := 0; ; i++ {
			select {
			case <-t.done:
				return t
			default:
			}
			if i%64 == 63 && time.Now().After(deadline) {
				break
			}
		}
	}
	<-t.done
	return t
}

// octalSpins reports whether await spins, for a pipe of policy p (its
// Workers: the helpers and the main goroutine): from two helpers on (W >=
// 3), only when the main goroutine and every helper have a CPU and a P of
// their own, and only with p.Experimental. spin (octalOptions.spin)
// overrides it for tests: 1 always, -1 never.
func octalSpins(p policy.Policy, spin int) bool {
	switch spin {
	case 1:
		return true
	case -1:
		return false
	}
	return p.Many(3)
}

// stop ends the helpers and waits for them.
func (p *octalPipe) stop() {
	close(p.parts)
	p.exited.Wait()
}
