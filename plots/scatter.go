package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// How GrundyScatter reduces long sequences.
const (
	// ScatterLimit is the longest sequence GrundyScatter draws point by
	// point.
	ScatterLimit = 5000
	// ScatterBuckets is the most buckets of consecutive n a longer
	// sequence is cut into, each a column of the value-frequency map.
	ScatterBuckets = 200
	// ValueRows is the most rows of values the map has; above it, values
	// are grouped in bins of a round width.
	ValueRows = 100
)

// GrundyScatter plots the Grundy value g(n) = values[n] against n.
//
// Up to ScatterLimit values, every point is drawn. Beyond that, a scatter
// would be an ink blot and a band from each bucket's least to largest value
// hides what matters (take-a-square's band reaches 0 in nearly every bucket,
// though 0 is rare; Kayles' band is a solid block), so the figure is a
// value-frequency map instead: n is cut into at most ScatterBuckets buckets
// of a round width (1, 2, 5, 10, 20, 50, ... values), and the cell of bucket
// b and value v is coloured by the share of the n in b with g(n) = v, on a
// logarithmic scale of nine classes from under 0.2% to over 50%; a value that
// never occurs in the bucket leaves its cell white. Periodic sequences show
// as horizontal stripes of constant share, growing ones as a rising cloud
// whose top edge is the largest value so far, and rare values (such as
// take-a-square's losing positions, g = 0) stay visible as pale cells. The
// legend names the bucket width. Either way the SVG output stays small.
//
// It returns an error if values is empty.
func GrundyScatter(title, xLabel string, values []int32) (*plot.Plot, error) {
	return GrundyWindow(title, xLabel, values, 0, 0)
}

// GrundyWindow is GrundyScatter over a window of n: values[i] = g(first+i),
// drawn against n from first to first+len(values)-1. When the sequence has
// a known period (period > 0, proven or a candidate), the buckets of the
// value-frequency map are a whole number of periods wide, the smallest
// multiple of the period at least as wide as GrundyScatter's round width, so
// that every bucket holds each residue equally often and a periodic
// sequence shows no false stripes (0.137's period 34 makes buckets of 68,
// not 50); a period longer than a tenth of the window keeps the round
// width.
//
// It returns an error if values is empty or first < 0.
func GrundyWindow(title, xLabel string, values []int32, first, period int) (*plot.Plot, error) {
	if len(values) == 0 {
		return nil, errors.New("plots: GrundyScatter: no values")
	}
	if first < 0 {
		return nil, fmt.Errorf("plots: GrundyWindow: first n %d, want >= 0", first)
	}
	p := newPlot(title, xLabel, "Grundy value g(n)")
	top := float64(slices.Max(values))
	if len(values) <= ScatterLimit {
		addGrid(p)
		p.Add(&dots{values: values, first: first, radius: dotRadius(len(values)), color: dataBlue})
		p.X.Min, p.X.Max = float64(first), float64(first+len(values)-1)
		p.Y.Min, p.Y.Max = 0, max(top, 1)
		p.X.Tick.Marker = integerTicks(8, func(v int) string { return fmt.Sprint(v) })
		p.Y.Tick.Marker = integerTicks(12, func(v int) string { return fmt.Sprint(v) })
		return p, nil
	}
	width := bucketWidth(len(values), period)
	vbin := niceStep((top + 1) / ValueRows)
	f := countValues(values, width, vbin)
	grid := &cellGrid{cols: len(f.counts), rows: f.rows, class: func(b, r int) int {
		c := f.counts[b][r]
		if c == 0 {
			return -1
		}
		return shareClass(float64(c) / float64(f.sizes[b]))
	}}
	for i := range shareClasses {
		grid.colors = append(grid.colors, shareColor(i))
	}
	p.Add(grid)
	leg := newSideLegend(true)
	leg.Add(fmt.Sprintf("share of the %d n", width))
	leg.Add("in a bucket with")
	if vbin == 1 {
		leg.Add("this value g(n)")
	} else {
		leg.Add(fmt.Sprintf("g(n) in this bin of %d", vbin))
	}
	for i, c := range shareClasses {
		leg.Add(c.label, swatch{shareColor(i)})
	}
	leg.Add("none: white")
	p.Add(leg)
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Min, p.X.Max = -0.5, float64(len(f.counts))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(f.rows)-0.5
	p.X.Tick.Marker = integerTicks(8, func(v int) string { return fmt.Sprint(first + v*width) })
	// The ticker works in rows; label each with the value (the bin's
	// least value) it holds.
	p.Y.Tick.Marker = integerTicks(12, func(v int) string { return fmt.Sprint(v * vbin) })
	if vbin == 1 {
		p.Y.Label.Text = "Grundy value g(n)"
	} else {
		p.Y.Label.Text = fmt.Sprintf("Grundy value g(n), bins of %d", vbin)
	}
	return p, nil
}

