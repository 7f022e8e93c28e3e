package heapgame

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/output"
)

// Misère quotients in the model (docs/misere.md): the keys misere_quotient
// and misere_quotient_max_order of a heap game's Play, the tables
// GAME/misere_quotient and GAME/misere_heaps with the finding
// "misere_quotient", and the quotient as the second method of tabulate
// solve --misere, between the tame rule and search.

// MisereQuotientMaxOrder is the largest misere_quotient_max_order a
// section may set. A quotient of order q is kept as a q×q table of int32
// (and copied once when it is renumbered), so the memory plan counts
// 8·q² bytes: 32 GiB at this bound, which --max-memory refuses on most
// machines before anything is written.
const MisereQuotientMaxOrder = 1 << 16

// misereProbe is how far tabulate solve --misere analyses the genus of
// single heaps before it knows whether the tame rule can apply: past it, a
// heap is known wild without its genus when one of its options holds a
// wild heap (tameness is hereditary, Winning Ways ch. 13), which spares
// the genus search of large wild heaps (Kayles: 20 s at heap 50, past the
// budget at 60; docs/misere.md) when the quotient answers anyway.
const misereProbe = 30

// quotientOrder is the maximum order the section allows the quotient.
func (p Play) quotientOrder() int {
	if p.MisereQuotientMaxOrder > 0 {
		return p.MisereQuotientMaxOrder
	}
	return misere.DefaultMaxOrder
}

// checkQuotient accepts misere_quotient (1 to misere.QuotientMax) only
// with misère play, and misere_quotient_max_order (2 to
// MisereQuotientMaxOrder) only with misere_quotient.
func (p Play) checkQuotient() error {
	if p.MisereQuotient != 0 {
		if !p.Misere() {
			return &games.KeyError{Key: "misere_quotient", Value: strconv.Itoa(p.MisereQuotient), Problem: "is set but play is normal",
				Allowed: "misere_quotient with play: misere or play: both"}
		}
		if err := games.CheckRange("misere_quotient", int64(p.MisereQuotient), 1, misere.QuotientMax); err != nil {
			return err
		}
	}
	if p.MisereQuotientMaxOrder != 0 {
		if p.MisereQuotient == 0 {
			return &games.KeyError{Key: "misere_quotient_max_order", Value: strconv.Itoa(p.MisereQuotientMaxOrder), Problem: "is set without misere_quotient",
				Allowed: "misere_quotient_max_order with misere_quotient: N"}
		}
		return games.CheckRange("misere_quotient_max_order", int64(p.MisereQuotientMaxOrder), 2, MisereQuotientMaxOrder)
	}
	return nil
}

// QuotientMemory bounds the peak bytes of misere.QuotientOf under a
// maximum order q: the quotient's table and its renumbered copy (8·q²),
// and the unreduced trials, allowed 64·q elements, each costing the
// partition refinement about 200 bytes (its position, class and generator
// actions as int32, and its share of the map of class keys).
func QuotientMemory(q int) int64 {
	return 8*int64(q)*int64(q) + 64*int64(q)*200
}

// MisereMemory bounds the peak bytes of one game of the misère census
// (census.misere): its genus search, which remembers at most
// MiserePositions positions of miserePositionBytes, and its quotient with
// at most maxOrder elements (QuotientMemory).
func MisereMemory(maxOrder int) int64 {
	return MiserePositions*miserePositionBytes + QuotientMemory(maxOrder)
}

// quotientJob is the job of GAME/misere_quotient and GAME/misere_heaps.
func (h Heap) quotientJob(game string) games.Job {
	n, order := h.Play.MisereQuotient, h.Play.quotientOrder()
	return games.Job{Table: "misere_quotient",
		Memory: QuotientMemory(order) + games.WriteMemory(int64(n)+1, 48) + games.WriteMemory(int64(order), 48),
		// Rough cost: Kayles to heap 4000 in 8 s (docs/misere.md); a large
		// quotient costs more per heap (0.07 to heap 33, order 638: 9 s).
		Cost: float64(n)/500 + float64(order)/200,
		Run:  func(ctx context.Context, s games.Sink) error { return h.quotientTables(ctx, s, game, n, order) }}
}

