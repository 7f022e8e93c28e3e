package octal

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy/internal/policy"
	"github.com/tabulate-games/tabulate/grundy/internal/serialshare"
)

// TestOctalSerialShare measures, on one goroutine, the main goroutine's
// in-order share of the full-array engine on several workers, and prints
// what it predicts for W workers on W cores (issue 33: a 16-core node is
// seldom at hand). $TABULATE_OCTAL_SERIAL = "code,n[,W]" (W default 16)
// runs it on heaps 0..n-1; without it, it is skipped.
//
// It runs the engine twice under GOMAXPROCS = 1, locked to one thread
// whose CPU time is the clock (serialshare.Thread; so a loaded machine changes the
// figures little): on one worker (T1, the plain path), then with the configuration of W workers
// but the far parts listed at dispatch on the same goroutine and timed
// (octalClock): F, the far parts (what the helpers take), S, the rest of
// each pipelined block (near part, step 3 in order, v*, the mex, add,
// dispatch's own work), U, the blocks without a far part and the checks
// (period, labelling). The values of both runs must be equal. Then, for P
// = 2, 4, 8, 16 goroutines on P cores:
//
//	amdahl:   T1 / (U + S + F/P), the main goroutine's share run alone;
//	pipe:     T1 / (U + sum over blocks of max(S_b, (S_b+F_b)/P)), the
//	          far part shared by all P, overlapping the main goroutine's
//	          in-order work block by block;
//	no-steal: T1 / (U + sum over blocks of max(S_b, F_b/(P-1))), the main
//	          goroutine taking no part.
//
// None counts the hand-over (channel operations, wake-ups of parked
// helpers, rows read from other cores' caches), which one goroutine
// cannot show: the node's figures against these say how much it costs.
func TestOctalSerialShare(t *testing.T) {
	f, w := serialshare.Spec(t, "TABULATE_OCTAL_SERIAL", "code,n[,W]", 2)
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 2 {
		t.Fatalf("TABULATE_OCTAL_SERIAL: n = %q must be an integer >= 2", f[1])
	}
	r := testRules(t, f[0], f[0] == "grundy")

	t0 := serialshare.Thread()
	want, _, err := octalSolve(context.Background(), r, f[0], n-1, nil, octalOptions{workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	t1 := serialshare.Thread() - t0
	// $TABULATE_OCTAL_SERIAL_PACKED=1 forces packed rows: the rows W
	// workers hand over on W CPUs (octalPackedRows), on a smaller machine.
	packed := os.Getenv("TABULATE_OCTAL_SERIAL_PACKED") == "1"
	c := octalClock{now: serialshare.Thread}
	var got []int32
	// The label lets a CPU profile (-test.cpuprofile) show this run alone:
	// go tool pprof -tagfocus run=clock.
	pprof.Do(context.Background(), pprof.Labels("run", "clock"), func(ctx context.Context) {
		got, _, err = octalSolve(ctx, r, f[0], n-1, nil, octalOptions{workers: w, uncapped: true, clock: &c, packedRows: packed})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s: the values with the far parts timed differ from one worker's", f[0])
	}
	rows := "bytes where short"
	if pol := policy.Of(w); packed || octalPackedRows(pol) {
		rows = "packed"
	}
	fmt.Printf("rows handed over: %s\n", rows)
	fmt.Print(serialShare(f[0], n, w, t1, &c))
}

// serialShare formats the measure of TestOctalSerialShare.
func serialShare(code string, n, w int, t1 time.Duration, c *octalClock) string {
	m := serialshare.Turns{Serial: c.serial, Far: c.far, Unpiped: c.unpiped}
	s, f := m.Totals()
	blocks := 0
	for b := range c.far {
		if c.far[b] > 0 {
			blocks++
		}
	}
	u := c.unpiped
	sec := func(d time.Duration) float64 { return d.Seconds() }
	var b strings.Builder
	fmt.Fprintf(&b, "serial share of %s to %d heaps, the configuration of W = %d on one goroutine:\n", code, n, w)
	fmt.Fprintf(&b, "  T1 (one worker) %.3f s; with the far parts timed %.3f s (%.3fx): S %.3f s in order, F %.3f s far (%d blocks), U %.3f s unpiped\n",
		sec(t1), sec(s+f+u), sec(s+f+u)/sec(t1), sec(s), sec(f), blocks, sec(u))
	fmt.Fprintf(&b, "  in-order share (S+U)/T1 = %.2f%% (10x at 16 needs at most about 3.5%%)\n", 100*sec(s+u)/sec(t1))
	fmt.Fprintf(&b, "  %3s %8s %8s %8s\n", "P", "amdahl", "pipe", "no-steal")
	for _, p := range []int{2, 4, 8, 16} {
		pr := m.Predict(t1, p)
		fmt.Fprintf(&b, "  %3d %7.2fx %7.2fx %7.2fx\n", p, pr.Amdahl, pr.Pipe, pr.NoSteal)
	}
	if len(c.serial) > 0 {
		med, p99, most := m.Percentiles()
		fmt.Fprintf(&b, "  S a block: median %v, 99th percentile %v, max %v\n", med, p99, most)
	}
	return b.String()
}
