package misere

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
)

// QuotientMax is the largest heap bound QuotientOf accepts. The work is
// bounded by the quotient's size long before: Siegel's Q_30(0.07) already
// has 360 elements.
const QuotientMax = 1 << 12

// DefaultMaxOrder is the largest quotient QuotientOf builds when
// QuotientLimits.MaxOrder is 0. A quotient of order q is kept as a q×q
// multiplication table (4q² bytes: 16 MiB at 2048).
const DefaultMaxOrder = 2048

// QuotientLimits bound the work of QuotientOf.
type QuotientLimits struct {
	// MaxOrder is the most elements a quotient, or a trial quotient built
	// on the way, may have; 0 means DefaultMaxOrder. Past it QuotientOf
	// fails with a *QuotientSizeError. The unreduced products the
	// construction tries are allowed 64 times as many elements.
	MaxOrder int
}

// QuotientSizeError is a quotient that grows past QuotientLimits.MaxOrder.
type QuotientSizeError struct {
	Game  string // Game.Name
	Heap  int    // the heap being added when the bound was passed
	Order int    // the size reached (a lower bound on what was needed)
	Max   int    // the bound in force (for a trial product, 64·MaxOrder)
}

// Error reads like "misere: quotient of 0.77: adding heap 31 needs more
// than 2048 elements (the quotient grew to 2050; raise the maximum order
// or lower the heap bound)".
func (e *QuotientSizeError) Error() string {
	return fmt.Sprintf("misere: quotient of %s: adding heap %d needs more than %d elements (the quotient grew to %d; raise the maximum order or lower the heap bound)", e.Game, e.Heap, e.Max, e.Order)
}

// QuotientSearchError is a heap for which the construction found no
// candidate quotient that passes the verification, within its budget of
// recalibrations. It is a limit of the search (as in MisereSolver, whose
// recalibration is a heuristic), never a wrong answer.
type QuotientSearchError struct {
	Game   string
	Heap   int
	Reason string
}

// Error reads like "misere: quotient of 0.77: heap 12: no recalibration
// fixes the failure at [1 1 3] (the construction gave up)".
func (e *QuotientSearchError) Error() string {
	return fmt.Sprintf("misere: quotient of %s: heap %d: %s (the construction gave up)", e.Game, e.Heap, e.Reason)
}

// Quotient is the misère quotient (Plambeck and Siegel) of a one-heap
// game restricted to heaps 0..Max(): the set A of all sums of such heaps
// (closed under options, since every option of a heap is a sum of smaller
// heaps) divided by indistinguishability, G ≡ H when G + X and H + X have
// the same misère outcome for every X in A. It is a finite commutative
// monoid Q, with the P-portion P ⊆ Q of the classes of misère P-positions,
// and the map Φ from each heap to its element: a sum of heaps is a misère
// loss for the player to move exactly when the product of its heaps'
// elements lies in P.
//
// Elements are numbered 0..Order()-1 in the order of their normal forms
// (Name), 0 being the identity (the empty sum).
type Quotient struct {
	game       string
	order      int
	tab        []int32 // order×order products
	p          []bool
	heap       []int32 // heap -> element
	gens       []int   // the heap of each generator of the presentation
	names      []string
	rels       []Relation
	expansions []int
}

// Relation is one relation of a presentation, Left = Right, each a product
// of generators written as Plambeck and Siegel do ("b^3", "ab", "1").
type Relation struct {
	Left, Right string
}

// String reads like "bc = ab".
func (r Relation) String() string { return r.Left + " = " + r.Right }

// Presentation is a presentation of a quotient by generators and
// relations: every element is a product of generators, and two products
// are equal exactly when the relations make them so.
type Presentation struct {
	// Generators names the generators a, b, c, ... (x1, x2, ... past 26).
	Generators []string
	// Heaps holds, for each generator, the heap it is the element of.
	Heaps []int
	// Relations is the reduced set of rewriting rules (a reduced Gröbner
	// basis of the monoid's binomial ideal): each Left is a minimal
	// product that is not a normal form, and Right its normal form.
	Relations []Relation
}

// String writes the presentation as Plambeck and Siegel do:
// "⟨a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2⟩"; "⟨ | ⟩" is the
// trivial monoid.
func (p Presentation) String() string {
	var b strings.Builder
	b.WriteString("⟨")
	b.WriteString(strings.Join(p.Generators, ", "))
	b.WriteString(" | ")
	for i, r := range p.Relations {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.String())
	}
	b.WriteString("⟩")
	return b.String()
}

// Game returns the name of the game (Game.Name).
func (q *Quotient) Game() string { return q.game }

// Max returns the largest heap of the quotient.
func (q *Quotient) Max() int { return len(q.heap) - 1 }

// Order returns the number of elements of the quotient.
func (q *Quotient) Order() int { return q.order }

