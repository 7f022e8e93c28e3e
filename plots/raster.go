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
// its value (Okabe and Ito's colour-blind-safe colours for values up to 7,
// viridis for more, in bands of values past 10, with a legend) and, where
// the cell is large enough for MinLabelSize text, labelled with the value. Once the sequence
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
// past the preperiod's (at least 12), a grey band saying how many rows are
// left out (when that fits in the band; the legend names them), and the
// last 3 rows. A preperiod of more than 33 rows is shown by its
// first 12 rows and the 12 rows before the period starts (with 3 after);
// the legend then counts the exceptions in all and in the rows drawn
// (analysis.Exceptions lists them all). Exception marks shrink to fit small
// cells; in a labelled cell the mark fills the cell behind its value.
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
	lay := newRowLayout(rows, n0, per)

	status := fmt.Sprintf("seen in %d values, not proven", len(values))
	if proven {
		status = "proven for all n"
	}
	full := fmt.Sprintf("period %d, preperiod %d: %s", per, n0, status)
	if title != "" {
		full = title + "\n" + full
	}
	pl := newPlot(full, fmt.Sprintf("n mod %d", per), "first n of the row")
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
	grid.label = func(c, d int) string {
		r, ok := lay.row(d)
		if n := r*per + c; ok && n < len(values) {
			return fmt.Sprint(values[n])
		}
		return ""
	}
	grid.labelFont = font.From(plot.DefaultFont, tickSize)
	for _, e := range entries {
		grid.colors = append(grid.colors, e.color)
	}
	grid.colors = append(grid.colors, gapGrey)
	pl.Add(grid)
	var gaps []string // the legend's lines for the rows left out
	for i := 1; i < len(lay.segs); i++ {
		a, b := lay.segs[i-1][1], lay.segs[i][0] // rows a..b-1 are left out
		what, narrow := "each repeats the row above", fmt.Sprintf("%d rows not drawn, each as the row above", b-a)
		if a*per < n0 {
			what, narrow = "part of the preperiod", fmt.Sprintf("%d rows of the preperiod not drawn", b-a)
		}
		pl.Add(&rowNote{y: float64(lay.display(a-1) + 1), x: float64(cols-1) / 2,
			text: fmt.Sprintf("%d rows not drawn", b-a), narrow: narrow})
		gaps = append(gaps, fmt.Sprintf("rows n = %d to %d not drawn:", a*per, b*per-1), what)
	}

	// Exceptions: n < n0 whose value differs from the periodic value of
	// its column (analysis.Exceptions, the OEIS convention).
	shape, err := analysis.Block(values, p)
	if err != nil {
		return nil, fmt.Errorf("plots: PeriodRaster: %w", err)
	}
	var exc plotter.XYs
	all := 0 // every exception, counted, not collected: there can be millions
	for e := range analysis.ExceptionsSeq(values, shape) {
		all++
		n := int(e.N)
		if d, ok := lay.shownRow(n / per); ok {
			exc = append(exc, plotter.XY{X: float64(n % per), Y: float64(d)})
		}
	}
	var exceptions *plotter.Scatter
	if len(exc) > 0 {
		exceptions, err = plotter.NewScatter(exc)
		if err != nil {
			return nil, fmt.Errorf("plots: PeriodRaster: %w", err)
		}
		exceptions.GlyphStyle = draw.GlyphStyle{Shape: ringGlyph{}, Radius: vg.Points(2.2), Color: color.Black}
		pl.Add(cellMarks{Scatter: exceptions, grid: grid})
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
	var items []keyItem
	var lines []string
	for i, e := range entries {
		if present[i] {
			items = append(items, keyItem{text: e.short(), color: e.color})
			lines = append(lines, e.label)
		}
	}
	leg.AddKey("g =", items, lines)
	if boundary != nil {
		leg.Add(fmt.Sprintf("start of period, n = %d", n0), boundary)
	}
	// Under a narrow figure the band's own note says what the legend would
	// (rowNote.narrow), and the legend stays short.
	for i := 0; i < len(gaps); i += 2 {
		leg.AddBeside(gaps[i], swatch{gapGrey})
		leg.AddBeside(gaps[i+1])
	}
	if len(exc) > 0 {
		leg.Add(fmt.Sprintf("exception (%d): g(n) differs", all), exceptions)
		leg.Add("from the periodic value")
		if len(exc) < all {
			leg.Add(fmt.Sprintf("(%d in the rows drawn)", len(exc)))
		}
	}
	pl.Add(leg)

	pl.X.Min, pl.X.Max = -0.5, float64(cols)-0.5
	pl.Y.Min, pl.Y.Max = -0.5, float64(lay.shown())-0.5
	pl.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	pl.X.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	pl.Y.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v * per) })
	if len(lay.segs) > 1 {
		pl.Y.Tick.Marker = lay.ticks(per)
	}
	return pl, nil
}

