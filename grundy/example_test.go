package grundy_test

import (
	"context"
	"fmt"

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
