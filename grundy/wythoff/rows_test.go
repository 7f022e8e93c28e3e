package wythoff

import (
	"context"
	"errors"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// naiveRows is Wythoff's game by its rules, written apart from both
// engines: W(a, n) for a < rows and n < bound, each the least value not
// among the values of (a, x) for x < n, (x, n) for x < a and (a-k, n-k)
// for k >= 1, gathered afresh for every cell (no bit sets, no symmetry,
// no windows).
func naiveRows(rows, bound int) [][]int {
	w := make([][]int, rows)
	for a := range w {
		w[a] = make([]int, bound)
	}
	seen := make([]int, 4*(rows+bound)) // seen[v] == stamp: v is an option's value
	stamp := 0
	for n := 0; n < bound; n++ {
		for a := 0; a < rows; a++ {
			stamp++
			for x := 0; x < n; x++ {
				seen[w[a][x]] = stamp
			}
			for x := 0; x < a; x++ {
				seen[w[x][n]] = stamp
			}
			for k := 1; k <= a && k <= n; k++ {
				seen[w[a-k][n-k]] = stamp
			}
			v := 0
			for seen[v] == stamp {
				v++
			}
			w[a][n] = v
		}
	}
	return w
}

// rowPeriod is the least p with a preperiod n0 such that seq[n+p] =
// seq[n] + p for n0 <= n < len(seq)-p, with the repeating part at least
// two periods and a third of the sequence long (with strict, 2 n0 + 2p <=
// len(seq), the rule of analysis.FindPeriod), found by trying every p and
// every n0 in turn (no Z-function).
func rowPeriod(seq []int, strict bool) (p, n0 int, ok bool) {
	for p = 1; 2*p <= len(seq); p++ {
		n0 = len(seq) - p
		for n0 > 0 && seq[n0-1+p] == seq[n0-1]+p {
			n0--
		}
		if rest := len(seq) - n0; rest >= 2*p && 3*rest >= len(seq) && (!strict || 2*n0+2*p <= len(seq)) {
			return p, n0, true
		}
	}
	return 0, 0, false
}

// issuePeriods are the additive periods of rows 0 to 21, as issue 35
// states them from a naive mex to n = 3000 (no published source lists
// them); the test finds them again with naiveRows.
var issuePeriods = []int{1, 3, 3, 6, 12, 24, 12, 24, 24, 24, 24, 48, 48, 96, 96, 96, 192, 192, 384, 384, 384, 768}

func rowsOf(t *testing.T, steps ...Step) *Rows {
	t.Helper()
	r, err := TabulateRows(context.Background(), steps, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRowsNaive checks the rows engine against naiveRows on rows 0..31 to
// n < 2000 (a staircase: rows 0..31 to 1000, 0..11 to 2000), and the row
// periods of rows 0..21 against the issue's list, from the naive rows and
// from the engine's.
func TestRowsNaive(t *testing.T) {
	bound := 2000
	if testing.Short() {
		bound = 1200
	}
	naive := naiveRows(32, bound)
	r := rowsOf(t, Step{Rows: 32, Bound: bound / 2}, Step{Rows: 12, Bound: bound})
	if r.Count() != 32 || r.Len(11) != bound || r.Len(12) != bound/2 {
		t.Fatalf("rows %d, lengths %d %d; want 32 rows, %d and %d", r.Count(), r.Len(11), r.Len(12), bound, bound/2)
	}
	for a := 0; a < 32; a++ {
		for n := 0; n < r.Len(a); n++ {
			if got := r.Value(a, n); got != int64(naive[a][n]) {
				t.Fatalf("W(%d, %d) = %d, naive mex %d", a, n, got, naive[a][n])
			}
		}
	}
	full := rowsOf(t, Step{Rows: 32, Bound: bound})
	for a := 0; a < 32; a++ {
		for n := 0; n < bound; n++ {
			if got := full.Value(a, n); got != int64(naive[a][n]) {
				t.Fatalf("one step: W(%d, %d) = %d, naive mex %d", a, n, got, naive[a][n])
			}
		}
	}
}

// TestRowsPeriods finds the issue's periods of rows 0..21 with the naive
// mex to n < 3000 (two periods after the preperiod: rows 20 and 21, with
// preperiods past 1000 and periods 384 and 768, show no more there), and
// the same periods in the engine's rows to 3000 and, by FindPeriod's
// stricter rule, to 20000.
func TestRowsPeriods(t *testing.T) {
	if testing.Short() {
		t.Skip("the naive mex to 3000 takes a few seconds")
	}
	const bound = 3000
	naive := naiveRows(len(issuePeriods), bound)
	long := rowsOf(t, Step{Rows: len(issuePeriods), Bound: 20000})
	for a, want := range issuePeriods {
		if p, n0, ok := rowPeriod(naive[a], false); !ok || p != want {
			t.Errorf("row %d: naive period %d from %d (found %v), issue says %d", a, p, n0, ok, want)
		}
		seq := make([]int, long.Len(a))
		for n := range seq {
			seq[n] = int(long.Value(a, n))
		}
		if p, _, ok := rowPeriod(seq[:bound], false); !ok || p != want {
			t.Errorf("row %d: engine's period to %d is %d, want %d", a, bound, p, want)
		}
		if p, _, ok := rowPeriod(seq, true); !ok || p != want {
			t.Errorf("row %d: engine's period to %d is %d, want %d", a, len(seq), p, want)
		}
	}
}

// TestRowsPublished checks rows 0..11 (A317205's triangle, the rows of
// a317205 read with g symmetric) and rows 3 and 4 (A004484, A004485) in the
// rows engine.
func TestRowsPublished(t *testing.T) {
	r := rowsOf(t, Step{Rows: 12, Bound: 62})
	i := 0
	for a := 0; a < 12; a++ {
		for n := 0; n <= a; n++ {
			if got := r.Value(a, n); got != int64(a317205[i]) {
				t.Errorf("W(%d, %d) = %d, A317205 says %d", a, n, got, a317205[i])
			}
			i++
		}
	}
	for n := range a004484 {
		if r.Value(3, n) != int64(a004484[n]) || r.Value(4, n) != int64(a004485[n]) {
			t.Errorf("W(3, %d), W(4, %d) = %d, %d; A004484, A004485 say %d, %d", n, n, r.Value(3, n), r.Value(4, n), a004484[n], a004485[n])
		}
	}
}

// TestRowsBounds: steps out of range are *grundy.RangeErrors.
func TestRowsBounds(t *testing.T) {
	for _, s := range []Step{{0, 10}, {RowsMax + 1, 10}, {3, 0}, {3, BoundMax + 1}} {
		_, err := TabulateRows(context.Background(), []Step{s}, grundy.Options{})
		var re *grundy.RangeError
		if !errors.As(err, &re) {
			t.Errorf("step %v: %v, want a *grundy.RangeError", s, err)
		}
		if RowsMemory([]Step{s}) != 0 || RowsCells([]Step{s}) != 0 {
			t.Errorf("step %v: memory or cells not 0", s)
		}
	}
	if _, err := TabulateRows(context.Background(), nil, grundy.Options{}); err == nil {
		t.Error("no steps: no error")
	}
}

// TestRowsTriangle checks the rows engine against the other engine of the
// package, the triangle of Tabulate (bit sets per column and diagonal over
// the whole table, no windows): rows 0..255 to n <= 3000, a staircase whose
// rows past 63 stop at 1000.
func TestRowsTriangle(t *testing.T) {
	max := 3000
	if testing.Short() {
		max = 1000
	}
	tab := tabulate(t, max)
	r := rowsOf(t, Step{Rows: 256, Bound: 1000}, Step{Rows: 64, Bound: max + 1})
	for a := 0; a < 256; a++ {
		for n := 0; n < r.Len(a); n++ {
			if got, want := r.Value(a, n), grundyOf(t, tab, a, n); got != int64(want) {
				t.Fatalf("W(%d, %d) = %d, the triangle says %d", a, n, got, want)
			}
		}
	}
}

// TestRowsProof runs ProveRows on the engine's rows 0..21 to 20000 with the
// periods the naive search finds: every row is proven, and a false
// candidate or a cut row is not.
func TestRowsProof(t *testing.T) {
	r := rowsOf(t, Step{Rows: 22, Bound: 20000})
	ps, n0s := make([]int, 22), make([]int, 22)
	for a := range ps {
		seq := make([]int, r.Len(a))
		for n := range seq {
			seq[n] = int(r.Value(a, n))
		}
		var ok bool
		if ps[a], n0s[a], ok = rowPeriod(seq, true); !ok {
			t.Fatalf("row %d: no period to 20000", a)
		}
	}
	for a, pr := range r.ProveRows(ps, n0s) {
		if !pr.Proven {
			t.Errorf("row %d (period %d from %d): not proven: %s", a, ps[a], n0s[a], pr.Why)
		}
	}
}

// TestRowsLeast checks Least on rows 0..10 to 4096, each row's least
// period and preperiod found by the test's own search (rowPeriod): Least
// holds for them, and fails for twice the period and for a preperiod one
// too long.
func TestRowsLeast(t *testing.T) {
	r := rowsOf(t, Step{Rows: 11, Bound: 4096})
	for a := range 11 {
		seq := make([]int, r.Len(a))
		for n := range seq {
			seq[n] = int(r.Value(a, n))
		}
		p, n0, ok := rowPeriod(seq, true)
		if !ok {
			t.Fatalf("row %d: no period to 4096", a)
		}
		if !r.Least(a, p, n0) {
			t.Errorf("row %d: Least(%d, %d) false for the least period", a, p, n0)
		}
		if r.Least(a, 2*p, n0) {
			t.Errorf("row %d: Least(%d, %d) true for twice the least period", a, 2*p, n0)
		}
		if r.Least(a, p, n0+1) {
			t.Errorf("row %d: Least(%d, %d) true for a preperiod one past the least", a, p, n0+1)
		}
	}
}
