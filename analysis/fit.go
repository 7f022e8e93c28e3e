package analysis

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// Errors returned by FitPowerLaw, wrapped with the detail (index, value,
// lengths); test for them with errors.Is.
var (
	// ErrLengthMismatch means xs and ys have different lengths.
	ErrLengthMismatch = errors.New("analysis: xs and ys differ in length")

	// ErrTooFewPoints means fewer than two points were given.
	ErrTooFewPoints = errors.New("analysis: a power-law fit needs at least 2 points")

	// ErrNotPositive means a point has x <= 0 or y <= 0, or is NaN or
	// infinite, so it has no place on log-log axes.
	ErrNotPositive = errors.New("analysis: a power-law fit needs finite x > 0 and y > 0")

	// ErrDegenerate means every x is the same, so no slope can be fitted.
	ErrDegenerate = errors.New("analysis: a power-law fit needs at least two distinct x")
)

// PowerFit is a least-squares fit of y ~ C * x^Alpha on log-log scale: the
// straight line log y = log C + Alpha*log x that minimises the squared
// residuals of log y.
type PowerFit struct {
	// C and Alpha are the fitted constant and exponent.
	C, Alpha float64

	// XMin and XMax are the smallest and largest x fitted: the range in
	// which the fit was measured.
	XMin, XMax float64

	// Points is how many points were fitted.
	Points int

	// R2 is the coefficient of determination of the fit on log-log scale,
	// 1 - SSres/SStot of log y; 1 is a perfect fit (also when every y is
	// the same and the fit is exact).
	R2 float64
}

// At returns the fitted value C * x^Alpha.
func (f PowerFit) At(x float64) float64 { return f.C * math.Pow(x, f.Alpha) }

// String writes the fit as a formula with its quality, for example
// "y = 0.512·x^0.7003 (R² = 0.9991, 60 points, x in [1, 100000])".
func (f PowerFit) String() string {
	return fmt.Sprintf("y = %.4g·x^%.4f (R² = %.4f, %d points, x in [%g, %g])",
		f.C, f.Alpha, f.R2, f.Points, f.XMin, f.XMax)
}

// FitPowerLaw fits y ~ C * x^Alpha to the points (xs[i], ys[i]) by ordinary
// least squares on (log x, log y). Every point must have finite x > 0 and
// y > 0 (no point is dropped silently: the first offending one is named in an
// ErrNotPositive error), there must be at least two points and two distinct x.
func FitPowerLaw(xs, ys []float64) (PowerFit, error) {
	if len(xs) != len(ys) {
		return PowerFit{}, fmt.Errorf("%w: %d xs, %d ys", ErrLengthMismatch, len(xs), len(ys))
	}
	if len(xs) < 2 {
		return PowerFit{}, fmt.Errorf("%w: got %d", ErrTooFewPoints, len(xs))
	}
	ok := func(v float64) bool { return v > 0 && !math.IsInf(v, 1) } // NaN > 0 is false
	lx := make([]float64, len(xs))
	ly := make([]float64, len(ys))
	var mx, my float64
	for i := range xs {
		if !ok(xs[i]) || !ok(ys[i]) {
			return PowerFit{}, fmt.Errorf("%w: point %d is (%g, %g)", ErrNotPositive, i, xs[i], ys[i])
		}
		lx[i], ly[i] = math.Log(xs[i]), math.Log(ys[i])
		mx += lx[i]
		my += ly[i]
	}
	k := float64(len(xs))
	mx /= k
	my /= k
	var sxx, sxy, syy float64
	for i := range lx {
		dx, dy := lx[i]-mx, ly[i]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	if sxx == 0 {
		return PowerFit{}, fmt.Errorf("%w: every x is %g", ErrDegenerate, xs[0])
	}
	alpha := sxy / sxx
	lnC := my - alpha*mx
	var ssres float64
	for i := range lx {
		e := ly[i] - (lnC + alpha*lx[i])
		ssres += e * e
	}
	r2 := 1.0
	if syy > 0 {
		r2 = 1 - ssres/syy
	}
	return PowerFit{
		C:      math.Exp(lnC),
		Alpha:  alpha,
		XMin:   slices.Min(xs),
		XMax:   slices.Max(xs),
		Points: len(xs),
		R2:     r2,
	}, nil
}

// CountCurve samples the counting function of an ascending list: for about
// points values of x spaced evenly on a log scale from 1 to max, it returns x
// and the number of elements of sorted that are <= x. x values are whole
// numbers (rounded, duplicates removed, so fewer than points may come back
// when max is small); the first is 1 and the last is max. It is made for the
// losing positions of take-a-square, whose count up to x grows like a power
// of x: feed the result to FitPowerLaw.
//
// For example, CountCurve([]int64{0, 2, 5, 7, 10}, 10, 3) samples x = 1, 3
// and 10 and returns counts 1, 2 and 5.
//
// CountCurve returns nil slices when max < 1 or points < 1, and panics if
// sorted is not in ascending order.
func CountCurve(sorted []int64, max int64, points int) (xs, counts []float64) {
	if !slices.IsSorted(sorted) {
		panic("analysis: CountCurve: sorted is not in ascending order")
	}
	if max < 1 || points < 1 {
		return nil, nil
	}
	lmax := math.Log(float64(max))
	prev := int64(0)
	for i := range points {
		x := max
		if i < points-1 {
			x = int64(math.Round(math.Exp(lmax * float64(i) / float64(points-1))))
			x = min(x, max)
		}
		if x <= prev {
			continue
		}
		prev = x
		c := sort.Search(len(sorted), func(j int) bool { return sorted[j] > x })
		xs = append(xs, float64(x))
		counts = append(counts, float64(c))
	}
	return xs, counts
}
