package heapgame

import (
	"context"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestSparseSpaceFinding: the finding of 0.354 to 10^5 holds the figures
// the C++ solver of tczajka/octal-games prints for it (mask 0x3f, 131 rare
// heaps besides heap 0, the last at 3227; grundy/octal/octal_peer_test.go checks
// the engine against that solver), and the sentence names them.
func TestSparseSpaceFinding(t *testing.T) {
	code, err := octal.Parse("0.354")
	if err != nil {
		t.Fatal(err)
	}
	h := Octal(code)
	if h.Sparse == nil {
		t.Fatal("octal games report no sparse space")
	}
	seq, stats, err := h.Sparse(context.Background(), 100000, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := games.NewSparseSpace(stats)
	if f.Mask != 0x3f || f.RareHeaps != 131 || f.LastRare != 3227 {
		t.Errorf("got mask %s, %d rare heaps, last %d; want 0x3f, 131, 3227", f.MaskHex, f.RareHeaps, f.LastRare)
	}
	largest, at := int32(-1), -1
	for n, v := range seq {
		if v > largest {
			largest, at = v, n
		}
	}
	if f.Largest != largest || f.LargestAt != at {
		t.Errorf("largest %d at %d, want %d at %d (from the values)", f.Largest, f.LargestAt, largest, at)
	}
	if s := f.String(); !strings.Contains(s, "mask 0x3f") || !strings.Contains(s, "131 rare heaps") {
		t.Errorf("String() = %q", s)
	}
}
