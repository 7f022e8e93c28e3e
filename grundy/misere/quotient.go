package misere

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
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
	// Work is the most units of work the construction may do, 0 for no
	// bound: an enumeration step of a verification, a marking or a
	// reduction counts one, a transition set of an N-check one per 64
	// elements, a multiplication table one per cell. Past it QuotientOf
	// fails with a *QuotientWorkError saying how far it came. A count, not
	// a time: the same game stops at the same heap on any machine and
	// under any load, which is what a plan made from it needs
	// (games/heapgame/misereplan.go).
	Work int64
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

// QuotientWorkError is a construction stopped by QuotientLimits.Work.
// Orders[h] is the order of the quotient of heaps 0..h, for every heap
// h below Heap: the growth a plan projects from.
type QuotientWorkError struct {
	Game   string
	Heap   int // the heap being added when the work ran out
	Work   int64
	Orders []int
}

// Error reads like "misere: quotient of 0.54: adding heap 90 needs more
// than 4000000 units of work (order 442 at heap 89)".
func (e *QuotientWorkError) Error() string {
	return fmt.Sprintf("misere: quotient of %s: adding heap %d needs more than %d units of work (order %d at heap %d)", e.Game, e.Heap, e.Work, e.Orders[len(e.Orders)-1], len(e.Orders)-1)
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
	solution   *Solution // nil unless proven for every heap (Solved)
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
// Max(); past Max() it is known only when the periodicity theorem proves
// it (Solved).
func (q *Quotient) StableFrom() int {
	if len(q.expansions) == 0 {
		return 0
	}
	return q.expansions[len(q.expansions)-1]
}

// QuotientOf computes the misère quotient of g restricted to heaps up to n,
// heap by heap, as Aaron Siegel's MisereSolver does (the algorithm of
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
