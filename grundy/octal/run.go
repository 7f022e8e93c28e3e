package octal

import (
	"context"
	"runtime"
	"time"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// The driver of the full-array engine: octalRunFrom computes the heaps
// block by block, checking for a proven period and choosing a labelling at
// the checkpoints, and feeding the pipeline (pipe.go) when there are
// helpers.

// octalRun runs the engine on rules r for heaps 0..max and returns its final
// state.
func octalRun(ctx context.Context, r octalRules, max int, progress grundy.Progress, opt octalOptions) (*octalEngine, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return octalRunFrom(ctx, newOctalEngine(r, max), 1, max, progress, opt)
}

// octalRunFrom is octalRun on e, whose heaps below from are computed
// (from = 1: none but g(0); tail.go's prefix goes on from a saved
// prefix): heaps from..max, len(e.g) = max+1. The choices of labelling and
// the period checks fall on the heaps they fall on in one run from 1.
// Block by block: at a checkpoint the period check (periodAt) and the
// choice of labelling (choose), then the pipe's next blocks (startPipe,
// feed), then the block's mex in order (block).
func octalRunFrom(ctx context.Context, e *octalEngine, from, max int, progress grundy.Progress, opt octalOptions) (*octalEngine, error) {
	r := e.r
	e.computed = max
	e.forcePlain = opt.plain
	workers := (grundy.Options{Workers: opt.workers}).Goroutines()
	e.workers, e.grow = workers, opt.grow
	parallel := workers >= 2 && !opt.noSparse &&
		len(r.split) > 0 && r.t < octalBlock/2
	e.parallel = parallel
	e.scanPar = octalParallelScan
	if opt.scanPar > 0 {
		e.scanPar = opt.scanPar
	}
	var pipe *octalPipe
	defer func() {
		if pipe != nil {
			pipe.stop()
		}
	}()
	checkpoint := octalFirstCheckpoint
	for checkpoint < from {
		checkpoint *= 2
	}
	step := max / 512 // progress granularity
	nextReport := step
	clock := opt.clock
	for start := from; start <= max; {
		end := min(start-start%octalBlock+octalBlock, max+1)
		var t0 time.Duration
		if clock != nil {
			t0, clock.inFar = clock.now(), 0
		}
		if start == checkpoint {
			checkpoint *= 2
			if !opt.noPeriodic && !r.unequal && e.periodAt(start, max) {
				break
			}
		}
		if !opt.noSparse && (start == checkpoint/2 || start%octalRechoose == 0) {
			e.choose(start)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var far *octalTask
		if pipe != nil {
			far = pipe.receive(start, e.mk)
		}
		if parallel && e.sparse && !e.plain && end <= max && !octalChoosesAt(end) {
			if pipe == nil {
				pipe = e.startPipe(workers, opt)
			}
			pipe.feed(e, start, end, max)
		}
		e.block(start, end, far)
		if end-1 >= nextReport {
			progress.Report(int64(end-1), int64(max))
			nextReport = end - 1 + step
		}
		if clock != nil {
			if d := clock.now() - t0 - clock.inFar; far != nil {
				clock.at(start / octalBlock)
				clock.serial[start/octalBlock] += d
			} else {
				clock.unpiped += d
			}
		}
		start = end
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress.Report(int64(max), int64(max))
	return e, nil
}

// periodAt looks for a period proven by the values below start, at a
// checkpoint; if there is one it copies g(start..max) by it, records it
// and reports true.
func (e *octalEngine) periodAt(start, max int) bool {
	p, n0, ok := octalProvenPeriod(e.g[:start], e.r.t)
	if start >= 1<<20 {
		// Trick: collect the period check's scratch (2 bytes a value) now.
		// Reason: the values are one pointer-free block, so the heap grows
		// little between checks and Go's collector (GOGC = 100) would
		// otherwise let the scratch of several checks pile up before
		// running, a third more peak memory at 10^7 heaps. Cost: a
		// collection at each checkpoint from 2^20 on, well under a
		// millisecond, as it scans no values.
		runtime.GC()
	}
	if !ok {
		return false
	}
	e.period, e.preperiod, e.computed = p, n0, start-1
	for i := start; i <= max; i++ {
		e.g[i] = e.g[i-p]
	}
	return true
}

// startPipe starts the helpers of a run of workers goroutines: no more
// than the policy lets run beside the main goroutine (policy.Running),
// unless the tests lift the cap (octalOptions.uncapped).
func (e *octalEngine) startPipe(workers int, opt octalOptions) *octalPipe {
	pol := policy.Of(workers)
	helpers := workers - 1
	if !opt.uncapped {
		helpers = min(helpers, pol.Running()-1)
	}
	// The pipe's own policy: the goroutines it starts.
	pol.Workers, pol.Experimental = helpers+1, pol.Experimental || opt.experimental
	return newOctalPipe(e, helpers, opt.pipeTop, opt.packedRows, opt.clock, opt.spin, pol)
}

// block computes the heaps [start, end) in order by the engine's mex of
// the moment: the cached plain mex, the full mex before a labelling, or
// the sparse-space mex with the far part far the helpers listed (nil if
// none).
func (e *octalEngine) block(start, end int, far *octalTask) {
	for n := start; n < end; n++ {
		var v int32
		switch {
		case e.plain:
			v = e.plainMex(n)
		case !e.sparse:
			v = e.fullMex(n)
		case far != nil:
			v = e.sparseMex(n, far)
			e.helped += boolInt(n == far.start)
		default:
			v = e.sparseMex(n, nil)
		}
		e.add(n, v)
	}
}

// octalChoosesAt reports whether octalRun may choose a labelling (choose)
// at the block that starts at heap x: a checkpoint (a power of two from
// octalFirstCheckpoint on) or a multiple of octalRechoose. No block at or
// past such a heap is dispatched before it is reached, so no task mixes
// two labellings.
func octalChoosesAt(x int) bool {
	return x >= octalFirstCheckpoint && x&(x-1) == 0 || x%octalRechoose == 0
}

// octalProvenPeriod reports whether g, the Grundy values g(0..len(g)-1) of
// an octal game whose largest move removes t tokens, proves by the octal
// periodicity theorem that the sequence is periodic, and with which period p
// and preperiod n0: the smallest p for which, with n0 the least index such
// that g(n+p) = g(n) for n0 <= n < len(g)-p, the window of the theorem,
// n0 <= n < 2*max(n0, 1) + p + t, lies inside the values
// (analysis.OctalNeeded(p, n0, t) <= len(g), the one statement of that
// window in the code base), as analysis.ProveOctal requires.
//
// It is the Z-algorithm of analysis.FindPeriodWhere (same result; zBackward), with its
// scratch allocated once at its final size, n/2 int32, where
// FindPeriodWhere grows it by append from 4096 (it is made for sequences
// whose period is usually found early). Reason: at a checkpoint of 2^23
// heaps append growth allocates about five times the final 16 MB, and the
// garbage doubled the engine's peak memory at 10^7 heaps (to 17 bytes a
// heap, against 7 for the C++ solver). Cost: 2 bytes a value at a
// checkpoint even when a period shows early.
func octalProvenPeriod(g []int32, t int) (p, n0 int, ok bool) {
	n := len(g)
	if n < 4 {
		return 0, 0, false
	}
	// g(m) = g(m+k) for every m >= n-k-z: the least preperiod for k is n-k-z.
	zBackward(g, n/2, func(k, z int) bool {
		if analysis.OctalNeeded(k, n-k-z, t) <= n {
			p, n0, ok = k, n-k-z, true
		}
		return ok
	})
	return p, n0, ok
}

// stats returns the findings of a finished run.
func (e *octalEngine) stats() Stats {
	s := Stats{Computed: e.computed, Largest: e.vmax, LargestAt: e.vmaxAt,
		FullScans: e.fullScans, Period: e.period, Preperiod: e.preperiod}
	if e.period > 0 { // the copied values may hold the largest
		for n := e.computed + 1; n < len(e.g); n++ {
			if e.g[n] > s.Largest {
				s.Largest, s.LargestAt = e.g[n], n
			}
		}
	}
	// Count the rare heaps of the best labelling over the heaps computed.
	mask0, dom0, rho0 := e.mask, e.dom, e.rho
	if mask, dom, _, ok := e.best(); ok {
		e.mask, e.dom, e.rho = mask, dom, dom&e.r.split[0]&1
		s.Mask, s.HeapParity = mask, dom == 1
		for a := 1; a <= e.computed; a++ {
			if e.label(a) == e.rho {
				s.Rare++
				s.LastRare = a
			}
		}
	}
	e.mask, e.dom, e.rho = mask0, dom0, rho0
	return s
}

// boolInt is 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
