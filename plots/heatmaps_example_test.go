package plots_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/plots"
)

func ExampleNimSumHeatmap() {
	fig, err := plots.NimSumHeatmap("Two-pile Nim: a XOR b", 7)
	if err != nil {
		log.Fatal(err)
	}
	var png bytes.Buffer
	if err := plots.Write(fig, &png, "png"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.X.Label.Text, "|", fig.Y.Label.Text)
	// Output:
	// pile a | pile b
}

func ExampleOutcomeHeatmap() {
	// A made-up rule for the sketch; the tool passes the solved outcomes.
	outcome := func(m, t int) int {
		switch {
		case m*(m+1)/2 < t:
			return plots.Unreachable
		case t > m && t%(m+1) == 1:
			return plots.SecondPlayerWins
		}
		return plots.FirstPlayerWins
	}
	fig, err := plots.OutcomeHeatmap("Can I Win", 20, 300, outcome)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.X.Label.Text, "|", fig.Y.Label.Text)
	// Output:
	// desired total T | largest number M
}
