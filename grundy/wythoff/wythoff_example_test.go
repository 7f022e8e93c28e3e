package wythoff_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/wythoff"
)

// Wythoff's game up to heaps of 5: the rows g(a, 0..5), and the losing
// position (3, 5), whose every move leaves a position of non-zero value.
func ExampleTabulate() {
	t, err := wythoff.Tabulate(context.Background(), 5, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for a := 0; a <= 5; a++ {
		row := make([]int32, 6)
		for b := range row {
			row[b], _ = t.Grundy(a, b)
		}
		fmt.Println(row)
	}
	g, _ := t.Grundy(5, 3)
	fmt.Println("g(5, 3) =", g)

	_, err = wythoff.Tabulate(context.Background(), -1, grundy.Options{})
	fmt.Println(err)
	// Output:
	// [0 1 2 3 4 5]
	// [1 2 0 4 5 3]
	// [2 0 1 5 3 4]
	// [3 4 5 6 2 0]
	// [4 5 3 2 7 6]
	// [5 3 4 0 6 8]
	// g(5, 3) = 0
	// wythoff.Tabulate: max -1 is out of range (allowed: 0 to 10000)
}
