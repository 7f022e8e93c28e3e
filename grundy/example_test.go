package grundy_test

import (
	"context"
	"fmt"
	"runtime"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

func ExampleOptions() {
	// Workers 0 means every CPU; Progress receives (done, total).
	var last int64
	opts := grundy.Options{Workers: 0, Progress: func(done, total int64) { last = done }}
	g, err := subtraction.Values(context.Background(), subtraction.Squares(), 1000, opts)
	fmt.Println(len(g), last, err, opts.Goroutines() > 0)
	// Output:
	// 1001 1000 <nil> true
}

// Goroutines is the one reading of a worker count: 0 or less means every
// CPU the Go runtime may use (runtime.GOMAXPROCS), any other count itself.
func ExampleGoroutines() {
	fmt.Println(grundy.Goroutines(3), grundy.Goroutines(0) == runtime.GOMAXPROCS(0), grundy.Goroutines(-1) == runtime.GOMAXPROCS(0))
	// Output:
	// 3 true true
}
