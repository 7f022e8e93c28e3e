package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Font sizes for a 16 cm wide figure printed at about that size.
const (
	titleSize  = 12
	labelSize  = 11
	tickSize   = 9
	legendSize = 9
)

// newPlot returns a plot with the package's title, label, tick and legend
// styles.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(plot.DefaultFont, titleSize)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(plot.DefaultFont, labelSize)
		a.Tick.Label.Font = font.From(plot.DefaultFont, tickSize)
	}
	withSupText(p)
	return p
}

// addGrid adds faint grid lines behind the data.
func addGrid(p *plot.Plot) {
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 225}
	g.Horizontal.Color = color.Gray{Y: 225}
	g.Vertical.Width = vg.Points(0.4)
	g.Horizontal.Width = vg.Points(0.4)
	p.Add(g)
}

// Colours. The qualitative set is Okabe and Ito's, "Color Universal Design
// (CUD): how to make figures and presentations that are friendly to
// colorblind people" (2008, https://jfly.uni-koeln.de/color/), the palette
// Nature Methods' "Points of view: Color blindness" (B. Wong, 2011)
// recommends: its eight colours stay distinct under the three common kinds
// of colour blindness. Black comes last, for an eighth value only. The
// sequential scale samples viridis (van der Walt and Smith, matplotlib
// 2015), which is monotone in lightness and so reads in grey and for
// colour-blind readers too. Figures that tell values apart by colour also
// print them (digits in cells), so colour is never the only cue.
var (
	okabeIto = []color.Color{
		rgb(0x0072B2), // blue
		rgb(0xE69F00), // orange
		rgb(0x009E73), // bluish green
		rgb(0xD55E00), // vermillion
		rgb(0x56B4E9), // sky blue
		rgb(0xCC79A7), // reddish purple
		rgb(0xF0E442), // yellow
		rgb(0x000000), // black
	}
	viridisStops = []color.RGBA{
		rgb(0x440154), rgb(0x482878), rgb(0x3E4A89), rgb(0x31688E), rgb(0x26828E),
		rgb(0x1F9E89), rgb(0x35B779), rgb(0x6DCD59), rgb(0xB4DE2C), rgb(0xFDE725),
	}
	dataBlue = rgb(0x0072B2) // Okabe-Ito blue
	fitRed   = rgb(0xD55E00) // Okabe-Ito vermillion
	edgeGrey = color.Gray{Y: 120}
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// viridis returns the viridis colour at t in [0, 1], interpolating linearly
// between the stops.
func viridis(t float64) color.Color {
	t = math.Max(0, math.Min(1, t))
	f := t * float64(len(viridisStops)-1)
	i := int(f)
	if i >= len(viridisStops)-1 {
		return viridisStops[len(viridisStops)-1]
	}
	a, b, u := viridisStops[i], viridisStops[i+1], f-float64(i)
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + u*(float64(y)-float64(x)))) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}

// luminance is the relative luminance of c in [0, 1].
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xffff
}

// swatch is a legend thumbnail: a filled square with a thin grey edge.
type swatch struct{ color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	side := min(r.Size().X, r.Size().Y)
	cx := (r.Min.X + r.Max.X) / 2
	sq := vg.Rectangle{
		Min: vg.Point{X: cx - side/2, Y: r.Min.Y},
		Max: vg.Point{X: cx + side/2, Y: r.Min.Y + side},
	}
	c.SetColor(s.Color)
	c.Fill(sq.Path())
	c.SetLineStyle(draw.LineStyle{Color: edgeGrey, Width: vg.Points(0.4)})
	c.Stroke(sq.Path())
}

// NarrowWidth is the figure width below which legends go under the plot
// rather than beside it: at a journal column's 8.5 cm a legend on the right
// would take 40% of the width from the data.
const NarrowWidth = 10 * vg.Centimeter

// sideLegend is a legend drawn beside the data (right) or above it, never
// over it, or, in a figure narrower than NarrowWidth, under the whole plot,
// in as many columns as fit its width.
//
// Beside or above, it reserves its room through plot.GlyphBoxer: the plot
// shrinks its data area to make space for a glyph box just outside it, and
// Plot draws the legend there, icons first, left-aligned. Below, Settings
// learns of it before drawing (drawState), draws the plot in the canvas less
// a strip at the bottom and the legend in that strip, since gonum/plot draws
// the x axis at the bottom of the canvas whatever glyph boxes ask. The
// plot's own Legend stays empty.
type sideLegend struct {
	plot.Legend
	right bool
	// lines are the entries as added, for the columns of a legend below.
	lines []legendLine
	// key, if set, is a row of values drawn above the columns of a legend
	// below (AddKey).
	key *valueKey
}

