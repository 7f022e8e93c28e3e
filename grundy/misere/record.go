package misere

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RecordMaxOrder is the largest order QuotientFromRecord rebuilds: its
// product table holds 4·order² bytes (64 MiB at this bound).
const RecordMaxOrder = 4096

// RecordError is a recorded quotient that QuotientFromRecord cannot
// rebuild: a presentation it cannot read, or one that disagrees with the
// recorded order, P-portion or heap map.
type RecordError struct {
	What string
}

func (e *RecordError) Error() string { return "misere: recorded quotient: " + e.What }

// QuotientFromRecord rebuilds a Quotient from what an earlier computation
// recorded of it, without computing it again: its presentation as
// Presentation.String writes it, the heap of each generator, the names of
// the P-portion's elements, the element of each heap 0..n (numbered as
// Quotient numbers them, in the order of their normal forms) and the
// expansion heaps. tabulate solve --misere --from OUT answers from it.
//
// The elements are the products of generators that no relation's left
// side divides (the relations are a reduced Gröbner basis: Presentation),
// numbered in the order of normal forms (monomialLess); a product is
// reduced to its normal form by replacing, while some left side divides
// it, that left side by its right side (each step makes the product
// smaller in a well-order, so it ends, and the basis being complete, at
// the one normal form). The record is checked as it is read: every
// right side a normal form, the order the one recorded (order, when not
// 0), each generator's heap mapped to that generator, every P name an
// element, every heap's element in range. Anything else is a
// *RecordError; an order past RecordMaxOrder too.
func QuotientFromRecord(game, presentation string, genHeaps []int, pPortion []string, heaps []int32, expansions []int, order int) (*Quotient, error) {
	gens, rels, err := parsePresentation(presentation)
	if err != nil {
		return nil, err
	}
	k := len(gens)
	if len(genHeaps) != k {
		return nil, &RecordError{fmt.Sprintf("%d generators but %d generator heaps", k, len(genHeaps))}
	}
	for i, g := range gens {
		if g != genName(i, k) {
			return nil, &RecordError{fmt.Sprintf("generator %d is %q, not %q", i+1, g, genName(i, k))}
		}
	}
	type rule struct{ left, right []int }
	var rules []rule
	for _, r := range rels {
		l, err := parseMonomial(r.Left, k)
		if err != nil {
			return nil, err
		}
		rt, err := parseMonomial(r.Right, k)
		if err != nil {
			return nil, err
		}
		if !monomialLess(rt, l) {
			return nil, &RecordError{fmt.Sprintf("relation %s does not make products smaller", r)}
		}
		rules = append(rules, rule{l, rt})
	}
	divides := func(a, b []int) bool {
		for i := range a {
			if a[i] > b[i] {
				return false
			}
		}
		return true
	}
	normal := func(e []int) bool {
		return !slices.ContainsFunc(rules, func(r rule) bool { return divides(r.left, e) })
	}
	// The normal forms, degree by degree: each is a normal form times a
	// generator (normal forms are closed under division).
	var elems [][]int
	index := map[string]int{}
	cur := [][]int{make([]int, k)}
	index[fmt.Sprint(cur[0])] = 0
	elems = append(elems, cur[0])
	for len(cur) > 0 {
		var next [][]int
		for _, e := range cur {
			for g := range k {
				f := slices.Clone(e)
				f[g]++
				key := fmt.Sprint(f)
				if _, ok := index[key]; ok || !normal(f) {
					continue
				}
				if len(elems) >= RecordMaxOrder {
					return nil, &RecordError{fmt.Sprintf("more than %d elements (RecordMaxOrder)", RecordMaxOrder)}
				}
				index[key] = len(elems)
				elems = append(elems, f)
				next = append(next, f)
			}
		}
		cur = next
	}
	slices.SortFunc(elems, func(a, b []int) int {
		switch {
		case monomialLess(a, b):
			return -1
		case monomialLess(b, a):
			return 1
		}
		return 0
	})
	for i, e := range elems {
		index[fmt.Sprint(e)] = i
	}
	n := len(elems)
	if order != 0 && n != order {
		return nil, &RecordError{fmt.Sprintf("the presentation has %d elements, the record says %d", n, order)}
	}
	for _, r := range rules {
		if !normal(r.right) {
			return nil, &RecordError{fmt.Sprintf("the right side %s is not a normal form", monomialString(r.right))}
		}
	}
	reduce := func(e []int) int {
		for {
			i := slices.IndexFunc(rules, func(r rule) bool { return divides(r.left, e) })
			if i < 0 {
				return index[fmt.Sprint(e)]
			}
			for j := range e {
				e[j] += rules[i].right[j] - rules[i].left[j]
			}
		}
	}
	// act[x][g] = x times generator g; then x·y multiplies x by y's
	// factors one by one.
	act := make([][]int32, n)
	for x, e := range elems {
		act[x] = make([]int32, k)
		for g := range k {
			f := slices.Clone(e)
			f[g]++
			act[x][g] = int32(reduce(f))
		}
	}
	q := &Quotient{game: game, order: n, tab: make([]int32, n*n), p: make([]bool, n),
		heap: slices.Clone(heaps), gens: slices.Clone(genHeaps), names: make([]string, n),
		rels: slices.Clone(rels), expansions: slices.Clone(expansions)}
	for y, e := range elems {
		q.names[y] = monomialString(e)
		for x := range n {
			z := int32(x)
			for g, c := range e {
				for range c {
					z = act[z][g]
				}
			}
			q.tab[x*n+y] = z
		}
	}
	for _, name := range pPortion {
		x := slices.Index(q.names, name)
		if x < 0 {
			return nil, &RecordError{fmt.Sprintf("the P-portion names %q, which is no element", name)}
		}
		q.p[x] = true
	}
	for h, x := range heaps {
		if x < 0 || int(x) >= n {
			return nil, &RecordError{fmt.Sprintf("heap %d has element %d, past the order %d", h, x, n)}
		}
	}
	for i, h := range genHeaps {
		unit := make([]int, k)
		unit[i] = 1
		if h < 0 || h >= len(heaps) || int(heaps[h]) != index[fmt.Sprint(unit)] {
			return nil, &RecordError{fmt.Sprintf("generator %s is recorded as heap %d, whose element is not it", genName(i, k), h)}
		}
	}
	return q, nil
}

