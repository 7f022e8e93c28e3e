package misere

import (
	"errors"
	"testing"
)

// record is what tabulate writes of q (the finding misere_quotient and
// GAME/misere_heaps), rebuilt by QuotientFromRecord.
func record(t *testing.T, q *Quotient) *Quotient {
	t.Helper()
	var pNames []string
	for _, x := range q.PPortion() {
		pNames = append(pNames, q.Name(x))
	}
	heaps := make([]int32, q.Max()+1)
	for h := range heaps {
		heaps[h] = int32(q.Heap(h))
	}
	r, err := QuotientFromRecord(q.Game(), q.Presentation().String(), q.Presentation().Heaps, pNames, heaps, q.Expansions(), q.Order())
	if err != nil {
		t.Fatalf("%s: %v", q.Presentation(), err)
	}
	return r
}

// TestQuotientFromRecord rebuilds quotients from their records and checks
// the rebuilt one against the plain recursion of quotient_test.go (every
// position of up to three heaps up to n is a loss exactly when its
// element is in P) and against the quotient it was recorded from (the
// same elements, names and products).
func TestQuotientFromRecord(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.75", 12}, {"0.77", 13}, {"0.07", 13}} {
		q := octalQuotient(t, c.code, c.n)
		r := record(t, q)
		if r.Order() != q.Order() || r.Presentation().String() != q.Presentation().String() {
			t.Fatalf("%s: rebuilt %d %s, recorded %d %s", c.code, r.Order(), r.Presentation(), q.Order(), q.Presentation())
		}
		for x := range q.Order() {
			if r.Name(x) != q.Name(x) || r.IsP(x) != q.IsP(x) {
				t.Fatalf("%s: element %d rebuilt %s (P %v), recorded %s (P %v)", c.code, x, r.Name(x), r.IsP(x), q.Name(x), q.IsP(x))
			}
			for y := range q.Order() {
				if r.Mul(x, y) != q.Mul(x, y) {
					t.Fatalf("%s: %s·%s rebuilt %s, recorded %s", c.code, q.Name(x), q.Name(y), r.Name(r.Mul(x, y)), q.Name(q.Mul(x, y)))
				}
			}
		}
		b := newBruteMisere(octalRules(c.code))
		for _, pos := range multisets(c.n, 3) {
			win, err := r.Win(pos)
			if err != nil {
				t.Fatal(err)
			}
			if win == b.loses(pos) {
				t.Fatalf("%s %v: rebuilt quotient says win %v, the recursion the opposite", c.code, pos, win)
			}
		}
	}
}

// TestQuotientFromRecordRefuses: records that disagree with themselves.
func TestQuotientFromRecordRefuses(t *testing.T) {
	// 0.75's quotient R8 as the package writes it (heaps 0..8).
	pres := "⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩"
	heaps := []int32{0, 1, 2, 1, 2, 3, 2, 3, 2}
	if _, err := QuotientFromRecord("0.75", pres, []int{1, 2, 5}, []string{"a", "b^2"}, heaps, nil, 8); err != nil {
		t.Fatalf("a good record: %v", err)
	}
	for name, c := range map[string]struct {
		pres  string
		gens  []int
		p     []string
		heaps []int32
		order int
	}{
		"not a presentation": {"a, b", []int{1, 2}, nil, heaps, 0},
		"wrong order":        {pres, []int{1, 2, 5}, nil, heaps, 9},
		"unknown P name":     {pres, []int{1, 2, 5}, []string{"d"}, heaps, 8},
		"generator heap":     {pres, []int{1, 2, 4}, nil, heaps, 8},
		"element past order": {pres, []int{1, 2, 5}, nil, []int32{0, 1, 2, 1, 2, 3, 2, 3, 99}, 8},
		"growing relation":   {"⟨a | 1 = a⟩", []int{1}, nil, []int32{0, 1}, 0},
		"infinite":           {"⟨a | ⟩", []int{1}, nil, []int32{0, 1}, 0},
		"bad monomial":       {"⟨a | a^x = 1⟩", []int{1}, nil, []int32{0, 1}, 0},
	} {
		_, err := QuotientFromRecord("g", c.pres, c.gens, c.p, c.heaps, nil, c.order)
		var re *RecordError
		if !errors.As(err, &re) {
			t.Errorf("%s: got %v, want a *RecordError", name, err)
		}
	}
}
