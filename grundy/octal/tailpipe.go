package octal

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// tailPipe is the tail's helper goroutines (TailOptions.Workers >= 2: W-1
// of them, stage A, beside the calling goroutine, stage B).
//
// Trick: two cores on the tail by pipelining across heaps. At heap n the
// tail (tailState.mex) reads g(n-d) at distances d = k+a >= 1: for the
// splits (a, s-a), s = n-k, with a rare heap a (step 1) or listed by step 3
// (a from both ends of 1..w-k), and d = k for the moves that leave one heap;
// and g(a), a <= w, from the first values, which never change. So the
// marks of heap n at distance d >= D read only values known once heap n-D
// is done. A second goroutine, stage A, lists them for heap n as soon as
// heap n-D is done: step 1 for the rare heaps a >= D-k, and the first
// chunks of step 3 (tailPipe.chunks of them, as settle would list them)
// for a >= D-k, into a mark array of its own, packed into a bit set, one
// of D slots (heap n in slot n mod D). The main goroutine, stage B, at
// heap n adds the marks at distance d < D (the rare heaps and the splits
// of those chunks with a < D-k, a few hundred marks, among them the only
// ones that read g(n-1)) and the moves that leave one heap, ORs A's bit
// set into seen, computes v* (step 2) and lists step 3 on from where A
// stopped, checking the missing values as before (settle; the near
// splits of A's chunks only where v* leaves a value missing, see mex). So
// A runs up to D heaps ahead of B, and neither waits for the other at
// every heap.
//
// Every value is exact and the same as on one goroutine: the marks of A
// and B together are the marks settle would have made by the end of A's
// chunks (the same splits, split by distance); all are true options. The
// marks of step 3 made before step 2 are values of two common heaps, of
// the parity step 3 looks for, which v* does not depend on, or of a rare
// heap and a common one, which step 1 marks too; listing splits past what
// settles a heap changes no value; and a heap that the splits inside the
// window do not settle is relabelled or stopped at after every split is
// listed, as before.
//
// What A reads does not change while it runs: the first values (head), the
// rare heaps (its lists, made before it starts), the window w, the rules,
// and of the ring, for its heap m, the values of heaps m-w..m-D, while B
// writes g(n) for a heap n in m-D+1..m-1, at the ring's two slots of heap
// n, neither of which A's window for m reads (the one at distance m-n < D,
// the other at distance m-n+w > w). B finishes heap m only after A has
// listed it. What B changes at the events of the run does not reach A:
// relabel (the mask, par), resize (seen, mk, par; A has its own mark array
// and packs as many words as the largest value so far needs, vbits, which
// B publishes before each heap it finishes), the end of a block (handOver,
// checkpoint and ctx check read the ring and write files). So A runs on
// across blocks, and on a stop (TailUnsettled, TailWidth, ctx, an error of
// OnValues or of a checkpoint) B quits it and waits for it to end before
// run returns; what A listed past B's last heap is dropped. A period copy
// (s.per > 0) has no mex: the tail then runs on one goroutine, and when
// the tail proves a period itself (tailperiod.go; the watch only reads the
// ring), run ends A at the end of that block.
//
// Handoff: A waits for done >= m-D (B's last finished heap), and when it
// has to, for D/2 more heaps, so that a faster A waits once every D/2
// heaps; B waits for ready >= n (A's last listed heap). A parks at once
// on a channel (tailWaiter); B spins briefly, then yields, then parks, so
// that a wait on a busy machine does not burn a core. The share of step 3 A lists
// adapts: B counts the heaps at which it waited and those at which A did,
// and every tailPipeAdapt heaps moves A's chunks down if B waited, up if
// only A did and B still lists step 3 past A's chunks (adapt).
//
// Reason: step 1 and step 3 are nearly all of the tail's time (0.6 from
// 2^20: markRareNear16 about 30%, markPairs 50%, stillMissing 10%), and the
// tail on one goroutine leaves the second core idle. A
// version in lockstep (A one heap ahead, only the split (1, n) left to B)
// takes more wall time than one goroutine in each of the runs tried (0.6
// from 2^20 to 3*2^20, on a busy machine): a handoff at each heap of
// 3 us stalls both stages whenever either is descheduled. Cost: a
// second goroutine busy; D bit sets of up to 2^16 bits (2 MiB for 16-bit
// values, 8 KiB for 8-bit ones) and a mark array of 64 KiB; two atomic
// stores a heap; the splits at distance < D of A's chunks listed by B for
// every heap, and A's chunks listed for heaps that step 1 settles alone.
// No source: the C++ solver and the Rust solver of
// rogalski-wmii-uni-lodz-pl/octal are single-threaded; the full-array
// engine's octalPipe pipelines blocks in a similar way.
//
// Several helpers: with W workers, stage A is W-1 goroutines,
// helper j listing the heaps m = first + j (mod W-1), each into its own
// mark array and the slot of its heap, each with its own counter of the
// last heap listed (ready[j]) and its own waiter; B waits at heap n for the
// helper of n. Each helper reads for its heap m what one A read (the values
// of heaps m-w..m-D), so the argument above holds for each; all of them
// together still run at most D heaps ahead of B, and the marks of each heap
// are those one A would list, whatever W: the values and checkpoints are
// the same at every W (TestTailWorkersOracle). Reason: one A stopped the
// tail at two cores. Cost: a mark array of 64 KiB a helper, and B wakes
// each parked helper (an atomic load each a heap).
type tailPipe[V tailValue] struct {
	s     *tailState[V]
	bits  []uint64 // tailPipeAhead slots of sw words: A's marks of heap m in slot m mod D
	sw    int
	words []int // words of A's marks packed in each slot
	bots  []int // how far A's chunks of step 3 went (a <= bot from each end), each slot
	a, b  tailPart[V]

	// What A writes at each heap, and what B does, on cache lines of
	// their own (128 bytes apart: x86 fetches lines in pairs), so that
	// neither store evicts the other's line.
	helpers int
	ready   []tailCounter // ready[j]: the last heap helper j has listed
	first   int64         // the first heap of stage A: helper j lists first+j, first+j+helpers, ...
	_       [128]byte
	waitsA  atomic.Int64 // waits of A (read by B to adapt)
	parked  atomic.Int32 // helpers parked or about to park (finished)
	_       [108]byte
	done    atomic.Int64 // the last heap B has finished
	chunks  atomic.Int32 // chunks of step 3 A lists a heap
	vbits   atomic.Int32 // B's vbits, stored before done
	_       [112]byte

	quit     atomic.Bool  // B has stopped: A ends
	aWait    []tailWaiter // aWait[j]: helper j parked, waiting for done
	bWait    tailWaiter   // B parked, waiting for ready
	exited   sync.WaitGroup
	panicked atomic.Pointer[tailPanic] // the first panic of a helper, for B

	waitsB         int64
	lastA, lastB   int64 // at the last adaptation
	lastX          int64 // beyond at the last adaptation
	pubBits        int   // the vbits B last published
	heaps, nextAdj int64
	beyond         int64 // heaps at which B listed step 3 past A's chunks
	fixed          bool  // chunks do not adapt (tailInternal.pipeChunks)
	chunkHist      [tailPipeMaxChunks + 1]int64
	clockMk        *[1 << 16]byte // stage A's marks when s.clock lists them on B's goroutine
}

