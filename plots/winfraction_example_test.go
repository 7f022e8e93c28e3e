package plots_test

import (
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/plots"
)

func ExampleWinFraction() {
	// Flip Game II: of the 2^n boards of length n, how many the player to
	// move wins (counts for n = 0..6).
	lengths := []int32{0, 1, 2, 3, 4, 5, 6}
	firstWins := []int64{0, 0, 1, 3, 8, 17, 36}
	boards := []int64{1, 2, 4, 8, 16, 32, 64}
	fig, err := plots.WinFraction("Flip Game II: first-player wins", lengths, firstWins, boards)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.Y.Min, fig.Y.Max)
	// Output:
	// 0 1
}
