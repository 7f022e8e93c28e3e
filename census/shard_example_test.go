package census_test

import (
	"fmt"
	"strings"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// The games of a census in run order, each with the cost estimate that
// balances the shards of a cluster run, the number of moves from a heap of
// 130: every subset of {1, 2} (one move per element), then the octal codes
// 0.d1 (at most one move without a split; a digit with the 4 bit splits
// the 129 tokens left in 64 ways).
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
	// Output: {1}=1 {1,2}=2 {2}=1 0.1=1 0.2=1 0.3=1 0.4=64 0.5=64 0.6=65 0.7=65
}

// The octal codes 4.d1 in the groups a census computes with one engine run
// each: 4.2 plays as 4.0 (removing a token and leaving one heap of n-1 gives
// g(n-1), which the split of n into n-1 and 1 already gives, as g(1) = 0),
// and 4.6 as 4.4; the others are computed alone.
func ExampleGroups() {
	games, err := census.Games(configs.Census{Octal: configs.CensusOctal{Digits: 1, Prefixes: []string{"4"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, group := range census.Groups(games) {
		names := make([]string, len(group))
		for i, g := range group {
			names[i] = g.Name()
		}
		fmt.Println(strings.Join(names, " "))
	}
	// Output:
	// 4.0 4.2
	// 4.1
	// 4.3
	// 4.4 4.6
	// 4.5
	// 4.7
}
