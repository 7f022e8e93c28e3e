package subtraction

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy/internal/policy"
	"github.com/tabulate-games/tabulate/grundy/internal/serialshare"
)

// TestSquaresSerialShare is take-a-square's serial-share measure (issue
// 33, the model of TestOctalSerialShare; package serialshare): on one
// goroutine it times the calling goroutine's in-order part of the
// segmented kernel and prints the speed-ups that part predicts on P
// cores. $TABULATE_SQUARES_SERIAL = "max[,W]" (W default 16) runs it on
// g(0..max); $TABULATE_SQUARES_SERIAL_UNIT, if set, is the unit of the
// split by heaps (kernelUnit).
//
// Three runs with kernelClock, under serialshare.Spec's one thread: one
// worker's rows (T1 = S + F + U), then W workers' far part split by moves
// (each block into the rows of its worker in turn) and by heaps (forced
// either way). Per turn S is the in-order part (near, short, the OR of the
// other workers' rows, the mex) and F the far part of the next segment
// (what the helpers take); U is the far part that nothing overlaps. Split
// by moves, S grows by the OR of W−1 rows a heap, so for P workers each
// turn's S and F are taken between one worker's and W's in proportion to
// the P−1 rows; split by heaps, nothing depends on P. Every run's values
// must be equal. For P = 2, 4, 8, 16 and each split it prints
// serialshare.Turns.Predict's four models (greedy with the blocks or units
// as pieces) and the split the kernel takes at P. The hand-over (W−1
// goroutines started a segment, the wait for the last block, rows read
// from other cores' caches) is not in them.
func TestSquaresSerialShare(t *testing.T) {
	f, w := serialshare.Spec(t, "TABULATE_SQUARES_SERIAL", "max[,W]", 1)
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > ValuesMax {
		t.Fatalf("TABULATE_SQUARES_SERIAL: max = %q must be an integer in [1, %d]", f[0], ValuesMax)
	}
	unit := 0
	// $TABULATE_SQUARES_SERIAL_UNIT sets the unit of the split by heaps.
	if u := os.Getenv("TABULATE_SQUARES_SERIAL_UNIT"); u != "" {
		if unit, err = strconv.Atoi(u); err != nil || unit < 1 {
			t.Fatalf("TABULATE_SQUARES_SERIAL_UNIT=%q: want a heap count >= 1", u)
		}
	}

	elems := Squares().Members(n)
	var want []uint16
	timed := func(workers, split int) *kernelClock {
		c := &kernelClock{now: serialshare.Thread}
		got, err := kernel(context.Background(), elems, n, workers, nil, kernelOptions{split: split, unit: unit, clock: c})
		if err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = got
		} else if !slices.Equal(got, want) {
			t.Fatalf("W = %d, split %d: the values differ from one worker's", workers, split)
		}
		return c
	}
	one := timed(1, -1)
	moves := timed(w, -1)
	heaps := timed(w, 1)
	if len(moves.serial) != len(one.serial) || len(heaps.serial) != len(one.serial) {
		t.Fatalf("turns: %d with one worker, %d by moves, %d by heaps", len(one.serial), len(moves.serial), len(heaps.serial))
	}
	fmt.Print(squaresShare(n, w, unit, one, moves, heaps))
}

// squaresShare formats the measure of TestSquaresSerialShare.
func squaresShare(n, w, unit int, one, moves, heaps *kernelClock) string {
	sec := func(d time.Duration) float64 { return d.Seconds() }
	s1, f1 := one.turns().Totals()
	t1 := s1 + f1 + one.unpiped
	var b strings.Builder
	fmt.Fprintf(&b, "serial share of take-a-square's Grundy values to %d, one worker and W = %d on one goroutine (units of %d heaps by heaps):\n", n, w, kernelUnitFor(kernelSegment, w, kernelOptions{unit: unit}))
	fmt.Fprintf(&b, "  T1 (one worker) %.3f s: S %.3f s in order (near %.3f s), F %.3f s far (%d turns), U %.3f s unpiped\n",
		sec(t1), sec(s1), sec(one.near), sec(f1), len(one.serial), sec(one.unpiped))
	splits := []struct {
		name string
		c    *kernelClock
	}{{"by moves", moves}, {"by heaps", heaps}}
	for _, x := range splits {
		s, f := x.c.turns().Totals()
		fmt.Fprintf(&b, "  %s: S %.3f s (near %.3f s), F %.3f s (%.3fx one worker's), U %.3f s; OR of other rows %.0f bytes a heap; in-order share (S+U)/T1 %.2f%%\n",
			x.name, sec(s), sec(x.c.near), sec(f), sec(f)/sec(f1), sec(x.c.unpiped),
			float64(x.c.merged)/float64(max(x.c.heaps, 1)), 100*sec(s+x.c.unpiped)/sec(t1))
	}
	fmt.Fprintf(&b, "  (10x at 16 needs an in-order share of at most about 3.5%% by Amdahl)\n")
	fmt.Fprintf(&b, "  %3s | %8s %8s %8s %8s | %8s %8s %8s %8s | %s\n", "P", "amdahl", "pipe", "no-steal", "greedy", "amdahl", "pipe", "no-steal", "greedy", "kernel's split, P CPUs")
	fmt.Fprintf(&b, "  %3s | %35s | %35s |\n", "", "by moves", "by heaps")
	for _, p := range []int{2, 4, 8, 16} {
		split := "by moves"
		if kernelByHeaps(policy.Policy{Workers: p, Procs: p, CPUs: p, Experimental: true}) {
			split = "by heaps"
		}
		fmt.Fprintf(&b, "  %3d | %s | %s | %s\n", p, squaresPredict(t1, p, one.movesAt(moves, p, w)), squaresPredict(t1, p, heaps.turns()), split)
	}
	for _, x := range splits {
		med, p99, most := x.c.turns().Percentiles()
		fmt.Fprintf(&b, "  S a turn %s at W = %d: median %v, 99th percentile %v, max %v\n", x.name, w, med, p99, most)
	}
	return b.String()
}

// turns returns the measure of c as the models read it.
func (c *kernelClock) turns() *serialshare.Turns {
	return &serialshare.Turns{Serial: c.serial, Far: c.far, Pieces: c.pieces, Unpiped: c.unpiped}
}

// movesAt returns the turns of P workers split by moves, between one's
// (c) and W's (many) in proportion to the P−1 other rows ORed.
func (c *kernelClock) movesAt(many *kernelClock, p, w int) *serialshare.Turns {
	q := time.Duration(min(p, w) - 1)
	at := func(a, z time.Duration) time.Duration { return a + (z-a)*q/time.Duration(w-1) }
	m := &serialshare.Turns{Pieces: many.pieces, Unpiped: at(c.unpiped, many.unpiped)}
	for i := range c.serial {
		m.Serial = append(m.Serial, at(c.serial[i], many.serial[i]))
		m.Far = append(m.Far, at(c.far[i], many.far[i]))
	}
	return m
}

// squaresPredict formats the four predictions of TestSquaresSerialShare at
// P cores.
func squaresPredict(t1 time.Duration, p int, m *serialshare.Turns) string {
	pr := m.Predict(t1, p)
	return fmt.Sprintf("%7.2fx %7.2fx %7.2fx %7.2fx", pr.Amdahl, pr.Pipe, pr.NoSteal, pr.Greedy)
}
