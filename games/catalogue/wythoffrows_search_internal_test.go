package catalogue

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/wythoff"
)

// plainRows returns W(a, n) for a < rows, n < bound, by a plain mex over
// the literal options of Wythoff's game (the row, the column and the
// diagonal), written here.
func plainRows(rows, bound int) [][]int {
	w := make([][]int, rows)
	for a := range rows {
		w[a] = make([]int, bound)
		for n := range bound {
			seen := make([]bool, n+2*a+2)
			for k := 1; k <= n; k++ {
				seen[w[a][n-k]] = true
			}
			for k := 1; k <= a; k++ {
				if n < len(w[a-k]) {
					seen[w[a-k][n]] = true
				}
				if k <= n {
					seen[w[a-k][n-k]] = true
				}
			}
			for seen[w[a][n]] {
				w[a][n]++
			}
		}
	}
	return w
}

// TestRowPeriodsSearch checks wythoff-rows' period search and proof
// (rowPeriods) on rows 0..14 computed to n < 805, against a plain mex to
// 3·bound: every row is proven, rows in order, with the least period and
// preperiod the plain values show (the offset W(a, n) - n periodic with p
// from n0 to 3·bound, and neither a smaller p nor n0 so), and the proof's
// own check of leastness (wythoff.Rows.Least) agrees. The bound is set so
// that at least one row is proven from a stretch after its preperiod of
// less than a quarter of its values, which the search once refused.
func TestRowPeriodsSearch(t *testing.T) {
	// Row 14 (period 96 from 613) needs 613 + 96 + 96 = 805 values.
	const rows, bound = 15, 805
	w := plainRows(rows, 3*bound)
	least := func(a int) (int, int) { // the plain least (period, preperiod)
		off := func(n int) int { return w[a][n] - n }
		end := len(w[a])
		for p := 1; p < end/4; p++ {
			n0 := end - p
			for n0 > 0 && off(n0-1) == off(n0-1+p) {
				n0--
			}
			if end-n0 >= end/2 {
				return p, n0
			}
		}
		return 0, 0
	}
	r, err := wythoff.TabulateRows(context.Background(), []wythoff.Step{{Rows: rows, Bound: bound}}, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := rowPeriods(context.Background(), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	short := 0
	for a, row := range got {
		p, n0 := least(a)
		if row.Status != "proven" || row.Period != p || row.Preperiod != n0 {
			t.Errorf("row %d: %s period %d from %d, want proven period %d from %d (plain mex to %d)", a, row.Status, row.Period, row.Preperiod, p, n0, 3*bound)
			continue
		}
		if !r.Least(a, p, n0) {
			t.Errorf("row %d: Least(%d, %d) is false for the plain least period", a, p, n0)
		}
		if 4*(bound-n0) < bound {
			short++
		}
	}
	if short == 0 {
		t.Errorf("no row proven from less than a quarter of its values: the test does not reach the case it is for")
	}
}
