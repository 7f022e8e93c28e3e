package plots

import (
	"errors"
	"fmt"
	"math"

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
			pts = append(pts, plotter.XY{X: x, Y: counts[i]})
		}
	}
	if len(pts) == 0 {
		return nil, errors.New("plots: PowerLawGrowth: no point with x > 0 and count > 0")
	}
	p := newPlot(title, "x", "count of values ≤ x")
	addGrid(p)
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}

	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("plots: PowerLawGrowth: %w", err)
	}
	s.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(1.8), Color: dataBlue}
	p.Add(s)
	leg := newSideLegend(false)
	leg.Add("observed", s)

	if fit.C > 0 && fit.Points > 0 && fit.XMin > 0 && fit.XMax >= fit.XMin {
		f := plotter.NewFunction(fit.At)
		f.XMin, f.XMax = fit.XMin, fit.XMax
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