// tailPipeStats is what a tailPipe did (tailInternal.stats, tests only:
// TestTailPipeWaits, TestTailSerialShare), summed over the pipes of a run.
type tailPipeStats struct {
	Heaps                   int64 // heaps B finished with the pipe
	WaitsB, YieldsB, ParksB int64 // B's waits for a helper, its Gosched calls in them, its parks
	WaitsA, ParksA          int64 // the helpers' waits for B, and their parks
	WakesA, WakesB          int64 // wake-ups sent to helpers (by B), to B (by helpers)
	Beyond                  int64 // heaps at which B listed step 3 past A's chunks
	Chunks                  [tailPipeMaxChunks + 1]int64
	// Chunks[c]: the adaptations (every tailPipeAdapt heaps) that left A's
	// chunks of step 3 at c
}

// tailClock measures the tail's in-order share on one goroutine
// (TestTailSerialShare, $TABULATE_TAIL_SERIAL): run reads it at its start
// and end (total), and with piped, the tail runs the pipe's split on its
// own goroutine: no helper starts, and at every D-th heap from the pipe's
// first, B lists stage A's part of the next D heaps (all their far marks
// read heaps already done) and times it (far, by bucket of D heaps); the
// rest of each bucket is serial (B's near part, v*, step 3 from where A
// stopped, add, the frequency count, and the block ends' checks and
// checkpoints). The marks do not depend on who lists them, so the values
// are those of any W. Cost: nothing without it (a nil test a heap); with
// it, two readings of the clock every D heaps.
type tailClock struct {
	now         func() time.Duration // the test's reading of its thread's CPU time
	piped       bool                 // run the pipe's split (else the tail as W says, timed whole)
	t0, last    time.Duration        // at run's start; at the current bucket's start
	total       time.Duration
	serial, far []time.Duration // by bucket of D heaps
}

