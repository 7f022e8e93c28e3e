package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabulate-games/tabulate/analysis"
)

// ErrNoPeriod is returned by PeriodRaster when the Period has Found == false:
// without a period there are no rows to lay the values out in.
var ErrNoPeriod = errors.New("plots: no period to draw")

// PeriodRaster lays out a periodic sequence, values[n] = g(n), as a raster:
// n mod p across, n div p down with row 0 at the top, each cell coloured by
// its value (one colour per value, with a legend, for up to 10 distinct
// values; otherwise bands of values on a sequential scale). Once the sequence
// is periodic every row repeats the one above it, so the columns become
// stripes; the preperiod shows as the broken pattern above them.
//
// The figure writes the period, the preperiod and whether the period is
// proven (proven reports the outcome of analysis.ProveOctal) under the title,
// draws a line where the periodic part begins (between n0-1 and n0), and marks
// with a white dot every exception: each n before the preperiod whose value
// differs from the value of its column in the periodic part. The y axis is
// labelled with the first n of each row.
//
// It returns ErrNoPeriod if p.Found is false, and an error if values is empty.
func PeriodRaster(title string, values []int32, p analysis.Period, proven bool) (*plot.Plot, error) {
	if !p.Found || p.Period < 1 {
		return nil, fmt.Errorf("%w: %v", ErrNoPeriod, p)
	}
	if len(values) == 0 {
		return nil, errors.New("plots: PeriodRaster: no values")
	}
	per, n0 := p.Period, min(max(p.Preperiod, 0), len(values))
	cols, rows := per, (len(values)+per-1)/per

	status := fmt.Sprintf("seen in %d values, not proven", len(values))
	if proven {
		status = "proven for all n"
	}
	full := fmt.Sprintf("period %d, preperiod %d: %s", per, n0, status)
	if title != "" {
		full = title + "\n" + full
	}
	pl := newPlot(full, fmt.Sprintf("n mod %d", per), fmt.Sprintf("first n of the row (rows of %d)", per))
	pl.X.Padding, pl.Y.Padding = 0, 0

	colorOf, entries := valueColors(values, false, "g = ")
	grid := &cellGrid{
		cols: cols, rows: rows,
		class: func(c, r int) int {
			n := r*per + c
			if n >= len(values) {
				return -1
			}
			return colorOf(values[n])
		},
	}
	for _, e := range entries {
		grid.colors = append(grid.colors, e.color)
	}
	pl.Add(grid)

	// Exceptions: n < n0 whose value differs from the periodic value of
	// its column, read at the last n >= n0 in the same column.
	var exc plotter.XYs
	for n := range n0 {
		m := n + (len(values)-1-n)/per*per
		if m >= n0 && values[n] != values[m] {
			exc = append(exc, plotter.XY{X: float64(n % per), Y: float64(n / per)})
		}
	}
	var exceptions *plotter.Scatter
	if len(exc) > 0 {
		var err error
		exceptions, err = plotter.NewScatter(exc)
		if err != nil {
			return nil, fmt.Errorf("plots: PeriodRaster: %w", err)
		}
		exceptions.GlyphStyle = draw.GlyphStyle{Shape: ringGlyph{}, Radius: vg.Points(2.2), Color: color.Black}
		pl.Add(exceptions)
	}
	var boundary *plotter.Line
	if n0 > 0 && n0 < len(values) {
		boundary = staircase(n0, per)
		pl.Add(boundary)
	}

	leg := newSideLegend(true)
	present := make(map[int]bool)
	for _, v := range values {
		present[colorOf(v)] = true
	}
	for i, e := range entries {
		if present[i] {
			leg.Add(e.label, swatch{e.color})
		}
	}
	if boundary != nil {
		leg.Add(fmt.Sprintf("start of period, n = %d", n0), boundary)
	}
	if len(exc) > 0 {
		leg.Add(fmt.Sprintf("exception (%d): g(n) differs", len(exc)), exceptions)
		leg.Add("from the periodic value")
	}
	pl.Add(leg)

	pl.X.Min, pl.X.Max = -0.5, float64(cols)-0.5
	pl.Y.Min, pl.Y.Max = -0.5, float64(rows)-0.5
	pl.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	pl.X.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	pl.Y.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v * per) })
	return pl, nil
}

// staircase returns the line between cells n < n0 and n >= n0 in a raster of
// rows of per cells (row r spans r-0.5 to r+0.5, downwards): along the bottom
// of n0's row from the left edge to n0's column, under the cells of that row
// that come before n0, up the left side of n0's cell, and along the top of
// n0's row to the right edge.
func staircase(n0, per int) *plotter.Line {
	c, r := float64(n0%per), float64(n0/per)
	right := float64(per) - 0.5
	pts := plotter.XYs{
		{X: -0.5, Y: r + 0.5},
		{X: c - 0.5, Y: r + 0.5},
		{X: c - 0.5, Y: r - 0.5},
		{X: right, Y: r - 0.5},
	}
	if c == 0 {
		pts = pts[2:]
	}
	l, _ := plotter.NewLine(pts)
	l.Color = color.Black
	l.Width = vg.Points(1.6)
	return l
}

// ringGlyph is a white disc with a black rim, visible on any cell colour.
type ringGlyph struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.SetColor(color.White)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(0.7)})
	c.Stroke(p)
}

// valueEntry is one colour of a value palette: the values in [first, last]
// share color and are named label in the legend.
type valueEntry struct {
	first, last int
	color       color.Color
	label       string
}

// valueColors chooses colours for the values 0..max(values): one Tableau
// colour per value when there are at most 10 and sequential is false, else
// viridis, one colour per value up to 10 values and otherwise in at most 10
// bands of equal width. It returns the entry index for a value and the
// entries in increasing order of value; labels start with prefix.
func valueColors(values []int32, sequential bool, prefix string) (func(int32) int, []valueEntry) {
	top := int(max(slices.Max(values), 0))
	width := 1
	if top+1 > 10 {
		width = (top + 10) / 10
	}
	bands := top/width + 1
	var entries []valueEntry
	for b := range bands {
		e := valueEntry{first: b * width, last: min(b*width+width-1, top)}
		switch {
		case !sequential && bands <= len(tableau10) && width == 1:
			e.color = tableau10[b]
		case bands == 1:
			e.color = viridis(0)
		default:
			e.color = viridis(float64(b) / float64(bands-1))
		}
		e.label = fmt.Sprintf("%s%d", prefix, e.first)
		if e.last > e.first {
			e.label = fmt.Sprintf("%s%d to %d", prefix, e.first, e.last)
		}
		entries = append(entries, e)
	}
	return func(v int32) int { return int(max(v, 0)) / width }, entries
}
