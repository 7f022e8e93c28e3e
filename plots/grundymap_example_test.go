package plots_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/tabulate-games/tabulate/plots"
)

func ExampleGrundyHeatmap() {
	// Two-heap Nim's values, a XOR b, for the sketch; the tool passes a
	// game's table, such as Wythoff's.
	fig, err := plots.GrundyHeatmap("Two-heap Nim", 100, func(a, b int) int32 { return int32(a ^ b) })
	if err != nil {
		log.Fatal(err)
	}
	var png bytes.Buffer
	if err := plots.Write(fig, &png, "png"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(fig.X.Label.Text, "|", fig.Y.Label.Text)
	// Output:
	// heap a | heap b
}
