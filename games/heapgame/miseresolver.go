package heapgame

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
)

// misereSolver answers positions of several heaps of a game under misère
// play (solve): by the tame rule, the misère
// quotient or a search, saying which (Answer.Method). The genus table
// (analysed up to the largest heap asked, again when a larger heap comes)
// and the last quotients are kept for the next position.
type misereSolver struct {
	game misere.Game
	// rule is the theorem that may prove the genus period (Heap.GenusRule):
	// with every heap tame, the tame rule then answers heaps of any size.
	rule misere.GenusRule
	// maxOrder bounds the quotients; 0 means misere.DefaultMaxOrder.
	maxOrder int
	mu       sync.Mutex
	t        *misere.Table
	// quotients are the quotients computed so far (up to maxQuotients);
	// quotientFails, when not 0, is the heap from which the quotient
	// cannot be computed within maxOrder.
	quotients     []*misere.Quotient
	quotientFails int
	// quotientPlan is the plan that refused the quotient (planQuotient),
	// nil when none did; onQuotient, when set (tests), is called before
	// a quotient is computed past its plan.
	quotientPlan *QuotientPlanError
	onQuotient   func(top int)
	// wild[h] reports whether heap h is known wild from the table wildOf
	// (someWild).
	wild   []bool
	wildOf *misere.Table
	// solved is the quotient proven for every heap, once solvedDone;
	// solvedWhy says why there is none (solvedQuotient).
	solved     *misere.Quotient
	solvedDone bool
	solvedWhy  string
	// tame is the tame rule's solution for heaps of any size, once
	// tameDone; tameWhy says why there is none (tameSolution).
	tame     *misere.TameSolution
	tameDone bool
	tameWhy  string
}

// budgetArg turns a search past MiserePositions into an *ArgError (a
// position too large to answer, exit status 2), keeping other errors.
func budgetArg(err error) error {
	var be *misere.BudgetError
	if errors.As(err, &be) {
		return &games.ArgError{Arg: "position", Problem: fmt.Sprintf("needs more than %d positions of the misère search (%s)", be.Limit, be.What),
			Allowed: "fewer or smaller heaps: the sums of a wild game are decided by search"}
	}
	return err
}

// MisereSearch decides positions of several heaps of a game under misère
// play by the first method that applies (the tame rule when every heap is
// tame, the misère quotient of the heaps up to the largest, a search over
// the sum), keeping what it computed for the next position. It is safe
// for concurrent use.
type MisereSearch struct{ m *misereSolver }

// NewMisereSearch is the search of the misère game g.
func NewMisereSearch(g misere.Game) *MisereSearch {
	return &MisereSearch{&misereSolver{game: g}}
}

// Solve decides heaps (each 0..MisereSolveMax, checked by the caller): the
// answer, and the quotient that decided it when the method is the
// quotient (nil otherwise).
func (s *MisereSearch) Solve(ctx context.Context, heaps []int) (misere.Answer, *games.QuotientMethod, error) {
	a, err := s.m.solve(ctx, heaps)
	return a.Answer, a.Quotient, err
}

// maxQuotients is how many quotients a misereSolver keeps for the next
// positions.
const maxQuotients = 8

// quotientFor returns the misère quotient of the heaps up to top, from
// those kept or computed now (and kept), or nil when the quotient of heaps
// up to top grows past the solver's maximum order, is planned to
// (planQuotient: refused before it is computed), or its construction
// gives up (remembered: every larger bound fails the same way, as the
// construction adds heaps one by one; a planned failure for the heaps
// from the planned one). A kept quotient of heaps up to
// M > top serves when it did not change between top and M: the
// construction passed through the same quotient at top. The caller holds
// m.mu.
func (m *misereSolver) quotientFor(ctx context.Context, top int) (*misere.Quotient, error) {
	if m.quotientFails > 0 && top >= m.quotientFails {
		return nil, nil
	}
	for _, q := range m.quotients {
		if q.Max() >= top && !slices.ContainsFunc(q.Expansions(), func(h int) bool { return h > top }) {
			return q, nil
		}
	}
	order := m.maxOrder
	if order == 0 {
		order = misere.DefaultMaxOrder
	}
	q, err := planQuotient(ctx, m.game, top, order, quotientProbeWork)
	if err == nil && q == nil {
		if m.onQuotient != nil {
			m.onQuotient(top)
		}
		q, err = misere.QuotientOf(ctx, m.game, top, misere.QuotientLimits{MaxOrder: order})
	}
	var se *misere.QuotientSizeError
	var qe *misere.QuotientSearchError
	var pe *QuotientPlanError
	switch {
	case errors.As(err, &pe):
		m.quotientFails, m.quotientPlan = pe.Heap, pe
		return nil, nil
	case errors.As(err, &se):
		m.quotientFails = se.Heap
		return nil, nil
	case errors.As(err, &qe):
		m.quotientFails = qe.Heap
		return nil, nil
	case err != nil:
		return nil, err
	}
	if len(m.quotients) == maxQuotients {
		m.quotients = m.quotients[1:]
	}
	m.quotients = append(m.quotients, q)
	return q, nil
}

