// Package stoppable lets a caller stop waiting for work that does not watch
// a context. Some steps of a run have no cancellation of their own and take
// seconds at the largest bounds (drawing a period raster of 10^7 values takes
// 5 s, a period search over 10^9 Grundy values as long); a stop must still
// come within a second. Do runs such a step in a goroutine and returns as
// soon as the context is done, leaving the step to finish in the background
// and dropping its result. The cost is one goroutine per call; the step must
// not put anything in place by itself after the caller has returned (files go
// through output.Temps, which a stopped run abandons).
package stoppable

import "context"

// Do runs f and returns its result, or ctx.Err() as soon as ctx is done.
//
//	period, err := stoppable.Do(ctx, func() (analysis.Period, error) {
//		return analysis.FindPeriod(seq), nil
//	})
func Do[T any](ctx context.Context, f func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}
