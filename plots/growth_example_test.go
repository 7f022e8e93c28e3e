package plots_test

import (
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/plots"
)

func ExamplePowerLawGrowth() {
	// Counts that grow exactly like 3*x^0.5.
	var sorted []int64
	for k := int64(1); k <= 300; k++ {
		sorted = append(sorted, k*k/9) // about 3*sqrt(x) values <= x
	}
	xs, counts := analysis.CountCurve(sorted, 10000, 20)
	fit, err := analysis.FitPowerLaw(xs[5:], counts[5:])
	if err != nil {
		log.Fatal(err)
	}
	fig, err := plots.PowerLawGrowth("Growth of the count", xs, counts, fit)
	if err != nil {
		log.Fatal(err)
	}
	fig.Y.Label.Text = "values ≤ x" // labels can be changed before Write
	fmt.Printf("alpha = %.2f\n", fit.Alpha)
	// Output:
	// alpha = 0.50
}
