package flip_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/grundy/flip"
)

func ExampleSolve() {
	for _, board := range []string{"++++", "+++-++", "++x-"} {
		ans, err := flip.Solve(board)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: grundy %d, win %v, winning moves %v\n", board, ans.Grundy, ans.Win, ans.WinningMoves)
	}
	// Output:
	// ++++: grundy 2, win true, winning moves [1]
	// +++-++: grundy 0, win false, winning moves []
	// board: character 'x' at position 2 (0-based) is not '+' or '-'
}

func ExampleRunValues() {
	fmt.Println(flip.RunValues(12))
	// Output:
	// [0 0 1 1 2 0 3 1 1 0 3 3 2]
}
