package census

import (
	"fmt"
	"image/color"
	"math"
	"math/bits"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// figure is one census figure: its file name (without extension) and how to
// draw it.
type figure struct {
	name string
	draw func() (*plot.Plot, error)
}

// figures returns the figures of a family's rows: period against preperiod
// of the proven games (log-log), the share proven by number of digits (set
// size for subtraction games), and a histogram of the proven periods.
func figures(k kind, rows []Row) []figure {
	fs := []figure{
		{k.name + "-period-preperiod", func() (*plot.Plot, error) { return periodPreperiod(k.what, rows) }},
		{k.name + "-proven-share", func() (*plot.Plot, error) { return provenShare(k, rows) }},
		{k.name + "-period-histogram", func() (*plot.Plot, error) { return periodHistogram(k.what, rows) }},
	}
	if k.behaviour {
		fs = append(fs, figure{k.name + "-behaviour", func() (*plot.Plot, error) { return behaviours(k.what, rows) }})
	}
	return fs
}

// behaviours counts the games and the classes of each behaviour
// (Behaviour), side by side.
func behaviours(what string, rows []Row) (*plot.Plot, error) {
	order := []string{PeriodicProven, PeriodicCandidate, ArithmeticProven, ArithmeticCandidate, Neither}
	short := map[string]string{PeriodicProven: "periodic,\nproven", PeriodicCandidate: "periodic,\ncandidate",
		ArithmeticProven: "arithmetic-periodic,\nproven", ArithmeticCandidate: "arithmetic-periodic,\ncandidate", Neither: "neither up\nto the bound"}
	games, classes := map[string]int{}, map[string]map[string]bool{}
	for _, r := range rows {
		b := Behaviour(r.Record)
		games[b]++
		if classes[b] == nil {
			classes[b] = map[string]bool{}
		}
		classes[b][r.Class] = true
	}
	var gv, cv plotter.Values
	var labels []string
	for _, b := range order {
		gv, cv = append(gv, float64(games[b])), append(cv, float64(len(classes[b])))
		labels = append(labels, fmt.Sprintf("%s\n(%d/%d)", short[b], games[b], len(classes[b])))
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: behaviour up to the bound", what)
	p.X.Label.Text = "behaviour (games/classes)"
	p.Y.Label.Text = "games (dark), classes of identical values (light)"
	p.Y.Tick.Marker = countTicks{}
	w := vg.Points(20)
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

// periodPreperiod plots period against preperiod+1 of the proven games, on
// log-log axes (a preperiod of 0 is drawn at 1).
func periodPreperiod(what string, rows []Row) (*plot.Plot, error) {
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: period against preperiod (proven games)", what)
	p.X.Label.Text = "preperiod + 1 (first n of the periodic part, plus one)"
	p.Y.Label.Text = "period"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	var xys plotter.XYs
	seen := map[[2]int64]bool{}
	for _, r := range rows {
		if !r.Record.Proven {
			continue
		}
		k := [2]int64{r.Record.Preperiod, r.Record.Period}
		if !seen[k] {
			seen[k] = true
			xys = append(xys, plotter.XY{X: float64(k[0] + 1), Y: float64(k[1])})
		}
	}
	if len(xys) == 0 {
		xys = append(xys, plotter.XY{X: 1, Y: 1}) // an empty plot still needs a range
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	// Log axes need a range above 0 even when every point is the same.
	xmin, xmax, ymin, ymax := plotter.XYRange(xys)
	p.X.Min, p.X.Max = xmin/1.5, xmax*1.5
	p.Y.Min, p.Y.Max = ymin/1.5, ymax*1.5
	s.GlyphStyle.Radius = vg.Points(2)
	p.Add(plotter.NewGrid(), s)
	p.Title.Text += fmt.Sprintf(", %d distinct pairs", len(seen))
	return p, nil
}

// provenShare draws the share of games proven, by the family's size of a
// game: number of digits after the point (codes) or set size (subtraction).
func provenShare(kd kind, rows []Row) (*plot.Plot, error) {
	total, proven := map[int]int{}, map[int]int{}
	for _, r := range rows {
		k := r.Game.size
		total[k]++
		if r.Record.Proven {
			proven[k]++
		}
	}
	var keys []int
	for k := range total {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var vals plotter.Values
	var labels []string
	for _, k := range keys {
		vals = append(vals, float64(proven[k])/float64(total[k]))
		labels = append(labels, fmt.Sprintf("%d (%d/%d)", k, proven[k], total[k]))
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Census of %s: share with a proven period", kd.what)
	p.X.Label.Text = kd.size
	p.Y.Label.Text = "share proven"
	p.Y.Min, p.Y.Max = 0, 1
	b, err := plotter.NewBarChart(vals, vg.Points(24))
	if err != nil {
		return nil, err
	}
	b.Color, b.LineStyle.Width = barColor, 0
	p.Add(plotter.NewGrid(), b)
	p.NominalX(labels...)
	return p, nil
}

// periodHistogram counts the proven periods in bins 1, 2-3, 4-7, ...
func periodHistogram(what string, rows []Row) (*plot.Plot, error) {
	counts := map[int]int{}
	top := 0
	for _, r := range rows {
		if r.Record.Proven {
			b := bits.Len64(uint64(r.Record.Period)) - 1
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
	p.X.Label.Text = "period p, in bins 2^k <= p < 2^(k+1) labelled 2^k"
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

// writeFigure draws f in each format into OUT/census and returns the files.
func writeFigure(out string, f figure, formats []string) ([]output.File, error) {
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
		a, err := output.CreateAtomic(path)
		if err != nil {
			return nil, err
		}
		if err := plots.Write(p, a, format); err != nil {
			a.Abort()
			return nil, fmt.Errorf("census: figure %s: %w", path, err)
		}
		n, sum, err := a.Commit()
		if err != nil {
			return nil, err
		}
		files = append(files, output.File{Path: "census/" + f.name + "." + format, Game: "census", Format: format, Bytes: n, SHA256: sum})
	}
	return files, nil
}
