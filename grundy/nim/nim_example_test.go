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

// Positions decides every position within the bounds; the default job's
// bounds, up to 7 piles of up to 7 stones, hold C(14, 7) - 1 = 3431
// multisets (the empty one left out). Among them the lost positions are
// those of nim-sum 0 (Bouton), which CheckBouton confirms against the
// search.
func ExamplePositions() {
	tab, err := nim.Positions(context.Background(), 7, 7, grundy.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tab.Len(), nim.PositionCount(7, 7), tab.CheckBouton())
	// Output:
	// 3431 3431 <nil>
}

// Memory lets a planner refuse bounds before the table is built: a little
// over 8 bytes a position plus 64 KiB, so the default bounds (3431
// positions) stay under 100 KB while 10 piles of up to 15 (C(25, 10) - 1 =
// 3268759 positions) need about 26 MB.
func ExampleMemory() {
	fmt.Println(nim.Memory(7, 7) < 100_000, nim.Memory(10, 15)/1_000_000)
	// Output:
	// true 26
}
