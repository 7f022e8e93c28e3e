package nim_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/nim"
)

// Piles of 3, 4 and 5 have nim-sum 3^4^5 = 2: the player to move wins, and
// the only winning move takes the pile of 3 down to 1 (1^4^5 = 0).
func ExampleSolve() {
	for _, piles := range [][]int{{3, 4, 5}, {1, 2, 3}, {5, 5}, {1 << 40, 3}} {
		ans, err := nim.Solve(piles)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: nim-sum %d, win %t, moves %v (%s)\n",
			ans.Piles, ans.NimSum, ans.Win, ans.WinningMoves, ans.Method)
	}
	// Output:
	// [3 4 5]: nim-sum 2, win true, moves [{0 1}] (search)
	// [1 2 3]: nim-sum 0, win false, moves [] (search)
	// [5 5]: nim-sum 0, win false, moves [] (search)
	// [1099511627776 3]: nim-sum 1099511627779, win true, moves [{0 3}] (bouton)
}

// The table of every position with up to 2 piles of up to 3 stones, in the
// order of the nim/positions table.
func ExampleTable_Each() {
	tab, err := nim.Positions(context.Background(), 2, 3, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = tab.Each(context.Background(), 4, func(batch []nim.Position) error {
		for _, p := range batch {
			fmt.Printf("%v nim-sum %d win %t winning moves %d\n", p.Piles, p.NimSum, p.Win, p.WinningMoves)
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(tab.CheckBouton())
	// Output:
	// [1] nim-sum 1 win true winning moves 1
	// [1 1] nim-sum 0 win false winning moves 0
	// [1 2] nim-sum 3 win true winning moves 1
	// [1 3] nim-sum 2 win true winning moves 1
	// [2] nim-sum 2 win true winning moves 1
	// [2 2] nim-sum 0 win false winning moves 0
	// [2 3] nim-sum 1 win true winning moves 1
	// [3] nim-sum 3 win true winning moves 1
	// [3 3] nim-sum 0 win false winning moves 0
	// <nil>
}
