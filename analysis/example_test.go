package analysis_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
)

// kayles computes the Grundy values of Kayles (octal game 0.77) for heaps of
// 0..max pins: a move knocks down one pin or two adjacent pins, which may
// split the row in two.
func kayles(max int) []int32 {
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for k := 1; k <= 2 && k <= n; k++ {
			for a := 0; a <= n-k; a++ {
				seen[g[a]^g[n-k-a]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

func ExampleFindPeriod() {
	seq := kayles(1000)
	fmt.Println(seq[:24])
	fmt.Println(analysis.FindPeriod(seq))
	fmt.Println(analysis.FindPeriod(seq[:150]))
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7]
	// period 12 from n = 71 (last exception at n = 70; 1001 values checked)
	// no period found in 150 values
}

func ExampleProveOctal() {
	seq := kayles(1000)
	p := analysis.FindPeriod(seq)
	// A move in Kayles removes at most 2 pins.
	fmt.Printf("%+v\n", analysis.ProveOctal(seq, p, 2))
	// With only 160 values the theorem's window is not yet known.
	fmt.Printf("%+v\n", analysis.ProveOctal(seq[:160], p, 2))
	// Output:
	// {Proven:true Needed:168 Have:1001 Missing:0}
	// {Proven:false Needed:168 Have:160 Missing:8}
}

func ExampleFitPowerLaw() {
	xs := []float64{1, 10, 100, 1000}
	ys := []float64{2, 20, 200, 2000}
	fit, err := analysis.FitPowerLaw(xs, ys)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fit)
	// Output:
	// y = 2·x^1.0000 (R² = 1.0000, 4 points, x in [1, 1000])
}

func ExampleCountCurve() {
	xs, counts := analysis.CountCurve([]int64{0, 2, 5, 7, 10}, 10, 3)
	fmt.Println(xs, counts)
	// Output:
	// [1 3 10] [1 2 5]
}

func ExampleRecords() {
	g := []uint16{0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5}
	for _, r := range analysis.Records(g) {
		fmt.Printf("g = %d first at n = %d\n", r.Grundy, r.FirstN)
	}
	// Output:
	// g = 0 first at n = 0
	// g = 1 first at n = 1
	// g = 2 first at n = 4
	// g = 3 first at n = 25
	// g = 4 first at n = 28
	// g = 5 first at n = 29
}

func ExampleStudy() {
	g := kayles(160) // Kayles, octal 0.77: a move removes 1 or 2 pins
	r := analysis.Study(g, analysis.Theorems{
		Period: func(seq []int32, p analysis.Period) analysis.Proof { return analysis.ProveOctal(seq, p, 2) },
	})
	fmt.Println(r)
	s, _ := r.Shape(g)
	fmt.Println("block:", s.Block)
	var ns []int64
	for _, e := range analysis.Exceptions(g, s) {
		ns = append(ns, e.N)
	}
	fmt.Println("exceptions:", ns)
	// Output:
	// candidate period 12 from n = 71 (last exception at n = 70), not proven: seen over 7 periods; the proof needs 168 values, 161 computed
	// block: [4 1 2 8 1 4 7 2 1 8 2 7]
	// exceptions: [0 3 6 9 11 15 18 21 22 28 34 39 57 70]
}

func ExampleFindArithmetic() {
	// The subtraction game in which any number but 1 may be taken:
	// g(n) = mex{ g(m) : m <= n-2 }.
	g := make([]int32, 30)
	for n := range g {
		seen := map[int32]bool{}
		for m := 0; m <= n-2; m++ {
			seen[g[m]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	fmt.Println(g[:12])
	a := analysis.FindArithmetic(g)
	fmt.Println(a)
	fmt.Printf("%+v\n", analysis.ProveAllBut(g, a, []int{1}))
	// Output:
	// [0 0 1 1 2 2 3 3 4 4 5 5]
	// period 2 with saltus 1 from n = 0 (arithmetic; 30 values checked)
	// {Proven:true Needed:3 Have:30 Missing:0}
}

func ExampleObservePeriod() {
	g := kayles(160) // Kayles to n = 160: the period shows but is not confirmed
	fmt.Println(analysis.FindPeriod(g))
	fmt.Println(analysis.ObservePeriod(g))
	// Output:
	// no period found in 161 values
	// period 12 from n = 71 (last exception at n = 70; 161 values checked)
}

func ExampleExceptions() {
	g := kayles(300)
	s, err := analysis.Block(g, analysis.FindPeriod(g))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("g(n) for n >= 71 is", s.Block, "at n mod", s.Period)
	for _, e := range analysis.Exceptions(g, s)[:3] {
		fmt.Printf("g(%d) = %d, not %d\n", e.N, e.Value, e.Periodic)
	}
	// Output:
	// g(n) for n >= 71 is [4 1 2 8 1 4 7 2 1 8 2 7] at n mod 12
	// g(0) = 0, not 4
	// g(3) = 3, not 8
	// g(6) = 3, not 7
}

// FindPeriodWhere lets the caller decide which candidate counts. The
// subtraction game of {1, 2} has g(n) = n mod 3 (Winning Ways, ch. 4), so
// every multiple of 3 is a period from n0 = 0, while any other p holds only
// over the last p values (n0 = len - p). A rule that wants an even period
// seen twice takes 6; FindPeriod's own rule takes 3.
func ExampleFindPeriodWhere() {
	seq := make([]int32, 30)
	for n := range seq {
		seq[n] = int32(n % 3)
	}
	p := analysis.FindPeriodWhere(seq, func(period, preperiod int) bool {
		return period%2 == 0 && preperiod+2*period <= len(seq)
	})
	fmt.Println(p.Found, p.Period, p.Preperiod)
	q := analysis.FindPeriod(seq)
	fmt.Println(q.Found, q.Period, q.Preperiod)
	// Output:
	// true 6 0
	// true 3 0
}

// Block gives the periodic part of Kayles (octal 0.77) in the form OEIS
// uses: from n = 71, g(n) depends only on n mod 12 (Guy and Smith, 1956;
// OEIS A002186), and the block read from A002186 is 4 1 2 8 1 4 7 2 1 8 2 7
// (g(72) = 4, g(73) = 1, ...). ArithmeticBlock does the same for an
// arithmetic period: g(n) = n (Nim) has Period 1, Saltus 1, Block [0].
func ExampleBlock() {
	// Kayles, g(0..95), OEIS A002186.
	kayles := []int32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
		4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
		4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
		4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}
	s, err := analysis.Block(kayles, analysis.Period{Found: true, Period: 12, Preperiod: 71})
	fmt.Println(s.Period, s.Preperiod, s.Block, err)
	fmt.Println(s.At(1000)) // 1000 mod 12 = 4: Block[4]

	nim := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	a, err := analysis.ArithmeticBlock(nim, analysis.FindArithmetic(nim))
	fmt.Println(a.Period, a.Saltus, a.Block, a.At(1000), err)
	// Output:
	// 12 71 [4 1 2 8 1 4 7 2 1 8 2 7] <nil>
	// 1
	// 1 1 [0] 1000 <nil>
}

// ExceptionsSeq gives the exceptions one at a time, for a writer or a count
// that need not hold them all. Kayles has 14, the last at n = 70 (Winning
// Ways, ch. 4, the table of Kayles values).
func ExampleExceptionsSeq() {
	g := kayles(300)
	s, err := analysis.Block(g, analysis.FindPeriod(g))
	if err != nil {
		fmt.Println(err)
		return
	}
	count, last := 0, int64(-1)
	for e := range analysis.ExceptionsSeq(g, s) {
		count, last = count+1, e.N
	}
	fmt.Printf("%d exceptions, the last at n = %d\n", count, last)
	// Output:
	// 14 exceptions, the last at n = 70
}
