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

// Colours. The qualitative set is Tableau 10, the sequential one samples
// viridis; both read well in print and for most colour-blind readers.
var (
	tableau10 = []color.Color{
		rgb(0x4E79A7), rgb(0xF28E2B), rgb(0xE15759), rgb(0x76B7B2), rgb(0x59A14F),
		rgb(0xEDC948), rgb(0xB07AA1), rgb(0xFF9DA7), rgb(0x9C755F), rgb(0xBAB0AC),
	}
	viridisStops = []color.RGBA{
		rgb(0x440154), rgb(0x482878), rgb(0x3E4A89), rgb(0x31688E), rgb(0x26828E),
		rgb(0x1F9E89), rgb(0x35B779), rgb(0x6DCD59), rgb(0xB4DE2C), rgb(0xFDE725),
	}
	dataBlue = rgb(0x1F5A99)
	fitRed   = rgb(0xC2372F)
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

// sideLegend is a legend drawn as a plotter beside the data (right) or above
// it, never over it. It reserves its room through plot.GlyphBoxer: the plot
// shrinks its data area to make space for a glyph box just outside it, and
// Plot draws the legend there, icons first, left-aligned. The plot's own
// Legend stays empty.
type sideLegend struct {
	plot.Legend
	right bool
}

// newSideLegend returns an empty legend in the package's style, to the right
// of the data if right is true and above it otherwise. Add it to the plot
// last, after its entries are added.
func newSideLegend(right bool) *sideLegend {
	l := &sideLegend{Legend: plot.NewLegend(), right: right}
	l.TextStyle.Font = font.From(plot.DefaultFont, legendSize)
	l.ThumbnailWidth = vg.Points(14)
	l.Padding = vg.Points(1.5)
	l.Top, l.Left = true, true
	return l
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

// GlyphBoxes implements plot.GlyphBoxer.
func (l *sideLegend) GlyphBoxes(plt *plot.Plot) []plot.GlyphBox {
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
// beside c, the data canvas.
func (l *sideLegend) Plot(c draw.Canvas, plt *plot.Plot) {
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
