package octal_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// Grundy's game: split a heap into two unequal heaps. g(0..20) are the
// first terms of OEIS A002188.
func ExampleGrundysGame() {
	g, _, err := octal.GrundysGame(context.Background(), 20, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g)
	// A heap of 7 (value 0) is lost for the player to move: each split,
	// 1+6, 2+5 and 3+4, leaves a position of non-zero value.
	fmt.Println(g[1]^g[6], g[2]^g[5], g[3]^g[4])

	_, _, err = octal.GrundysGame(context.Background(), -1, grundy.Options{})
	fmt.Println(err)
	// Output:
	// [0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0]
	// 1 2 1
	// octal.GrundysGame: max -1 is out of range (allowed: 0 to 268435456)
}
