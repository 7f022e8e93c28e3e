package census

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"math/bits"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// figure is one census figure: its file name (without extension) and how to
// draw it.
type figure struct {
	name string
	draw func() (*plot.Plot, error)
}

// point is what the figures read of one game: the row of its census table
// (the figures are drawn from the rows alone, so that tabulate plot draws
// them again from the table, Redraw).
type point struct {
	name      string // as the table writes it
	size      int    // digits after the point, or elements of a set
	largest   int    // a set's largest element (subtraction); 0 otherwise
	found     bool   // a period was found
	proven    bool
	period    int64
	preperiod int64
	values    int64 // values computed: the proof's checkpoint when proven
	class     string
	behaviour string
}

// pointsOf returns the points of a family's rows.
func pointsOf(rows []Row) []point {
	pts := make([]point, len(rows))
	for i, row := range rows {
		r := row.Record
		pts[i] = point{name: row.Game.Name(), size: row.Game.size, found: r.Found, proven: r.Proven,
			period: r.Period, preperiod: r.Preperiod, values: r.Values, class: row.Class, behaviour: Behaviour(r)}
		if kindOf(row.Game.Table()).column.Type == output.Int32List {
			for _, f := range strings.Split(strings.TrimPrefix(row.Game.rules, allButPrefix), ",") {
				x, _ := strconv.Atoi(f)
				pts[i].largest = max(pts[i].largest, x)
			}
		}
	}
	return pts
}

// figures returns the figures of a family's points: period against
// preperiod of the proven games (period against the largest element for
// subtraction sets, whose preperiods are mostly 0), the share proven by the
// number of values, and a histogram of the proven periods.
func figures(k kind, pts []point) []figure {
	scatter := func() (*plot.Plot, error) { return periodPreperiod(k.what, pts) }
	if k.column.Type == output.Int32List {
		scatter = func() (*plot.Plot, error) { return periodLargest(k.what, pts) }
	}
	fs := []figure{
		{k.name + "-period-preperiod", scatter},
		{k.name + "-proven-share", func() (*plot.Plot, error) { return provenShare(k, pts) }},
		{k.name + "-period-histogram", func() (*plot.Plot, error) { return periodHistogram(k.what, pts) }},
	}
	if k.behaviour {
		fs = append(fs, figure{k.name + "-behaviour", func() (*plot.Plot, error) { return behaviours(k.what, pts) }})
	}
	return fs
}

