package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// cellGrid is a plotter for a grid of coloured cells: cell (col, row) is the
// unit square centred on (x0+col, y0+row), filled with colors[class(col,
// row)], or left empty when class is negative. Neighbouring cells of the same
// class are drawn as one rectangle (runs along a row, then identical runs down
// consecutive rows), so a periodic raster or a large outcome map costs a few
// hundred rectangles instead of one per cell in SVG.
type cellGrid struct {
	cols, rows int
	x0, y0     float64
	class      func(col, row int) int
	colors     []color.Color

	// label, if set, gives text written at the centre of each cell in a
	// colour that contrasts with the cell's, in labelFont's typeface at the
	// plot's text size.
	label     func(col, row int) string
	labelFont font.Font
}

// rect is a merged block of cells [c0, c1) x [r0, r1) of one class.
type rect struct {
	c0, c1, r0, r1, class int
}

// rects returns the merged rectangles in a deterministic order.
func (g *cellGrid) rects() []rect {
	type key struct{ c0, c1, class int }
	var out []rect
	var prev []rect
	for r := 0; r <= g.rows; r++ {
		var cur []rect
		if r < g.rows {
			for c := 0; c < g.cols; {
				k := g.class(c, r)
				e := c + 1
				for e < g.cols && g.class(e, r) == k {
					e++
				}
				if k >= 0 {
					cur = append(cur, rect{c0: c, c1: e, r0: r, r1: r + 1, class: k})
				}
				c = e
			}
		}
		open := make(map[key]int, len(prev))
		for i, p := range prev {
			open[key{p.c0, p.c1, p.class}] = i
		}
		continued := make([]bool, len(prev))
		for i, q := range cur {
			if j, ok := open[key{q.c0, q.c1, q.class}]; ok {
				cur[i].r0 = prev[j].r0
				continued[j] = true
			}
		}
		for j, p := range prev {
			if !continued[j] {
				p.r1 = r
				out = append(out, p)
			}
		}
		prev = cur
	}
	return out
}

// DataRange implements plot.DataRanger.
func (g *cellGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	return g.x0 - 0.5, g.x0 + float64(g.cols) - 0.5, g.y0 - 0.5, g.y0 + float64(g.rows) - 0.5
}

// Plot implements plot.Plotter.
func (g *cellGrid) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	// Each rectangle is drawn a hair larger than its cells so that
	// anti-aliased edges of neighbours overlap instead of letting the
	// background show through as a faint seam.
	eps := vg.Points(0.15)
	for _, q := range g.rects() {
		xa, xb := trX(g.x0+float64(q.c0)-0.5), trX(g.x0+float64(q.c1)-0.5)
		ya, yb := trY(g.y0+float64(q.r0)-0.5), trY(g.y0+float64(q.r1)-0.5)
		r := vg.Rectangle{
			Min: vg.Point{X: min(xa, xb) - eps, Y: min(ya, yb) - eps},
			Max: vg.Point{X: max(xa, xb) + eps, Y: max(ya, yb) + eps},
		}
		c.SetColor(g.colors[q.class])
		c.Fill(r.Path())
	}
	if g.label == nil {
		return
	}
	f := g.labelFont
	f.Size = g.labelSize(plt, trX, trY)
	if f.Size == 0 {
		return
	}
	sty := text.Style{
		Font:    f,
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
		Handler: plt.TextHandler,
	}
	for r := 0; r < g.rows; r++ {
		for col := 0; col < g.cols; col++ {
			k := g.class(col, r)
			if k < 0 {
				continue
			}
			s := g.label(col, r)
			if s == "" {
				continue
			}
			sty.Color = color.Black
			if luminance(g.colors[k]) < 0.45 {
				sty.Color = color.White
			}
			pt := vg.Point{X: trX(g.x0 + float64(col)), Y: trY(g.y0 + float64(r))}
			c.FillText(sty, pt, s)
		}
	}
}

// MinLabelSize is the smallest text a cell's label is written in: cells too
// small for it carry no label.
const MinLabelSize = vg.Length(4)

// labelSize is the size of the cells' labels: the plot's text size, or less
// so that the widest label fills at most 80% of a cell's width and its
// height at most 85% of a cell's height (the cell size in points, from the
// data transforms); 0 when that is under MinLabelSize.
func (g *cellGrid) labelSize(plt *plot.Plot, trX, trY func(float64) vg.Length) vg.Length {
	cw := vg.Length(math.Abs(float64(trX(g.x0+1) - trX(g.x0))))
	ch := vg.Length(math.Abs(float64(trY(g.y0+1) - trY(g.y0))))
	f := g.labelFont
	f.Size = textSize(plt)
	sty := text.Style{Font: f, Handler: plt.TextHandler}
	var widest vg.Length
	seen := map[string]bool{}
	for r := 0; r < g.rows; r++ {
		for col := 0; col < g.cols; col++ {
			if g.class(col, r) < 0 {
				continue
			}
			s := g.label(col, r)
			if s == "" || seen[s] {
				continue
			}
			seen[s] = true
			widest = max(widest, sty.Width(s))
		}
	}
	size := min(f.Size, 0.85*ch)
	if widest > 0 {
		size = min(size, f.Size*0.8*cw/widest)
	}
	if size < MinLabelSize {
		return 0
	}
	return size
}
