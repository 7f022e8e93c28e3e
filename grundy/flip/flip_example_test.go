package flip_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/flip"
)

// The run values are those of Dawson's Kayles (OEIS A002187): a run of 4 is
// worth 2 and its only winning move, at index 1, leaves "+--+" (two dead
// runs of one); "+++-++" is 1 XOR 1 = 0, lost for the player to move.
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

// The values of runs of 0..12 '+' are the first terms of OEIS A002187
// (Dawson's Kayles, the octal game 0.07).
func ExampleRunValues() {
	g, err := flip.RunValues(context.Background(), 12)
	fmt.Println(g, err)
	// Output:
	// [0 0 1 1 2 0 3 1 1 0 3 3 2] <nil>
}

// A board's maximal runs of '+', read off by hand.
func ExampleParseBoard() {
	runs, err := flip.ParseBoard("+++-++-+")
	fmt.Println(runs, err)
	_, err = flip.ParseBoard("+ +")
	fmt.Println(err)
	// Output:
	// [{0 3} {4 2} {7 1}] <nil>
	// board: character ' ' at position 1 (0-based) is not '+' or '-'
}

// Every multiset of runs of two or more that fits a board of length 5: [2 2]
// needs "++-++". Their values are the XOR of A002187's terms g(2) = g(3) =
// 1, g(4) = 2, g(5) = 0.
func ExamplePositions() {
	ctx := context.Background()
	runG, err := flip.RunValues(ctx, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(flip.PositionCount(5), "positions")
	err = flip.Positions(ctx, 5, runG, grundy.Options{Workers: 1}, func(batch []flip.Position) error {
		for _, p := range batch {
			fmt.Printf("runs %v: shortest board %d, grundy %d\n", p.Runs, p.Length, p.Grundy)
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 6 positions
	// runs []: shortest board 0, grundy 0
	// runs [2]: shortest board 2, grundy 1
	// runs [2 2]: shortest board 5, grundy 0
	// runs [3]: shortest board 3, grundy 1
	// runs [4]: shortest board 4, grundy 2
	// runs [5]: shortest board 5, grundy 0
}

// Every board of length 1 and 2 in string order ('+' before '-'); only "++"
// has a move, so only it is won by the player to move.
func ExampleBoards() {
	ctx := context.Background()
	runG, err := flip.RunValues(ctx, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	err = flip.Boards(ctx, 2, runG, func(boards []string, g []int32) error {
		for i, b := range boards {
			fmt.Printf("%q grundy %d\n", b, g[i])
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// "+" grundy 0
	// "++" grundy 1
	// "+-" grundy 0
	// "-" grundy 0
	// "-+" grundy 0
	// "--" grundy 0
}

// Counted by hand: a board of length 4 or less holds at most one run of two
// or more, whose value (A002187: 1, 1, 2 for runs of 2, 3, 4) is not 0, so
// the player to move wins iff the board holds "++". The boards of length L
// without "++" are counted by the Fibonacci number F(L+2): 1, 2, 3, 5, 8,
// 13. At length 5, "++-++" (1 XOR 1 = 0) is the one board with "++" that
// is lost, and "+++++" is worth g(5) = 0 too: 32 - 13 - 2 = 17 are won.
func ExampleBoardCounts() {
	runG, err := flip.RunValues(context.Background(), 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	counts, err := flip.BoardCounts(5, runG)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range counts {
		fmt.Printf("length %d: %d boards, %d won, %d lost\n", c.Length, c.Boards, c.FirstPlayerWins, c.SecondPlayerWins)
	}
	// Output:
	// length 0: 1 boards, 0 won, 1 lost
	// length 1: 2 boards, 0 won, 2 lost
	// length 2: 4 boards, 1 won, 3 lost
	// length 3: 8 boards, 3 won, 5 lost
	// length 4: 16 boards, 8 won, 8 lost
	// length 5: 32 boards, 17 won, 15 lost
}

// PositionsMemory is what a planner reserves for Positions: it grows with
// the longest list of runs, not with the number of positions. At length 60
// with 2 workers, 2·2+2 tasks ahead of the one emitted, 7 in all, hold up to
// 16384 positions each, at 36 bytes plus 4 for each of up to 61/3 = 20 runs
// (116 bytes), beside a counting table of 63·62 int64s: 7·16384·116 +
// 31248 = 13335056 bytes, about 13 MB. Two more workers add four tasks:
// 4·16384·116 = 7602176 bytes.
func ExamplePositionsMemory() {
	fmt.Println(flip.PositionsMemory(60, 2), flip.PositionsMemory(60, 4)-flip.PositionsMemory(60, 2))
	// Output:
	// 13335056 7602176
}
