package census_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// The games of a census in run order, each with the cost estimate that
// balances the shards of a cluster run: every subset of {1, 2} (cost: its
// size), then the octal codes 0.d1 (one removal each; a digit with the 4 bit
// may split the heap, costing more).
func ExampleGames() {
	games, err := census.Games(configs.Census{
		Subtraction: configs.CensusSubtraction{MaxElement: 2},
		Octal:       configs.CensusOctal{Digits: 1},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range games {
		fmt.Print(g.Name(), "=", census.Cost(g), " ")
	}
	fmt.Println()
	// Output: {1}=1 {1,2}=2 {2}=1 0.1=1 0.2=1 0.3=1 0.4=65 0.5=65 0.6=65 0.7=65
}