func (c *tailClock) begin() { c.t0 = c.now(); c.last = c.t0 }

func (c *tailClock) end() {
	t := c.now()
	c.total += t - c.t0
	c.close(t)
}

// close ends the current bucket (if any) at t.
func (c *tailClock) close(t time.Duration) {
	if len(c.far) > len(c.serial) {
		c.serial = append(c.serial, t-c.last-c.far[len(c.far)-1])
	}
	c.last = t
}

// clocked lists stage A's part of heaps n..n+D-1 on B's goroutine, timed
// (tailClock).
func (p *tailPipe[V]) clocked(n int64) {
	const d = tailPipeAhead
	c, s := p.s.clock, p.s
	t := c.now()
	c.close(t)
	if p.clockMk == nil {
		p.clockMk = new([1 << 16]byte)
	}
	for m := n; m < n+d && m <= s.max; m++ {
		p.list(m, int(m%int64(s.w)), p.clockMk)
	}
	c.far = append(c.far, c.now()-t)
}

// tailCounter is a counter on a cache line pair of its own.
type tailCounter struct {
	v atomic.Int64
	_ [120]byte
}

// tailPanic is what a helper of tailPipe recovered from a panic.
type tailPanic struct{ v any }

// tailPart is the rare heaps of each split digit (index as in r.split) a
// stage of tailPipe lists in step 1, also as nearRare when the near loop
// applies (nearOK).
type tailPart[V tailValue] struct {
	rare [][]tailRare[V]
	near [][]nearRare
}

const (
	// tailPipeAhead is D, the least distance stage A reads and the slots
	// it may fill ahead of B: B lists the marks at distance below D
	// (0.6: 50 rare heaps below 256 of 1,583, and at most 255 splits of
	// step 3's first chunks a heap, of about 2,240: step 3 lists on
	// average 1,119 from each end, 0.6 from 2^20 to 2^20 + 3*10^5), and
	// 256 heaps are about 0.7 ms of 0.6's tail: a stage descheduled for
	// less than that does not stall the other. A power of two (slot =
	// m & (D-1)).
	tailPipeAhead = 256
	// tailPipeAdapt is the heaps between adaptations of A's chunks.
	tailPipeAdapt = 256
	// tailPipeChunks is the chunks of step 3 A starts with and the most
	// it lists (32, 64, 64, 64, 64, 72, 90, ... splits from each end:
	// octalNextChunk; 24 chunks are about 20,000).
	tailPipeChunks, tailPipeMaxChunks = 4, 24
	// tailPipeRaise is the heaps of tailPipeAdapt at which B must have
	// listed step 3 past A's chunks for them to go up (adapt): 1/32.
	tailPipeRaise = tailPipeAdapt / 32
)

// tailWaiter parks a goroutine until the other side's counter reaches want.
type tailWaiter struct {
	group    *atomic.Int32 // counts the waiters of a group that park (the helpers': tailPipe.parked), or nil
	sleeping atomic.Bool
	want     atomic.Int64
	ch       chan struct{} // capacity 1: a wake-up is never lost, at most one is stale
	// counted for tailPipeStats, where a wait is long (a yield, a park) or
	// a wake-up sent: no cost at a wait that a spin ends
	yields, parks, wakes atomic.Int64
}

// wake wakes the waiter if it is parked and c, the counter just stored,
// reaches what it waits for. The waiter stores want and sleeping before
// its last look at the counter, the waker the counter before it loads
// them: with Go's atomics sequentially consistent, one sees the other.
func (t *tailWaiter) wake(c int64) {
	if t.sleeping.Load() && c >= t.want.Load() {
		select {
		case t.ch <- struct{}{}:
			t.wakes.Add(1)
		default:
		}
	}
}

// Spin, then yield, then park: the spin covers a short wait (a heap of 0.6
// is about 3 us), the yields let other goroutines run, and parking frees
// the core when the other side is descheduled (the machine may be busy).
// No source.
const (
	tailSpin  = 1000
	tailYield = 20
)

