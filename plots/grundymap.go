package plots

import (
	"fmt"
	"image"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GrundyMapCells is the most cells a side GrundyHeatmap draws as a grid of
// rectangles (with their values written in when there are at most 16 a
// side); a larger table is drawn as one raster image.
const GrundyMapCells = 64

// grundyMapPixels is the least width of GrundyHeatmap's raster image: a
// smaller table has each cell repeated over a square of pixels, so that the
// bilinear scaling of the PNG renderer blurs only the cells' edges; a
// larger one is sampled down to it, one pixel a cell at the most.
const grundyMapPixels = 1024

// zeroMark is the colour of the cells of value 0 in GrundyHeatmap.
var zeroMark = rgb(0xD55E00) // Okabe-Ito vermillion: no viridis colour is near it

// GrundyHeatmap maps the Grundy values of a game of two heaps, such as
// Wythoff's game: cell (a, b), for heaps a (across) and b (up) of 0..max,
// is coloured by value(a, b) on a sequential scale (viridis, one colour a
// value up to 10 values and otherwise in at most 10 bands of equal width,
// named in the legend beside the map), and the cells of value 0, where the
// player to move loses, are marked in red over it, so that they show
// however many cells there are.
//
// Up to GrundyMapCells cells a side are drawn as rectangles, labelled with
// their values up to 16 a side. A larger table is drawn as one raster
// image, at least 1024 pixels a side: a cell per pixel, each repeated over
// a square of pixels when there are fewer cells, and sampled down to 1024
// pixels (the cell at each pixel's lower left corner) when there are more;
// the zeros are marked from every cell, sampled or not. value is called
// (max+1)^2 times.
//
// The map is drawn square, with equal units across and up, whatever the
// figure's size.
//
// It returns an error if max < 0 or value returns a negative number,
// naming the cell.
func GrundyHeatmap(title string, max int, value func(a, b int) int32) (*plot.Plot, error) {
	if max < 0 {
		return nil, fmt.Errorf("plots: GrundyHeatmap: need max >= 0, got %d", max)
	}
	side := max + 1
	var top int32
	var zeros plotter.XYs
	for a := range side {
		for b := range side {
			v := value(a, b)
			if v < 0 {
				return nil, fmt.Errorf("plots: GrundyHeatmap: value(%d, %d) = %d, want a Grundy value >= 0", a, b, v)
			}
			top = maxInt32(top, v)
			if v == 0 {
				zeros = append(zeros, plotter.XY{X: float64(a), Y: float64(b)})
			}
		}
	}
	colorOf, entries := valueColors([]int32{0, top}, true, "")
	p := newPlot(title, "heap a", "heap b")
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Scale, p.Y.Scale = squareScale{}, squareScale{} // a square drawn square
	if side <= GrundyMapCells {
		g := &cellGrid{
			cols: side, rows: side,
			class: func(a, b int) int {
				if v := value(a, b); v != 0 {
					return colorOf(v)
				}
				return len(entries) // the zero mark
			},
		}
		for _, e := range entries {
			g.colors = append(g.colors, e.color)
		}
		g.colors = append(g.colors, zeroMark)
		if side <= 16 {
			g.label = func(a, b int) string { return fmt.Sprint(value(a, b)) }
			g.labelFont = font.From(plot.DefaultFont, 9)
		}
		p.Add(g)
	} else {
		p.Add(plotter.NewImage(grundyRaster(side, value, func(v int32) color.Color { return entries[colorOf(v)].color }),
			-0.5, -0.5, float64(side)-0.5, float64(side)-0.5))
		// A mark a cell wide, at least a third of a point across so that a
		// zero shows when cells are smaller than the pixels.
		s, err := plotter.NewScatter(zeros)
		if err != nil {
			return nil, fmt.Errorf("plots: GrundyHeatmap: %w", err)
		}
		s.GlyphStyle = draw.GlyphStyle{Color: zeroMark, Shape: cellGlyph{cells: float64(side)}, Radius: vg.Points(0.4)}
		p.Add(s)
	}
	leg := newSideLegend(true)
	leg.Add("g(a, b)")
	for _, e := range entries {
		label := e.label
		switch {
		case e.first == 0 && e.last == 0:
			continue // every 0 is marked
		case e.first == 0 && e.last == 1:
			label = "1"
		case e.first == 0:
			label = fmt.Sprintf("1 to %d", e.last)
		}
		leg.Add(label, swatch{e.color})
	}
	leg.Add("0: the player to move loses", swatch{zeroMark})
	p.Add(leg)
	ticks := integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks, ticks
	return p, nil
}

func maxInt32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}

// grundyRaster draws the table as an image at least grundyMapPixels wide
// (see GrundyHeatmap), row 0 of the image being the top row b = side-1.
func grundyRaster(side int, value func(a, b int) int32, colorOf func(int32) color.Color) *image.RGBA {
	px := side
	if side < grundyMapPixels {
		px = side * ((grundyMapPixels + side - 1) / side)
	} else if side > grundyMapPixels {
		px = grundyMapPixels
	}
	img := image.NewRGBA(image.Rect(0, 0, px, px))
	cell := func(i int) int { return i * side / px } // the cell at pixel i
	for j := range px {
		b := cell(px - 1 - j)
		for i := range px {
			img.Set(i, j, colorOf(value(cell(i), b)))
		}
	}
	return img
}

// cellGlyph is a square mark the size of one cell of a map of cells cells
// a side, or of the glyph's radius when that is larger.
type cellGlyph struct{ cells float64 }

// DrawGlyph implements draw.GlyphDrawer.
func (g cellGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	half := max(sty.Radius, (c.Max.X-c.Min.X)/vg.Length(2*g.cells))
	r := vg.Rectangle{Min: vg.Point{X: pt.X - half, Y: pt.Y - half}, Max: vg.Point{X: pt.X + half, Y: pt.Y + half}}
	c.SetColor(sty.Color)
	c.Fill(r.Path())
}
