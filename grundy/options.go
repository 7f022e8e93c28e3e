package grundy

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options are the settings every engine with a long computation takes
// beside its bounds. The context is the engine's first argument rather than
// a field, as the context package asks.
type Options struct {
	// Workers is how many goroutines the engine may use; 0 or less means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, receives how far the engine has got.
	Progress Progress
}

// Goroutines returns Workers, or runtime.GOMAXPROCS(0) when Workers <= 0:
// the one place of that convention, for engines and their callers.
func (o Options) Goroutines() int { return goroutines(o.Workers) }

// goroutines resolves a worker count: <= 0 means runtime.GOMAXPROCS(0).
func goroutines(workers int) int {
	if workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}

// orChunks is the worker pool of the bitset engines (the segmented mex of
// subtraction games, the losing-position sieve of take-a-square): up to
// workers goroutines take the chunks 0..chunks-1 in turn, each marking into
// its own bitset, and the bitsets of the helpers that took a chunk are ORed
// into bufs[0][:size] at the end. Private bitsets need no atomics or locks
// while marking, which is most of the work; the OR costs size words per
// helper. bufs[0][:size] is marked into as it is (its bits are kept); a
// helper's bufs[w] is allocated (max(size, capWords) words) when shorter
// than size, and cleared. ctx is checked between chunks; orChunks returns
// ctx.Err().
func orChunks(ctx context.Context, bufs [][]uint64, size, capWords, workers, chunks int, mark func(buf []uint64, chunk int)) error {
	workers = max(1, min(workers, chunks, len(bufs)))
	for w := 1; w < workers; w++ {
		if len(bufs[w]) < size {
			bufs[w] = make([]uint64, max(size, capWords))
		}
	}
	var taken atomic.Int64
	var stop atomic.Bool
	used := make([]bool, workers)
	run := func(w int) {
		buf := bufs[w][:size]
		if w > 0 {
			clear(buf)
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
			mark(buf, c)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(w)
		}()
	}
	run(0)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	dst := bufs[0][:size]
	for w := 1; w < workers; w++ {
		if !used[w] {
			continue
		}
		for i, x := range bufs[w][:size] {
			dst[i] |= x
		}
	}
	return nil
}
