package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabulate-games/tabulate/analysis"
)

// ErrNoPeriod is returned by PeriodRaster when the Period has Found == false:
// without a period there are no rows to lay the values out in.
var ErrNoPeriod = errors.New("plots: no period to draw")

// RasterRows is the most rows PeriodRaster draws in full. A longer sequence
// is drawn with a broken row axis: the first rows, which hold the preperiod
// and every exception at a readable size, then a band saying how many rows
// are left out, then the last rows. Nothing is lost by leaving them out:
// after the preperiod every row equals the one above it, which is what the
// period found in the values means.
const RasterRows = 40

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
// Up to RasterRows rows are drawn in full. Beyond that the row axis is
// broken, so that a sequence of 10^5 values with a preperiod of 50 still
// shows its preperiod and exceptions in large cells: the rows up to three
// past the preperiod's (at least 12), a grey band naming the rows left out,
// and the last 3 rows.
//
// It returns ErrNoPeriod if p.Found is false, an error if values is empty,
// and an error wrapping analysis.ErrNoStructure if p does not hold in values.
func PeriodRaster(title string, values []int32, p analysis.Period, proven bool) (*plot.Plot, error) {
	if !p.Found || p.Period < 1 {
		return nil, fmt.Errorf("%w: %v", ErrNoPeriod, p)
	}
	if len(values) == 0 {
		return nil, errors.New("plots: PeriodRaster: no values")
	}
	per, n0 := p.Period, min(max(p.Preperiod, 0), len(values))
	cols, rows := per, (len(values)+per-1)/per
	lay := newRowLayout(rows, (n0+per-1)/per)

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
	gapClass := len(entries)
	grid := &cellGrid{
		cols: cols, rows: lay.shown(),
		class: func(c, d int) int {
			r, ok := lay.row(d)
			if !ok {
				return gapClass
			}
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
	grid.colors = append(grid.colors, gapGrey)
	pl.Add(grid)
	if lay.broken() {
		first, last := lay.top*per, (rows-lay.tail)*per-1
		pl.Add(&rowNote{y: float64(lay.top), x: float64(cols-1) / 2,
			text: fmt.Sprintf("%d rows not drawn, n = %d to %d: each repeats the row above", rows-lay.tail-lay.top, first, last)})
	}

	// Exceptions: n < n0 whose value differs from the periodic value of
	// its column (analysis.Exceptions, the OEIS convention).
	shape, err := analysis.Block(values, p)
	if err != nil {
		return nil, fmt.Errorf("plots: PeriodRaster: %w", err)
	}
	var exc plotter.XYs
	for _, e := range analysis.Exceptions(values, shape) {
		n := int(e.N)
		exc = append(exc, plotter.XY{X: float64(n % per), Y: float64(lay.display(n / per))})
	}
	var exceptions *plotter.Scatter
	if len(exc) > 0 {
		exceptions, err = plotter.NewScatter(exc)
		if err != nil {
			return nil, fmt.Errorf("plots: PeriodRaster: %w", err)
		}
		exceptions.GlyphStyle = draw.GlyphStyle{Shape: ringGlyph{}, Radius: vg.Points(2.2), Color: color.Black}
		pl.Add(exceptions)
	}
	var boundary *plotter.Line
	if n0 > 0 && n0 < len(values) {
		boundary = staircase(n0%per, lay.display(n0/per), per)
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
	pl.Y.Min, pl.Y.Max = -0.5, float64(lay.shown())-0.5
	pl.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	pl.X.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	pl.Y.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v * per) })
	if lay.broken() {
		pl.Y.Tick.Marker = lay.ticks(per)
	}
	return pl, nil
}

// gapGrey fills the band where a broken row axis leaves rows out.
var gapGrey = color.Gray{Y: 235}

// rowLayout maps the rows drawn (display rows d) to the rows of the raster
// (r): all rows when there are at most RasterRows; otherwise rows 0..top-1,
// one gap row, and the last tail rows.
type rowLayout struct {
	rows, top, tail int
}

func newRowLayout(rows, preRows int) rowLayout {
	l := rowLayout{rows: rows, top: rows}
	if rows > RasterRows {
		top, tail := max(12, preRows+3), 3
		if top+1+tail < rows {
			l.top, l.tail = top, tail
		}
	}
	return l
}

func (l rowLayout) broken() bool { return l.tail > 0 }

// shown is the number of display rows.
func (l rowLayout) shown() int {
	if !l.broken() {
		return l.rows
	}
	return l.top + 1 + l.tail
}

// row returns the raster row drawn at display row d, or false for the gap.
func (l rowLayout) row(d int) (int, bool) {
	switch {
	case d < l.top:
		return d, true
	case d == l.top:
		return 0, false
	}
	return l.rows - l.tail + (d - l.top - 1), true
}

// display returns the display row of raster row r, which must be drawn.
func (l rowLayout) display(r int) int {
	if r < l.top {
		return r
	}
	return l.top + 1 + r - (l.rows - l.tail)
}

// ticks labels the display rows of a broken axis with the first n of their
// row: about 6 labels over the top block (with minor ticks on the other
// rows) and every row of the tail.
func (l rowLayout) ticks(per int) plot.TickerFunc {
	return func(_, _ float64) []plot.Tick {
		var ts []plot.Tick
		step := niceStep(float64(l.top) / 6)
		for d := 0; d < l.shown(); d++ {
			r, ok := l.row(d)
			switch {
			case !ok:
			case d < l.top && r%step != 0:
				ts = append(ts, plot.Tick{Value: float64(d)})
			default:
				ts = append(ts, plot.Tick{Value: float64(d), Label: fmt.Sprint(r * per)})
			}
		}
		return ts
	}
}

// rowNote writes text centred at (x, y) in data coordinates, at the plot's
// text size: the note in the gap of a broken row axis.
type rowNote struct {
	x, y float64
	text string
}

// Plot implements plot.Plotter.
func (n *rowNote) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	sty := text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, textSize(plt)),
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
		Handler: plt.TextHandler,
	}
	c.FillText(sty, vg.Point{X: trX(n.x), Y: trY(n.y)}, n.text)
}

// staircase returns the line between cells n < n0 and n >= n0 in a raster of
// rows of per cells (row r spans r-0.5 to r+0.5, downwards), where n0 is in
// column col of display row row: along the bottom of n0's row from the left
// edge to n0's column, under the cells of that row that come before n0, up
// the left side of n0's cell, and along the top of n0's row to the right
// edge.
func staircase(col, row, per int) *plotter.Line {
	c, r := float64(col), float64(row)
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
