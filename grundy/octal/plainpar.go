package octal

import (
	"sync"
	"sync/atomic"
)

// The plain mex on several goroutines.
//
// Trick: the split set F(s) = {g(a) XOR g(s-a) : 1 <= a <= s/2} of the
// plain mex (plainMex) is a union, and all of it but the splits whose
// larger part lies near s is known long before s's heap: with the values
// known below cut, the splits a > s - cut (the far part: both parts below
// cut) can be listed at once, and the near part, 1 <= a <= s - cut (at most
// the lookahead, a few hundred splits), only at s's heap. So the main
// goroutine hands out the far parts of the s of the next heaps, a few s a
// task (plainTask, about plainTaskSplits splits), to helpers that take
// them from a channel (plainAhead), while it computes the heaps before
// them; at s's heap it ORs the far part's bit set into F(s) and sets the
// near part's bits. A task still queued when its s comes is the main
// goroutine's own (it claims it); while a helper lists the one it needs, it
// lists the last pending task no one has claimed rather than wait, as the
// helpers take them from the front (so that they do not run dry); a helper
// ends when the queue is empty and the next task dispatched starts one
// again, so no goroutine outlives the run, however it stops. The same set
// whatever the number of goroutines and whoever listed the far part, so
// the same values. Reason: a game without a sparse space (0.164, 0.76, 30
// or so of the 1,023 three-digit codes) is an O(n^2) mex, nearly all of a
// census's CPU at 2^20 (about 75 CPU-s each), and its one goroutine set the
// census's wall time once the other games were done; the
// sparse-space method's second core (octalPipe) does not serve it. Cost: a
// task and its bit sets (mw words an s) every few s, two channel
// operations a task, the near part set bit by bit by the main goroutine
// (plainSetSplits), 64 KiB of marks a helper; taken only for s/2 >=
// plainParMin splits. Measured (A/B timing, 4 pairs, a niced
// two-goroutine run beside): 0.164 to
// 2^18 by tabulate run on 2 workers against 1, 1.034 of the CPU (median;
// 1.018 to 1.060) and 0.785 of the wall time (0.769 to 0.833). This
// took 0.78 of the wall of a first version (4 pairs, both on 2 workers)
// whose main goroutine, waiting, took the queue's front with 2w tasks
// pending: its helper ran dry and ended some 500 times a run.
// (The heaps below 2^16, a sixteenth of the splits, take one goroutine.)
// The split of each heap's
// splits into ranges joined at every heap (a fork and a WaitGroup a heap)
// that this replaces cost 1.29 of the CPU and 1.20 of the wall under the
// same form: the idle time of the join and the wake-ups of
// its goroutines (0.43 s of system time against 0.04). Tasks of 2^18 and
// 2^20 splits cost 1.33 and 1.13 of one worker's CPU (one run each), hence
// plainTaskSplits. Two s at once into one table (one load of g(a)
// for both) took 1.25 times as long as two passes of markPairs, so the one
// goroutine keeps them (a micro-benchmark, 0.164's values to 2^18); a
// 16-bit copy of the values was not faster either (kernels.go says the same
// of SWAR). No source: the C++ solver of tczajka/octal-games and
// Flammenkamp's programs are single-threaded; the far/near cut is the one
// octalPipe makes for the sparse-space method (pipe.go).

// plainParMin is the fewest splits of one s from which the far parts go to
// helpers.
var plainParMin = 1 << 15

// plainTaskSplits is about how many splits one task lists at most (several
// s when s/2 is smaller): some 1.1 ms at 0.27 ns a split (kernels.go), far
// above the channel operations and wake-ups a task costs (smaller tasks
// cost more CPU: see the file comment).
var plainTaskSplits = 1 << 22

// plainEager, for tests, lists each task's far part at once on the main
// goroutine when it is dispatched, before any value at or past its cut is
// known, so that a far part reaching past its cut reads a value not yet
// computed whatever the scheduling.
var plainEager = false

// plainGrowEvery is how many heaps pass between two calls of the engine's
// Grow (grundy.Options.Grow) by the plain mex.
const plainGrowEvery = 1024