// await waits until c >= target and reports true, or until quit and
// reports false. spin is false for a wait known to be long (a helper waits
// for B to finish D/2 heaps): it parks at once.
//
// Trick: only B spins. Reason: the helpers spun and yielded at each wait
// too, on a counter that B stores at every heap (a cache miss a load);
// with 15 helpers on 16 cores the tail burned 73 s of CPU for 5.3 s of
// wall. A helper's wait is for D/2 heaps of B, tens of
// microseconds, far past a spin; B's is for one heap of a helper. Cost: a
// park and a wake-up (a few microseconds) a helper every D/2 heaps of B
// (D/2, not D/4: with 15 helpers on two cores, D/4 cost 1.11 times the CPU
// of W = 2 in parking and waking, D/2 0.96; A/B timing, 3 pairs, 0.6 from 2^20 to 1.5*2^20; at W = 2 the same CPU, 0.99).
func (p *tailPipe[V]) await(c *atomic.Int64, target int64, t *tailWaiter, spin bool) bool {
	i := 0
	if !spin {
		i = tailSpin + tailYield
	}
	for ; ; i++ {
		if c.Load() >= target {
			return true
		}
		if p.quit.Load() {
			return false
		}
		switch {
		case i < tailSpin:
		case i < tailSpin+tailYield:
			t.yields.Add(1)
			runtime.Gosched()
		default:
			t.parks.Add(1)
			if t.group != nil {
				t.group.Add(1)
			}
			t.want.Store(target)
			t.sleeping.Store(true)
			if c.Load() < target && !p.quit.Load() {
				<-t.ch
			}
			t.sleeping.Store(false)
			if t.group != nil {
				t.group.Add(-1)
			}
		}
	}
}

// newTailPipe starts stage A at heap s.n, to s.max, on helpers goroutines
// (at least one).
func newTailPipe[V tailValue](s *tailState[V], helpers int) *tailPipe[V] {
	const d = tailPipeAhead
	helpers = max(helpers, 1)
	p := &tailPipe[V]{s: s, helpers: helpers, first: s.n,
		ready: make([]tailCounter, helpers), aWait: make([]tailWaiter, helpers)}
	p.chunks.Store(tailPipeChunks)
	if s.pipeChunks != 0 { // fixed (tests): -1 for none
		p.chunks.Store(int32(max(s.pipeChunks, 0)))
		p.fixed = true
	}
	for j := range p.aWait {
		p.aWait[j].ch = make(chan struct{}, 1)
		p.aWait[j].group = &p.parked
	}
	p.bWait.ch = make(chan struct{}, 1)
	p.sw = max(1, (1<<(8*tailBytes[V]()))/64)
	p.bits = make([]uint64, d*p.sw)
	p.words, p.bots = make([]int, d), make([]int, d)
	// The lists of each stage, by distance k+a, made here (nearOK makes
	// near at its first use).
	for i, k := range s.r.split {
		s.nearOK(s.w - k)
		p.a.rare, p.b.rare = append(p.a.rare, nil), append(p.b.rare, nil)
		p.a.near, p.b.near = append(p.a.near, nil), append(p.b.near, nil)
		for j, x := range s.rare {
			part := &p.a
			if k+int(x.a) < d {
				part = &p.b
			}
			part.rare[i] = append(part.rare[i], x)
			if s.near != nil {
				part.near[i] = append(part.near[i], s.near[j])
			}
		}
	}
	p.pubBits = s.vbits
	p.vbits.Store(int32(s.vbits))
	for j := range p.ready {
		p.ready[j].v.Store(s.n - 1)
	}
	p.done.Store(s.n - 1)
	p.nextAdj = tailPipeAdapt
	if s.clock != nil {
		return p // stage A runs in mex (tailClock)
	}
	p.exited.Add(helpers)
	for j := range helpers {
		go p.loop(j, s.n+int64(j), s.max)
	}
	return p
}

// loop is helper j of stage A: it lists heaps first, first+helpers, ...
// up to last.
func (p *tailPipe[V]) loop(j int, first, last int64) {
	defer func() {
		// A panic of A (a bound broken: TestTailWindowBoundary forces a
		// window too short) goes to B, which panics with it at its next heap.
		if r := recover(); r != nil {
			p.panicked.CompareAndSwap(nil, &tailPanic{r})
			for i := range p.ready {
				p.ready[i].v.Store(math.MaxInt64)
			}
			p.bWait.wake(math.MaxInt64)
		}
		p.exited.Done()
	}()
	const d = tailPipeAhead
	s := p.s
	w := s.w
	h := p.helpers
	pos := int(first % int64(w))
	mk := new([1 << 16]byte) // every value is below 2^16
	for m := first; m <= last; m += int64(h) {
		if p.done.Load() < m-d {
			p.waitsA.Add(1)
			if !p.await(&p.done, m-d+d/2, &p.aWait[j], false) {
				return
			}
		}
		p.list(m, pos, mk)
		p.ready[j].v.Store(m)
		p.bWait.wake(m)
		if pos += h; pos >= w {
			pos -= w
		}
	}
}