// Mul returns the product of elements x and y (0 <= x, y < Order()): the
// element of the sum of a position of x and one of y.
func (q *Quotient) Mul(x, y int) int { return int(q.tab[x*q.order+y]) }

// IsP reports whether x (0 <= x < Order()) is in the P-portion: the
// positions of x are misère losses for the player to move.
func (q *Quotient) IsP(x int) bool { return q.p[x] }

// PPortion returns the elements of the P-portion, ascending.
func (q *Quotient) PPortion() []int {
	var out []int
	for x, ok := range q.p {
		if ok {
			out = append(out, x)
		}
	}
	return out
}

// Heap returns the element of heap n (0 <= n <= Max()).
func (q *Quotient) Heap(n int) int { return int(q.heap[n]) }

// Element returns the element of a position of several heaps, each
// 0..Max(); a heap out of range is a *HeapError.
func (q *Quotient) Element(heaps []int) (int, error) {
	x := 0
	for _, h := range heaps {
		if h < 0 || h > q.Max() {
			return 0, &HeapError{Game: q.game, Heap: h, Min: 0, Max: q.Max()}
		}
		x = q.Mul(x, q.Heap(h))
	}
	return x, nil
}

// Win reports whether the player to move wins the position under misère
// play, read from the quotient: the position's element is not in P.
func (q *Quotient) Win(heaps []int) (bool, error) {
	x, err := q.Element(heaps)
	if err != nil {
		return false, err
	}
	return !q.p[x], nil
}

// Name returns the normal form of element x as a product of generators:
// "1" for the identity, else as "ab^2". The normal form is the least
// product for the order that compares the number of factors first, then
// the exponents of the generators from the last one to the first (fewer
// is smaller).
func (q *Quotient) Name(x int) string { return q.names[x] }

// Presentation returns generators and relations of the quotient.
func (q *Quotient) Presentation() Presentation {
	p := Presentation{Heaps: slices.Clone(q.gens), Relations: slices.Clone(q.rels)}
	for i := range q.gens {
		p.Generators = append(p.Generators, genName(i, len(q.gens)))
	}
	return p
}

// Expansions returns the heaps at which the quotient changed as heaps were
// added one by one (MisereSolver's "expansion heaps"): at every other heap
// n the quotient of heaps up to n is that of heaps up to n-1, the new heap
// mapping to an element already there.
func (q *Quotient) Expansions() []int { return slices.Clone(q.expansions) }

// StableFrom returns the heap from which the presentation stops changing,
// up to Max(): the last expansion heap (0 when no heap has a move). The
// quotient of heaps up to m is this one for every m from StableFrom() to
// Max(); whether it stays so past Max() is not known from this
// computation.
func (q *Quotient) StableFrom() int {
	if len(q.expansions) == 0 {
		return 0
	}
	return q.expansions[len(q.expansions)-1]
}

// QuotientOf computes the misère quotient of g restricted to heaps up to n,
// heap by heap, as Aaron Siegel's MisereSolver does (the algorithm of
// Plambeck and Siegel, "Misère quotients for impartial games", J. Combin.
// Theory Ser. A 115 (2008), §6 and the supplementary material, arXiv
// 0705.2404; read in MisereSolver's source, org.cgsuite.core.misere.solver,
// not copied).
//
// The construction keeps a pretension: a finite commutative monoid Q with
// a subset P, and a map Φ from the heaps to Q (extended to sums as a
// homomorphism) whose image generates Q. A pretension is correct when a
// sum G is a misère P-position exactly when Φ(G) ∈ P; then the quotient is
// Q reduced by x ~ y ⟺ (xz ∈ P ⟺ yz ∈ P for every z), which is how each
// accepted pretension is stored. Correctness is verified by two finite
// checks over the options of single heaps (the "transitions" T(h), the
// elements of h's options):
//
//   - P-check: for every x in Q and heap h, if x·Φ(h) ∈ P then x·t ∉ P for
//     every t in T(h) (no P-position has a move to a P-position);
//   - N-check: every sum G ≠ 0 with Φ(G) ∉ P has an option in P. The
//     options of G + h have elements T(G)·Φ(h) ∪ Φ(G)·T(h), so the sums are
//     enumerated heap by heap keeping (Φ(G), T(G)); a sum is skipped, with
//     all its extensions, when an earlier sum had the same element and a
//     subset of its transitions, since every extension then has at least
//     the options (in P) of the earlier one's.
//
// Heap n is added in one of two ways. If some x in Q has the outcome heap n
// has (P when no option of n is in P) and passes both checks with
// Φ(n) = x, the quotient does not change (a "conservative extension"; the
// N-check first tries the recorded transition sets of the last
// verification, MisereSolver's shortcut). Otherwise the trial is
// Q × C(2,2), C(i,p) the cyclic monoid ⟨a | a^(i+p) = a^i⟩, with heap n
// mapped to its generator; P is marked by enumerating sums in
// lexicographic order (highest heap first), each new element taking the
// outcome of the least sum that reaches it, which is decided by its
// options as they are all smaller; the trial is reduced and verified. At
// the least sum that fails, the trial is recalibrated: for growing sets S
// of the heaps in that sum, the submonoid generated by the other heaps
// times a fresh cyclic component per heap of S (index at least the
// failing exponent less one, period 2, or 2⌊(i−4)/2⌋ from index 8 on, as
// MisereSolver chooses), marked and reduced again, until the failing sum
// gets its right outcome. The loop ends when both checks pass, so every
// quotient returned is verified; the heuristics only decide how fast it is
// found, and a heap for which they give up is a *QuotientSearchError.
//
// Cost: each verification enumerates sums until their transition sets
// stop growing, which is what bounds the reach (see docs/misere.md for
// measured figures). A quotient (or trial) past lim.MaxOrder is a
// *QuotientSizeError; n out of 0..QuotientMax is a *grundy.RangeError, and
// options that break the contract of Game a *RuleError.
func QuotientOf(ctx context.Context, g Game, n int, lim QuotientLimits) (*Quotient, error) {
	if n < 0 || n > QuotientMax {
		return nil, &grundy.RangeError{Func: "misere.QuotientOf", Arg: "n", Value: int64(n), Min: 0, Max: QuotientMax}
	}
	max := lim.MaxOrder
	if max <= 0 {
		max = DefaultMaxOrder
	}
	s := &qsolver{
		ctx:      ctx,
		name:     g.Name(),
		maxOrder: max,
		opts:     make([][][]int, n+1),
		m:        &tableMonoid{n: 1, tab: []int32{0}},
		isP:      newBitset(1),
		prefn:    []int32{0},
	}
	for h := 1; h <= n; h++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opts, err := heapOptions(g, h)
		if err != nil {
			return nil, err
		}
		s.opts[h] = opts
		s.heap = h
		if err := s.add(h); err != nil {
			return nil, err
		}
	}
	return s.result(), nil
}

