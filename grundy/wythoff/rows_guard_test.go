package wythoff

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestRowsWindowGuard runs the rows engine with rings too small for its
// rows: ring.set must refuse to evict a word still in use, so the engine
// stops with ErrWindow, naming the rings, rather than return wrong values
// (mutant wythoff-rows-ring-evict); and a value outside [-2a, 2a] of n is
// refused before it is stored (wythoff-rows-offset-unchecked). Rings of the
// engine's size read each word by its tag: TestRowsNaive kills
// wythoff-rows-ring-untagged, which reads whatever word shares the slot.
func TestRowsWindowGuard(t *testing.T) {
	_, err := tabulateRows(context.Background(), []Step{{Rows: 40, Bound: 500}}, grundy.Options{}, 2)
	if !errors.Is(err, ErrWindow) || !strings.Contains(err.Error(), "with rings of 128 values") {
		t.Errorf("rings of 128 values for 40 rows: %v, want ErrWindow from the rings", err)
	}
	r := &Rows{lens: []int{10, 10}, small: [][]int8{make([]int8, 10), make([]int8, 10)}}
	if err := r.store(1, 5, 2); !errors.Is(err, ErrWindow) {
		t.Errorf("W(1, 5) = 2 (offset -3): %v, want ErrWindow", err)
	}
	if err := r.store(1, 5, 8); !errors.Is(err, ErrWindow) {
		t.Errorf("W(1, 5) = 8 (offset 3): %v, want ErrWindow", err)
	}
	if err := r.store(1, 5, 3); err != nil || r.Offset(1, 5) != -2 {
		t.Errorf("W(1, 5) = 3 (offset -2): %v, offset %d", err, r.Offset(1, 5))
	}
}

// TestRowsProofGuard holds ProveRows to both of its checks. The observed
// period: rows 0..2 with row 2's preperiod claimed late (100, true but
// not least) put N for row 3 at 103, where its state repeats after 6; row
// 3 claimed periodic from 0 (it is from 8) must still be refused, as W(3,
// n+6) = W(3, n) + 6 fails below 8 (mutant wythoff-proof-no-observed). The
// state: a made-up row 1 whose offsets are 0 from n = 1 but whose W(1, 0)
// = 5 leaves value 0 unused, so the first free value never moves: the
// observation holds, the state does not repeat, and the row must be
// refused (wythoff-proof-no-state), and so must the row above it, whose
// own state would repeat (wythoff-proof-from-unproven).
func TestRowsProofGuard(t *testing.T) {
	r := rowsOf(t, Step{Rows: 4, Bound: 400})
	if pr := r.ProveRows([]int{1, 3, 3, 6}, []int{0, 0, 100, 8}); !pr[3].Proven {
		t.Fatalf("row 3, period 6 from 8 (rows below from 0, 0, 100): not proven: %s", pr[3].Why)
	}
	pr := r.ProveRows([]int{1, 3, 3, 6}, []int{0, 0, 100, 0})
	if !pr[2].Proven || pr[3].Proven || pr[3].From != 103 {
		t.Errorf("row 3 claimed periodic from 0: %+v, want refused at N = 103 (row 2 proven: %+v)", pr[3], pr[2])
	}
	const n = 50
	fake := &Rows{lens: []int{n, n, n}, small: [][]int8{make([]int8, n), make([]int8, n), make([]int8, n)}}
	fake.small[1][0] = 5
	pr = fake.ProveRows([]int{1, 1, 1}, []int{0, 1, 0})
	if !pr[0].Proven || pr[1].Proven || pr[2].Proven || pr[2].Why != "row 1 below it is not proven" {
		t.Errorf("a row whose state never repeats: %+v, want row 0 proven, rows 1 and 2 refused (2: %q)", pr, "row 1 below it is not proven")
	}
	if pr = fake.ProveRows([]int{1, 0}, []int{0, 0}); pr[1].Proven || pr[1].Why != "no period observed" {
		t.Errorf("row 1 without a period: %+v", pr[1])
	}
}