// MisereQuotientFinding is the finding "misere_quotient" of a heap game:
// the misère quotient of its heaps up to UpTo (misere.Quotient).
type MisereQuotientFinding struct {
	// UpTo is the heap bound: the quotient is of the sums of heaps 0..UpTo.
	UpTo  int `json:"up_to"`
	Order int `json:"order"`
	// Presentation is written as Plambeck and Siegel do:
	// "⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩".
	Presentation string `json:"presentation"`
	// GeneratorHeaps holds, for each generator a, b, ..., its heap.
	GeneratorHeaps []int `json:"generator_heaps"`
	// PPortion names the elements of the P-portion (normal forms).
	PPortion []string `json:"p_portion"`
	// Expansions are the heaps at which the quotient changed as heaps were
	// added; StableFrom is the last of them (0 when there is none): the
	// quotient is the same for every bound from StableFrom to UpTo.
	Expansions []int `json:"expansions"`
	StableFrom int   `json:"stable_from"`
	// Solved is set when the periodicity theorem for misère quotients
	// proves the quotient for every heap (misere.Quotient.Solved): then
	// the quotient is the game's whole quotient, "proven for all heaps";
	// absent, it is known "to heap UpTo".
	Solved *SolvedQuotient `json:"solved,omitempty"`
}

// SolvedQuotient is a quotient proven for every heap: the heap map Φ has
// period PhiPeriod from heap PhiPreperiod, by Theorem, which read heaps
// 0..Needed-1.
type SolvedQuotient struct {
	PhiPeriod    int    `json:"phi_period"`
	PhiPreperiod int    `json:"phi_preperiod"`
	Needed       int    `json:"needed"`
	Theorem      string `json:"theorem"`
}

// String reads like "order 8 up to heap 30, stable from heap 5: ⟨a, b, c
// | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩, P = {a, b^2}", or for a solved
// quotient "order 8 proven for all heaps (Φ period 2 from heap 8, the
// periodicity theorem ... on heaps 0..34): ..."; a long presentation or
// P-portion is counted instead (the manifest has it all).
func (f MisereQuotientFinding) String() string {
	pres := f.Presentation
	if len(pres) > 160 {
		pres = fmt.Sprintf("%d generators (see the manifest)", len(f.GeneratorHeaps))
	}
	p := "{" + strings.Join(f.PPortion, ", ") + "}"
	if len(f.PPortion) > 8 {
		p = fmt.Sprintf("%d elements", len(f.PPortion))
	}
	reach := fmt.Sprintf("up to heap %d, stable from heap %d", f.UpTo, f.StableFrom)
	if s := f.Solved; s != nil {
		reach = fmt.Sprintf("proven for all heaps (Φ period %d from heap %d, %s on heaps 0..%d)", s.PhiPeriod, s.PhiPreperiod, s.Theorem, s.Needed-1)
	}
	return fmt.Sprintf("order %d %s: %s, P = %s", f.Order, reach, pres, p)
}

// newQuotientFinding records q.
func newQuotientFinding(q *misere.Quotient) MisereQuotientFinding {
	pres := q.Presentation()
	f := MisereQuotientFinding{UpTo: q.Max(), Order: q.Order(), Presentation: pres.String(),
		GeneratorHeaps: append([]int{}, pres.Heaps...), PPortion: []string{},
		Expansions: append([]int{}, q.Expansions()...), StableFrom: q.StableFrom()}
	for _, x := range q.PPortion() {
		f.PPortion = append(f.PPortion, q.Name(x))
	}
	if s, ok := q.Solved(); ok {
		f.Solved = &SolvedQuotient{PhiPeriod: s.Period, PhiPreperiod: s.Preperiod, Needed: s.Needed, Theorem: s.Theorem}
	}
	return f
}

// quotientKeyError turns a quotient that the section's bounds cannot
// reach into a *KeyError naming what to change (exit status 2: the
// setting cannot run, though only the computation could tell); other
// errors are returned as they are.
func quotientKeyError(err error, n, order int) error {
	var se *misere.QuotientSizeError
	var qe *misere.QuotientSearchError
	value := strconv.Itoa(n)
	switch {
	case errors.As(err, &se):
		allowed := fmt.Sprintf("misere_quotient below %d", se.Heap)
		if order < MisereQuotientMaxOrder {
			allowed += fmt.Sprintf(", or a misere_quotient_max_order above %d (up to %d)", order, MisereQuotientMaxOrder)
		}
		return &games.KeyError{Key: "misere_quotient", Value: value,
			Problem: fmt.Sprintf("is past what the misère quotient reaches with misere_quotient_max_order %d: adding heap %d needs more than %d elements (it reached %d)", order, se.Heap, se.Max, se.Order),
			Allowed: allowed}
	case errors.As(err, &qe):
		return &games.KeyError{Key: "misere_quotient", Value: value,
			Problem: fmt.Sprintf("is past what the misère quotient construction reaches: at heap %d it found no verified quotient (%s)", qe.Heap, qe.Reason),
			Allowed: fmt.Sprintf("misere_quotient below %d; a larger misere_quotient_max_order (now %d) lets it try larger trials", qe.Heap, order)}
	}
	return err
}