// bucketWidth is the width of the buckets of n of the value-frequency map
// of count values: a round width (1, 2, 5, 10, ...) giving at most
// ScatterBuckets buckets, or, for a sequence of period period > 0 at most a
// tenth of count, the least multiple of the period at least that wide.
func bucketWidth(count, period int) int {
	w := niceStep(float64(count) / ScatterBuckets)
	if period > 0 && period <= count/10 {
		w = (w + period - 1) / period * period
	}
	return w
}

// frequencies counts a sequence's values per bucket of n.
type frequencies struct {
	// counts[b][r] is how many n in bucket b have g(n) div vbin == r.
	counts [][]int32
	// sizes[b] is how many n bucket b holds.
	sizes []int
	// rows is the number of value rows: max(g) div vbin + 1.
	rows int
}

// countValues cuts values into buckets of width consecutive n (a last bucket
// shorter than width/2 joins the one before) and counts the values in bins
// of vbin in each.
func countValues(values []int32, width, vbin int) frequencies {
	f := frequencies{rows: int(max(slices.Max(values), 0))/vbin + 1}
	for start := 0; start < len(values); start += width {
		end := min(start+width, len(values))
		if len(values)-end < width/2 {
			end = len(values)
		}
		c := make([]int32, f.rows)
		for _, v := range values[start:end] {
			c[int(max(v, 0))/vbin]++
		}
		f.counts = append(f.counts, c)
		f.sizes = append(f.sizes, end-start)
		if end == len(values) {
			break
		}
	}
	return f
}

// shareClasses are the classes of the value-frequency map: a share s falls
// in the last class whose lower bound is <= s. The bounds step 1, 2, 5, 10,
// so a value that is ten times rarer is three classes lighter.
var shareClasses = []struct {
	lower float64
	label string
}{
	{0, "under 0.2%"},
	{0.002, "0.2% to 0.5%"},
	{0.005, "0.5% to 1%"},
	{0.01, "1% to 2%"},
	{0.02, "2% to 5%"},
	{0.05, "5% to 10%"},
	{0.1, "10% to 20%"},
	{0.2, "20% to 50%"},
	{0.5, "50% or more"},
}

// shareClass returns the class of share s in (0, 1].
func shareClass(s float64) int {
	k := 0
	for i, c := range shareClasses {
		if s >= c.lower {
			k = i
		}
	}
	return k
}

// shareColor is the colour of class i: viridis from its light end (rare)
// to its dark end (common), so that common values read as dark ink on white.
func shareColor(i int) color.Color {
	return viridis(0.95 - 0.95*float64(i)/float64(len(shareClasses)-1))
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

// dots draws (first+i, values[i]) as filled circles, all in one path so that an
// SVG holds one element rather than one per point.
type dots struct {
	values []int32
	first  int // n of values[0]
	radius vg.Length
	color  color.Color
}

// DataRange implements plot.DataRanger.
func (d *dots) DataRange() (xmin, xmax, ymin, ymax float64) {
	return float64(d.first), float64(d.first + len(d.values) - 1), float64(slices.Min(d.values)), float64(slices.Max(d.values))
}

// Plot implements plot.Plotter.
func (d *dots) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	var path vg.Path
	for n, v := range d.values {
		x, y := trX(float64(d.first+n)), trY(float64(v))
		path.Move(vg.Point{X: x + d.radius, Y: y})
		path.Arc(vg.Point{X: x, Y: y}, d.radius, 0, 2*math.Pi)
		path.Close()
	}
	c.SetColor(d.color)
	c.Fill(path)
}