// list is stage A's work for heap m, whose window starts at s.ring[pos]
// (heap m-D done): its marks at distance >= D into the slot of m, with
// mk, cleared again, as scratch.
func (p *tailPipe[V]) list(m int64, pos int, mk *[1 << 16]byte) {
	const d = tailPipeAhead
	s := p.s
	w := s.w
	words := (1<<p.vbits.Load() + 63) / 64 // every value A reads is below 2^vbits
	rec := s.ring[pos : pos+w]             // g(m-d) = rec[w-d]; only d >= D is read
	s.markRare(mk, rec, &p.a)
	bot := 0
	for j := int32(0); j < p.chunks.Load(); j++ {
		chunk := 32
		if bot > 0 {
			chunk = octalNextChunk(bot)
		}
		more := s.step3Chunk(mk, rec, bot, chunk, d, w)
		bot += chunk
		if !more {
			break
		}
	}
	slot := int(m & (d - 1))
	dst := p.bits[slot*p.sw : slot*p.sw+words]
	clear(dst)
	octalPack(dst, mk[:])
	clear(mk[:64*words])
	p.words[slot], p.bots[slot] = words, bot
}

// mex is tailState.mex for heap s.n, with stage A's marks.
func (p *tailPipe[V]) mex() (int32, bool) {
	const d = tailPipeAhead
	s := p.s
	n := s.n
	if p.s.clock != nil {
		if (n-p.first)%d == 0 {
			p.clocked(n)
		}
	} else if r := &p.ready[(n-p.first)%int64(p.helpers)].v; r.Load() < n {
		p.waitsB++
		p.await(r, n, &p.bWait, true)
	}
	if pv := p.panicked.Load(); pv != nil { // stored before ready
		panic(pv.v)
	}
	slot := int(n & (d - 1))
	rec := s.ring[s.pos : s.pos+s.w]
	mk := (*[1 << 16]byte)(s.mk[:1<<16])
	s.markRare(mk, rec, &p.b)
	bot := p.bots[slot]
	// A's chunks, the splits at distance below D. Trick: the loop stops at
	// the first chunk with b >= D-1. Reason: every split a chunk lists has
	// a > b (its low end from b+1, its high end above the low one), so
	// distance k+a >= D; with A's chunks at 16, the calls for none of them
	// were about 14% of B's in-order time (S 0.653 -> 0.563 s, 0.6 from
	// 2^20 to 3*2^20, TestTailSerialShare). Cost: none.
	//
	// Trick: the chunks up to there are listed by one call, one chunk from
	// 0 to end, their sum. Reason: chunks from 0 to end, one after the
	// other, list a <= end from the low end and a > h-end from the high
	// one (h = w-k; all of 1..h where the two meet), and one chunk of
	// size end lists the same splits. Five calls a heap of step3Chunk and
	// markPairs (chunks of 32 and 64) took about a sixth more of B's
	// in-order time than one (S 0.431-0.449 -> 0.356-0.381 s, 0.6 from
	// 2^20 to 3*2^20, c = 16, TestTailSerialShare, 3 runs each;
	// docs/performance.md). Cost: none.
	end := 0
	for end < bot && end < d-1 {
		if end == 0 {
			end = 32
		} else {
			end += octalNextChunk(end)
		}
	}
	// Trick: settle lists these near splits only if v* leaves a value
	// below it missing without them (tailState.nearEnd). Reason: they are
	// splits of step 3: of two common heaps, whose values are of the
	// parity v* does not count, or with a rare heap, which step 1 marks
	// too (the argument at the top of this file): v* is the same
	// without them, and where every value below v* is seen anyway, g(n) =
	// v* needs none of them. They were over half of B's in-order time
	// after the cuts above (markPairs 0.18 of 0.34 s); without them S went
	// from 0.355-0.381 to 0.197 s (0.6 from 2^20 to 3*2^20, c = 16,
	// TestTailSerialShare; B listed step 3 past A's chunks at the same
	// 34,850 heaps, so A's chunks adapt as before). Cost: at the heaps
	// that need them, a stillMissing pass more. Ours (the sparse-space
	// method's own order: step 3 after v*).
	listed := s.step3
	s.nearEnd = end
	v, ok := s.settle(s.mk, bot, p.bits[slot*p.sw:slot*p.sw+p.words[slot]])
	if s.step3 != listed {
		p.beyond++
	}
	if p.heaps++; p.heaps >= p.nextAdj && !p.fixed {
		p.adapt()
	}
	return v, ok
}