// plainGoroutines returns how many goroutines list the h splits of one s
// at heap n: one below plainParMin splits, otherwise the engine's workers
// (grown by Grow every plainGrowEvery heaps).
func (e *octalEngine) plainGoroutines(n, h int) int {
	if h < plainParMin || e.workers < 1 {
		return 1
	}
	if e.grow != nil && n >= e.grewAt+plainGrowEvery {
		e.grewAt = n
		e.workers = max(e.workers, e.grow())
	}
	return e.workers
}

// plainNear is how many splits of s (a = 1..plainNear, h of them in all)
// have their larger part s - a at or past cut: the near part, listed at
// s's heap; the far part a > plainNear reads values below cut only.
func plainNear(s, h, cut int) int {
	return max(0, min(h, s-cut))
}

// plainPer is how many s one task covers at h splits each on w
// goroutines: about plainTaskSplits splits, but few enough that the 4w
// tasks pending keep the near parts, which the main goroutine lists, to a
// quarter of its share of the splits (4w*per <= h/(4w)); at least one.
func plainPer(h, w int) int {
	return max(1, min(plainTaskSplits/max(h, 1), h/(16*w*w)))
}

// splitSet16 ORs into f (mw words) the split set F(s) of the splits
// 1 <= a <= h at heap n, values below 2^16: on the calling goroutine
// alone, or with the far part from a task of the helpers (plainAhead).
func (e *octalEngine) splitSet16(f []uint64, s, h, n int) {
	mw := len(f)
	w := e.plainGoroutines(n, h)
	var t *plainTask
	if w > 1 {
		if e.ahead == nil {
			e.ahead = newPlainAhead()
		}
		e.ahead.fill(e, n, s, w)
		t = e.ahead.take(s, e.mk16)
	}
	if t == nil {
		octalMarkSplits16(e.mk16, e.g, s, 1, h)
		octalPack(f, e.mk16[:64*mw])
		clear(e.mk16[:64*mw])
		return
	}
	i := s - t.s0
	for j, x := range t.sets[i*t.words : (i+1)*t.words] {
		f[j] |= x
	}
	plainSetSplits(f, e.g, s, plainNear(s, h, t.cut))
}

// plainSetSplits sets in f the bits g(a) XOR g(s-a) of the splits
// 1 <= a <= hi: a bit at a time, as the near part is a few hundred splits
// at most, against the 64*len(f) marks that a pass of markPairs would pack
// and clear (8 KiB an s on 0.164 to 2^18; its 2 workers took 1.056 of one
// worker's CPU with that pass, 1.039 without, A/B timing).
func plainSetSplits(f []uint64, g []int32, s, hi int) {
	for a := 1; a <= hi; a++ {
		v := uint32(g[a] ^ g[s-a])
		f[v>>6] |= 1 << (v & 63)
	}
}

// plainTask is the far parts of the heaps s0 <= s < s1: the splits of
// each whose parts both lie below cut, listed into a bit set of words
// words (values known below cut fit in them) by whoever claims it.
type plainTask struct {
	g       []int32
	s0, s1  int
	cut     int
	unequal bool
	words   int
	sets    []uint64 // (s1-s0)*words, the far part of s at (s-s0)*words
	claimed atomic.Bool
	done    chan struct{} // closed once sets is filled
}

// claim reports whether the caller is the one to list t.
func (t *plainTask) claim() bool { return t.claimed.CompareAndSwap(false, true) }

// run lists the far parts of t into its sets, with mk (zero, left zero) as
// the marks, and closes done.
func (t *plainTask) run(mk *[1 << 16]byte) {
	for s := t.s0; s < t.s1; s++ {
		h := octalHalf(s, t.unequal)
		octalMarkSplits16(mk, t.g, s, plainNear(s, h, t.cut)+1, h)
		i := s - t.s0
		octalPack(t.sets[i*t.words:(i+1)*t.words], mk[:64*t.words])
		clear(mk[:64*t.words])
	}
	close(t.done)
}

