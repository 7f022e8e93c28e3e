package engine

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/tabulate-games/tabulate/grundy"
)

// Chunks runs work(lo, hi) on the chunks [lo, hi) of [0, size), chunk items
// each, on at most workers goroutines, and after each chunk adds its items
// to *done and reports *done of total to progress (done is shared across
// calls, so that an engine that works layer by layer, as caniwin and nim
// do, counts every layer in one progress). A chunk not yet started when ctx
// is cancelled is not run, and Chunks then returns ctx.Err(). work must
// only write what no other chunk of the call reads or writes.
func Chunks(ctx context.Context, workers, size, chunk int, progress grundy.Progress, done *int64, total int64, work func(lo, hi int)) error {
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for lo := 0; lo < size && gctx.Err() == nil; lo += chunk {
		hi := min(lo+chunk, size)
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			work(lo, hi)
			mu.Lock()
			*done += int64(hi - lo)
			progress.Report(*done, total)
			mu.Unlock()
			return nil
		})
	}
	err := g.Wait()
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	return err
}
