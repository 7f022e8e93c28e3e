package plots_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/plots"
)

// dawsonKayles returns the Grundy values of Dawson's Kayles (octal game
// 0.07, the runs of Flip Game II) for n = 0..max.
func dawsonKayles(max int) []int32 {
	g := make([]int32, max+1)
	for n := 2; n <= max; n++ {
		seen := map[int32]bool{}
		for a := 0; a <= n-2; a++ {
			seen[g[a]^g[n-2-a]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

func ExamplePeriodRaster() {
	g := dawsonKayles(300)
	p := analysis.FindPeriod(g)
	proof := analysis.ProveOctal(g, p, 2) // a move removes 2 tokens
	fig, err := plots.PeriodRaster("Dawson's Kayles (0.07)", g, p, proof.Proven)
	if err != nil {
		log.Fatal(err)
	}
	var svg bytes.Buffer
	if err := plots.Write(fig, &svg, "svg"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.Title.Text)
	fmt.Println(fig.X.Label.Text, "|", fig.Y.Label.Text)
	// Output:
	// Dawson's Kayles (0.07)
	// period 34, preperiod 53: proven for all n
	// n mod 34 | first n of the row
}