// Legend is the package's legend for other packages' figures: beside the
// data on the right or, in a figure narrower than NarrowWidth, under the
// whole plot, never over the data (gonum/plot's own legend is drawn inside
// the data area, over the points). Add entries with Add, set its
// ThumbnailWidth and Padding as a plot.Legend's, and add it to the plot
// last, with p.Add.
type Legend struct{ *sideLegend }

// NewLegend returns an empty Legend.
func NewLegend() Legend { return Legend{newSideLegend(true)} }

// valueKey is a compact key of coloured values: a prefix ("g =") and one
// swatch a value, the value written in it.
type valueKey struct {
	prefix string
	items  []keyItem
}

// keyItem is one swatch of a valueKey.
type keyItem struct {
	text  string // written in the swatch: "3", or "4–7" for a band
	color color.Color
}

// legendLine is one entry of a sideLegend.
type legendLine struct {
	text   string
	thumbs []plot.Thumbnailer
}

// newSideLegend returns an empty legend in the package's style, to the right
// of the data if right is true and above it otherwise. Add it to the plot
// last, after its entries are added.
func newSideLegend(right bool) *sideLegend {
	l := &sideLegend{Legend: plot.NewLegend(), right: right}
	l.TextStyle.Font = font.From(plot.DefaultFont, legendSize)
	l.TextStyle.Handler = newSupText()
	l.ThumbnailWidth = vg.Points(14)
	l.Padding = vg.Points(1.5)
	l.Top, l.Left = true, true
	return l
}

// Add adds an entry: text with its thumbnails, or a line of text that
// continues the entry before it when there are none.
func (l *sideLegend) Add(text string, thumbs ...plot.Thumbnailer) {
	l.Legend.Add(text, thumbs...)
	l.lines = append(l.lines, legendLine{text, thumbs})
}

// AddBeside adds an entry as Add does, to the legend beside or above the
// data only: a legend below a narrow figure leaves it out (its figure says
// the same in the plot).
func (l *sideLegend) AddBeside(text string, thumbs ...plot.Thumbnailer) {
	l.Legend.Add(text, thumbs...)
}

// AddKey adds a key of values: beside or above the data an entry per item,
// labelled line (the label an entry of the wider legend would have); under
// the plot one row, prefix and a swatch per item with its text inside, in
// place of a column of entries.
func (l *sideLegend) AddKey(prefix string, items []keyItem, lines []string) {
	for i, it := range items {
		l.Legend.Add(lines[i], swatch{it.color})
	}
	l.key = &valueKey{prefix: prefix, items: items}
}

// keyRows lays the key out in rows at most width wide: it returns, for
// each row, the index of its first item, the swatches' widths, the row
// height, and the prefix's width.
func (l *sideLegend) keyRows(plt *plot.Plot, width vg.Length) (starts []int, widths []vg.Length, h, pw vg.Length) {
	if l.key == nil {
		return nil, nil, 0, 0
	}
	sty := l.sized(plt).TextStyle
	h = 1.3 * sty.Font.Size
	pw = sty.Width(l.key.prefix) + vg.Points(3)
	x := pw
	for i, it := range l.key.items {
		w := max(h, sty.Width(it.text)+vg.Points(3))
		widths = append(widths, w)
		if i == 0 || x+w > width {
			starts = append(starts, i)
			x = pw
		}
		x += w + vg.Points(1)
	}
	return starts, widths, h, pw
}

// keyHeight is the height of the key under plt in a strip width wide, with
// the gap under it; 0 without a key.
func (l *sideLegend) keyHeight(plt *plot.Plot, width vg.Length) vg.Length {
	starts, _, h, _ := l.keyRows(plt, width)
	if len(starts) == 0 {
		return 0
	}
	return vg.Length(len(starts))*(h+vg.Points(1)) + vg.Points(3)
}

