package plots_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/plots"
)

func ExampleGrundyScatter() {
	// Take-a-square: g(n) = mex{ g(n-k²) }, for n up to 100000. That is
	// more than plots.ScatterLimit points, so the figure shows the range and
	// mean of each bucket of 100 consecutive n, and says so in its legend.
	g := make([]int32, 100001)
	seen := make([]int, 256)
	for n := 1; n < len(g); n++ {
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = n
		}
		for seen[g[n]] == n {
			g[n]++
		}
	}
	fig, err := plots.GrundyScatter("Take-a-square", "pile size n", g)
	if err != nil {
		log.Fatal(err)
	}
	var svg bytes.Buffer
	if err := plots.Write(fig, &svg, "svg"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.X.Label.Text, "|", fig.Y.Label.Text)
	fmt.Println("under 1 MB:", svg.Len() < 1<<20)
	// Output:
	// pile size n | Grundy value g(n)
	// under 1 MB: true
}
