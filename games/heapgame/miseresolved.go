package heapgame

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
)

// Misère positions with heaps of any size (tabulate solve --misere
// octal:0.77 10^18 3 7): past MisereSolveMax a position is answered only
// from a misère quotient the periodicity theorem proves for every heap
// (misere.Quotient.Solved, grundy/misere/phiperiod.go), as normal play
// answers from a proven period.

// MisereAnyMax is the largest heap tabulate solve --misere takes; past
// MisereSolveMax only a solved misère quotient answers.
const MisereAnyMax int64 = 1_000_000_000_000_000_000

// solvedProbes are the heap bounds at which tabulate solve --misere looks
// for a solved quotient, in turn: Kayles is solved from heap 253 (0.8 s
// to heap 1000, docs/misere.md).
var solvedProbes = []int{256, 1024}

// solvedTime bounds the search for a solved quotient: a wild game whose
// quotient grows slowly can take minutes to reach the bound in
// solvedProbes.
const solvedTime = 60 * time.Second

// solvedQuotient returns the game's misère quotient proven for every heap,
// or nil with the reason when none was found within solvedProbes and
// solvedTime; a quotient its plan refuses (planQuotient) is not computed. The caller holds m.mu.
func (m *misereSolver) solvedQuotient(ctx context.Context) (*misere.Quotient, string, error) {
	if m.solvedDone {
		return m.solved, m.solvedWhy, nil
	}
	if !misere.WindowOf(m.game).OK {
		m.solvedDone, m.solvedWhy = true, "the periodicity theorem for misère quotients needs a game with finitely many code digits"
		return nil, m.solvedWhy, nil
	}
	tctx, cancel := context.WithTimeout(ctx, solvedTime)
	defer cancel()
	why := ""
	for _, n := range solvedProbes {
		q, err := planQuotient(tctx, m.game, n, m.maxOrder, quotientProbeWork)
		if err == nil && q == nil {
			q, err = misere.QuotientOf(tctx, m.game, n, misere.QuotientLimits{MaxOrder: m.maxOrder})
		}
		var se *misere.QuotientSizeError
		var qe *misere.QuotientSearchError
		var pe *QuotientPlanError
		switch {
		case errors.As(err, &se), errors.As(err, &qe), errors.As(err, &pe):
			why = err.Error()
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			why = fmt.Sprintf("the quotient of heaps up to %d was not reached in %v", n, solvedTime)
		case err != nil:
			return nil, "", err
		}
		if err != nil {
			break
		}
		if _, ok := q.Solved(); ok {
			m.solved, m.solvedDone = q, true
			return q, "", nil
		}
		why = fmt.Sprintf("the quotient of heaps up to %d (order %d) is not proven for every heap", n, q.Order())
	}
	m.solvedDone, m.solvedWhy = true, why
	return nil, why, nil
}

// tameProbes are the heap bounds to which tabulate solve --misere
// analyses the genus of a game, in turn, for a period that a theorem
// proves while every heap is tame (misere.ProveTame): most octal codes
// that are tame have it by heap 30 (0.52 by heap 21).
var tameProbes = []int{misereProbe, 256, 1024}

// tameSolution returns the tame rule's solution for heaps of any size
// (misere.ProveTame on the genus table to the first of tameProbes that
// proves it), or nil with the reason when some heap is wild, the genus
// period is not proven by the last probe, or the genus search is past its
// budget. The caller holds m.mu.
func (m *misereSolver) tameSolution(ctx context.Context) (*misere.TameSolution, string, error) {
	if m.tameDone {
		return m.tame, m.tameWhy, nil
	}
	why := ""
	for _, n := range tameProbes {
		err := m.analyse(ctx, n)
		var be *misere.BudgetError
		if errors.As(err, &be) {
			why = err.Error()
			break
		}
		if err != nil {
			return nil, "", err
		}
		var s *misere.TameSolution
		if s, why = misere.ProveTame(m.t, m.rule); s != nil {
			m.tame, m.tameDone = s, true
			return s, "", nil
		}
		if m.t.FirstWild() >= 0 {
			break
		}
	}
	m.tameDone, m.tameWhy = true, why
	return nil, why, nil
}

