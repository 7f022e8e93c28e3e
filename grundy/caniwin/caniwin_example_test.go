package caniwin_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/caniwin"
)

// Pairs of LeetCode 464 "Can I Win" with the pool 1..10, checked by hand.
// Totals 0 and 1 are won at once by any pick. 11 is lost: after any pick x,
// the opponent reaches 11 with 10 (or, if x = 10, with anything). 12 is won
// only by picking 1: after a pick x >= 2 the opponent reaches 12 the same
// way, while after 1 nobody can reach 11 with one number and whatever the
// opponent adds, the first player finishes with 10 (or, after 10, anything).
// 55 is 1+...+10, reached by the tenth pick, the second player's; 56 can't
// be reached at all.
func ExampleTabulate() {
	tab, err := caniwin.Tabulate(context.Background(), 10, 60, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, total := range []int{0, 1, 11, 12, 55, 56} {
		o := tab.Outcome(10, total)
		fmt.Printf("M=10 T=%d: %s (first player wins: %t), winning picks %v\n",
			total, o, o.FirstPlayerWins(), tab.WinningMoves(10, total))
	}
	// Output:
	// M=10 T=0: first (first player wins: true), winning picks [1 2 3 4 5 6 7 8 9 10]
	// M=10 T=1: first (first player wins: true), winning picks [1 2 3 4 5 6 7 8 9 10]
	// M=10 T=11: second (first player wins: false), winning picks []
	// M=10 T=12: first (first player wins: true), winning picks [1]
	// M=10 T=55: second (first player wins: false), winning picks []
	// M=10 T=56: unreachable (first player wins: false), winning picks []
}

// caniwin.Memory tells a caller how much memory a table needs before it is
// built, so it can refuse bounds over its limit. At M = 25, T = 325 the
// engine holds two buffers of its widest layer, the C(25, 14) = 4,457,400
// sets of 14 numbers, each with five 64-bit words: 2·4457400·40 bytes =
// 340 MiB.
func ExampleMemory() {
	for _, m := range []int{20, 25} {
		fmt.Printf("M=%d: about %d MB\n", m, caniwin.Memory(m, caniwin.TotalMax)>>20)
	}
	// Output:
	// M=20: about 8 MB
	// M=25: about 340 MB
}
