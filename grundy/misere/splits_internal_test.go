package misere

import (
	"slices"
	"testing"
)

// mod3 is a periodic element map for splits: heap a has element a mod 3
// (preperiod 1, period 3), elements multiply by XOR and 0 is the loss, so a
// split (a, s-a) is listed when a and s-a agree mod 3. calls counts the
// elements asked for.
type mod3 struct{ calls int }

func (m *mod3) heapAny(n int64) (int, bool) { m.calls++; return int(n % 3), true }
func (m *mod3) mul(x, y int) int            { return x ^ y }
func (m *mod3) loss(x int) bool             { return x == 0 }
func (m *mod3) period() (int64, int64)      { return 1, 3 }

// TestSplitsListsFromClasses checks splits against the literal list of the
// splits of s whose parts agree mod 3, for small s and for a heap of 10^18,
// where it must give the first moves asked for after n0 + p evaluations, not
// a scan of the heap.
func TestSplitsListsFromClasses(t *testing.T) {
	for s := int64(2); s <= 200; s++ {
		var want []int64
		for a := int64(1); a <= s/2; a++ {
			if a%3 == (s-a)%3 {
				want = append(want, a)
			}
		}
		var got []int64
		total := splits(&mod3{}, s, 0, func(a int64) bool { got = append(got, a); return true })
		if !slices.Equal(got, want) || total != int64(len(want)) {
			t.Fatalf("s=%d: listed %v (total %d), want %v", s, got, total, want)
		}
	}
	const s = int64(1_000_000_000_000_000_000)
	m := &mod3{}
	var got []int64
	total := splits(m, s, 0, func(a int64) bool { got = append(got, a); return len(got) < 4 })
	// s = 1 mod 3: a agrees with s-a mod 3 when 2a = 1 mod 3, a = 2 mod 3.
	if want := []int64{2, 5, 8, 11}; !slices.Equal(got, want) {
		t.Errorf("s=10^18: first moves %v, want %v", got, want)
	}
	if want := (s/2-2)/3 + 1; total != want {
		t.Errorf("s=10^18: total %d, want %d", total, want)
	}
	if m.calls > 2*(1+3) {
		t.Errorf("s=10^18: %d elements asked for, want at most 2(n0+p) = 8", m.calls)
	}
}
