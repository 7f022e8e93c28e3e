package octal_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

func ExampleParse() {
	for _, code := range []string{".77", "4.070", "0.08"} {
		c, err := octal.Parse(code)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: canonical %s, t = %d\n", code, c, c.MaxRemove())
	}
	// Output:
	// .77: canonical 0.77, t = 2
	// 4.070: canonical 4.07, t = 2
	// octal code "0.08": character '8' at position 3 (0-based): digit 8 is past 7: it would let a move leave three heaps or more, which no octal code does; allowed: d0.d1d2... with digits 0-7 (bit i of d_k: removing k tokens may leave i heaps, i = 0..2; digits 8 and up, leaving three heaps or more, make take-and-break codes, takebreak:CODE), and exactly one point, as in "0.07" or ".07"
}

// Kayles (0.77): knock down one pin or two adjacent pins from a row. Its
// values are OEIS A002186, periodic with period 12 from n = 71 (Guy and
// Smith, 1956; Winning Ways, ch. 4).
func ExampleValues() {
	c, err := octal.Parse("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := octal.Values(context.Background(), c, 1000, grundy.Options{})
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

// Kayles has a sparse space: under the mask 15 only nine heaps have an even
// count of 1 bits among the low four bits of their value. Read off
// A002186 by hand: heaps 3, 6, 11, 18, 22, 28, 34, 39 and 70 (values 3, 3,
// 6, 3, 6, 5, 6, 3, 6); the largest value, 8, first at 27; the period as in
// ExampleValues.
func ExampleValuesWithStats() {
	c, err := octal.Parse("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, st, err := octal.ValuesWithStats(context.Background(), c, 1000, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mask %d, %d rare heaps, the last at %d; largest value %d at %d\n", st.Mask, st.Rare, st.LastRare, st.Largest, st.LargestAt)
	fmt.Printf("proven period %d from %d\n", st.Period, st.Preperiod)
	// Output:
	// mask 15, 9 rare heaps, the last at 70; largest value 8 at 27
	// proven period 12 from 71
}

// Grundy's game, g(0..20) from OEIS A002188, whose largest value among
// them is 4, at 18.
func ExampleGrundysGame_stats() {
	g, st, err := octal.GrundysGame(context.Background(), 20, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g) // OEIS A002188
	fmt.Printf("largest value %d at %d\n", st.Largest, st.LargestAt)
	// Output:
	// [0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0]
	// largest value 4 at 18
}

// Memory is what a planner checks before a run: about 7 bytes a heap (4
// for the value, 2 for the period check's scratch, 1 for the rare heaps)
// and 1 MiB, so 2^30 heaps of Kayles need 7·2^30 + 2^20 bytes, 7169 MiB.
func ExampleMemory() {
	c, err := octal.Parse("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(octal.Memory(c, 1<<30)>>20, "MiB")
	// Output:
	// 7169 MiB
}
