package plots

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

// Outcomes as OutcomeHeatmap's outcome function reports them.
const (
	// FirstPlayerWins means the player to move can force a win.
	FirstPlayerWins = 0
	// SecondPlayerWins means every first move loses.
	SecondPlayerWins = 1
	// Unreachable means 1+...+M < T: nobody can bring the total to T.
	Unreachable = 2
)

// OutcomeHeatmap maps the outcome of Can I Win over the desired total T
// (across, 0..maxT) and the largest number M that can be chosen (up, 1..maxM).
// outcome(m, t) must return FirstPlayerWins, SecondPlayerWins or Unreachable
// (1+...+m < t, so nobody can reach the total); each has its own colour,
// named in the legend beside the map. The T axis ends at the largest total
// that can be reached, 1+...+maxM, when maxT is larger (210 for maxM = 20):
// the columns past it would all be unreachable.
//
// It returns an error if maxM < 1, maxT < 0 or outcome returns anything
// else, naming the (m, t) it was called with.
func OutcomeHeatmap(title string, maxM, maxT int, outcome func(m, t int) int) (*plot.Plot, error) {
	if maxM < 1 || maxT < 0 {
		return nil, fmt.Errorf("plots: OutcomeHeatmap: need maxM >= 1 and maxT >= 0, got %d and %d", maxM, maxT)
	}
	cells := make([]int8, maxM*(maxT+1))
	for m := 1; m <= maxM; m++ {
		for t := 0; t <= maxT; t++ {
			o := outcome(m, t)
			if o < FirstPlayerWins || o > Unreachable {
				return nil, fmt.Errorf("plots: OutcomeHeatmap: outcome(%d, %d) = %d, want 0 (first), 1 (second) or 2 (unreachable)", m, t, o)
			}
			cells[(m-1)*(maxT+1)+t] = int8(o)
		}
	}
	p := newPlot(title, "desired total T", "largest number M")
	p.X.Padding, p.Y.Padding = 0, 0
	// Okabe-Ito blue and vermillion (see okabeIto), and a light grey.
	colors := []color.Color{okabeIto[0], okabeIto[3], color.Gray{Y: 222}}
	// The x axis ends where the data does: no total past 1+...+maxM is
	// reachable, so those columns would all be grey.
	cols := min(maxT, maxM*(maxM+1)/2) + 1
	p.Add(&cellGrid{
		cols: cols, rows: maxM, x0: 0, y0: 1,
		class:  func(c, r int) int { return int(cells[r*(maxT+1)+c]) },
		colors: colors,
	})
	leg := newSideLegend(true)
	leg.Add("first player wins", swatch{colors[FirstPlayerWins]})
	leg.Add("second player wins", swatch{colors[SecondPlayerWins]})
	leg.Add("unreachable: 1+…+M < T", swatch{colors[Unreachable]})
	p.Add(leg)
	p.X.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	p.Y.Tick.Marker = integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	return p, nil
}

// NimSumHeatmap shows the two-pile Nim table: cell (a, b), for piles a and b
// of 0..maxPile stones, is coloured by the nim-sum a XOR b on a sequential
// scale, darkest for 0, the second-player wins (which lie on the diagonal
// a = b, as Bouton's rule says). Cells carry their value when maxPile <= 15;
// the legend beside the table names the colours (bands of values when there
// are more than 10).
//
// It returns an error if maxPile < 0.
func NimSumHeatmap(title string, maxPile int) (*plot.Plot, error) {
	if maxPile < 0 {
		return nil, fmt.Errorf("plots: NimSumHeatmap: need maxPile >= 0, got %d", maxPile)
	}
	side := maxPile + 1
	sums := make([]int32, side*side)
	for a := range side {
		for b := range side {
			sums[b*side+a] = int32(a ^ b)
		}
	}
	colorOf, entries := valueColors(sums, true, "")
	p := newPlot(title, "pile a", "pile b")
	p.X.Padding, p.Y.Padding = 0, 0
	g := &cellGrid{
		cols: side, rows: side,
		class: func(a, b int) int { return colorOf(sums[b*side+a]) },
	}
	for _, e := range entries {
		g.colors = append(g.colors, e.color)
	}
	if maxPile <= 15 {
		g.label = func(a, b int) string { return fmt.Sprint(a ^ b) }
		g.labelFont = font.From(plot.DefaultFont, 9)
	}
	p.Add(g)
	leg := newSideLegend(true)
	leg.Add("a XOR b")
	for i, e := range entries {
		label := e.label
		if i == 0 && e.last == 0 {
			label += ": second player wins"
		}
		leg.Add(label, swatch{e.color})
	}
	p.Add(leg)
	ticks := integerTicks(10, func(v int) string { return fmt.Sprint(v) })
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks, ticks
	return p, nil
}
