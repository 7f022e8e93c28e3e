package heapgame

import (
	"context"
	"errors"
	"fmt"
	"math"

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

// quotientProbeWork is the work of the probe that plans a misère quotient
// (planQuotient), in misere.QuotientLimits.Work's units: a few hundred
// milliseconds at most on the shared two-core machine (0.54 reached heap
// 59, 4.7 heap 22 and 0.07 heap 27 with 4 million; measured 2026-11-27).
const quotientProbeWork = 4_000_000

// QuotientPlanError is a misère quotient refused by its plan
// (planQuotient): the quotient of heaps 0..Top is projected past twice
// MaxOrder elements from heap Heap on, from its order Order at heap At and
// Half at heap At/2.
type QuotientPlanError struct {
	Game            string
	Top, Heap       int
	MaxOrder        int
	At, Order, Half int
}

// Error reads like "the misère quotient of 0.54 is planned past 2048
// elements (past twice that by heap 438, from its order 198 at heap 58
// and 70 at heap 29)".
func (e *QuotientPlanError) Error() string {
	return fmt.Sprintf("the misère quotient of %s is planned past %d elements (past twice that by heap %d, from its order %d at heap %d and %d at heap %d)",
		e.Game, e.MaxOrder, e.Heap, e.Order, e.At, e.Half, e.At/2)
}

// planQuotient plans the misère quotient of heaps 0..top of g within
// maxOrder elements before it is computed, as planMisere plans the genus
// search: the construction runs with quotientProbeWork units of work
// (misere.QuotientLimits.Work, a count, so that the plan is the same
// under any load). When that suffices, or the construction fails within
// it, its result is returned as QuotientOf's. When it stops at heap k, the
// order is taken to grow like a power of the heap, fitted on the orders
// q(k/2) and q(k): q(n) = q(k)·(n/k)^α, α = log(q(k)/q(k/2))/log 2. A
// quotient that did not grow over that half (a stable one, as Kayles'
// from heap 71) is never refused. Otherwise the first heap projected past
// twice maxOrder, if it is at most top, gives a *QuotientPlanError (the
// factor, as planMisere's, spares the borderline games, which the
// construction still decides or refuses). Else it returns nil, nil: the
// caller computes the quotient. The power law underestimates the wild
// codes' growth once they are past their first heaps (0.54 has order 198
// at heap 58 and 792 at 124, where it projects 585), but not always
// before (0.54's probe stopped at heap 16 projects order 256 at heap 62,
// where the construction passes it at 66): hence the factor.
// TestPlanQuotientNeverRefusesWhatFits checks the plan against the
// construction.
func planQuotient(ctx context.Context, g misere.Game, top, maxOrder int, probe int64) (*misere.Quotient, error) {
	if maxOrder <= 0 {
		maxOrder = misere.DefaultMaxOrder
	}
	q, err := misere.QuotientOf(ctx, g, top, misere.QuotientLimits{MaxOrder: maxOrder, Work: probe})
	var we *misere.QuotientWorkError
	if !errors.As(err, &we) {
		return q, err
	}
	k := len(we.Orders) - 1 // the last heap added
	if k < 8 {
		return nil, nil // too little growth to project from
	}
	q0, q1 := float64(we.Orders[k]), float64(we.Orders[k/2])
	if q0 <= q1 {
		return nil, nil
	}
	alpha := math.Log(q0/q1) / math.Log(float64(k)/float64(k/2))
	// The first heap n with q0·(n/k)^α > 2·maxOrder.
	n := int(math.Floor(float64(k)*math.Pow(2*float64(maxOrder)/q0, 1/alpha))) + 1
	if n > top {
		return nil, nil
	}
	return nil, &QuotientPlanError{Game: g.Name(), Top: top, Heap: n, MaxOrder: maxOrder,
		At: k, Order: we.Orders[k], Half: we.Orders[k/2]}
}
