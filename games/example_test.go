package games_test

import (
	"context"
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
)

// Every built-in game is found by name; a new one is a Def given to
// Register.
func ExampleNames() {
	for _, name := range games.Names() {
		d, _ := games.Lookup(name)
		fmt.Printf("%s: %s\n", d.Name, d.Title)
	}
	// Output:
	// squares: take-a-square
	// flip: Flip Game II
	// caniwin: Can I Win
	// nim: Nim
	// grundy-game: Grundy's game
}

// A game defined by its rules gives its Grundy sequence through its Heap.
func ExampleOctal() {
	code, err := grundy.ParseOctal("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	kayles := games.Octal(code)
	g, err := kayles.Values(context.Background(), 12, 1, nil)
	fmt.Println(kayles.Rules, g, err)
	// Output:
	// octal 0.77 [0 1 2 3 1 4 3 2 1 4 2 6 4] <nil>
}

// Solve answers one position of a game, as tabulate solve does.
func ExampleSolver() {
	d, _ := games.Lookup("grundy-game")
	if err := d.Solve.Solve(context.Background(), []string{"7", "5"}, os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// grundy's game, heaps [7 5]
	// grundy value: 2
	// outcome: the player to move wins
	// winning moves: heap 1: 7 -> 2 + 5, heap 2: 5 -> 1 + 4
}
