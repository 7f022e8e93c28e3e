// Package engine holds what the engines of the grundy packages share and a
// user of them has no need for: the argument check that builds a
// *grundy.RangeError, the worker pool of the bitset engines, the chunked
// pool of the layer-by-layer engines (caniwin, nim: Chunks) and the mex of
// a bit set.
package engine

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/tabulate-games/tabulate/grundy"
)

// CheckRange returns a *grundy.RangeError unless lo <= v <= hi; fn is the
// engine, package-qualified ("octal.GrundysGame"), and arg its argument.
func CheckRange(fn, arg string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return &grundy.RangeError{Func: fn, Arg: arg, Value: v, Min: lo, Max: hi}
	}
	return nil
}

// MexBits returns the least value whose bit is clear in seen, which must
// have a clear bit.
func MexBits(seen []uint64) int {
	w := 0
	for seen[w] == ^uint64(0) {
		w++
	}
	return w*64 + bits.TrailingZeros64(^seen[w])
}

// OrChunks is the worker pool of the bitset engines (the segmented mex of
// subtraction games, the losing-position sieve of take-a-square): up to
// workers goroutines take the chunks 0..chunks-1 in turn, each marking into
// its own bitset, and the bitsets of the helpers that took a chunk are ORed
// into bufs[0][:size] at the end. Private bitsets need no atomics or locks
// while marking, which is most of the work; the OR costs size words per
// helper. bufs[0][:size] is marked into as it is (its bits are kept); a
// helper's bufs[w] is allocated (max(size, capWords) words) when shorter
// than size, and cleared. ctx is checked between chunks; OrChunks returns
// ctx.Err().
func OrChunks(ctx context.Context, bufs [][]uint64, size, capWords, workers, chunks int, mark func(buf []uint64, chunk int)) error {
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
