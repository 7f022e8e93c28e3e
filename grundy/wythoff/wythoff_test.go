package wythoff

import (
	"context"
	"errors"
	"math/big"
	"runtime"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// Published values. A317205 is Wythoff's game's table as a triangle, row n
// holding g(n, 0), ..., g(n, n); it names A004481 (the same table read by
// antidiagonals) as the full table. Rows 0 to 11, as listed on
// oeis.org/A317205 (from Blass and Fraenkel, "The Sprague-Grundy function
// for Wythoff's game", Theoret. Comput. Sci. 75 (1990), table 2).
var a317205 = []int32{
	0,
	1, 2,
	2, 0, 1,
	3, 4, 5, 6,
	4, 5, 3, 2, 7,
	5, 3, 4, 0, 6, 8,
	6, 7, 8, 1, 9, 10, 3,
	7, 8, 6, 9, 0, 1, 4, 5,
	8, 6, 7, 10, 1, 2, 5, 3, 4,
	9, 10, 11, 12, 8, 7, 13, 14, 15, 16,
	10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14,
	11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15,
}

// a047708 is the diagonal g(n, n), n = 0 to 70, as listed on oeis.org/A047708.
var a047708 = []int32{0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25, 17, 18, 19, 30, 31, 38,
	35, 36, 22, 23, 43, 45, 48, 49, 24, 26, 27, 28, 29, 33, 60, 32, 61, 57, 66, 37, 63, 34, 64,
	67, 40, 39, 41, 42, 82, 44, 74, 79, 47, 46, 87, 86, 50, 95, 96, 52, 101, 51, 102, 53, 54}

// a004484 and a004485 are the rows g(3, n) and g(4, n), n = 0 to 61, rows 3
// and 4 of A004481, as listed on oeis.org/A004484 and oeis.org/A004485.
var (
	a004484 = []int32{3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11, 16, 18, 14, 13, 21, 17, 22, 24, 20, 19, 27, 23, 28, 30,
		26, 25, 33, 29, 34, 36, 32, 31, 39, 35, 40, 42, 38, 37, 45, 41, 46, 48, 44, 43, 51, 47, 52, 54, 50, 49, 57, 53, 58,
		60, 56, 55, 63, 59}
	a004485 = []int32{4, 5, 3, 2, 7, 6, 9, 0, 1, 8, 13, 12, 11, 16, 15, 10, 19, 18, 17, 14, 21, 20, 25, 24, 23, 28, 27, 22,
		31, 30, 29, 26, 33, 32, 37, 36, 35, 40, 39, 34, 43, 42, 41, 38, 45, 44, 49, 48, 47, 52, 51, 46, 55, 54, 53, 50, 57,
		56, 61, 60, 59, 64}
)

// a000201 and a001950 are the lower and upper Wythoff sequences,
// floor(k phi) and floor(k phi^2) for k = 1, 2, ..., as listed on
// oeis.org/A000201 and oeis.org/A001950.
var (
	a000201 = []int{1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38, 40,
		42, 43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64, 66, 67, 69, 71, 72, 74, 76, 77,
		79, 80, 82, 84, 85, 87, 88, 90, 92, 93, 95, 97, 98, 100, 101, 103, 105, 106, 108, 110}
	a001950 = []int{2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60, 62,
		65, 68, 70, 73, 75, 78, 81, 83, 86, 89, 91, 94, 96, 99, 102, 104, 107, 109, 112, 115,
		117, 120, 123, 125, 128, 130, 133, 136, 138, 141, 143, 146, 149, 151, 154, 157}
)

// wythoffOracle is the literal game: the value of the position (a, b) is the
// mex of the values of every position one move reaches, (a-k, b), (a,
// b-k) and (a-k, b-k) for k >= 1, found by memoised recursion over both
// orders of the heaps (no symmetry, no bit sets, no table layout).
type wythoffOracle map[[2]int]int

func (o wythoffOracle) value(a, b int) int {
	if v, ok := o[[2]int{a, b}]; ok {
		return v
	}
	seen := map[int]bool{}
	for k := 1; k <= a; k++ {
		seen[o.value(a-k, b)] = true
	}
	for k := 1; k <= b; k++ {
		seen[o.value(a, b-k)] = true
	}
	for k := 1; k <= a && k <= b; k++ {
		seen[o.value(a-k, b-k)] = true
	}
	mex := 0
	for seen[mex] {
		mex++
	}
	o[[2]int{a, b}] = mex
	return mex
}

func tabulate(t *testing.T, max int) *Table {
	t.Helper()
	tab, err := Tabulate(context.Background(), max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Max != max || int64(len(tab.Values)) != Cells(max) {
		t.Fatalf("Tabulate(%d): Max %d with %d values, want %d values", max, tab.Max, len(tab.Values), Cells(max))
	}
	return tab
}

func grundyOf(t *testing.T, tab *Table, a, b int) int32 {
	t.Helper()
	v, err := tab.Grundy(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTabulateOracle(t *testing.T) {
	for _, max := range []int{0, 1, 2, 7, 40} {
		tab := tabulate(t, max)
		oracle := wythoffOracle{}
		for a := 0; a <= max; a++ {
			for b := 0; b <= max; b++ {
				if got, want := grundyOf(t, tab, a, b), oracle.value(a, b); int(got) != want {
					t.Errorf("max %d: g(%d, %d) = %d, want %d (memoised recursion over the moves)", max, a, b, got, want)
				}
			}
		}
	}
}

func TestTabulatePublished(t *testing.T) {
	tab := tabulate(t, 80)
	i := 0
	for n := 0; i < len(a317205); n++ {
		for m := 0; m <= n; m++ {
			if got := grundyOf(t, tab, n, m); got != a317205[i] {
				t.Errorf("g(%d, %d) = %d, want %d (A317205)", n, m, got, a317205[i])
			}
			i++
		}
	}
	for n, want := range a047708 {
		if got := grundyOf(t, tab, n, n); got != want {
			t.Errorf("g(%d, %d) = %d, want %d (A047708)", n, n, got, want)
		}
	}
	for n := range a004484 {
		if got := grundyOf(t, tab, 3, n); got != a004484[n] {
			t.Errorf("g(3, %d) = %d, want %d (A004484)", n, got, a004484[n])
		}
		if got := grundyOf(t, tab, n, 4); got != a004485[n] {
			t.Errorf("g(%d, 4) = %d, want %d (A004485)", n, got, a004485[n])
		}
	}
}

// TestLosingPairs checks Wythoff's theorem on the table, with integers
// only: the positions of value 0 with a <= b are exactly the pairs (a_k,
// b_k), where a_k is the least number not among a_j, b_j for j < k and b_k
// = a_k + k (the mex construction), and these are (floor(k phi),
// floor(k phi^2)): a_k = floor((k + sqrt(5k^2))/2), the square root taken
// by math/big, and b_k = a_k + k; the first are A000201 and A001950.
func TestLosingPairs(t *testing.T) {
	const max = 1000
	tab := tabulate(t, max)
	var want [][2]int
	used := map[int]bool{}
	for k, a := 0, 0; ; k++ {
		for used[a] {
			a++
		}
		if a+k > max {
			break
		}
		want = append(want, [2]int{a, a + k})
		used[a], used[a+k] = true, true
	}
	var got [][2]int
	for a := 0; a <= max; a++ {
		for b := a; b <= max; b++ {
			if grundyOf(t, tab, a, b) == 0 {
				got = append(got, [2]int{a, b})
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d positions of value 0 with a <= b <= %d, want %d: got %v", len(got), max, len(want), got)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("losing pair %d: got %v, want %v (mex construction)", k, got[k], want[k])
		}
		// floor(k phi) = floor((k + sqrt(5 k^2)) / 2): sqrt(5 k^2) is
		// irrational for k >= 1, so the floor of the sum is k plus the
		// integer square root, halved.
		s := new(big.Int).Sqrt(big.NewInt(5 * int64(k) * int64(k)))
		lower := (int64(k) + s.Int64()) / 2
		if int64(want[k][0]) != lower || int64(want[k][1]) != lower+int64(k) {
			t.Errorf("pair %d of the mex construction %v, want (floor(k phi), floor(k phi^2)) = (%d, %d)", k, want[k], lower, lower+int64(k))
		}
		if k >= 1 && k <= len(a000201) && (want[k][0] != a000201[k-1] || (k <= len(a001950) && want[k][1] != a001950[k-1])) {
			t.Errorf("pair %d: %v, want A000201(%d) = %d and A001950(%d)", k, want[k], k, a000201[k-1], k)
		}
	}
	if len(want) < len(a001950) {
		t.Fatalf("only %d pairs up to %d: the published lists were not all checked", len(want), max)
	}
}

func TestTabulateRange(t *testing.T) {
	for _, max := range []int{-1, Max + 1, 1 << 40, -1 << 62} {
		tab, err := Tabulate(context.Background(), max, grundy.Options{})
		var re *grundy.RangeError
		if !errors.As(err, &re) || tab != nil || re.Value != int64(max) || re.Min != 0 || re.Max != Max || re.Arg != "max" {
			t.Errorf("Tabulate(%d) = %v, %v; want a *grundy.RangeError for max, 0 to %d", max, tab, err, Max)
		}
		if m := Memory(max); m != 0 {
			t.Errorf("Memory(%d) = %d, want 0 for a max Tabulate rejects", max, m)
		}
	}
	tab := tabulate(t, 5)
	for _, p := range [][2]int{{-1, 0}, {0, -1}, {6, 0}, {0, 6}, {1 << 40, 1}} {
		v, err := tab.Grundy(p[0], p[1])
		var re *grundy.RangeError
		if !errors.As(err, &re) || v != 0 || re.Max != 5 {
			t.Errorf("Grundy(%d, %d) = %d, %v; want a *grundy.RangeError, 0 to 5", p[0], p[1], v, err)
		}
	}
	bad := &Table{Max: 5, Values: make([]int32, 3)}
	if _, err := bad.Grundy(1, 1); err == nil {
		t.Error("Grundy on a table of 3 values for max 5: no error")
	}
	var none *Table
	if _, err := none.Grundy(0, 0); err == nil {
		t.Error("Grundy on a nil table: no error")
	}
}

func TestNewTable(t *testing.T) {
	tab := tabulate(t, 30)
	back, err := NewTable(tab.Values)
	if err != nil || back.Max != 30 {
		t.Fatalf("NewTable(%d values) = %v, %v; want max 30", len(tab.Values), back, err)
	}
	for _, n := range []int{0, 2, 4, len(tab.Values) - 1, len(tab.Values) + 1} {
		if back, err := NewTable(make([]int32, n)); err == nil {
			t.Errorf("NewTable(%d values) = max %d, want an error (not (max+1)(max+2)/2 for any max)", n, back.Max)
		}
	}
	if back, err := NewTable(make([]int32, 1)); err != nil || back.Max != 0 {
		t.Errorf("NewTable(1 value) = %v, %v; want max 0", back, err)
	}
}

func TestTabulateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if tab, err := Tabulate(ctx, 100, grundy.Options{}); !errors.Is(err, context.Canceled) || tab != nil {
		t.Errorf("Tabulate on a cancelled context = %v, %v; want context.Canceled", tab, err)
	}
	// Cancelled after the first rows: the next row sees it.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	rows := 0
	tab, err := Tabulate(ctx, 300, grundy.Options{Progress: func(done, total int64) {
		rows++
		if rows == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || tab != nil || rows != 3 {
		t.Errorf("Tabulate cancelled after row 3 = %v, %v after %d rows; want context.Canceled after 3", tab, err, rows)
	}
}

func TestTabulateProgress(t *testing.T) {
	const max = 50
	var last int64
	calls := 0
	_, err := Tabulate(context.Background(), max, grundy.Options{Progress: func(done, total int64) {
		calls++
		if total != Cells(max) || done < last || done > total {
			t.Errorf("progress (%d, %d) after %d: want done rising to total %d", done, total, last, Cells(max))
		}
		last = done
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != max+1 || last != Cells(max) {
		t.Errorf("%d progress calls ending at %d, want %d (one a row) ending at %d", calls, last, max+1, Cells(max))
	}
}

// TestMemory checks Memory against what Tabulate allocates.
func TestMemory(t *testing.T) {
	const max = 600
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tab := tabulate(t, max)
	runtime.ReadMemStats(&after)
	got, est := int64(after.TotalAlloc-before.TotalAlloc), Memory(max)
	if got > est+est/10 || got < est/2 {
		t.Errorf("Tabulate(%d) allocated %d bytes, Memory says %d", max, got, est)
	}
	runtime.KeepAlive(tab)
}
