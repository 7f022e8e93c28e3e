package games

import (
	"context"
	"errors"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy/misere"
)

// misereProbePositions is the budget of the probe that plans a misère
// genus analysis (planMisere): a few hundred milliseconds at most.
const misereProbePositions = 1 << 12

// planMisere plans the genus analysis of heaps 0..top of g within limit
// positions before it is run, so that one that cannot fit is refused at
// once rather than after the whole budget (Grundy's game to heap 100: 32
// s and 460 MB before). It runs the analysis with a budget of
// misereProbePositions: when that suffices, the table is returned (the
// caller keeps it); when it stops at heap k0, the search is taken to grow
// like the number of positions it can reach (misere.Analyze's own
// account: the multisets of heaps with a move whose total is below n,
// M(n)), so that heap n costs about misereProbePositions * M(n) / M(k0)
// positions. The first heap projected past twice the limit (the factor
// spares the borderline games, which the full search still decides or
// refuses) gives a *misere.BudgetError like the one the search would end
// with. Otherwise it returns nil, nil: the caller runs the full analysis.
// Cost: the probe, and O(top^2) for the options and the count.
func planMisere(ctx context.Context, g misere.Game, top, limit int) (*misere.Table, error) {
	t, err := misere.Analyze(ctx, g, top, misere.Limits{Positions: misereProbePositions})
	var be *misere.BudgetError
	if err == nil || !errors.As(err, &be) {
		return t, err
	}
	var k0 int
	if _, err := fmt.Sscanf(be.What, "genus of heap %d", &k0); err != nil || k0 < 1 || k0 > top {
		return nil, nil // not a heap's genus: no plan, the search decides
	}
	m := reachable(g, top)
	for n := k0; n <= top; n++ {
		if float64(misereProbePositions)*m[n]/m[k0] > 2*float64(limit) {
			return nil, &misere.BudgetError{Game: g.Name(), What: fmt.Sprintf("genus of heap %d, planned from the search's growth", n), Limit: limit}
		}
	}
	return nil, nil
}

// reachable returns M(0..top): M(n) is the number of multisets of heaps
// that have a move (a heap with none is dropped from a position, as
// misere.Analyze does) whose sizes add up to less than n, counted by the
// partition recurrence in float64 (it passes 2^63 near heap 400).
func reachable(g misere.Game, top int) []float64 {
	count := make([]float64, top+1) // count[s]: multisets adding up to s
	count[0] = 1
	for h := 1; h <= top; h++ {
		if len(g.Options(h)) == 0 {
			continue
		}
		for s := h; s <= top; s++ {
			count[s] += count[s-h]
		}
	}
	m := make([]float64, top+1)
	for n := 1; n <= top; n++ {
		m[n] = m[n-1] + count[n-1]
	}
	return m
}
