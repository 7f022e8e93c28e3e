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
)

// How GrundyScatter reduces long sequences.
const (
	// ScatterLimit is the longest sequence GrundyScatter draws point by
	// point.
	ScatterLimit = 5000
	// ScatterBuckets is the most buckets of consecutive n a longer
	// sequence is cut into, each drawn as its range of values and its mean.
	ScatterBuckets = 2000
)

// GrundyScatter plots the Grundy value g(n) = values[n] against n.
//
// Up to ScatterLimit values, every point is drawn. Beyond that, n is cut into
// buckets of a round width (1, 2, 5, 10, 20, 50, ... values, at most
// ScatterBuckets of them) and the figure shows, for each bucket, the range
// from its smallest to its largest value as a shaded band and its mean as a
// line; the legend names the bucket width, e.g. "min to max per bucket of
// 100 n". Either way the SVG output stays small.
//
// It returns an error if values is empty.
func GrundyScatter(title, xLabel string, values []int32) (*plot.Plot, error) {
	if len(values) == 0 {
		return nil, errors.New("plots: GrundyScatter: no values")
	}
	p := newPlot(title, xLabel, "Grundy value g(n)")
	addGrid(p)
	top := float64(slices.Max(values))
	if len(values) <= ScatterLimit {
		p.Add(&dots{values: values, radius: dotRadius(len(values)), color: dataBlue})
	} else {
		width := niceStep(float64(len(values)) / ScatterBuckets)
		band, mean := buckets(values, width)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, fmt.Errorf("plots: GrundyScatter: %w", err)
		}
		poly.Color = dataLight
		poly.LineStyle.Width = 0
		line, err := plotter.NewLine(mean)
		if err != nil {
			return nil, fmt.Errorf("plots: GrundyScatter: %w", err)
		}
		line.Color = dataBlue
		line.Width = vg.Points(1)
		p.Add(poly, chunkedLine{line})
		leg := newSideLegend(false)
		leg.Add(fmt.Sprintf("min to max per bucket of %d n", width), poly)
		leg.Add(fmt.Sprintf("mean per bucket of %d n", width), line)
		p.Add(leg)
	}
	p.X.Min, p.X.Max = 0, float64(len(values)-1)
	p.Y.Min, p.Y.Max = 0, max(top, 1)
	p.X.Tick.Marker = integerTicks(8, func(v int) string { return fmt.Sprint(v) })
	p.Y.Tick.Marker = integerTicks(12, func(v int) string { return fmt.Sprint(v) })
	return p, nil
}

// dotRadius shrinks points as they get denser.
func dotRadius(n int) vg.Length {
	switch {
	case n <= 2000:
		return vg.Points(1.3)
	case n <= 8000:
		return vg.Points(0.9)
	default:
		return vg.Points(0.6)
	}
}

// buckets cuts values into buckets of width consecutive n (a last bucket
// shorter than width/2 joins the one before) and returns the outline of the
// min-max band (upper edge left to right, then lower edge back) and the mean
// of each bucket, both at the bucket's middle n.
func buckets(values []int32, width int) (band, mean plotter.XYs) {
	var lower plotter.XYs
	for start := 0; start < len(values); start += width {
		end := min(start+width, len(values))
		if len(values)-end < width/2 {
			end = len(values)
		}
		b := values[start:end]
		lo, hi, sum := b[0], b[0], 0.0
		for _, v := range b {
			lo, hi = min(lo, v), max(hi, v)
			sum += float64(v)
		}
		x := float64(start) + float64(len(b)-1)/2
		band = append(band, plotter.XY{X: x, Y: float64(hi)})
		lower = append(lower, plotter.XY{X: x, Y: float64(lo)})
		mean = append(mean, plotter.XY{X: x, Y: sum / float64(len(b))})
		if end == len(values) {
			break
		}
	}
	for i := len(lower) - 1; i >= 0; i-- {
		band = append(band, lower[i])
	}
	return band, mean
}

// dots draws (n, values[n]) as filled circles, all in one path so that an
// SVG holds one element rather than one per point.
type dots struct {
	values []int32
	radius vg.Length
	color  color.Color
}

// DataRange implements plot.DataRanger.
func (d *dots) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(len(d.values) - 1), float64(slices.Min(d.values)), float64(slices.Max(d.values))
}

// Plot implements plot.Plotter.
func (d *dots) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	var path vg.Path
	for n, v := range d.values {
		x, y := trX(float64(n)), trY(float64(v))
		path.Move(vg.Point{X: x + d.radius, Y: y})
		path.Arc(vg.Point{X: x, Y: y}, d.radius, 0, 2*math.Pi)
		path.Close()
	}
	c.SetColor(d.color)
	c.Fill(path)
}

// chunkedLine strokes a long polyline in short pieces. The rasterizer behind
// PNG output slows down sharply with the number of cells one stroke covers
// (a 2000-point jagged mean line took over a second as one stroke); drawn in
// pieces that meet end to end, it looks the same and takes milliseconds.
type chunkedLine struct{ *plotter.Line }

// chunkSegments is how many segments one stroke of a chunkedLine holds.
const chunkSegments = 64

// Plot implements plot.Plotter.
func (l chunkedLine) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	pts := make([]vg.Point, len(l.XYs))
	for i, xy := range l.XYs {
		pts[i] = vg.Point{X: trX(xy.X), Y: trY(xy.Y)}
	}
	for start := 0; start < len(pts)-1; start += chunkSegments {
		c.StrokeLines(l.LineStyle, c.ClipLinesXY(pts[start:min(len(pts), start+chunkSegments+1)])...)
	}
}