// drawKey draws the key in rows from the top of c.
func (l *sideLegend) drawKey(c draw.Canvas, plt *plot.Plot) {
	starts, widths, h, pw := l.keyRows(plt, c.Size().X)
	sty := l.sized(plt).TextStyle
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	y := c.Max.Y - h/2
	for r, first := range starts {
		end := len(l.key.items)
		if r+1 < len(starts) {
			end = starts[r+1]
		}
		if r == 0 {
			sty.Color = color.Black
			c.FillText(sty, vg.Point{X: c.Min.X, Y: y}, l.key.prefix)
		}
		x := c.Min.X + pw
		for i := first; i < end; i++ {
			it := l.key.items[i]
			box := vg.Rectangle{Min: vg.Point{X: x, Y: y - h/2}, Max: vg.Point{X: x + widths[i], Y: y + h/2}}
			c.SetColor(it.color)
			c.Fill(box.Path())
			c.SetLineStyle(draw.LineStyle{Color: edgeGrey, Width: vg.Points(0.4)})
			c.Stroke(box.Path())
			ts := sty
			ts.XAlign = draw.XCenter
			ts.Color = color.Black
			if luminance(it.color) < 0.45 {
				ts.Color = color.White
			}
			c.FillText(ts, vg.Point{X: x + widths[i]/2, Y: y}, it.text)
			x += widths[i] + vg.Points(1)
		}
		y -= h + vg.Points(1)
	}
}

// height is the height of the legend under plt in a strip width wide: its
// key and its columns.
func (l *sideLegend) height(plt *plot.Plot, width vg.Length) vg.Length {
	h := l.keyHeight(plt, width)
	if len(l.lines) > 0 {
		_, _, ch := l.columns(plt, width)
		h += ch
	}
	return h
}

// gap is the space between the data and the legend.
func (l *sideLegend) gap() vg.Length {
	if l.right {
		return vg.Points(10)
	}
	return vg.Points(5)
}

// sized returns the legend with its text at the size of plt's text, which
// Settings set when the figure is written.
func (l *sideLegend) sized(plt *plot.Plot) plot.Legend {
	leg := l.Legend
	leg.TextStyle.Font.Size = textSize(plt)
	return leg
}

// below reports whether the legend goes under plt, a figure being written
// narrower than NarrowWidth, and tells the writer so.
func (l *sideLegend) below(plt *plot.Plot) bool {
	st := drawStateOf(plt)
	if st == nil || st.s.Width >= NarrowWidth {
		return false
	}
	st.below = l
	return true
}

// GlyphBoxes implements plot.GlyphBoxer.
func (l *sideLegend) GlyphBoxes(plt *plot.Plot) []plot.GlyphBox {
	if l.below(plt) {
		return nil
	}
	leg := l.sized(plt)
	size := leg.Rectangle(draw.Canvas{}).Size()
	if size.X <= 0 {
		return nil
	}
	if l.right {
		return []plot.GlyphBox{{X: 1, Y: 0.5, Rectangle: vg.Rectangle{Max: vg.Point{X: size.X + l.gap()}}}}
	}
	return []plot.GlyphBox{{X: 0.5, Y: 1, Rectangle: vg.Rectangle{Max: vg.Point{Y: size.Y + l.gap()}}}}
}

// Plot implements plot.Plotter: it draws the legend in the room reserved
// beside c, the data canvas, or nothing when the legend goes below.
func (l *sideLegend) Plot(c draw.Canvas, plt *plot.Plot) {
	if l.below(plt) {
		return
	}
	leg := l.sized(plt)
	size := leg.Rectangle(draw.Canvas{}).Size()
	r := vg.Rectangle{
		Min: vg.Point{X: c.Min.X, Y: c.Max.Y + l.gap()},
		Max: vg.Point{X: c.Max.X, Y: c.Max.Y + l.gap() + size.Y},
	}
	if l.right {
		r = vg.Rectangle{
			Min: vg.Point{X: c.Max.X + l.gap(), Y: c.Min.Y},
			Max: vg.Point{X: c.Max.X + l.gap() + size.X, Y: c.Max.Y},
		}
	}
	leg.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: r})
}

// belowGap is the space between the x axis and a legend below the plot, and
// between its columns.
const belowGap = vg.Length(8)