// parsePresentation reads "⟨a, b | a^2 = 1, b^3 = b⟩" into its generators
// and relations.
func parsePresentation(s string) ([]string, []Relation, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(s), "⟨")
	if ok {
		body, ok = strings.CutSuffix(body, "⟩")
	}
	gensText, relsText, bar := strings.Cut(body, "|")
	if !ok || !bar {
		return nil, nil, &RecordError{fmt.Sprintf("presentation %q is not written ⟨generators | relations⟩", s)}
	}
	var gens []string
	for _, g := range strings.Split(gensText, ",") {
		if g = strings.TrimSpace(g); g != "" {
			gens = append(gens, g)
		}
	}
	var rels []Relation
	for _, r := range strings.Split(relsText, ",") {
		if r = strings.TrimSpace(r); r == "" {
			continue
		}
		l, rt, ok := strings.Cut(r, "=")
		if !ok {
			return nil, nil, &RecordError{fmt.Sprintf("relation %q has no '='", r)}
		}
		rels = append(rels, Relation{Left: strings.TrimSpace(l), Right: strings.TrimSpace(rt)})
	}
	return gens, rels, nil
}

// parseMonomial reads a product of k generators as monomialString writes
// it: "1", "ab^2", or "x1·x2^3" past 26 generators.
func parseMonomial(s string, k int) ([]int, error) {
	e := make([]int, k)
	if s == "1" {
		return e, nil
	}
	bad := &RecordError{fmt.Sprintf("%q is not a product of the %d generators", s, k)}
	var factors []string
	if k > 26 {
		factors = strings.Split(s, "·")
	} else {
		for i := 0; i < len(s); {
			j := i + 1
			if j < len(s) && s[j] == '^' {
				j++
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			factors = append(factors, s[i:j])
			i = j
		}
	}
	for _, f := range factors {
		name, exp, hasExp := strings.Cut(f, "^")
		c := 1
		if hasExp {
			v, err := strconv.Atoi(exp)
			if err != nil || v < 1 {
				return nil, bad
			}
			c = v
		}
		g := -1
		for i := range k {
			if genName(i, k) == name {
				g = i
			}
		}
		if g < 0 {
			return nil, bad
		}
		e[g] += c
	}
	return e, nil
}

// ProveFor applies the periodicity theorem to the heap map of q, as
// QuotientOf does to a quotient it computed (provePhi with g's window),
// and reports whether q is then solved: a quotient read back by
// QuotientFromRecord carries its heap map, so its verdict is the
// theorem's own, not a flag read from the record. g must be the game q
// is the quotient of.
func (q *Quotient) ProveFor(g Game) bool {
	q.solution = nil
	if sol, ok := provePhi(q.heap, WindowOf(g)); ok {
		q.solution = &sol
	}
	return q.solution != nil
}