// behaviours counts the games and the classes of each behaviour
// (Behaviour), side by side.
func behaviours(what string, pts []point) (*plot.Plot, error) {
	order := []string{PeriodicProven, PeriodicCandidate, ArithmeticProven, ArithmeticCandidate, Neither}
	// Labels narrow enough for five side by side in a journal column
	// (8.5 cm), the x label naming the abbreviations.
	short := map[string]string{PeriodicProven: "periodic,\nproven", PeriodicCandidate: "periodic,\ncandidate",
		ArithmeticProven: "arithm.,\nproven", ArithmeticCandidate: "arithm.,\ncandidate", Neither: "neither"}
	games, classes := map[string]int{}, map[string]map[string]bool{}
	for _, r := range pts {
		b := r.behaviour
		games[b]++
		if classes[b] == nil {
			classes[b] = map[string]bool{}
		}
		classes[b][r.class] = true
	}
	var gv, cv plotter.Values
	var labels []string
	for _, b := range order {
		gv, cv = append(gv, float64(games[b])), append(cv, float64(len(classes[b])))
		labels = append(labels, fmt.Sprintf("%s\n%d/%d", short[b], games[b], len(classes[b])))
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: behaviours", what)
	p.X.Label.Text = "behaviour up to the bound (games/classes)"
	p.Y.Label.Text = "games (dark), classes (light)"
	p.Y.Tick.Marker = countTicks{}
	// Two bars of 14 pt a behaviour leave a gap between behaviours in the
	// 40 pt each has at 8.5 cm.
	w := vg.Points(14)
	gb, err := plotter.NewBarChart(gv, w)
	if err != nil {
		return nil, err
	}
	cb, err := plotter.NewBarChart(cv, w)
	if err != nil {
		return nil, err
	}
	gb.Color, gb.LineStyle.Width, gb.Offset = barColor, 0, -w/2
	cb.Color, cb.LineStyle.Width, cb.Offset = lightColor, 0, w/2
	p.Add(plotter.NewGrid(), gb, cb)
	p.NominalX(labels...)
	p.Y.Min, p.Y.Max = 0, 1.1*max(slices.Max(gv), 1)
	return p, nil
}

// lightColor is a lighter shade of barColor.
var lightColor = color.RGBA{R: 0x8F, G: 0xB4, B: 0xDC, A: 0xFF}

// spot is the games of a scatter figure at one point.
type spot struct {
	x, y  float64
	names []string // in table order
}

// spots groups the proven games by (x, y), in the order of their first game.
func spots(pts []point, xy func(point) (float64, float64)) []*spot {
	var out []*spot
	at := map[[2]float64]*spot{}
	for _, r := range pts {
		if !r.proven {
			continue
		}
		x, y := xy(r)
		s := at[[2]float64{x, y}]
		if s == nil {
			s = &spot{x: x, y: y}
			at[[2]float64{x, y}] = s
			out = append(out, s)
		}
		s.names = append(s.names, r.name)
	}
	return out
}

// maxLabels is how many outliers a scatter labels at most.
const maxLabels = 6

// outliers returns the spots to label: those farthest from the bulk (the
// median of the spots weighted by their games) on the axes' scale, each at
// least 4 times away on log axes (whose spots are at log10 of the values),
// the farthest first, at most maxLabels.
//
// On linear axes (subtraction sets: period against largest element, a
// cloud without a bulk to stand out from) they are instead the spots of
// the three largest periods, which a reader looks for.
func outliers(ss []*spot, logScale bool) []*spot {
	if len(ss) < 2 {
		return nil
	}
	if !logScale {
		var ys []float64
		for _, s := range ss {
			if !slices.Contains(ys, s.y) {
				ys = append(ys, s.y)
			}
		}
		slices.Sort(ys)
		cut := ys[max(0, len(ys)-3)]
		var out []*spot
		for _, s := range ss {
			if s.y >= cut {
				out = append(out, s)
			}
		}
		slices.SortStableFunc(out, func(a, b *spot) int { return cmp.Compare(b.y, a.y) })
		return out[:min(len(out), maxLabels)]
	}
	var xs, ys []float64
	for _, s := range ss {
		for range s.names {
			xs, ys = append(xs, s.x), append(ys, s.y)
		}
	}
	mx, my := median(xs), median(ys)
	sx, sy := math.Log10(4), math.Log10(4)
	type far struct {
		s *spot
		d float64
	}
	var fs []far
	for _, s := range ss {
		d := max(math.Abs(s.x-mx)/sx, math.Abs(s.y-my)/sy)
		if d >= 1 {
			fs = append(fs, far{s, d})
		}
	}
	slices.SortStableFunc(fs, func(a, b far) int { return cmp.Compare(b.d, a.d) })
	var out []*spot
	for _, f := range fs[:min(len(fs), maxLabels)] {
		out = append(out, f.s)
	}
	return out
}

// median returns the median of v (the lower one of an even count).
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// spotRadius is a marker's radius for n games: its area grows as n.
func spotRadius(n int) vg.Length { return vg.Points(1.6 * math.Sqrt(float64(n))) }

// label names a spot's games: its first game, and how many more.
func label(s *spot) string {
	if len(s.names) == 1 {
		return s.names[0]
	}
	return fmt.Sprintf("%s (+%d)", s.names[0], len(s.names)-1)
}

// scatterOf draws the spots with their size by count, a legend of sizes
// and the outliers labelled.
func scatterOf(p *plot.Plot, ss []*spot, logScale bool) error {
	if len(ss) == 0 {
		ss = []*spot{{x: 1, y: 1}} // an empty plot still needs a range; drawn as nothing
	}
	p.Add(plotter.NewGrid())
	most := 0
	for _, s := range ss {
		xy := plotter.XYs{{X: s.x, Y: s.y}}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		sc.GlyphStyle.Color = spotColor
		sc.GlyphStyle.Radius = spotRadius(len(s.names))
		if len(s.names) == 0 {
			sc.GlyphStyle.Radius = 0
		}
		p.Add(sc)
		most = max(most, len(s.names))
	}
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		xmin, xmax, ymin, ymax = min(xmin, s.x), max(xmax, s.x), min(ymin, s.y), max(ymax, s.y)
	}
	if logScale {
		// Room around the points, and to the right for the labels: a
		// factor of 1.5 below, 4 and 2.5 above.
		p.X.Min, p.X.Max = xmin-math.Log10(1.5), xmax+math.Log10(4)
		p.Y.Min, p.Y.Max = ymin-math.Log10(1.5), ymax+math.Log10(2.5)
	} else {
		p.X.Min, p.X.Max = math.Max(0, xmin-1), xmax+0.25*(xmax-xmin+4)
		p.Y.Min, p.Y.Max = 0, ymax*1.25+1
	}
	p.Add(spotLabels{spots: outliers(ss, logScale), all: ss})
	// The legend of sizes: 1, 10, 100, ... games below the largest spot,
	// and the largest.
	var sizes []int
	for n := 1; n < most; n *= 10 {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, max(most, 1))
	// The legend goes beside the plot, or under it in a narrow figure,
	// never over the points.
	leg := plots.NewLegend()
	for _, n := range sizes {
		sc, err := plotter.NewScatter(plotter.XYs{{X: ss[0].x, Y: ss[0].y}})
		if err != nil {
			return err
		}
		sc.GlyphStyle.Shape, sc.GlyphStyle.Color, sc.GlyphStyle.Radius = draw.CircleGlyph{}, spotColor, spotRadius(n)
		word := "games"
		if n == 1 {
			word = "game"
		}
		leg.Add(fmt.Sprintf("%d %s", n, word), sc)
	}
	// Entries are spaced by the font unless told: the largest circles
	// would overlap their neighbours. Each row is as tall, and each
	// thumbnail as wide, as the largest circle.
	largest := 2 * spotRadius(max(most, 1))
	leg.Padding = max(largest-leg.TextStyle.Font.Size, 0) + vg.Points(2)
	leg.ThumbnailWidth = largest + vg.Points(2)
	p.Add(leg)
	return nil
}

