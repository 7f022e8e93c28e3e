package plots

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// RowOffsets plots rows of a two-heap game as lines of W(a, n) - n against
// n, one line per row a = 0, 1, ..., len(offsets)-1 (offsets[a][n] is
// W(a, n) - n, which lies in [-2a, 2a]), each in a band of its own from the
// top down (the lines would hide each other drawn over one another), in
// the qualitative colours (at most eight rows, so that each keeps its own
// colour). The y axis marks each row's zero, labelled with its a. An
// additively periodic row, W(a, n+p) = W(a, n) + p, shows as a periodic
// line.
//
// It returns an error for no rows, more than eight, or an empty row.
func RowOffsets(title string, offsets [][]int32) (*plot.Plot, error) {
	if len(offsets) == 0 || len(offsets) > len(okabeIto) {
		return nil, fmt.Errorf("plots: RowOffsets: %d rows (allowed: 1 to %d)", len(offsets), len(okabeIto))
	}
	p := newPlot(title, "n", "W(a, n) − n, each row about its own 0")
	addGrid(p)
	var ticks []plot.Tick
	base := 0.0
	for a, row := range offsets {
		if a > 0 {
			base -= float64(2*(a-1) + 2*a + 3)
		}
		ticks = append(ticks, plot.Tick{Value: base, Label: fmt.Sprintf("a = %d", a)})
		if len(row) == 0 {
			return nil, fmt.Errorf("plots: RowOffsets: row %d is empty", a)
		}
		pts := make(plotter.XYs, len(row))
		for n, o := range row {
			pts[n] = plotter.XY{X: float64(n), Y: base + float64(o)}
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("plots: RowOffsets: row %d: %w", a, err)
		}
		line.Color = okabeIto[a]
		line.Width = vg.Points(0.8)
		p.Add(line)
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	return p, nil
}
