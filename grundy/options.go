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