// spotLabels labels spots with their games (label), in order (the
// farthest outliers first): each to the right of its marker or, when that
// would cover a marker or a label already placed or leave the data area,
// to its left; a spot whose label fits neither way stays unlabelled. It
// places them when the figure is drawn, from the text's width in the
// figure's font (its tick label size, which the settings set) and the
// markers' places on the canvas, so that the labels stay clear at any
// size, a journal column's 8.5 cm as well as 16 cm.
type spotLabels struct {
	spots []*spot // to label, in order
	all   []*spot // every marker, to keep clear of
}

// labelGap is the space between a marker and its label.
const labelGap = vg.Length(3)

// Plot implements plot.Plotter.
func (l spotLabels) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	sty := plt.X.Tick.Label
	sty.Rotation, sty.XAlign, sty.YAlign = 0, draw.XLeft, draw.YCenter
	h := sty.Font.Size
	around := func(s *spot, pad vg.Length) (vg.Length, vg.Length, vg.Length) {
		return trX(s.x), trY(s.y), spotRadius(len(s.names)) + pad
	}
	var taken []vg.Rectangle
	for _, s := range l.all {
		x, y, r := around(s, 0)
		taken = append(taken, vg.Rectangle{Min: vg.Point{X: x - r, Y: y - r}, Max: vg.Point{X: x + r, Y: y + r}})
	}
	free := func(b vg.Rectangle) bool {
		if b.Min.X < c.Min.X || b.Max.X > c.Max.X || b.Min.Y < c.Min.Y || b.Max.Y > c.Max.Y {
			return false
		}
		for _, o := range taken {
			if plots.Overlaps(b, o, 0) {
				return false
			}
		}
		return true
	}
	for _, s := range l.spots {
		text := label(s)
		w := sty.Width(text)
		x, y, r := around(s, labelGap)
		for _, x0 := range []vg.Length{x + r, x - r - w} {
			b := vg.Rectangle{Min: vg.Point{X: x0, Y: y - h/2}, Max: vg.Point{X: x0 + w, Y: y + h/2}}
			if free(b) {
				c.FillText(sty, vg.Point{X: x0, Y: y}, text)
				taken = append(taken, b)
				break
			}
		}
	}
}

