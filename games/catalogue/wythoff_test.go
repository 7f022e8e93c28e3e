package catalogue

import (
	"errors"
	"testing"

	"github.com/tabulate-games/tabulate/games"
)

// TestWythoffCheck checks the section's range: 1 to wythoff.Max (10000).
func TestWythoffCheck(t *testing.T) {
	for v, ok := range map[int]bool{-1: false, 0: false, 1: true, 1000: true, 10000: true, 10001: false} {
		err := (&Wythoff{Max: v}).Check()
		var ke *games.KeyError
		if ok != (err == nil) || (err != nil && (!errors.As(err, &ke) || ke.Key != "max" || ke.Allowed != "1 to 10000")) {
			t.Errorf("max %d: %v, want ok %v (a *KeyError for max, 1 to 10000, otherwise)", v, err, ok)
		}
	}
}

// TestWythoffCheckPairs checks the guard on the losing positions: Wythoff's
// pairs up to 10 are (0, 0), (1, 2), (3, 5), (4, 7) and (6, 10) (A000201,
// A001950); a wrong, a missing or an extra pair is reported.
func TestWythoffCheckPairs(t *testing.T) {
	pairs := [][2]int32{{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}}
	if err := wythoffCheckPairs(pairs, 10); err != nil {
		t.Errorf("Wythoff's pairs up to 10: %v", err)
	}
	if err := wythoffCheckPairs(pairs[:4], 9); err != nil {
		t.Errorf("Wythoff's pairs up to 9: %v", err)
	}
	for name, c := range map[string]struct {
		pairs [][2]int32
		max   int
	}{
		"missing": {pairs[:4], 10},
		"wrong":   {[][2]int32{{0, 0}, {1, 2}, {3, 6}}, 6},
		"extra":   {append(pairs[:5:5], [2]int32{8, 13}), 10},
		"not one": {append(pairs[:5:5], [2]int32{7, 9}), 10},
	} {
		if err := wythoffCheckPairs(c.pairs, c.max); err == nil {
			t.Errorf("%s pair: %v up to %d passes", name, c.pairs, c.max)
		}
	}
}
