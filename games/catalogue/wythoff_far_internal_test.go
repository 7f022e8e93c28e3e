package catalogue

import (
	"context"
	"slices"
	"testing"
)

// TestWythoffFar checks the answer past the table (wythoffFar) against a
// plain mex over the literal game, written here, for the rows below
// wythoffFarRows and n < 600: the outcome and the winning moves at every
// position, and the value wherever wythoffFar gives one (the rows whose
// periods it proves); it must give one for row 0 (W(0, n) = n) and row 1.
func TestWythoffFar(t *testing.T) {
	const rows, n = wythoffFarRows, 600
	w := make([][]int, n)
	for a := range n {
		w[a] = make([]int, n)
		for b := range n {
			seen := make([]bool, a+b+min(a, b)+2)
			for k := 1; k <= a; k++ {
				seen[w[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[w[a][b-k]] = true
			}
			for k := 1; k <= min(a, b); k++ {
				seen[w[a-k][b-k]] = true
			}
			for seen[w[a][b]] {
				w[a][b]++
			}
		}
	}
	valued := map[int]bool{}
	for a := range rows {
		for b := range n {
			for _, pos := range [][2]int{{a, b}, {b, a}} {
				x, y := pos[0], pos[1]
				ans, err := wythoffFar(context.Background(), "wythoff", x, y)
				if err != nil {
					t.Fatal(err)
				}
				if ans.Win != (w[x][y] != 0) {
					t.Fatalf("(%d, %d): win %v, want g = %d", x, y, ans.Win, w[x][y])
				}
				if ans.Grundy != nil {
					valued[a] = true
					if *ans.Grundy != int64(w[x][y]) {
						t.Fatalf("(%d, %d): value %d, want %d (%s)", x, y, *ans.Grundy, w[x][y], ans.Note)
					}
				}
				var want []WythoffMove
				for k := 1; k <= x; k++ {
					if w[x-k][y] == 0 {
						want = append(want, WythoffMove{From: "heap 1", Remove: k, Leaves: []int{x - k, y}})
					}
				}
				for k := 1; k <= y; k++ {
					if w[x][y-k] == 0 {
						want = append(want, WythoffMove{From: "heap 2", Remove: k, Leaves: []int{x, y - k}})
					}
				}
				for k := 1; k <= min(x, y); k++ {
					if w[x-k][y-k] == 0 {
						want = append(want, WythoffMove{From: "both heaps", Remove: k, Leaves: []int{x - k, y - k}})
					}
				}
				got := ans.WinningMoves.([]WythoffMove)
				key := func(m WythoffMove) string { return m.String() }
				if !slices.Equal(sortedBy(got, key), sortedBy(want, key)) {
					t.Fatalf("(%d, %d): moves %v, want %v", x, y, got, want)
				}
			}
		}
	}
	if !valued[0] || !valued[1] {
		t.Errorf("no value in rows 0 and 1 (rows with a value: %v)", valued)
	}
	// The values past the rows computed, by the proven periods: rows to
	// n < 256 only, every n < 600 asked.
	pr, err := proveFarRows(context.Background(), 8, 256)
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for a := range 8 {
		for b := range n {
			if v, ok := pr.value(a, b); ok {
				if v != int64(w[a][b]) {
					t.Fatalf("row %d, n = %d from rows to 256: value %d, want %d (period %d from %d)", a, b, v, w[a][b], pr.period[a], pr.preperiod[a])
				}
				proven = max(proven, a+1)
			}
		}
	}
	if proven < 3 {
		t.Errorf("rows to 256 prove rows 0..%d, want at least 0..2", proven-1)
	}
}

// sortedBy returns the strings of xs by key, sorted.
func sortedBy[T any](xs []T, key func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = key(x)
	}
	slices.Sort(out)
	return out
}