// spotColor is barColor, a little transparent so that overlapping markers
// show.
var spotColor = color.NRGBA{R: 0x1F, G: 0x5A, B: 0x99, A: 0xB0}

// periodPreperiod plots period against preperiod+1 of every proven game,
// on log-log axes (a preperiod of 0 is drawn at 1): one marker per point,
// its area by the number of games there, the outliers labelled.
func periodPreperiod(what string, pts []point) (*plot.Plot, error) {
	p := newPlot()
	// Log axes drawn as linear axes of log10 of the values, labelled with
	// the values: gonum/plot reserves the room of a log axis's label at
	// the data's arithmetic mean (axis.go), far right of the centre where
	// it draws it, which took a third of a narrow figure's width.
	ss := spots(pts, func(r point) (float64, float64) {
		return math.Log10(float64(r.preperiod + 1)), math.Log10(float64(r.period))
	})
	games := 0
	for _, s := range ss {
		games += len(s.names)
	}
	p.Title.Text = fmt.Sprintf("Census of %s: period by preperiod (%d proven)", what, games)
	p.X.Label.Text = "preperiod + 1 (first n of the periodic part, plus one)"
	p.Y.Label.Text = "period"
	p.X.Tick.Marker, p.Y.Tick.Marker = decadeTicks{}, decadeTicks{}
	if err := scatterOf(p, ss, true); err != nil {
		return nil, err
	}
	return p, nil
}

// decadeTicks are the ticks of a log axis drawn as a linear axis of log10
// of the values: 1, 10, 100, ... labelled, 2 to 9 times each unlabelled.
type decadeTicks struct{}