// gapGrey fills the band where a broken row axis leaves rows out.
var gapGrey = color.Gray{Y: 235}

// rowLayout maps the rows drawn (display rows) to the rows of the raster:
// segments of consecutive rows, one blank display row between two segments.
type rowLayout struct {
	segs [][2]int // [first, end) rows of each segment, ascending
}

// newRowLayout lays out rows rows of per values with preperiod n0: all of
// them up to RasterRows; otherwise the first rows (at least 12, and to three
// rows past the preperiod's last when that fits in 36), the 12 rows up to and
// 3 after the row where the period starts if the preperiod is longer than
// that, and the last 3 rows, merged where they meet.
func newRowLayout(rows, n0, per int) rowLayout {
	if rows <= RasterRows {
		return rowLayout{segs: [][2]int{{0, rows}}}
	}
	preRows := (n0 + per - 1) / per
	segs := [][2]int{{0, max(12, preRows+3)}}
	if preRows+3 > 36 {
		r0 := n0 / per
		segs = [][2]int{{0, 12}, {r0 - 12, r0 + 3}}
	}
	segs = append(segs, [2]int{rows - 3, rows})
	var out [][2]int
	for _, g := range segs {
		g[0], g[1] = max(g[0], 0), min(g[1], rows)
		if n := len(out); n > 0 && g[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], g[1]) // touching or one row apart: join
			continue
		}
		out = append(out, g)
	}
	return rowLayout{segs: out}
}

// shown is the number of display rows.
func (l rowLayout) shown() int {
	n := len(l.segs) - 1
	for _, g := range l.segs {
		n += g[1] - g[0]
	}
	return n
}

// row returns the raster row drawn at display row d, or false for a gap.
func (l rowLayout) row(d int) (int, bool) {
	for _, g := range l.segs {
		if d < g[1]-g[0] {
			return g[0] + d, true
		}
		d -= g[1] - g[0]
		if d == 0 {
			return 0, false
		}
		d--
	}
	return 0, false
}

// shownRow returns the display row of raster row r, or false if r is not
// drawn.
func (l rowLayout) shownRow(r int) (int, bool) {
	d := 0
	for _, g := range l.segs {
		if r >= g[0] && r < g[1] {
			return d + r - g[0], true
		}
		d += g[1] - g[0] + 1
	}
	return 0, false
}

// display returns the display row of raster row r, which must be drawn.
func (l rowLayout) display(r int) int {
	d, ok := l.shownRow(r)
	if !ok {
		panic(fmt.Sprintf("plots: raster row %d is not drawn", r))
	}
	return d
}

// ticks labels the display rows of a broken axis with the first n of their
// row: about 6 labels over the first segment, with minor ticks on its other
// rows, and the first row of each other segment.
func (l rowLayout) ticks(per int) plot.TickerFunc {
	return func(_, _ float64) []plot.Tick {
		var ts []plot.Tick
		d := 0
		for i, g := range l.segs {
			step := niceStep(float64(g[1]-g[0]) / 6)
			for r := g[0]; r < g[1]; r++ {
				label := false
				switch {
				case i == 0:
					label = r%step == 0
				default:
					label = r == g[0] // its neighbours' labels would overlap it in a small figure
				}
				t := plot.Tick{Value: float64(d + r - g[0])}
				if label {
					t.Label = fmt.Sprint(r * per)
				}
				ts = append(ts, t)
			}
			d += g[1] - g[0] + 1
		}
		return ts
	}
}

// rowNote writes text centred at (x, y) in data coordinates, at the plot's
// text size or smaller to fit the data area's width: the note in a gap of a
// broken row axis. In a figure whose legend goes below the plot (narrower
// than NarrowWidth), which leaves the gaps out of the legend, it writes
// narrow instead, which says what the legend would, and falls back to text
// where narrow cannot fit.
type rowNote struct {
	x, y         float64
	text, narrow string
}

// Plot implements plot.Plotter.
func (n *rowNote) Plot(c draw.Canvas, plt *plot.Plot) {
	if st := drawStateOf(plt); st != nil && st.s.Width < NarrowWidth && n.narrow != "" {
		if (&rowNote{x: n.x, y: n.y, text: n.narrow}).draw(c, plt) {
			return
		}
	}
	n.draw(c, plt)
}