// quotientTables computes the misère quotient of the game's heaps up to n
// and writes GAME/misere_quotient (one row per element: element, its
// normal form, whether it is in the P-portion), GAME/misere_heaps (one row
// per heap 0..n: its element, normal form and P-membership) and the
// finding "misere_quotient". Nothing is written when the quotient fails.
func (h Heap) quotientTables(ctx context.Context, s games.Sink, game string, n, order int) error {
	s.Phase("computing the misère quotient", "", 0)
	q, err := misere.QuotientOf(ctx, h.Misere, n, misere.QuotientLimits{MaxOrder: order})
	if err != nil {
		return quotientKeyError(err, n, order)
	}
	var meta []output.KeyValue
	if h.Rules != "" {
		meta = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	elems := output.Table{Game: game, Name: "misere_quotient", Metadata: meta,
		Columns: []output.Column{
			{Name: "element", Type: output.Int32, Sorted: true},
			{Name: "name", Type: output.String},
			{Name: "in_p", Type: output.Bool},
		}}
	k := q.Order()
	err = s.Table(ctx, elems, int64(k), func(ctx context.Context, emit func(output.Batch) error) error {
		ids, names, inP := make([]int32, k), make([]string, k), make([]bool, k)
		for x := range k {
			ids[x], names[x], inP[x] = int32(x), q.Name(x), q.IsP(x)
		}
		return emit(output.Batch{ids, names, inP})
	})
	if err != nil {
		return err
	}
	heaps := output.Table{Game: game, Name: "misere_heaps", Metadata: meta,
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "element", Type: output.Int32},
			{Name: "name", Type: output.String},
			{Name: "in_p", Type: output.Bool},
		}}
	rows := n + 1
	err = s.Table(ctx, heaps, int64(rows), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < rows; start += BatchRows {
			end := min(rows, start+BatchRows)
			ns, es, names, inP := make([]int64, 0, end-start), make([]int32, 0, end-start), make([]string, 0, end-start), make([]bool, 0, end-start)
			for m := start; m < end; m++ {
				x := q.Heap(m)
				ns, es, names, inP = append(ns, int64(m)), append(es, int32(x)), append(names, q.Name(x)), append(inP, q.IsP(x))
			}
			if err := emit(output.Batch{ns, es, names, inP}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.Finding("misere_quotient", newQuotientFinding(q))
	return nil
}

// quotientAnswer decides pos (ascending, no 0s, heaps up to top <=
// q.Max()) by the quotient q of game: a loss exactly when its element is
// in the P-portion, and a winning move is one to a position whose element
// is in it.
func quotientAnswer(q *misere.Quotient, game misere.Game, pos []int, top int) (solved, error) {
	x, err := q.Element(pos)
	if err != nil {
		return solved{}, err
	}
	ans := misere.Answer{Position: pos, Win: !q.IsP(x), Method: games.MethodQuotient}
	if ans.Win {
		for i, h := range pos {
			if i > 0 && pos[i-1] == h {
				continue
			}
			rest, _ := q.Element(slices.Delete(slices.Clone(pos), i, i+1))
			for _, o := range distinctOptions(game, h) {
				y, err := q.Element(o)
				if err != nil {
					return solved{}, err
				}
				if q.IsP(q.Mul(rest, y)) {
					next := append(slices.Delete(slices.Clone(pos), i, i+1), o...)
					slices.Sort(next)
					ans.Moves = append(ans.Moves, misere.Move{Heap: h, Option: slices.Clone(o), Position: next})
				}
			}
		}
	}
	method := &games.QuotientMethod{Heaps: q.Max(), Order: q.Order(), Presentation: q.Presentation().String(), PPortion: []string{}, Element: q.Name(x)}
	if top < q.Max() && !slices.ContainsFunc(q.Expansions(), func(h int) bool { return h > top }) {
		method.Heaps = top // the same quotient: no expansion past top
	}
	for _, p := range q.PPortion() {
		method.PPortion = append(method.PPortion, q.Name(p))
	}
	return solved{Answer: ans, Quotient: method}, nil
}

// distinctOptions returns the options of heap h of g, each once, in the
// order misere.Table lists them (ascending as slices).
func distinctOptions(g misere.Game, h int) [][]int {
	opts := slices.Clone(g.Options(h))
	slices.SortFunc(opts, slices.Compare)
	return slices.CompactFunc(opts, slices.Equal)
}