// Ticks implements plot.Ticker.
func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for k := math.Floor(lo); k <= hi; k++ {
		if k >= lo {
			ticks = append(ticks, plot.Tick{Value: k, Label: strconv.FormatFloat(math.Pow(10, k), 'f', -1, 64)})
		}
		for m := 2.0; m <= 9; m++ {
			if v := k + math.Log10(m); v >= lo && v <= hi {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// periodLargest plots the period of every proven subtraction set against
// its largest element, on linear axes: the preperiods of small sets are
// mostly 0, so period against preperiod would be a vertical line, while
// the period grows with the largest element (it is largest + smallest for
// many sets).
func periodLargest(what string, pts []point) (*plot.Plot, error) {
	p := newPlot()
	ss := spots(pts, func(r point) (float64, float64) { return float64(r.largest), float64(r.period) })
	games := 0
	for _, s := range ss {
		games += len(s.names)
	}
	p.Title.Text = fmt.Sprintf("Census of %s: period by largest element (%d proven)", what, games)
	p.X.Label.Text = "largest element of the set"
	p.Y.Label.Text = "period"
	p.X.Tick.Marker, p.Y.Tick.Marker = countTicks{}, countTicks{}
	if err := scatterOf(p, ss, false); err != nil {
		return nil, err
	}
	return p, nil
}

// provenShare draws the share of games proven from at most 2^k values,
// against k: a step at each checkpoint where proofs were found, for all the
// games and for each size (digits, or set size) with at least 10 games, so
// that a size of one game does not weigh like one of a hundred. The curve
// of a size ends at the share of its games proven.
func provenShare(kd kind, pts []point) (*plot.Plot, error) {
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: share proven by 2^k values", kd.what)
	p.X.Label.Text = "k (proven from at most 2^k values)"
	p.Y.Label.Text = "share proven"
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	top := 0
	for _, r := range pts {
		top = max(top, log2Ceil(r.values))
	}
	curve := func(sel func(point) bool) (plotter.XYs, int) { return shareCurve(pts, top, sel) }
	sizes := map[int]int{}
	for _, r := range pts {
		sizes[r.size]++
	}
	var keys []int
	for k, n := range sizes {
		if n >= 10 && len(sizes) > 1 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	leg := plots.NewLegend()
	for i, size := range keys {
		xys, n := curve(func(r point) bool { return r.size == size })
		l, err := plotter.NewLine(toEdge(xys, top))
		if err != nil {
			return nil, err
		}
		l.StepStyle = plotter.PostStep
		l.Color = sizeColors[i%len(sizeColors)]
		l.Width = vg.Points(1)
		l.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
		p.Add(l)
		leg.Add(fmt.Sprintf("%s %d (%d games)", kd.sizeName, size, n), l)
	}
	xys, n := curve(func(point) bool { return true })
	l, err := plotter.NewLine(toEdge(xys, top))
	if err != nil {
		return nil, err
	}
	l.StepStyle = plotter.PostStep
	l.Color, l.Width = barColor, vg.Points(2)
	p.Add(l)
	leg.Add(fmt.Sprintf("all (%d games)", n), l)
	p.Add(leg) // beside the curves, or under them in a narrow figure
	p.X.Min, p.X.Max = max(0, xys[0].X-1), float64(top)+0.5
	p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		step := max(1, int(math.Ceil((hi-lo)/8)))
		var ticks []plot.Tick
		for k := int(math.Ceil(lo)); float64(k) <= hi; k += step {
			ticks = append(ticks, plot.Tick{Value: float64(k), Label: strconv.Itoa(k)})
		}
		return ticks
	})
	return p, nil
}

// toEdge returns the step curve xys carried to the plot's right edge,
// top+0.5, at its last share: a step line draws nothing past its last
// point, so a curve whose proofs all come at top would otherwise end where
// its last step rises.
func toEdge(xys plotter.XYs, top int) plotter.XYs {
	last := xys[len(xys)-1]
	return append(slices.Clone(xys), plotter.XY{X: float64(top) + 0.5, Y: last.Y})
}

// shareCurve returns the share of the games sel keeps that are proven
// (ordinary or arithmetic period) from at most 2^k values, at each k from
// the one before the first k with a proof (share 0, so that the first
// step is drawn even when every proof comes at one checkpoint) to top,
// and how many games sel keeps.
func shareCurve(pts []point, top int, sel func(point) bool) (plotter.XYs, int) {
	at := map[int]int{}
	n := 0
	for _, r := range pts {
		if !sel(r) {
			continue
		}
		n++
		// Proven as every output says (provenRow): an arithmetic period
		// proven by its theorem counts, at the values computed.
		if r.proven || r.behaviour == ArithmeticProven {
			at[log2Ceil(r.values)]++
		}
	}
	first := top // the first k with a proof
	for k := range at {
		first = min(first, k)
	}
	var xys plotter.XYs
	done := 0
	for k := 0; k <= top; k++ {
		done += at[k]
		if k >= first-1 {
			xys = append(xys, plotter.XY{X: float64(k), Y: float64(done) / float64(max(n, 1))})
		}
	}
	return xys, n
}

// sizeColors are the colours of the sizes' curves: Okabe and Ito's
// colour-blind-safe set (orange, sky blue, bluish green, vermilion,
// reddish purple, yellow).
var sizeColors = []color.Color{
	color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, color.RGBA{0x56, 0xB4, 0xE9, 0xFF}, color.RGBA{0x00, 0x9E, 0x73, 0xFF},
	color.RGBA{0xD5, 0x5E, 0x00, 0xFF}, color.RGBA{0xCC, 0x79, 0xA7, 0xFF}, color.RGBA{0xF0, 0xE4, 0x42, 0xFF},
}

// log2Ceil returns the smallest k with 2^k >= v (0 for v <= 1).
func log2Ceil(v int64) int {
	if v <= 1 {
		return 0
	}
	return bits.Len64(uint64(v - 1))
}

// periodHistogram counts the proven periods in bins 1, 2-3, 4-7, ...
func periodHistogram(what string, pts []point) (*plot.Plot, error) {
	counts := map[int]int{}
	top := 0
	for _, r := range pts {
		if r.proven {
			b := bits.Len64(uint64(r.period)) - 1
			counts[b]++
			top = max(top, b)
		}
	}
	var vals plotter.Values
	var labels []string
	for b := 0; b <= top; b++ {
		vals = append(vals, float64(counts[b]))
		labels = append(labels, fmt.Sprint(1<<b))
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: lengths of the proven periods", what)
	p.X.Label.Text = "period p, in bins 2^k ≤ p < 2^(k+1) labelled 2^k"
	p.Y.Label.Text = "games"
	p.Y.Tick.Marker = countTicks{}
	b, err := plotter.NewBarChart(vals, vg.Points(14))
	if err != nil {
		return nil, err
	}
	b.Color, b.LineStyle.Width = barColor, 0
	p.Add(plotter.NewGrid(), b)
	p.NominalX(labels...)
	return p, nil
}

// barColor is the plots package's data blue.
var barColor = color.RGBA{R: 0x1F, G: 0x5A, B: 0x99, A: 0xFF}

// countTicks marks whole numbers at a step of 1, 2 or 5 times a power of
// ten, about five of them.
type countTicks struct{}

// Ticks returns the ticks between min and max.
func (countTicks) Ticks(min, max float64) []plot.Tick {
	step := 1.0
	for max/step > 5 {
		switch {
		case max/(2*step) <= 5:
			step *= 2
		case max/(5*step) <= 5:
			step *= 5
		default:
			step *= 10
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return ticks
}

// newPlot returns a plot with the font sizes of the plots package's figures
// (title 12 pt, labels 11 pt, ticks 9 pt, for a 16 cm wide figure).
func newPlot() *plot.Plot {
	p := plot.New()
	p.Title.TextStyle.Font = font.From(plot.DefaultFont, 12)
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(plot.DefaultFont, 11)
		a.Tick.Label.Font = font.From(plot.DefaultFont, 9)
	}
	return p
}

// Settings returns the plots settings of a configuration's figures:
// section, as tabulate run draws with (configs keeps lengths in points, as
// plots does), so that a census honours size, font size, titles and
// resolution as every figure does.
func Settings(f configs.Figures) plots.Settings {
	return plots.Settings{Width: vg.Length(f.Width), Height: vg.Length(f.Height), FontSize: vg.Length(f.FontSize), Titles: f.Titles, DPI: f.DPI}
}

// writeFigure draws f in each format into OUT/census through temps, with
// settings, and returns the files.
func writeFigure(out string, temps *output.Temps, f figure, formats []string, settings plots.Settings, bounds []byte) ([]output.File, error) {
	p, err := f.draw()
	if err != nil {
		return nil, fmt.Errorf("census: figure %s: %w", f.name, err)
	}
	dir, err := output.MkdirIn(out, "census")
	if err != nil {
		return nil, fmt.Errorf("census: %w", err)
	}
	var files []output.File
	for _, format := range formats {
		path := filepath.Join(dir, f.name+"."+format)
		a, err := temps.Create(path)
		if err != nil {
			return nil, err
		}
		if err := settings.Write(p, a, format); err != nil {
			a.Abort()
			return nil, fmt.Errorf("census: figure %s: %w", path, err)
		}
		n, sum, err := a.Commit()
		if err != nil {
			return nil, err
		}
		files = append(files, output.File{Path: "census/" + f.name + "." + format, Game: "census", Format: format, Bytes: n, SHA256: sum, Bounds: bounds})
	}
	return files, nil
}
