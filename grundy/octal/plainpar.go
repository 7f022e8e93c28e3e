package octal

import "sync"

// The plain mex on several goroutines.
//
// Trick: the split set F(s) = {g(a) XOR g(s-a) : 1 <= a <= s/2} of the
// plain mex (plainMex) is a union, so its s/2 splits can be listed in
// disjoint ranges of a, each by its own goroutine into its own marks, and
// the bit sets ORed: the same set whatever the number of goroutines, so
// the same values. Reason: a game without a sparse space (0.164, 0.76, 30
// or so of the 1,023 three-digit codes) is an O(n^2) mex, nearly all of a
// census's CPU at 2^20 (about 75 CPU-s each), and its one goroutine set the
// census's wall time once the other games were done (issue 34); the
// sparse-space method's second core (octalPipe) does not serve it. Cost: a
// goroutine a range and a WaitGroup a heap, 64 KiB of marks a goroutine,
// taken only for s/2 >= plainParMin splits (each range some 9 us or more
// at 0.27 ns a split, kernels.go). Measured (farm-bench, 4 pairs, load
// average 10 to 13 from other jobs on 2 cores): 0.164 to 2^18 by tabulate
// run on 2 workers against 1, 30% more CPU (the fork and join of each
// heap, futex wake-ups) and 0.87 of the wall time (median; 1.06 with
// 2^14 splits a range, 36% more CPU); an idle machine was not at hand.
// The census offers the goroutines only once every game has started
// (their CPUs would sit idle otherwise).
// Values of 2^16 or more take the one-goroutine path. No source: the C++
// solver of tczajka/octal-games and Flammenkamp's programs are
// single-threaded.

// plainParMin is the fewest splits of one s listed on several goroutines,
// and the fewest each goroutine is given.
var plainParMin = 1 << 15

// plainGrowEvery is how many heaps pass between two calls of the engine's
// Grow (grundy.Options.Grow) by the plain mex.
const plainGrowEvery = 1024

// plainGoroutines returns how many goroutines list the h splits of one s
// at heap n: one below plainParMin splits, otherwise up to the engine's
// workers (grown by Grow every plainGrowEvery heaps), at least plainParMin
// splits each.
func (e *octalEngine) plainGoroutines(n, h int) int {
	if h < plainParMin || e.workers < 1 {
		return 1
	}
	if e.grow != nil && n >= e.grewAt+plainGrowEvery {
		e.grewAt = n
		e.workers = max(e.workers, e.grow())
	}
	return max(min(e.workers, h/plainParMin), 1)
}

// splitSet16 ORs into f (mw words) the split set F(s) of the splits
// 1 <= a <= h, values below 2^16, on w goroutines (the caller's among
// them), each listing a range of a into its own 64 KiB of marks.
func (e *octalEngine) splitSet16(f []uint64, s, h, w int) {
	mw := len(f)
	if w <= 1 {
		octalMarkSplits16(e.mk16, e.g, s, 1, h)
		octalPack(f, e.mk16[:64*mw])
		clear(e.mk16[:64*mw])
		return
	}
	for len(e.parMarks) < w-1 {
		e.parMarks = append(e.parMarks, new([1 << 16]byte))
	}
	if len(e.parSets) < (w-1)*mw {
		e.parSets = make([]uint64, (w-1)*mw)
	}
	sets := e.parSets[:(w-1)*mw]
	clear(sets)
	chunk := (h + w - 1) / w
	var wg sync.WaitGroup
	for i := 1; i < w; i++ {
		lo, hi := 1+i*chunk, min((i+1)*chunk, h)
		if lo > hi {
			break
		}
		mk, dst := e.parMarks[i-1], sets[(i-1)*mw:i*mw]
		wg.Add(1)
		go func() {
			defer wg.Done()
			octalMarkSplits16(mk, e.g, s, lo, hi)
			octalPack(dst, mk[:64*mw])
			clear(mk[:64*mw])
		}()
	}
	octalMarkSplits16(e.mk16, e.g, s, 1, min(chunk, h))
	octalPack(f, e.mk16[:64*mw])
	clear(e.mk16[:64*mw])
	wg.Wait()
	for i := range sets {
		f[i%mw] |= sets[i]
	}
}
