package analysis

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestFitPowerLaw(t *testing.T) {
	tests := []struct {
		name     string
		c, alpha float64
		xs       []float64
	}{
		{"square root", 3, 0.5, []float64{1, 2, 4, 8, 16, 100, 1e4}},
		{"linear", 1, 1, []float64{1, 10, 100}},
		{"two points", 0.25, 2, []float64{3, 7}},
		{"decreasing", 50, -1.25, []float64{0.5, 1, 1.5, 2, 10}},
		{"constant", 4, 0, []float64{1, 2, 3}},
		{"P-position-like", 0.52, 0.7, []float64{1, 10, 100, 1e3, 1e4, 1e5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ys := make([]float64, len(tt.xs))
			for i, x := range tt.xs {
				ys[i] = tt.c * math.Pow(x, tt.alpha)
			}
			got, err := FitPowerLaw(tt.xs, ys)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
			if !near(got.C, tt.c) || !near(got.Alpha, tt.alpha) {
				t.Errorf("got C=%g alpha=%g, want C=%g alpha=%g", got.C, got.Alpha, tt.c, tt.alpha)
			}
			if !near(got.R2, 1) {
				t.Errorf("got R2=%g, want 1", got.R2)
			}
			if got.Points != len(tt.xs) || got.XMin != tt.xs[0] || got.XMax != tt.xs[len(tt.xs)-1] {
				t.Errorf("got Points=%d XMin=%g XMax=%g, want %d %g %g",
					got.Points, got.XMin, got.XMax, len(tt.xs), tt.xs[0], tt.xs[len(tt.xs)-1])
			}
		})
	}
}

func TestFitPowerLawR2(t *testing.T) {
	// log y = 0, 1, 0, 1 against log x = 0, 1, 2, 3 (natural logs), by
	// hand: Sxx = 5, Sxy = 1, Syy = SStot = 1, so alpha = Sxy/Sxx = 0.2,
	// SSres = Syy - Sxy²/Sxx = 0.8 and R2 = 1 - 0.8/1 = 0.2.
	e := math.E
	xs := []float64{1, e, e * e, e * e * e}
	ys := []float64{1, e, 1, e}
	got, err := FitPowerLaw(xs, ys)
	if err != nil {
		t.Fatalf("got error %v, want none", err)
	}
	if math.Abs(got.Alpha-0.2) > 1e-12 || math.Abs(got.R2-0.2) > 1e-12 {
		t.Errorf("got alpha=%g R2=%g, want 0.2 and 0.2", got.Alpha, got.R2)
	}
}

func TestFitPowerLawErrors(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []float64
		want   error
	}{
		{"lengths differ", []float64{1, 2}, []float64{1}, ErrLengthMismatch},
		{"no points", nil, nil, ErrTooFewPoints},
		{"one point", []float64{1}, []float64{1}, ErrTooFewPoints},
		{"zero x", []float64{0, 1}, []float64{1, 1}, ErrNotPositive},
		{"negative y", []float64{1, 2}, []float64{1, -1}, ErrNotPositive},
		{"NaN", []float64{1, math.NaN()}, []float64{1, 1}, ErrNotPositive},
		{"infinite", []float64{1, 2}, []float64{1, math.Inf(1)}, ErrNotPositive},
		{"one distinct x", []float64{3, 3, 3}, []float64{1, 2, 3}, ErrDegenerate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FitPowerLaw(tt.xs, tt.ys)
			if !errors.Is(err, tt.want) {
				t.Errorf("got error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestCountCurve(t *testing.T) {
	tests := []struct {
		name       string
		sorted     []int64
		max        int64
		points     int
		xs, counts string
	}{
		{"doc example", []int64{0, 2, 5, 7, 10}, 10, 3, "[1 3 10]", "[1 2 5]"},
		{"log spaced", []int64{1, 10, 100, 1000}, 1000, 4, "[1 10 100 1000]", "[1 2 3 4]"},
		{"duplicates removed", []int64{0, 1, 2, 3}, 3, 10, "[1 2 3]", "[2 3 4]"},
		{"elements beyond max ignored", []int64{0, 5, 50}, 10, 2, "[1 10]", "[1 2]"},
		{"one point", []int64{0, 5}, 10, 1, "[10]", "[2]"},
		{"empty list", nil, 100, 3, "[1 10 100]", "[0 0 0]"},
		{"no points", []int64{1}, 10, 0, "[]", "[]"},
		{"max below 1", []int64{0}, 0, 5, "[]", "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xs, counts := CountCurve(tt.sorted, tt.max, tt.points)
			if got := fmt.Sprint(xs); got != tt.xs {
				t.Errorf("xs: got %s, want %s", got, tt.xs)
			}
			if got := fmt.Sprint(counts); got != tt.counts {
				t.Errorf("counts: got %s, want %s", got, tt.counts)
			}
		})
	}
}

func TestCountCurveAgainstCounting(t *testing.T) {
	// Losing positions of take-a-square up to 2000 by the naive recursion;
	// each count is checked by counting one by one.
	g := squares(2000)
	var losing []int64
	for n, v := range g {
		if v == 0 {
			losing = append(losing, int64(n))
		}
	}
	xs, counts := CountCurve(losing, 2000, 25)
	if len(xs) == 0 || xs[0] != 1 || xs[len(xs)-1] != 2000 {
		t.Fatalf("got xs %v, want 1 ... 2000", xs)
	}
	for i, x := range xs {
		want := 0
		for _, n := range losing {
			if float64(n) <= x {
				want++
			}
		}
		if counts[i] != float64(want) {
			t.Errorf("count at x=%g: got %g, want %d", x, counts[i], want)
		}
		if i > 0 && xs[i] <= xs[i-1] {
			t.Errorf("xs not increasing at %d: %v", i, xs)
		}
	}
}

func TestCountCurvePanicsOnUnsorted(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("got no panic for an unsorted list, want one")
		}
	}()
	CountCurve([]int64{3, 1}, 10, 3)
}

func TestPowerFitString(t *testing.T) {
	f := PowerFit{C: 0.512, Alpha: 0.70031, XMin: 1, XMax: 100000, Points: 60, R2: 0.99912}
	want := "y = 0.512·x^0.7003 (R² = 0.9991, 60 points, x in [1, 100000])"
	if got := f.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