// ---------------------------------------------------------------------
// Monoids.

// monoid is a finite commutative monoid on 0..size()-1, 0 the identity.
type monoid interface {
	size() int
	prod(x, y int32) int32
}

// tableMonoid is a monoid given by its multiplication table.
type tableMonoid struct {
	n   int
	tab []int32
}

func (m *tableMonoid) size() int             { return m.n }
func (m *tableMonoid) prod(x, y int32) int32 { return m.tab[int(x)*m.n+int(y)] }

// cyclic is the monoid C(index, period) = ⟨a | a^(index+period) = a^index⟩
// on the exponents 0..index+period-1.
type cyclic struct{ index, period int32 }

func (c cyclic) size() int32 { return c.index + c.period }

func (c cyclic) add(k, l int32) int32 {
	s := k + l
	if s >= c.index+c.period {
		s = c.index + (s-c.index)%c.period
	}
	return s
}

// productMonoid is base × C1 × C2 × ..., an element written base + |base|·
// (e1 + |C1|·(e2 + ...)). It is never tabulated: it is only marked and
// reduced.
type productMonoid struct {
	base *tableMonoid
	cyc  []cyclic
	n    int
}

func newProduct(base *tableMonoid, cyc []cyclic) *productMonoid {
	n := base.n
	for _, c := range cyc {
		n *= int(c.size())
	}
	return &productMonoid{base: base, cyc: cyc, n: n}
}

func (m *productMonoid) size() int { return m.n }

func (m *productMonoid) prod(x, y int32) int32 {
	nb := int32(m.base.n)
	r := m.base.prod(x%nb, y%nb)
	x, y = x/nb, y/nb
	mult := nb
	for _, c := range m.cyc {
		s := c.size()
		r += mult * c.add(x%s, y%s)
		x, y = x/s, y/s
		mult *= s
	}
	return r
}

// generator returns the element a of the i-th cyclic component.
func (m *productMonoid) generator(i int) int32 {
	mult := int32(m.base.n)
	for _, c := range m.cyc[:i] {
		mult *= c.size()
	}
	return mult
}

// power returns x^k in m.
func power(m monoid, x int32, k int) int32 {
	r := int32(0)
	for ; k > 0; k-- {
		r = m.prod(r, x)
	}
	return r
}

// indexOf returns the index of x: the least i with x^i = x^(i+p) for some
// p >= 1.
func indexOf(m monoid, x int32) int {
	seen := map[int32]int{}
	y := int32(0)
	for i := 0; ; i++ {
		if j, ok := seen[y]; ok {
			return j
		}
		seen[y] = i
		y = m.prod(y, x)
	}
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset      { return make(bitset, (n+63)/64) }
func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) intersects(c bitset) bool {
	for i := range b {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}

// subsetOf reports whether b ⊆ c.
func (b bitset) subsetOf(c bitset) bool {
	for i := range b {
		if b[i]&^c[i] != 0 {
			return false
		}
	}
	return true
}

// each calls f on every member, ascending.
func (b bitset) each(f func(int32)) {
	for i, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(int32(i*64 + t))
			w &= w - 1
		}
	}
}

