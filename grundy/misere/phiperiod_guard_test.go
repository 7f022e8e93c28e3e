package misere

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestPhiNeededGuard pins the window of the periodicity theorem for misère
// quotients to MisereSolver's, from its own verdicts: it prints "Solution
// Found at Heap 34" with period 2 and preperiod 8 for 0.75 (MisereSolver
// run on 0.75: heaps 0..34, 35 of them, and
// 3·8 + 3·2 + 2 + 3 = 35), and finds Kayles' quotient at heap 253 (issue
// 38, from the same program; with period 12 from heap 71, 3·71 + 3·12 + 2
// + 3 = 254 heaps).
func TestPhiNeededGuard(t *testing.T) {
	for _, c := range []struct{ n0, p, k, a, want int }{
		{8, 2, 2, 3, 35},    // 0.75
		{71, 12, 2, 3, 254}, // 0.77
		{3, 2, 1, 2, 13},    // by hand: 2·3 + 2·2 + 1 + 2
		{0, 1, 1, 1, 3},     // by hand: 0 + 1 + 1 + 1
	} {
		if got := PhiNeeded(c.n0, c.p, c.k, c.a); got != c.want {
			t.Errorf("PhiNeeded(%d, %d, %d, %d) = %d, want %d", c.n0, c.p, c.k, c.a, got, c.want)
		}
	}
}

// TestPhiWindowGuard holds provePhi to that window with sequences built by
// hand: three values, then 1, 2 repeating (period 2 from heap 3), under
// k = 1, a = 2, which needs 13 heaps. Twelve prove nothing (a window one
// short, or none at all, would prove them); thirteen prove period 2 from
// heap 3 (a window one long would not); thirteen whose last value breaks
// the period prove nothing.
func TestPhiWindowGuard(t *testing.T) {
	w := PhiWindow{K: 1, A: 2, OK: true}
	seq := func(n int) []int32 {
		phi := []int32{5, 6, 7}
		for len(phi) < n {
			phi = append(phi, int32(1+len(phi)%2))
		}
		return phi
	}
	if s, ok := provePhi(seq(12), w); ok {
		t.Errorf("12 heaps: proven %+v, want nothing (the window needs 13)", s)
	}
	s, ok := provePhi(seq(13), w)
	if !ok || s.Period != 2 || s.Preperiod != 3 || s.Needed != 13 {
		t.Errorf("13 heaps: %+v, %v; want period 2 from heap 3 on 13 heaps", s, ok)
	}
	broken := seq(13)
	broken[12] = 9
	if s, ok := provePhi(broken, w); ok {
		t.Errorf("13 heaps, the last breaking the period: proven %+v", s)
	}
	if _, ok := provePhi(seq(40), PhiWindow{}); ok {
		t.Error("a game without a window (infinitely many digits) was proven")
	}
}

// TestQuotientSolvedAtMisereSolversHeap checks the verdicts on real games
// against MisereSolver's (the heaps above): 0.75 is solved with heaps up
// to 34 and not with heaps up to 33; Kayles with heaps up to 253 and not
// 252.
func TestQuotientSolvedAtMisereSolversHeap(t *testing.T) {
	for _, c := range []struct {
		code         string
		n            int
		solved       bool
		period, from int
	}{
		{"0.75", 33, false, 0, 0},
		{"0.75", 34, true, 2, 8},
		{"0.77", 252, false, 0, 0},
		{"0.77", 253, true, 12, 71},
	} {
		q := octalQuotient(t, c.code, c.n)
		s, ok := q.Solved()
		if ok != c.solved || (ok && (s.Period != c.period || s.Preperiod != c.from)) {
			t.Errorf("%s to heap %d: solved %v %+v; want %v, period %d from %d", c.code, c.n, ok, s, c.solved, c.period, c.from)
		}
	}
}

