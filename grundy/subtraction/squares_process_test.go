package subtraction

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"strconv"
	"testing"
)

// TestSquaresGrundyProcess computes take-a-square's Grundy values g(0..max)
// for max = $TABULATE_SQUARES_GRUNDY on $TABULATE_SQUARES_WORKERS workers
// (0 or unset: GOMAXPROCS), for scripts/device/scale-octal.sh and
// whole-process timers, which time the whole process; $TABULATE_SQUARES_SUM, if set,
// names a file for the sha256 of the values (each a little-endian uint16),
// so that runs at different workers can be compared. Without
// $TABULATE_SQUARES_GRUNDY it is skipped.
func TestSquaresGrundyProcess(t *testing.T) {
	spec := os.Getenv("TABULATE_SQUARES_GRUNDY")
	if spec == "" {
		t.Skip("run by scripts/device/scale-octal.sh")
	}
	max, err := strconv.Atoi(spec)
	if err != nil || max < 0 {
		t.Fatalf("TABULATE_SQUARES_GRUNDY=%q: want a heap count >= 0", spec)
	}
	workers := 0
	if w := os.Getenv("TABULATE_SQUARES_WORKERS"); w != "" {
		if workers, err = strconv.Atoi(w); err != nil || workers < 0 {
			t.Fatalf("TABULATE_SQUARES_WORKERS=%q: want an integer >= 0", w)
		}
	}
	g, err := squaresGrundy(context.Background(), max, workers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum := os.Getenv("TABULATE_SQUARES_SUM"); sum != "" {
		h := sha256.New()
		b := make([]byte, 2*len(g))
		for i, v := range g {
			b[2*i], b[2*i+1] = byte(v), byte(v>>8)
		}
		h.Write(b)
		if err := os.WriteFile(sum, fmt.Appendf(nil, "%x\n", h.Sum(nil)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
