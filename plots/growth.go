package plots

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabulate-games/tabulate/analysis"
)

// PowerLawGrowth plots a count against x on log-log axes, as points, with the
// fitted power law C*x^Alpha as a line over the fitted range [fit.XMin,
// fit.XMax]; the legend writes the fit, its exponent as a superscript, and
// its R². It is made for the number
// of take-a-square losing positions up to x (analysis.CountCurve and
// analysis.FitPowerLaw); the y label says "count of values ≤ x" and can be
// changed on the returned plot.
//
// Points with x <= 0 or count <= 0 have no place on log axes and are left
// out. A fit with C <= 0 or no points (a zero PowerFit) draws no line. It
// returns an error if xs and counts differ in length or no point is left.
func PowerLawGrowth(title string, xs, counts []float64, fit analysis.PowerFit) (*plot.Plot, error) {
	if len(xs) != len(counts) {
		return nil, fmt.Errorf("plots: PowerLawGrowth: %d xs but %d counts", len(xs), len(counts))
	}
	var pts plotter.XYs
	for i, x := range xs {
		if x > 0 && counts[i] > 0 && !math.IsInf(x, 0) && !math.IsInf(counts[i], 0) {
			pts = append(pts, plotter.XY{X: math.Log10(x), Y: math.Log10(counts[i])})
		}
	}
	if len(pts) == 0 {
		return nil, errors.New("plots: PowerLawGrowth: no point with x > 0 and count > 0")
	}
	p := newPlot(title, "x", "count of values ≤ x")
	addGrid(p)
	// The axes hold log10 of the values on a linear scale, labelled in
	// decades, rather than gonum/plot's LogScale: with LogScale the plot
	// places the y label's glyph box at the linear middle of the range,
	// near the top of a log axis, and leaves a band empty above the data.
	p.X.Tick.Marker, p.Y.Tick.Marker = decadeTicks{}, decadeTicks{}

	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("plots: PowerLawGrowth: %w", err)
	}
	s.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(1.8), Color: dataBlue}
	p.Add(s)
	leg := newSideLegend(false)
	leg.Add("observed", s)

	if fit.C > 0 && fit.Points > 0 && fit.XMin > 0 && fit.XMax >= fit.XMin {
		f := plotter.NewFunction(func(u float64) float64 { return math.Log10(fit.At(math.Pow(10, u))) })
		f.XMin, f.XMax = math.Log10(fit.XMin), math.Log10(fit.XMax)
		f.Samples = 2 // a power law is a straight line on log-log axes
		f.Color = fitRed
		f.Width = vg.Points(1.2)
		f.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		p.Add(f)
		leg.Add(fmt.Sprintf("fit: %.3g · x^{%.3f}  (R² = %.4f, %d points)", fit.C, fit.Alpha, fit.R2, fit.Points), f)
	}
	p.Add(leg)
	return p, nil
}

// decadeTicks marks an axis holding log10 of its values: a labelled tick at
// each power of ten (1, 10, ..., 10^6, then 10^7 with a superscript) and
// unlabelled ones at 2 to 9 times it, as plot.LogTicks marks a log axis.
type decadeTicks struct{}

// Ticks implements plot.Ticker.
func (decadeTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for k := math.Floor(min); k <= math.Ceil(max); k++ {
		if k >= min-1e-9 && k <= max+1e-9 {
			label := strconv.FormatFloat(math.Pow(10, k), 'f', -1, 64)
			if k > 6 || k < -3 {
				label = fmt.Sprintf("10^{%d}", int(k))
			}
			ticks = append(ticks, plot.Tick{Value: k, Label: label})
		}
		for m := 2; m <= 9; m++ {
			if v := k + math.Log10(float64(m)); v >= min && v <= max {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}