// byQuotient decides pos (ascending, no 0s, heaps up to top) by the
// quotient of heaps up to top: a loss exactly when its element is in the
// P-portion, and a winning move is one to a position whose element is in
// it. ok is false when there is no quotient that far.
func (m *misereSolver) byQuotient(ctx context.Context, pos []int, top int) (s solved, ok bool, err error) {
	q, err := m.quotientFor(ctx, top)
	if err != nil || q == nil {
		return solved{}, false, err
	}
	s, err = quotientAnswer(q, m.game, pos, top)
	return s, err == nil, err
}

// someWild reports whether some heap of heaps (the largest top) is known
// wild, so that the tame rule cannot decide the position, without
// analysing the genus past misereProbe: a heap up to the table analysed
// is wild when the table says so, and a larger one when one of its
// options holds a heap known wild (tameness is hereditary). false means
// not known: the caller analyses up to top. The caller holds m.mu.
func (m *misereSolver) someWild(ctx context.Context, heaps []int, top int) (bool, error) {
	if err := m.analyse(ctx, min(top, misereProbe)); err != nil {
		return false, err
	}
	t := m.t
	if m.wildOf != t {
		m.wild, m.wildOf = nil, t
		for k := 0; k <= t.Max(); k++ {
			m.wild = append(m.wild, !t.Tame(k))
		}
	}
	// Extended heap by heap and kept: a heap's options are smaller heaps.
	for k := len(m.wild); k <= top; k++ {
		w := false
		if t.FirstWild() >= 0 {
			for _, o := range m.game.Options(k) {
				if slices.ContainsFunc(o, func(h int) bool { return m.wild[h] }) {
					w = true
					break
				}
			}
		}
		m.wild = append(m.wild, w)
	}
	wild := m.wild
	return slices.ContainsFunc(heaps, func(h int) bool { return wild[h] }), nil
}

// analyse makes m.t the genus table of heaps up to at least top. The
// caller holds m.mu.
func (m *misereSolver) analyse(ctx context.Context, top int) error {
	if m.t != nil && top <= m.t.Max() {
		return nil
	}
	t, err := planMisere(ctx, m.game, top, MiserePositions)
	if err == nil && t == nil {
		t, err = misere.Analyze(ctx, m.game, top, misere.Limits{Positions: MiserePositions})
	}
	if err != nil {
		return err
	}
	m.t = t
	return nil
}

// solved is a misère answer and, when the quotient decided it, which one.
type solved struct {
	misere.Answer
	Quotient *games.QuotientMethod
}

// solve decides heaps (each 0..MisereSolveMax, checked by the caller) by
// the first method that applies: the tame rule when every heap is tame;
// else the misère quotient of the heaps up to the largest, when it stays
// within the maximum order (misere.DefaultMaxOrder); else a search over
// the sum (misere.Table.Solve), which fails past MiserePositions.
func (m *misereSolver) solve(ctx context.Context, heaps []int) (solved, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	pos := slices.DeleteFunc(slices.Clone(heaps), func(h int) bool { return h == 0 })
	slices.Sort(pos)
	top := 0
	if len(pos) > 0 {
		top = pos[len(pos)-1]
	}
	var be *misere.BudgetError
	wild, err := m.someWild(ctx, pos, top)
	if err != nil && !errors.As(err, &be) {
		return solved{}, err
	}
	if err == nil && !wild {
		err := m.analyse(ctx, top)
		if err != nil && !errors.As(err, &be) {
			return solved{}, err
		}
		// A genus past the budget: not known tame, so the quotient
		// decides, or the search fails the same way below.
		if err == nil && !slices.ContainsFunc(pos, func(h int) bool { return !m.t.Tame(h) }) {
			a, err := m.t.Solve(ctx, pos)
			return solved{Answer: a}, budgetArg(err)
		}
	}
	if s, ok, err := m.byQuotient(ctx, pos, top); err != nil || ok {
		return s, err
	}
	if err := m.analyse(ctx, top); err != nil {
		return solved{}, m.refusal(err)
	}
	a, err := m.t.Solve(ctx, pos)
	return solved{Answer: a}, m.refusal(err)
}

// refusal is budgetArg's *ArgError for a position the search cannot
// decide within its budget, saying also why the quotient did not decide
// it when that was planned (m.quotientPlan). The caller holds m.mu.
func (m *misereSolver) refusal(err error) error {
	err = budgetArg(err)
	var ae *games.ArgError
	if m.quotientPlan != nil && errors.As(err, &ae) {
		ae.Problem += "; " + m.quotientPlan.Error()
	}
	return err
}

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
