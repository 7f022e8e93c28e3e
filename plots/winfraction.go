package plots

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// WinFraction plots, for each board length lengths[i], the fraction
// firstWins[i]/boards[i] of boards that the first player wins, as points
// joined by a line, on a y axis from 0 to 1.
//
// It returns an error if the slices differ in length or are empty, or if a
// length has boards[i] <= 0 or firstWins[i] outside [0, boards[i]].
func WinFraction(title string, lengths []int32, firstWins, boards []int64) (*plot.Plot, error) {
	if len(lengths) != len(firstWins) || len(lengths) != len(boards) {
		return nil, fmt.Errorf("plots: WinFraction: %d lengths, %d first-player wins, %d board counts",
			len(lengths), len(firstWins), len(boards))
	}
	if len(lengths) == 0 {
		return nil, fmt.Errorf("plots: WinFraction: no lengths")
	}
	pts := make(plotter.XYs, len(lengths))
	for i, n := range lengths {
		if boards[i] <= 0 || firstWins[i] < 0 || firstWins[i] > boards[i] {
			return nil, fmt.Errorf("plots: WinFraction: length %d has %d first-player wins of %d boards",
				n, firstWins[i], boards[i])
		}
		pts[i] = plotter.XY{X: float64(n), Y: float64(firstWins[i]) / float64(boards[i])}
	}
	p := newPlot(title, "board length", "fraction of boards won by the first player")
	addGrid(p)
	line, scatter, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, fmt.Errorf("plots: WinFraction: %w", err)
	}
	line.Color = dataBlue
	line.Width = vg.Points(1)
	scatter.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(2), Color: dataBlue}
	p.Add(line, scatter)
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = plot.ConstantTicks{
		{Value: 0, Label: "0"}, {Value: 0.25, Label: "0.25"}, {Value: 0.5, Label: "0.5"},
		{Value: 0.75, Label: "0.75"}, {Value: 1, Label: "1"},
	}
	if span := pts[len(pts)-1].X - pts[0].X; span >= 0 && span <= 80 {
		p.X.Tick.Marker = integerTicks(12, func(v int) string { return fmt.Sprint(v) })
	}
	return p, nil
}