// solveAny answers heaps, some past MisereSolveMax: by the tame rule when
// every heap of the game is tame and its genus period proven
// (tameSolution), else from the solved quotient; listing at most keep
// winning moves (MovesListMax when keep < 0) and counting the rest. A game
// with neither is an *ArgError naming the heap too large and both
// reasons.
func (m *misereSolver) solveAny(ctx context.Context, name string, heaps []int, keep int64) (*games.Answer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if keep < 0 {
		keep = MovesListMax
	}
	hs := make([]int64, len(heaps))
	for i, h := range heaps {
		hs[i] = int64(h)
	}
	ts, tameWhy, err := m.tameSolution(ctx)
	if err != nil {
		return nil, err
	}
	if ts != nil {
		a, err := ts.DecideAny(m.game, hs, keep)
		if err != nil {
			return nil, err
		}
		ans := anyAnswer(name, heaps, a)
		ans.By = fmt.Sprintf("the tame rule: every heap tame, the genus period %d from heap %d proven by %s on heaps 0..%d", ts.Period, ts.Preperiod, ts.Theorem, ts.Max())
		ans.Method = string(misere.MethodTame)
		return ans, nil
	}
	q, why, err := m.solvedQuotient(ctx)
	if err != nil {
		return nil, err
	}
	if q == nil {
		for i, h := range heaps {
			if h > MisereSolveMax {
				return nil, &games.ArgError{Arg: fmt.Sprintf("heap %d", i+1), Value: fmt.Sprint(h), Problem: "is out of range",
					Allowed: fmt.Sprintf("0 to %d; larger heaps only for a game whose misère quotient is proven for every heap (here: %s) or whose heaps are all tame with a proven genus period (here: %s)", MisereSolveMax, why, tameWhy)}
			}
		}
	}
	return quotientAnyAnswer(q, m.game, name, heaps, keep)
}

// quotientAnyAnswer answers heaps of game g (named name) of any size from
// q, its solved quotient, listing at most keep winning moves
// (MovesListMax when keep < 0), naming the theorem.
func quotientAnyAnswer(q *misere.Quotient, g misere.Game, name string, heaps []int, keep int64) (*games.Answer, error) {
	if keep < 0 {
		keep = MovesListMax
	}
	hs := make([]int64, len(heaps))
	for i, h := range heaps {
		hs[i] = int64(h)
	}
	a, err := q.DecideAny(g, hs, keep)
	if err != nil {
		return nil, err
	}
	s, _ := q.Solved()
	method := &games.QuotientMethod{Heaps: q.Max(), Order: q.Order(), Presentation: q.Presentation().String(), PPortion: []string{}, Element: q.Name(a.Element)}
	for _, p := range q.PPortion() {
		method.PPortion = append(method.PPortion, q.Name(p))
	}
	ans := anyAnswer(name, heaps, a)
	ans.By = fmt.Sprintf("Φ period %d from heap %d, proven by %s on heaps 0..%d", s.Period, s.Preperiod, s.Theorem, s.Needed-1)
	ans.Method, ans.Quotient = string(games.MethodQuotient), method
	return ans, nil
}

// anyAnswer is the Answer of heaps as given, decided as a: its winning
// moves numbered from 1 and the count of those not listed.
func anyAnswer(name string, heaps []int, a misere.AnyAnswer) *games.Answer {
	moves := []MisereMove{}
	for _, mv := range a.Moves {
		leaves := make([]int, len(mv.Leaves))
		for i, l := range mv.Leaves {
			leaves[i] = int(l)
		}
		moves = append(moves, MisereMove{Heap: mv.Index + 1, From: int(mv.Heap), Leaves: leaves})
	}
	return &games.Answer{Game: name, Position: heaps, Win: a.Win, WinningMoves: moves, MovesNotShown: a.Total - int64(len(moves)),
		Play: games.PlayMisere, Source: "computed"}
}
