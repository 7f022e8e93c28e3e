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