// ---------------------------------------------------------------------
// The construction.

// qsolver holds the current pretension (m, isP, prefn) of the heaps added
// so far, m reduced and generated by prefn.
type qsolver struct {
	ctx      context.Context
	name     string
	maxOrder int
	opts     [][][]int // opts[h]: the distinct options of heap h
	heap     int       // the heap being added, for errors

	m     *tableMonoid
	isP   bitset
	prefn []int32 // the pretending function: heap -> element
	// trlbs[x] are transition sets of sums of element x found by the last
	// complete N-check (every extension of those sums passes it), used to
	// accept a conservative extension without a new enumeration; nil when
	// unknown.
	trlbs      [][]bitset
	expansions []int
	steps      int // enumeration steps, to poll the context
}

// poll returns the context's error every 4096 calls.
func (s *qsolver) poll() error {
	s.steps++
	if s.steps&4095 == 0 {
		return s.ctx.Err()
	}
	return nil
}

// active returns the heaps 1..len(prefn)-1 that have a move, ascending:
// the others are the game 0 and never change a sum.
func (s *qsolver) active(top int) []int {
	var out []int
	for h := 1; h <= top; h++ {
		if len(s.opts[h]) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// transitions returns T(h), the distinct elements of the options of h.
func (s *qsolver) transitions(m monoid, prefn []int32, h int) []int32 {
	var out []int32
	for _, o := range s.opts[h] {
		x := int32(0)
		for _, k := range o {
			x = m.prod(x, prefn[k])
		}
		out = append(out, x)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (s *qsolver) allTransitions(m monoid, prefn []int32, act []int) [][]int32 {
	tr := make([][]int32, len(act))
	for i, h := range act {
		tr[i] = s.transitions(m, prefn, h)
	}
	return tr
}

// add extends the pretension to heap h.
func (s *qsolver) add(h int) error {
	if len(s.opts[h]) == 0 {
		s.prefn = append(s.prefn, 0) // the game 0
		return nil
	}
	m := s.m
	tr := s.transitions(m, s.prefn, h)
	hIsP := true
	for _, t := range tr {
		if s.isP.has(t) {
			hIsP = false
			break
		}
	}
	trb := newBitset(m.n)
	for _, t := range tr {
		trb.set(t)
	}
	var cands []int32
	for x := int32(0); int(x) < m.n; x++ {
		if s.isP.has(x) == hIsP && s.pCondition(m, s.isP, x, tr) {
			cands = append(cands, x)
		}
	}
	// Conservative extension, first by the recorded transition sets: if
	// T(h) contains the transitions of an earlier sum W of element x,
	// every sum with h has at least the options of the same sum with W.
	if s.trlbs != nil {
		for _, x := range cands {
			for _, lb := range s.trlbs[x] {
				if lb.subsetOf(trb) {
					s.prefn = append(s.prefn, x)
					return nil
				}
			}
		}
	}
	// Then by a complete N-check.
	act := s.active(h)
	for _, x := range cands {
		prefn := append(slices.Clone(s.prefn), x)
		fail, trlbs, err := s.nCheck(m, s.isP, prefn, act)
		if err != nil {
			return err
		}
		if fail == nil {
			s.prefn, s.trlbs = prefn, trlbs
			return nil
		}
	}
	return s.expand(h, act)
}

// pCondition reports whether heap h with Φ(h) = x and transitions tr
// passes the P-check: y·x ∈ P implies y·t ∉ P for every t in tr.
func (s *qsolver) pCondition(m *tableMonoid, isP bitset, x int32, tr []int32) bool {
	for y := int32(0); int(y) < m.n; y++ {
		if isP.has(m.prod(y, x)) {
			for _, t := range tr {
				if isP.has(m.prod(y, t)) {
					return false
				}
			}
		}
	}
	return true
}

// expand finds a new pretension for heaps up to h, which does not fit the
// current quotient.
func (s *qsolver) expand(h int, act []int) error {
	s.expansions = append(s.expansions, h)
	pm := newProduct(s.m, []cyclic{{index: 2, period: 2}})
	prefn := append(slices.Clone(s.prefn), pm.generator(0))
	m, isP, prefn, err := s.markAndReduce(pm, prefn, act)
	if err != nil {
		return err
	}
	const maxRecalibrations = 256
	for i := 0; ; i++ {
		fail, trlbs, err := s.leastFailure(m, isP, prefn, act)
		if err != nil {
			return err
		}
		if fail == nil {
			s.m, s.isP, s.prefn, s.trlbs = m, isP, prefn, trlbs
			return nil
		}
		if i >= maxRecalibrations {
			return &QuotientSearchError{Game: s.name, Heap: h, Reason: fmt.Sprintf("no verified quotient after %d recalibrations", maxRecalibrations)}
		}
		if m, isP, prefn, err = s.recalibrate(m, isP, prefn, act, fail); err != nil {
			return err
		}
	}
}

// markAndReduce marks the P-portion of the submonoid of m generated by
// prefn and returns its reduction.
func (s *qsolver) markAndReduce(m monoid, prefn []int32, act []int) (*tableMonoid, bitset, []int32, error) {
	if m.size() > 64*s.maxOrder {
		return nil, nil, nil, &QuotientSizeError{Game: s.name, Heap: s.heap, Order: m.size(), Max: 64 * s.maxOrder}
	}
	isP, _, err := s.mark(m, prefn, act, false)
	if err != nil {
		return nil, nil, nil, err
	}
	return s.reduce(m, isP, prefn, true)
}

// recalibrate returns a trial in which the sum fail (counts per heap) has
// the other outcome than in m, trying growing sets of the heaps of fail
// to free from the old quotient.
func (s *qsolver) recalibrate(m *tableMonoid, isP bitset, prefn []int32, act []int, fail []int) (*tableMonoid, bitset, []int32, error) {
	shouldBeP := !isP.has(evalWord(m, prefn, fail))
	var involved []int
	for h, c := range fail {
		if c > 0 {
			involved = append(involved, h)
		}
	}
	for size := 1; size <= len(involved); size++ {
		for _, set := range combinations(involved, size) {
			if err := s.ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
			pre := slices.Clone(prefn)
			for _, h := range set {
				pre[h] = 0
			}
			sub, subPre, err := s.regenerate(m, pre)
			if err != nil {
				return nil, nil, nil, err
			}
			cyc := make([]cyclic, len(set))
			for i, h := range set {
				idx := max(indexOf(m, prefn[h]), fail[h]-1)
				per := 2
				if idx >= 8 {
					per = 2 * ((idx - 4) / 2)
				}
				cyc[i] = cyclic{index: int32(idx), period: int32(per)}
			}
			pm := newProduct(sub, cyc)
			if pm.size() > 64*s.maxOrder {
				continue // too large a trial; try another set
			}
			for i, h := range set {
				subPre[h] = pm.generator(i)
			}
			rm, rP, rPre, err := s.markAndReduce(pm, subPre, act)
			if err != nil {
				return nil, nil, nil, err
			}
			if rP.has(evalWord(rm, rPre, fail)) == shouldBeP {
				return rm, rP, rPre, nil
			}
		}
	}
	return nil, nil, nil, &QuotientSearchError{Game: s.name, Heap: s.heap, Reason: fmt.Sprintf("no recalibration fixes the failure at the sum %s", wordString(fail))}
}

// evalWord returns Φ of the sum with fail[h] heaps of h.
func evalWord(m monoid, prefn []int32, w []int) int32 {
	x := int32(0)
	for h, c := range w {
		for ; c > 0; c-- {
			x = m.prod(x, prefn[h])
		}
	}
	return x
}

// wordString writes a sum as "1+1+3".
func wordString(w []int) string {
	var parts []string
	for h, c := range w {
		for ; c > 0; c-- {
			parts = append(parts, strconv.Itoa(h))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, "+")
}

// combinations returns the subsets of vals of the given size, in
// lexicographic order.
func combinations(vals []int, size int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == size {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < len(vals); i++ {
			rec(i+1, append(cur, vals[i]))
		}
	}
	rec(0, nil)
	return out
}

// wordLess compares sums lexicographically from the highest heap down:
// the order in which they are enumerated.
func wordLess(a, b []int) bool {
	for h := max(len(a), len(b)) - 1; h >= 0; h-- {
		var x, y int
		if h < len(a) {
			x = a[h]
		}
		if h < len(b) {
			y = b[h]
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// mark enumerates the sums of the active heaps in lexicographic order,
// highest heap first, skipping a sum (and its extensions) whose element was
// reached before: every element of the submonoid generated by prefn gets
// the outcome of the least sum reaching it, P when none of that sum's
// options is marked P. The options of a sum are smaller sums, so their
// elements are marked first. With words, it also returns that least sum
// of each element (nil for elements not reached).
func (s *qsolver) mark(m monoid, prefn []int32, act []int, words bool) (bitset, [][]int, error) {
	n := m.size()
	isP := newBitset(n)
	visited := newBitset(n)
	var least [][]int
	if words {
		least = make([][]int, n)
	}
	trans := s.allTransitions(m, prefn, act)
	top := 0
	if len(act) > 0 {
		top = act[len(act)-1]
	}
	counts := make([]int, top+1)
	stamp := make([]int32, n)
	gen := int32(0)
	var failed error
	var rec func(i int, elem int32, tr []int32) error
	rec = func(i int, elem int32, tr []int32) error {
		if i < 0 {
			if err := s.poll(); err != nil {
				return err
			}
			visited.set(elem)
			if len(tr) > 0 {
				p := true
				for _, t := range tr {
					if !visited.has(t) {
						return fmt.Errorf("misere: quotient of %s: internal error: an option of %s is not marked", s.name, wordString(counts))
					}
					if isP.has(t) {
						p = false
					}
				}
				if p {
					isP.set(elem)
				}
			}
			if words {
				least[elem] = slices.Clone(counts)
			}
			return nil
		}
		phi := prefn[act[i]]
		for c := 0; ; c++ {
			if c > 0 {
				next := m.prod(elem, phi)
				if visited.has(next) {
					break
				}
				gen++
				ntr := make([]int32, 0, len(tr)+len(trans[i]))
				for _, t := range tr {
					if u := m.prod(t, phi); stamp[u] != gen {
						stamp[u] = gen
						ntr = append(ntr, u)
					}
				}
				for _, t := range trans[i] {
					if u := m.prod(elem, t); stamp[u] != gen {
						stamp[u] = gen
						ntr = append(ntr, u)
					}
				}
				elem, tr = next, ntr
			}
			counts[act[i]] = c
			if err := rec(i-1, elem, tr); err != nil {
				return err
			}
		}
		counts[act[i]] = 0
		return nil
	}
	failed = rec(len(act)-1, 0, nil)
	return isP, least, failed
}

// nCheck enumerates sums as mark does, keeping each sum's element and
// transition set, and returns the least sum G ≠ 0 with Φ(G) ∉ P none of
// whose options is in P (nil when there is none), with the transition sets
// recorded per element. A sum is skipped with its extensions when an
// earlier sum of the same element had a subset of its transitions.
func (s *qsolver) nCheck(m *tableMonoid, isP bitset, prefn []int32, act []int) ([]int, [][]bitset, error) {
	trans := s.allTransitions(m, prefn, act)
	trlbs := make([][]bitset, m.n)
	top := 0
	if len(act) > 0 {
		top = act[len(act)-1]
	}
	counts := make([]int, top+1)
	var fail []int
	var rec func(i int, elem int32, tr bitset, empty bool) error
	rec = func(i int, elem int32, tr bitset, empty bool) error {
		if i < 0 {
			if err := s.poll(); err != nil {
				return err
			}
			// The empty sum has no option and is not in P (a misère win).
			if !empty && !isP.has(elem) && !tr.intersects(isP) {
				fail = slices.Clone(counts)
			}
			return nil
		}
		phi := prefn[act[i]]
		for c := 0; ; c++ {
			if c > 0 {
				ntr := newBitset(m.n)
				tr.each(func(t int32) { ntr.set(m.prod(t, phi)) })
				for _, t := range trans[i] {
					ntr.set(m.prod(elem, t))
				}
				elem, tr, empty = m.prod(elem, phi), ntr, false
				if !incorporate(&trlbs[elem], tr) {
					break
				}
			}
			counts[act[i]] = c
			if err := rec(i-1, elem, tr, empty); err != nil {
				return err
			}
			if fail != nil {
				return nil
			}
		}
		counts[act[i]] = 0
		return nil
	}
	if err := rec(len(act)-1, 0, newBitset(m.n), true); err != nil {
		return nil, nil, err
	}
	return fail, trlbs, nil
}

// incorporate adds tr to the antichain list unless some member is a subset
// of tr (then it reports false), removing the members tr is a subset of.
func incorporate(list *[]bitset, tr bitset) bool {
	for _, old := range *list {
		if old.subsetOf(tr) {
			return false
		}
	}
	*list = slices.DeleteFunc(*list, func(old bitset) bool { return tr.subsetOf(old) })
	*list = append(*list, tr)
	return true
}

// leastFailure verifies a pretension: it returns the least sum failing the
// N-check or the P-check (nil when both pass) and, when both pass, the
// transition sets of the N-check.
func (s *qsolver) leastFailure(m *tableMonoid, isP bitset, prefn []int32, act []int) ([]int, [][]bitset, error) {
	if isP.has(0) {
		return nil, nil, fmt.Errorf("misere: quotient of %s: internal error: the identity is marked P", s.name)
	}
	nFail, trlbs, err := s.nCheck(m, isP, prefn, act)
	if err != nil {
		return nil, nil, err
	}
	_, least, err := s.mark(m, prefn, act, true)
	if err != nil {
		return nil, nil, err
	}
	trans := s.allTransitions(m, prefn, act)
	var pFail []int
	for x := int32(0); int(x) < m.n; x++ {
		if least[x] == nil {
			continue // not reached: m is generated by prefn, so never
		}
		for i, h := range act {
			if !isP.has(m.prod(x, prefn[h])) {
				continue
			}
			for _, t := range trans[i] {
				if isP.has(m.prod(x, t)) {
					w := slices.Clone(least[x])
					for len(w) <= h {
						w = append(w, 0)
					}
					w[h]++
					if pFail == nil || wordLess(w, pFail) {
						pFail = w
					}
					break
				}
			}
		}
	}
	switch {
	case nFail == nil && pFail == nil:
		return nil, trlbs, nil
	case nFail == nil:
		return pFail, nil, nil
	case pFail == nil || wordLess(nFail, pFail):
		return nFail, nil, nil
	default:
		return pFail, nil, nil
	}
}

// generate lists the submonoid of m generated by the distinct elements of
// prefn in breadth-first order (the identity first), with each element's
// position (-1 outside) and the action of each generator.
func (s *qsolver) generate(m monoid, prefn []int32) (elems []int32, pos []int32, gens []int32, act [][]int32, err error) {
	for _, x := range prefn {
		if x != 0 && !slices.Contains(gens, x) {
			gens = append(gens, x)
		}
	}
	pos = make([]int32, m.size())
	for i := range pos {
		pos[i] = -1
	}
	pos[0] = 0
	elems = []int32{0}
	act = make([][]int32, len(gens))
	for i := 0; i < len(elems); i++ {
		if err := s.poll(); err != nil {
			return nil, nil, nil, nil, err
		}
		for g, y := range gens {
			z := m.prod(elems[i], y)
			if pos[z] < 0 {
				pos[z] = int32(len(elems))
				elems = append(elems, z)
			}
			act[g] = append(act[g], pos[z])
		}
	}
	return elems, pos, gens, act, nil
}

// regenerate returns the submonoid of m generated by prefn, tabulated, and
// prefn mapped into it.
func (s *qsolver) regenerate(m *tableMonoid, prefn []int32) (*tableMonoid, []int32, error) {
	elems, pos, _, _, err := s.generate(m, prefn)
	if err != nil {
		return nil, nil, err
	}
	k := len(elems)
	tab := make([]int32, k*k)
	for i, x := range elems {
		for j, y := range elems {
			tab[i*k+j] = pos[m.prod(x, y)]
		}
	}
	out := make([]int32, len(prefn))
	for h, x := range prefn {
		out[h] = pos[x]
	}
	return &tableMonoid{n: k, tab: tab}, out, nil
}

// reduce returns the submonoid of m generated by prefn divided by
// indistinguishability: x ~ y when xz ∈ P ⟺ yz ∈ P for every z of the
// submonoid. The classes are found by refining the partition {P, not P}
// until the generators' actions respect it (Moore's algorithm; in a
// commutative monoid the right congruence is a congruence). Classes are
// numbered in breadth-first order, the identity's first.
func (s *qsolver) reduce(m monoid, isP bitset, prefn []int32, check bool) (*tableMonoid, bitset, []int32, error) {
	elems, pos, _, gact, err := s.generate(m, prefn)
	if err != nil {
		return nil, nil, nil, err
	}
	n := len(elems)
	class := make([]int32, n)
	for i, x := range elems {
		if isP.has(x) {
			class[i] = 1
		}
	}
	classes := 0
	key := make([]byte, 0, 4*(len(gact)+1))
	for {
		ids := map[string]int32{}
		next := make([]int32, n)
		for i := range elems {
			if err := s.poll(); err != nil {
				return nil, nil, nil, err
			}
			key = key[:0]
			key = appendInt32(key, class[i])
			for _, a := range gact {
				key = appendInt32(key, class[a[i]])
			}
			id, ok := ids[string(key)]
			if !ok {
				id = int32(len(ids))
				ids[string(key)] = id
			}
			next[i] = id
		}
		class = next
		if len(ids) == classes {
			break
		}
		classes = len(ids)
	}
	if check && classes > s.maxOrder {
		return nil, nil, nil, &QuotientSizeError{Game: s.name, Heap: s.heap, Order: classes, Max: s.maxOrder}
	}
	rep := make([]int32, classes)
	for i := n - 1; i >= 0; i-- {
		rep[class[i]] = elems[i]
	}
	tab := make([]int32, classes*classes)
	for a := 0; a < classes; a++ {
		for b := a; b < classes; b++ {
			c := class[pos[m.prod(rep[a], rep[b])]]
			tab[a*classes+b], tab[b*classes+a] = c, c
		}
	}
	rP := newBitset(classes)
	for c, x := range rep {
		if isP.has(x) {
			rP.set(int32(c))
		}
	}
	out := make([]int32, len(prefn))
	for h, x := range prefn {
		out[h] = class[pos[x]]
	}
	return &tableMonoid{n: classes, tab: tab}, rP, out, nil
}

func appendInt32(b []byte, v int32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// ---------------------------------------------------------------------
// The result: generators, normal forms, relations.

// genName names generator i of k: a, b, c, ... or x1, x2, ... past 26.
func genName(i, k int) string {
	if k <= 26 {
		return string(rune('a' + i))
	}
	return "x" + strconv.Itoa(i+1)
}

// monomialString writes a product of generators from its exponents, as
// "ab^2" ("1" for none; factors joined by "·" past 26 generators).
func monomialString(e []int) string {
	var parts []string
	for i, k := range e {
		if k == 0 {
			continue
		}
		s := genName(i, len(e))
		if k > 1 {
			s += "^" + strconv.Itoa(k)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "1"
	}
	if len(e) > 26 {
		return strings.Join(parts, "·")
	}
	return strings.Join(parts, "")
}

// monomialLess is the order of normal forms: fewer factors first, then
// the exponents compared from the last generator to the first, fewer
// first. It is a monomial order (compatible with products), so the least
// products of the elements are closed under division.
func monomialLess(a, b []int) bool {
	da, db := 0, 0
	for i := range a {
		da += a[i]
		db += b[i]
	}
	if da != db {
		return da < db
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// result builds the Quotient of the final pretension: a minimal set of
// generators (the heaps, in order, whose element is not a product of the
// earlier ones', less any that the others generate), the normal form of
// every element, and the relations.
func (s *qsolver) result() *Quotient {
	m := s.m
	closure := func(gens []int32) bitset {
		in := newBitset(m.n)
		in.set(0)
		queue := []int32{0}
		for i := 0; i < len(queue); i++ {
			for _, g := range gens {
				if z := m.prod(queue[i], g); !in.has(z) {
					in.set(z)
					queue = append(queue, z)
				}
			}
		}
		return in
	}
	var genHeaps []int
	var genElems []int32
	in := closure(nil)
	for h, x := range s.prefn {
		if !in.has(x) {
			genHeaps = append(genHeaps, h)
			genElems = append(genElems, x)
			in = closure(genElems)
		}
	}
	for i := 0; i < len(genElems); {
		others := slices.Delete(slices.Clone(genElems), i, i+1)
		if closure(others).has(genElems[i]) {
			genElems = others
			genHeaps = slices.Delete(genHeaps, i, i+1)
			continue
		}
		i++
	}
	k := len(genElems)

	// Normal forms and relations, degree by degree: a product of degree d
	// whose divisors of degree d-1 are all normal forms is either the
	// least product of its element (a normal form) or a minimal product
	// that is not, which gives the relation product = normal form.
	type mono struct {
		e    []int
		elem int32
	}
	nf := make([][]int, m.n)
	nf[0] = make([]int, k)
	order := []int32{0}
	normal := map[string]bool{fmt.Sprint(nf[0]): true}
	var rels []Relation
	cur := []mono{{nf[0], 0}}
	for len(cur) > 0 {
		seen := map[string]bool{}
		var cands []mono
		for _, w := range cur {
			for g := 0; g < k; g++ {
				e := slices.Clone(w.e)
				e[g]++
				key := fmt.Sprint(e)
				if seen[key] {
					continue
				}
				seen[key] = true
				cands = append(cands, mono{e, m.prod(w.elem, genElems[g])})
			}
		}
		slices.SortFunc(cands, func(a, b mono) int {
			switch {
			case monomialLess(a.e, b.e):
				return -1
			case monomialLess(b.e, a.e):
				return 1
			}
			return 0
		})
		var next []mono
		for _, c := range cands {
			ok := true
			for g := 0; g < k && ok; g++ {
				if c.e[g] > 0 {
					d := slices.Clone(c.e)
					d[g]--
					ok = normal[fmt.Sprint(d)]
				}
			}
			if !ok {
				continue
			}
			if nf[c.elem] == nil {
				nf[c.elem] = c.e
				order = append(order, c.elem)
				normal[fmt.Sprint(c.e)] = true
				next = append(next, c)
			} else {
				rels = append(rels, Relation{Left: monomialString(c.e), Right: monomialString(nf[c.elem])})
			}
		}
		cur = next
	}

	// Renumber the elements in the order of their normal forms.
	rank := make([]int32, m.n)
	for i, x := range order {
		rank[x] = int32(i)
	}
	q := &Quotient{
		game:       s.name,
		order:      m.n,
		tab:        make([]int32, m.n*m.n),
		p:          make([]bool, m.n),
		heap:       make([]int32, len(s.prefn)),
		gens:       genHeaps,
		names:      make([]string, m.n),
		rels:       rels,
		expansions: slices.Clone(s.expansions),
	}
	for x := 0; x < m.n; x++ {
		rx := rank[x]
		q.p[rx] = s.isP.has(int32(x))
		q.names[rx] = monomialString(nf[x])
		for y := 0; y < m.n; y++ {
			q.tab[int(rx)*m.n+int(rank[y])] = rank[m.prod(int32(x), int32(y))]
		}
	}
	for h, x := range s.prefn {
		q.heap[h] = rank[x]
	}
	return q
}