// adapt moves A's chunks of step 3 down if B waited for A since the last
// call, up if only A waited and B still listed step 3 past A's chunks at
// tailPipeRaise heaps or more of the last tailPipeAdapt, and down if B
// listed past them at none.
//
// Trick: A's chunks go up only while they still take work off B. Reason:
// each chunk past what a heap needs is listed by A for every heap, and
// chunks grow by a quarter (octalNextChunk): on 0.6 from 2^19 to 2^20,
// A's 16 chunks (3,343 splits from each end) leave B 1.7% of the heaps to
// go on with and 18.3% of one worker's time in order, A's 18 leave 0.15%
// and 17.9%, and A's far part costs 1.40 s against 1.96 s (T1 0.88 s;
// TestTailSerialShare). With many helpers only A waited, so the chunks
// climbed to tailPipeMaxChunks (24, about 20,000 splits from each end):
// A's work 6.6 times one worker's for B's 18% (the node's 81.7 s of CPU
// for 6.5 s of wall at W = 16). Cost: a counter a heap.
func (p *tailPipe[V]) adapt() {
	p.nextAdj = p.heaps + tailPipeAdapt
	wa, wb := p.waitsA.Load(), p.waitsB
	da, db, dx := wa-p.lastA, wb-p.lastB, p.beyond-p.lastX
	p.lastA, p.lastB, p.lastX = wa, wb, p.beyond
	c := p.chunks.Load()
	switch {
	case db > 2 && c > 0:
		p.chunks.Store(c - 1)
	case db == 0 && da > 0 && c < tailPipeMaxChunks && dx >= tailPipeRaise:
		p.chunks.Store(c + 1)
	case dx == 0 && c > 0:
		p.chunks.Store(c - 1)
	}
	p.chunkHist[min(p.chunks.Load(), tailPipeMaxChunks)]++
}

// finished tells stage A that heap n is done (its value in the ring).
//
// Trick: B looks at the helpers' waiters only when one of them is parked,
// by one load of a counter (parked) that a helper raises before it marks
// itself sleeping and lowers after it wakes. A wake-up is never lost: the
// helper raises the counter, then stores sleeping, then loads done; B
// stores done, then loads the counter, then sleeping. With Go's atomics
// sequentially consistent, if the helper's load of done misses B's store,
// B's load of the counter comes after the raise and its load of sleeping
// after the store: B sees the helper sleeping and wakes it (tailWaiter.wake).
// Reason: B loaded every helper's sleeping flag at every heap, 15 loads on
// lines the helpers write when they park, in B's in-order part; a helper
// parks once every D/2 heaps, so the counter is nearly always 0. Cost: two
// atomic adds a park. Ours.
func (p *tailPipe[V]) finished(n int64) {
	if p.s.vbits != p.pubBits {
		p.pubBits = p.s.vbits
		p.vbits.Store(int32(p.s.vbits))
	}
	p.done.Store(n)
	if p.parked.Load() != 0 {
		for j := range p.aWait {
			p.aWait[j].wake(n)
		}
	}
}

// stop ends stage A and waits for it.
func (p *tailPipe[V]) stop() {
	p.quit.Store(true)
	for j := range p.aWait {
		select {
		case p.aWait[j].ch <- struct{}{}:
		default:
		}
	}
	p.exited.Wait()
	if st := p.s.stats; st != nil {
		st.Heaps += p.heaps
		st.WaitsB += p.waitsB
		st.Beyond += p.beyond
		st.YieldsB += p.bWait.yields.Load()
		st.ParksB += p.bWait.parks.Load()
		st.WakesB += p.bWait.wakes.Load()
		st.WaitsA += p.waitsA.Load()
		for j := range p.aWait {
			st.ParksA += p.aWait[j].parks.Load()
			st.WakesA += p.aWait[j].wakes.Load()
		}
		for c, k := range p.chunkHist {
			st.Chunks[c] += k
		}
	}
}
