package grundy

import "runtime"

// Options are the settings every engine with a long computation takes
// beside its bounds. The context is the engine's first argument rather than
// a field, as the context package asks.
type Options struct {
	// Workers is how many goroutines the engine may use; 0 or less means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, receives how far the engine has got.
	Progress Progress
	// Grow, if not nil, is asked between units of work how many goroutines
	// the engine may use from then on; an engine uses max(Workers, Grow()).
	// A caller that shares the CPUs among several computations (the
	// pipeline's jobs) offers the CPUs that others free while the engine
	// runs: without it, a long job that started beside a short one kept one
	// core for its whole run. Engines that split their work anew for each
	// segment ask it (the losing-position sieve of package subtraction);
	// the others ignore it.
	Grow func() int
}

// Goroutines returns Workers, or runtime.GOMAXPROCS(0) when Workers <= 0.
func (o Options) Goroutines() int { return Goroutines(o.Workers) }

// Goroutines resolves a worker count: 0 or less means
// runtime.GOMAXPROCS(0). It is the one place of that convention, for the
// engines and their callers.
func Goroutines(workers int) int {
	if workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}