// TestQuotientSolvedPastItsBound is the theorem's claim checked where the
// quotient was not computed. Each game's quotient is computed to the heap
// the theorem needs (0.75 to 34, as MisereSolver; 0.31, 0.52 and 0.34 to
// the heaps tabulate found, 13, 34 and 49), and must be proven for every
// heap; then it must decide every position of one, two or three heaps with
// a heap past that bound, up to a total of tokens, as plain recursion over
// the literal rules decides it (bruteMisere, written apart from the
// package).
func TestQuotientSolvedPastItsBound(t *testing.T) {
	for _, c := range []struct {
		code     string
		n, total int
	}{
		{"0.75", 34, 58},
		{"0.31", 13, 40},
		{"0.52", 34, 54},
		{"0.34", 49, 62},
	} {
		total := c.total
		if testing.Short() {
			total -= 6
		}
		q := octalQuotient(t, c.code, c.n)
		if _, ok := q.Solved(); !ok {
			t.Errorf("%s to heap %d: not solved", c.code, c.n)
			continue
		}
		b := newBruteMisere(octalRules(c.code))
		checked := 0
		check := func(heaps ...int) {
			x := 0
			for _, h := range heaps {
				e, ok := q.HeapAny(int64(h))
				if !ok {
					t.Fatalf("%s heap %d: no element", c.code, h)
				}
				x = q.Mul(x, e)
			}
			if got, want := q.IsP(x), b.loses(heaps); got != want {
				t.Errorf("%s %v: the quotient says loss %v, plain recursion %v", c.code, heaps, got, want)
			}
			checked++
		}
		for a := c.n + 1; a <= total; a++ {
			check(a)
			for d := 1; a+d <= total; d++ {
				check(d, a)
				for e := d; a+d+e <= total; e++ {
					check(d, e, a)
				}
			}
		}
		if checked < 50 {
			t.Fatalf("%s: only %d positions checked", c.code, checked)
		}
	}
}

// octalQuotient is the quotient of an octal code's heaps up to n.
func octalQuotient(t *testing.T, code string, n int) *Quotient {
	t.Helper()
	c, err := octal.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	q, err := QuotientOf(context.Background(), Octal(c), n, QuotientLimits{})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestDecideAnyAgainstBruteForce checks DecideAny, which counts the
// winning splits of large heaps by residue class, on positions small
// enough for plain recursion (bruteMisere) but past the heaps the quotient
// was computed to: the outcome, and every winning move (listed all) equal
// to the options of the literal rules that plain recursion calls losses.
func TestDecideAnyAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		code  string
		n     int
		heaps [][]int64
	}{
		{"0.75", 34, [][]int64{{40}, {41}, {44}, {3, 41}, {5, 38}, {1, 2, 40}, {36, 12}}},
		{"0.52", 34, [][]int64{{38}, {39}, {40}, {41}, {2, 38}, {5, 36}, {35, 12}}},
		{"0.31", 13, [][]int64{{20}, {21}, {2, 19}, {17, 3, 1}}},
	} {
		q := octalQuotient(t, c.code, c.n)
		code, _ := octal.Parse(c.code)
		g := Octal(code)
		b := newBruteMisere(octalRules(c.code))
		for _, hs := range c.heaps {
			ints := make([]int, len(hs))
			for i, h := range hs {
				ints[i] = int(h)
			}
			a, err := q.DecideAny(g, hs, -1)
			if err != nil {
				t.Fatal(err)
			}
			if want := !b.loses(ints); a.Win != want {
				t.Errorf("%s %v: win %v, plain recursion %v", c.code, hs, a.Win, want)
				continue
			}
			var want []string
			if a.Win {
				for i, h := range ints {
					if slices.Contains(ints[:i], h) {
						continue
					}
					for _, m := range b.r.moves(h) {
						next := append(append(append([]int{}, ints[:i]...), ints[i+1:]...), m...)
						if b.loses(next) {
							want = append(want, fmt.Sprint(i, sortedNoZero(m)))
						}
					}
				}
			}
			var got []string
			for _, m := range a.Moves {
				l := make([]int, len(m.Leaves))
				for i, x := range m.Leaves {
					l[i] = int(x)
				}
				got = append(got, fmt.Sprint(m.Index, sortedNoZero(l)))
			}
			slices.Sort(want)
			want = slices.Compact(want) // the oracle lists a split both ways
			slices.Sort(got)
			if !slices.Equal(got, want) || a.Total != int64(len(want)) {
				t.Errorf("%s %v: moves %v (total %d), plain recursion %v", c.code, hs, got, a.Total, want)
			}
		}
	}
}