// plainAhead is the pipeline of the plain mex's far parts: the tasks
// dispatched and not yet taken, in order of s, owned by the main
// goroutine, and the queue the helpers take them from.
type plainAhead struct {
	pending []*plainTask
	next    int // the least s no task covers
	queue   chan *plainTask
	running atomic.Int32 // helpers running

	mu   sync.Mutex
	free []*[1 << 16]byte // the marks of helpers that ended

	dispatched int // tasks dispatched (tests)
}

// plainQueue is the capacity of the queue: more than the tasks ever
// pending at once (a task that finds it full stays the main goroutine's).
const plainQueue = 1024

func newPlainAhead() *plainAhead {
	return &plainAhead{queue: make(chan *plainTask, plainQueue)}
}

// fill dispatches tasks for the s after the last one dispatched, from s (the
// s of heap n) on, up to 4w tasks ahead and no s past the run's last heap,
// with the values below n known, and starts helpers up to w-1.
func (a *plainAhead) fill(e *octalEngine, n, s, w int) {
	if a.next < s {
		a.drop()
		a.next = s
	}
	kmin := e.r.split[0]
	for _, k := range e.r.split {
		kmin = min(kmin, k)
	}
	last := len(e.g) - 1 - kmin // the largest s the run needs
	per := plainPer(octalHalf(s, e.r.unequal), w)
	for len(a.pending) < 4*w && a.next <= last {
		t := &plainTask{g: e.g, s0: a.next, s1: min(a.next+per, last+1), cut: n,
			unequal: e.r.unequal, words: e.markWords(), done: make(chan struct{})}
		t.sets = make([]uint64, (t.s1-t.s0)*t.words)
		a.next = t.s1
		a.pending = append(a.pending, t)
		a.dispatched++
		if plainEager && t.claim() {
			t.run(e.mk16)
			continue
		}
		select {
		case a.queue <- t:
			if int(a.running.Load()) < w-1 {
				a.running.Add(1)
				go a.help()
			}
		default: // full: the task is the main goroutine's when its s comes
		}
	}
}

// take returns the task that covers s, its far parts listed, or nil when
// none does (s below the pending tasks: a split set computed again after
// the values' width grew). While a helper lists it, the main goroutine
// lists the last unclaimed pending tasks with mk rather than wait (last).
func (a *plainAhead) take(s int, mk *[1 << 16]byte) *plainTask {
	for len(a.pending) > 0 && a.pending[0].s1 <= s {
		a.pending[0].claim() // passed: no one need list it any more
		a.pending = a.pending[1:]
	}
	if len(a.pending) == 0 || s < a.pending[0].s0 {
		return nil
	}
	t := a.pending[0]
	if s == t.s1-1 {
		a.pending = a.pending[1:]
	}
	if t.claim() {
		t.run(mk)
		return t
	}
	for {
		select {
		case <-t.done:
			return t
		default:
		}
		u := a.last()
		if u == nil {
			<-t.done
			return t
		}
		u.run(mk)
	}
}

// last claims and returns the last pending task no one has claimed, or
// nil: the main goroutine, waiting, takes tasks from the far end, the
// helpers from the near one (the queue's order), so that the helpers do
// not run dry and end while the main goroutine lists what they would.
func (a *plainAhead) last() *plainTask {
	for i := len(a.pending) - 1; i > 0; i-- {
		if a.pending[i].claim() {
			return a.pending[i]
		}
	}
	return nil
}

// drop gives up the pending tasks: those not yet claimed are never listed.
func (a *plainAhead) drop() {
	for _, t := range a.pending {
		t.claim()
	}
	a.pending = a.pending[:0]
}

// help is a helper: it lists the queued tasks until the queue is empty.
func (a *plainAhead) help() {
	a.mu.Lock()
	var mk *[1 << 16]byte
	if k := len(a.free); k > 0 {
		mk, a.free = a.free[k-1], a.free[:k-1]
	}
	a.mu.Unlock()
	if mk == nil {
		mk = new([1 << 16]byte)
	}
	for {
		select {
		case t := <-a.queue:
			if t.claim() {
				t.run(mk)
			}
		default:
			a.mu.Lock()
			a.free = append(a.free, mk)
			a.mu.Unlock()
			a.running.Add(-1)
			return
		}
	}
}