// columns lays the legend out under plt in a strip width wide: groups of
// lines (an entry with its continuation lines, which stay together) filled
// down columns, in order, as few lines to a column as lets the columns'
// widths add up to at most width (one column when nothing fits). It returns
// one legend per column, their widths and the tallest column's height.
func (l *sideLegend) columns(plt *plot.Plot, width vg.Length) ([]plot.Legend, []vg.Length, vg.Length) {
	var groups [][]legendLine
	for _, ln := range l.lines {
		if len(ln.thumbs) == 0 && len(groups) > 0 && len(groups[len(groups)-1][0].thumbs) > 0 {
			groups[len(groups)-1] = append(groups[len(groups)-1], ln)
			continue
		}
		if len(ln.thumbs) == 0 && len(groups) > 0 && len(groups[len(groups)-1][0].thumbs) == 0 {
			groups[len(groups)-1] = append(groups[len(groups)-1], ln) // a header of several lines
			continue
		}
		groups = append(groups, []legendLine{ln})
	}
	base := l.sized(plt)
	// build fills columns of at most rows lines, a group never split
	// (a group longer than rows gets a column of its own).
	build := func(rows int) ([]plot.Legend, []vg.Length, vg.Length, vg.Length) {
		var legs []plot.Legend
		n := 0 // lines in the last column
		for _, g := range groups {
			if len(legs) == 0 || (n > 0 && n+len(g) > rows) {
				leg := plot.NewLegend()
				leg.TextStyle, leg.ThumbnailWidth, leg.Padding = base.TextStyle, base.ThumbnailWidth, base.Padding
				leg.Top, leg.Left = true, true
				legs = append(legs, leg)
				n = 0
			}
			for _, ln := range g {
				legs[len(legs)-1].Add(ln.text, ln.thumbs...)
			}
			n += len(g)
		}
		var widths []vg.Length
		var sum, height vg.Length
		for i, leg := range legs {
			sz := leg.Rectangle(draw.Canvas{}).Size()
			widths = append(widths, sz.X)
			sum += sz.X
			if i > 0 {
				sum += belowGap
			}
			height = max(height, sz.Y)
		}
		return legs, widths, sum, height
	}
	// The fewest rows whose columns fit the width: the lowest strip.
	for rows := 1; rows < len(l.lines); rows++ {
		legs, widths, sum, height := build(rows)
		if sum <= width {
			return legs, widths, height
		}
	}
	legs, widths, _, height := build(len(l.lines))
	return legs, widths, height
}

// drawBelow draws the legend in c, the strip under the plot, its columns
// side by side from the left.
func (l *sideLegend) drawBelow(c draw.Canvas, plt *plot.Plot) {
	if l.key != nil {
		l.drawKey(c, plt)
		c.Max.Y -= l.keyHeight(plt, c.Size().X)
	}
	if len(l.lines) == 0 {
		return
	}
	legs, widths, height := l.columns(plt, c.Size().X)
	x := c.Min.X
	for i, leg := range legs {
		r := vg.Rectangle{
			Min: vg.Point{X: x, Y: c.Max.Y - height},
			Max: vg.Point{X: x + widths[i], Y: c.Max.Y},
		}
		leg.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: r})
		x += widths[i] + belowGap
	}
}

// niceStep returns the smallest of 1, 2, 5, 10, 20, 50, ... that is >= x.
func niceStep(x float64) int {
	if x <= 1 {
		return 1
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if float64(m*p) >= x {
				return m * p
			}
		}
	}
}

// integerTicks returns major ticks at the multiples of a nice step, chosen
// for at most about n labels between min and max, with unlabelled minor ticks
// at the other integers when the range is short. label gives the text for a
// tick value.
func integerTicks(n int, label func(v int) string) plot.TickerFunc {
	return func(min, max float64) []plot.Tick {
		lo, hi := int(math.Ceil(min)), int(math.Floor(max))
		if hi < lo {
			return nil
		}
		step := niceStep(float64(hi-lo+1) / float64(n))
		minor := hi-lo <= 60
		var ticks []plot.Tick
		first := int(math.Ceil(float64(lo)/float64(step))) * step
		for v := first; v <= hi; v += step {
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: label(v)})
		}
		if minor && step > 1 {
			for v := lo; v <= hi; v++ {
				if v%step != 0 {
					ticks = append(ticks, plot.Tick{Value: float64(v)})
				}
			}
		}
		return ticks
	}
}