// draw writes n.text, and reports whether it fits.
func (n *rowNote) draw(c draw.Canvas, plt *plot.Plot) bool {
	trX, trY := plt.Transforms(&c)
	sty := text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, textSize(plt)),
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
		Handler: plt.TextHandler,
	}
	// Shrink the text, half a point at a time, until it fits the width of
	// the data area and the height of the band (a long period or small
	// cells would overflow them); leave it out when it cannot fit at
	// MinLabelSize: the legend says the same.
	band := vg.Length(math.Abs(float64(trY(n.y+0.5) - trY(n.y-0.5))))
	fits := func() bool {
		return sty.Width(n.text) <= 0.98*c.Size().X && sty.Height(n.text) <= band
	}
	for sty.Font.Size > MinLabelSize && !fits() {
		sty.Font.Size -= 0.5
	}
	if !fits() {
		return false
	}
	c.FillText(sty, vg.Point{X: trX(n.x), Y: trY(n.y)}, n.text)
	return true
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

// cellMarks draws its scatter's ring glyphs at most 0.45 of a cell across,
// with their rim thinned to match, so that exceptions stay inside their
// cells when a raster has many small cells; in cells of 4.4 points or more
// it draws exactly as the scatter would. Where grid writes its labels, the
// mark is a thin ring as large as the cell allows, around the cell's value
// written again in black on the ring's white disc, at the grid's label size
// or smaller so that the digits' ink stays clear of the rim
// (labelInRing).
type cellMarks struct {
	*plotter.Scatter
	grid *cellGrid
}

// Plot implements plot.Plotter.
func (m cellMarks) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	cell := min(vg.Length(math.Abs(float64(trX(1)-trX(0)))), vg.Length(math.Abs(float64(trY(1)-trY(0)))))
	sty := m.GlyphStyle
	var size vg.Length
	if m.grid != nil && m.grid.label != nil {
		size = m.grid.labelSize(plt, trX, trY)
	}
	if size > 0 {
		r := cell/2 - vg.Points(0.2)
		sty.Radius, sty.Shape = r, ringGlyph{rim: min(r/5, vg.Points(0.5))}
	} else if r := 0.45 * cell; r < sty.Radius {
		sty.Radius, sty.Shape = r, ringGlyph{rim: min(r/3, vg.Points(0.7))}
	}
	for _, p := range m.XYs {
		pt := vg.Point{X: trX(p.X), Y: trY(p.Y)}
		c.DrawGlyph(sty, pt)
		if size > 0 {
			f := m.grid.labelFont
			f.Size = size
			inner := sty.Radius - sty.Shape.(ringGlyph).rim - vg.Points(0.3)
			labelInRing(c, f, pt, inner, m.grid.label(int(p.X), int(p.Y)))
		}
	}
}

// digitHeight is the height of a digit's ink in Liberation Serif, the
// figures' font, as a fraction of the font size (1409/2048 em).
const digitHeight = 0.69

// labelInRing writes s in black centred on pt in font f, made smaller where
// needed so that the box of its ink (its advance width by digitHeight of
// the size) fits in a circle of radius inner.
func labelInRing(c draw.Canvas, f font.Font, pt vg.Point, inner vg.Length, s string) {
	face := font.DefaultCache.Lookup(f, f.Size)
	w, h := face.Width(s), digitHeight*f.Size
	if half := vg.Length(math.Hypot(float64(w/2), float64(h/2))); half > inner && inner > 0 {
		f.Size *= inner / half
		face = font.DefaultCache.Lookup(f, f.Size)
		w, h = face.Width(s), digitHeight*f.Size
	}
	c.SetColor(color.Black)
	c.FillString(face, vg.Point{X: pt.X - w/2, Y: pt.Y - h/2}, s)
}

// ringGlyph is a white disc with a black rim, visible on any cell colour.
// A zero rim is 0.7 points wide.
type ringGlyph struct{ rim vg.Length }

// DrawGlyph implements draw.GlyphDrawer.
func (g ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.SetColor(color.White)
	c.Fill(p)
	rim := g.rim
	if rim == 0 {
		rim = vg.Points(0.7)
	}
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: rim})
	c.Stroke(p)
}

// valueEntry is one colour of a value palette: the values in [first, last]
// share color and are named label in the legend.
type valueEntry struct {
	first, last int
	color       color.Color
	label       string
}

// valueColors chooses colours for the values 0..max(values): one Okabe-Ito
// colour per value when there are at most 8 and sequential is false, else
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
		case !sequential && bands <= len(okabeIto) && width == 1:
			e.color = okabeIto[b]
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

// short is the value or band of e as written in a swatch: "3" or "4–7".
func (e valueEntry) short() string {
	if e.last > e.first {
		return fmt.Sprintf("%d–%d", e.first, e.last)
	}
	return fmt.Sprint(e.first)
}
