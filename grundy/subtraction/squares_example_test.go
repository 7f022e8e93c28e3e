package subtraction_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// Take-a-square by hand from the losing positions 0, 2, 5, 7, 10, 12, 15,
// 17, 20, 22, 34, ... (OEIS A030193): 13 is won by taking 1 (to 12), 34 is
// lost, and 50 is won by taking 16 (to 34), the only square leading to a
// losing position. The values g(13) = 1 and g(50) = 4 follow from the mex
// recursion of ExampleValues_squares.
func ExampleSolveSquares() {
	for _, n := range []int64{13, 34, 50, -1} {
		ans, err := subtraction.SolveSquares(context.Background(), n, grundy.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%d stones: grundy %d, win %v, winning moves %v\n", ans.N, ans.Grundy, ans.Win, ans.WinningMoves)
	}
	// Output:
	// 13 stones: grundy 1, win true, winning moves [1]
	// 34 stones: grundy 0, win false, winning moves []
	// 50 stones: grundy 4, win true, winning moves [16]
	// subtraction.SolveSquares: n -1 is out of range (allowed: 0 to 4294967296)
}

// The losing positions of take-a-square up to 100, from its sieve: OEIS
// A030193.
func ExampleLosing() {
	err := subtraction.Losing(context.Background(), subtraction.Squares(), 100, grundy.Options{}, func(losing []int64) error {
		fmt.Println(losing)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// [0 2 5 7 10 12 15 17 20 22 34 39 44 52 57 62 65 67 72 85 95]
}

// Take-a-square is the subtraction game of the squares. By hand: g(0) = 0,
// g(1) = mex{g(0)} = 1, g(2) = mex{g(1)} = 0, g(3) = 1, g(4) = mex{g(3),
// g(0)} = 2, ..., g(25) = mex{g(24), g(21), g(16), g(9), g(0)} =
// mex{2, 1, 1, 2, 0} = 3; the zeros are A030193's.
func ExampleValues_squares() {
	g, err := subtraction.Values(context.Background(), subtraction.Squares(), 30, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g)
	// Output:
	// [0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5 3]
}

func ExampleLosing_cubes() {
	// Subtract a cube: past 2^15 heaps its losing positions come from the
	// sieve (under a quarter of the heaps are losing), as for any set.
	cubes, err := subtraction.NewSet("cubes", nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var all []int64
	err = subtraction.Losing(context.Background(), cubes, 100_000, grundy.Options{}, func(losing []int64) error {
		all = append(all, losing...) // emit's slice is reused: copy
		return nil
	})
	fmt.Println(len(all), all[:12], all[len(all)-1], err)
	// The sieve's memory (32 GiB at most) lets the cubes reach past 10^10.
	fmt.Println(subtraction.LosingLimit(cubes) > 1e10)
	// Output:
	// 13003 [0 2 4 6 9 11 13 15 18 20 22 24] 99989 <nil>
	// true
}
