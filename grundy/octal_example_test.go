package grundy_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
)

func ExampleParseOctal() {
	for _, code := range []string{".77", "4.070", "0.08"} {
		c, err := grundy.ParseOctal(code)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: canonical %s, t = %d\n", code, c, c.MaxRemove())
	}
	// Output:
	// .77: canonical 0.77, t = 2
	// 4.070: canonical 4.07, t = 2
	// octal code "0.08": character '8' at position 3 (0-based): only digits 0-7 and one point are allowed, as in "0.07"
}

func ExampleOctalGrundy() {
	// Kayles: knock down one pin or two adjacent pins from a row.
	c, err := grundy.ParseOctal("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := grundy.OctalGrundy(context.Background(), c, 1000, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g[:16])
	p := analysis.FindPeriod(g)
	fmt.Println(p)
	fmt.Println("proven:", analysis.ProveOctal(g, p, c.MaxRemove()).Proven)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7]
	// period 12 from n = 71 (last exception at n = 70; 1001 values checked)
	// proven: true
}
