package octal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// scaleWorkers are the worker counts of issue 33's identity tests: one (no
// helper), two (one helper, the pipeline before issue 33), and three,
// eight and sixteen (several helpers, each a part of the block), more than
// the machine's cores.
var scaleWorkers = []int{1, 2, 3, 8, 16}

// scaleModes are the caps of the helpers' step 3 (octalPipe): a run's
// (octalHelperCap, 4096 splits from each end), 8192 splits
// from each end (the whole of the known splits for most heaps below 10^4,
// so the helpers' ranges meet), and 24 (a chunk: the main goroutine lists
// step 3 past the helpers' ranges, around the hole, at many heaps). The
// last two turn the rules for many cores on (octalOptions.experimental: the
// main goroutine gives later parts back, receive) and make the main
// goroutine spin before it parks in its wait (octalPipe.await, which a
// 2-core machine never takes by octalSpins' rule).
var scaleModes = []struct {
	name string
	top  int
	spin int
}{{"cap-run", 0, 0}, {"cap-8192", 8192, 1}, {"cap-24", 24, 1}}

// TestWorkersOracle checks the full-array engine at 1, 2, 3, 8 and 16
// workers, in each mode of the helpers, against octalPlain, the plain mex
// over every split (octal_plain_test.go, no code shared with the engine),
// on games with a sparse space (the helpers run from the first blocks on)
// and Grundy's game; and the frequency tables with their checksums against
// those of the plain mex's values. To 10^4 heaps (2^15 for 0.6 outside
// -short, past the 16-bit ring's start at 2^14).
func TestWorkersOracle(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		code    string
		max     int
		unequal bool
	}{
		{"0.6", 10_000, false}, {"0.014", 10_000, false}, {"0.172", 10_000, false},
		{"0.16", 10_000, false}, {"4.07", 6000, false}, {"0.14", 6000, false},
		{"0.51", 6000, false}, {"0.034", 6000, false}, {"4.", 10_000, true}, // Grundy's game
	}
	if !testing.Short() {
		cases = append(cases, struct {
			code    string
			max     int
			unequal bool
		}{"0.6", 1 << 15, false})
	}
	workers := scaleWorkers
	if testing.Short() {
		workers = []int{1, 3, 16}
	}
	for _, tc := range cases {
		want, err := octalPlain(ctx, tc.code, tc.max, tc.unequal)
		if err != nil {
			t.Fatal(err)
		}
		wantTables, wantSum, err := Frequencies(want)
		if err != nil {
			t.Fatal(err)
		}
		r := testRules(t, tc.code, tc.unequal)
		for _, w := range workers {
			for _, m := range scaleModes {
				if w == 1 && m.top != 0 {
					continue // no helper: the mode does not apply
				}
				name := fmt.Sprintf("%s/%d/W=%d/%s", tc.code, tc.max, w, m.name)
				t.Run(name, func(t *testing.T) {
					e, err := octalRun(ctx, r, tc.max, nil, octalOptions{noPeriodic: true, workers: w, pipeTop: m.top, uncapped: true, spin: m.spin, experimental: m.spin == 1})
					if err != nil {
						t.Fatal(err)
					}
					if d := octalDiff(e.g, want); d != "" {
						t.Fatalf("%s (octalPlain)", d)
					}
					if helped := e.helped > 0; helped != (w > 1) {
						t.Errorf("%d blocks listed by the helpers; want some iff W > 1", e.helped)
					}
					tables, sum, err := Frequencies(e.g)
					if err != nil {
						t.Fatal(err)
					}
					if sum != wantSum || !slices.EqualFunc(tables, wantTables, func(a, b FrequencyTable) bool {
						return a.Heaps == b.Heaps && a.Checksum == b.Checksum && slices.Equal(a.Counts, b.Counts)
					}) {
						t.Errorf("frequencies or checksum differ from those of octalPlain's values")
					}
				})
			}
		}
	}
}

// TestOctalPartOf checks the split of a block among the helpers
// (octalPartOf) against its statement: the parts cover the block in
// order, each heap in exactly one, and no two sizes differ by more than one.
func TestOctalPartOf(t *testing.T) {
	for _, start := range []int{0, 128, 1 << 20} {
		for n := 1; n <= 130; n++ {
			for parts := 1; parts <= min(n, 17); parts++ {
				next := start
				small, large := n, 0
				for i := range parts {
					from, to := octalPartOf(start, start+n, i, parts)
					if from != next || to < from {
						t.Fatalf("block [%d, %d) in %d parts: part %d is [%d, %d), want it to start at %d", start, start+n, parts, i, from, to, next)
					}
					small, large = min(small, to-from), max(large, to-from)
					next = to
				}
				if next != start+n || large-small > 1 {
					t.Fatalf("block [%d, %d) in %d parts: ends at %d, sizes %d..%d", start, start+n, parts, next, small, large)
				}
			}
		}
	}
}

// TestOctalPartHeapsFor checks the size of the helpers' parts against its
// statement: parts of 16 heaps exactly while the two blocks queued ahead
// (2*128 heaps, 16 such parts) give each goroutine that lists them (the
// helpers and the main goroutine) two parts, that is up to 7 helpers
// (worked by hand: 16 >= 2*(7+1)); 8 heaps from 8 helpers on.
func TestOctalPartHeapsFor(t *testing.T) {
	for helpers := 1; helpers <= 32; helpers++ {
		want := 16
		if helpers > 7 {
			want = 8
		}
		if got := octalPartHeapsFor(helpers); got != want {
			t.Errorf("%d helpers: parts of %d heaps, want %d", helpers, got, want)
		}
	}
}

// TestOctalKnownFrom checks the least split the helpers may list
// (octalKnownFrom) against its statement: a = octalKnownFrom(s, known) is
// at least 1 and has its larger part known (s-a < known), and a-1, if a
// split, has not (s-(a-1) >= known), so the helpers list every known split
// and read no value the main goroutine may be computing.
func TestOctalKnownFrom(t *testing.T) {
	for known := 1; known <= 300; known += 7 {
		for s := 2; s <= known+2*octalBlock; s++ {
			a := octalKnownFrom(s, known)
			if a < 1 || s-a >= known {
				t.Fatalf("s %d known %d: from %d, whose larger part %d is not known", s, known, a, s-a)
			}
			if a > 1 && s-(a-1) < known {
				t.Fatalf("s %d known %d: from %d, but %d has its larger part %d known", s, known, a, a-1, s-a+1)
			}
		}
	}
}

// TestOctalTakesLater checks the main goroutine's rule for a later
// block's part it took while waiting (receive): with one helper (W = 2) it
// lists it; from two helpers on only
// when at least one queued part is left for each helper, so that no helper
// waits for a part while the main goroutine lists one.
func TestOctalTakesLater(t *testing.T) {
	for queued := range 49 {
		if !octalTakesLater(1, queued) {
			t.Fatalf("one helper, %d parts queued: the main goroutine gives the part back; at W = 2 it lists every part", queued)
		}
	}
	for helpers := 2; helpers <= 16; helpers++ {
		if octalTakesLater(helpers, helpers-1) {
			t.Fatalf("%d helpers, %d parts queued: one helper is free, yet the main goroutine lists the part", helpers, helpers-1)
		}
		if !octalTakesLater(helpers, helpers) {
			t.Fatalf("%d helpers, %d parts queued: every helper has a part, yet the main goroutine waits", helpers, helpers)
		}
		if octalTakesLater(helpers, 0) || !octalTakesLater(helpers, 48) {
			t.Fatalf("%d helpers: the rule is not monotone in the parts queued", helpers)
		}
	}
}

// TestOctalSpins checks when the main goroutine spins before parking
// (octalPipe.await): only from W = 3 on (two helpers), and only when each of
// the W goroutines has a CPU and a P of its own; the test override wins.
func TestOctalSpins(t *testing.T) {
	t.Parallel()
	cases := []struct {
		helpers, cpus, procs, spin int
		want                       bool
	}{
		{1, 16, 16, 0, false},  // W = 2: never, as before
		{2, 2, 2, 0, false},    // W = 3 on this 2-core machine
		{2, 3, 3, 0, true},     // W = 3 on 3 cores
		{15, 16, 16, 0, true},  // the 16-core node at W = 16
		{15, 15, 16, 0, false}, // one CPU short
		{15, 16, 15, 0, false}, // one P short
		{7, 16, 16, 0, true},   // W = 8 on 16 cores
		{1, 2, 2, 1, true},     // tests: always
		{15, 16, 16, -1, false},
	}
	for _, c := range cases {
		for _, exp := range []bool{false, true} {
			p := policy.Policy{Workers: c.helpers + 1, Procs: c.procs, CPUs: c.cpus, Experimental: exp}
			want := c.want && (exp || c.spin == 1) // the rule only with Experimental; the override always
			if got := octalSpins(p, c.spin); got != want {
				t.Errorf("octalSpins(%+v, spin %d) = %v, want %v", p, c.spin, got, want)
			}
		}
	}
}

// TestOctalPackedRows checks when the helpers pack short rows
// (octalPackedRows): from 12 workers on, each with a CPU of its own; never
// on this 2-core machine's W = 16 (15 helpers on 2 CPUs) nor at W = 2.
func TestOctalPackedRows(t *testing.T) {
	cases := []struct {
		helpers, cpus int
		want          bool
	}{
		{1, 16, false}, {10, 16, false}, {11, 16, true}, {15, 16, true},
		{15, 15, false}, {15, 2, false}, {11, 12, true}, {11, 11, false},
	}
	for _, c := range cases {
		for _, exp := range []bool{false, true} {
			p := policy.Policy{Workers: c.helpers + 1, Procs: c.helpers + 1, CPUs: c.cpus, Experimental: exp}
			if got := octalPackedRows(p); got != (c.want && exp) {
				t.Errorf("octalPackedRows(%+v) = %v, want %v", p, got, c.want && exp)
			}
		}
	}
}

// TestMarkRanges2Oracle checks step 3 on two cores (markRanges2, which a
// run takes only from chunks of octalParallelScan = 8,192 splits on, that
// is past 2^16 heaps) with its threshold lowered to 64, so that most heaps
// that reach step 3 take it, against octalPlain (no code shared with the
// engine): 0.6 and Grundy's game at W = 1 (no second core: the threshold
// unused) and W = 2.
func TestMarkRanges2Oracle(t *testing.T) {
	checkTwoGames(t, octalOptions{noPeriodic: true, workers: 1, scanPar: 64, uncapped: true},
		octalOptions{noPeriodic: true, workers: 2, scanPar: 64, uncapped: true})
}

// checkTwoGames runs the engine on 0.6 and Grundy's game to 6000 with each
// of opts and checks the values against octalPlain (no code shared with
// the engine); a run with helpers must have had them list some block.
func checkTwoGames(t *testing.T, opts ...octalOptions) {
	t.Helper()
	ctx := context.Background()
	for _, tc := range []struct {
		code    string
		unequal bool
	}{{"0.6", false}, {"4.", true}} {
		want, err := octalPlain(ctx, tc.code, 6000, tc.unequal)
		if err != nil {
			t.Fatal(err)
		}
		r := testRules(t, tc.code, tc.unequal)
		for _, opt := range opts {
			e, err := octalRun(ctx, r, 6000, nil, opt)
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(e.g, want); d != "" {
				t.Fatalf("%s %+v: %s (octalPlain)", tc.code, opt, d)
			}
			if helped := e.helped > 0; helped != (opt.workers > 1) {
				t.Fatalf("%s %+v: %d blocks listed by the helpers; want some iff W > 1", tc.code, opt, e.helped)
			}
		}
	}
}

// TestWorkersPackedRows checks the helpers' packed rows (octalPipe.heap
// hands over bytes when the marks are short, octalByteRow, which every game
// of TestWorkersOracle's is; the packed rows serve games whose values pass
// 1024) forced on, against octalPlain (checkTwoGames): 0.6 and Grundy's
// game at W = 2, 3 and 16 (the rows of octalPackedRows on 16 cores), with
// the helpers' cap of a run and at 24 splits (the main goroutine's hole).
func TestWorkersPackedRows(t *testing.T) {
	var opts []octalOptions
	for _, w := range []int{2, 3, 16} {
		for _, top := range []int{0, 24} {
			opts = append(opts, octalOptions{noPeriodic: true, workers: w, pipeTop: top, uncapped: true, packedRows: true})
		}
	}
	checkTwoGames(t, opts...)
}

// TestOctalFarRare checks the least rare heap of the far part
// (octalFarRare) against its statement, for the blocks octalRun dispatches
// (1 to octalPipeDepth blocks past the one that starts at known): every
// split (a, s-a) of a heap n of the block, s = n-k with k >= 0 (Grundy's
// game splits with k = 0), a >= octalFarRare, has its larger part known
// (s-a < known), and a = octalFarRare-1 has not at the block's last heap
// with k = 0, so the bound is the least that is safe.
func TestOctalFarRare(t *testing.T) {
	for known := octalBlock; known <= 8*octalBlock; known += octalBlock {
		for d := 1; d <= octalPipeDepth; d++ {
			start := known + d*octalBlock
			a := octalFarRare(start, known)
			for n := start; n < start+octalBlock; n++ {
				for k := 0; k <= 3; k++ {
					if s := n - k; s-a >= known {
						t.Fatalf("block %d known %d: rare heap %d of heap %d (k %d) has its larger part %d not known", start, known, a, n, k, s-a)
					}
				}
			}
			if n := start + octalBlock - 1; n-(a-1) < known {
				t.Fatalf("block %d known %d: %d is not the least safe rare heap: %d is safe too", start, known, a, a-1)
			}
		}
	}
}

// TestOctalChoosesAt checks the heaps at which octalRun may choose a
// labelling, where no dispatched block may reach (octalChoosesAt), against
// octalRun's own schedule written out: the checkpoints 128, 256, 512, ...
// (octalFirstCheckpoint doubled) and the multiples of 2^16.
func TestOctalChoosesAt(t *testing.T) {
	want := map[int]bool{}
	for c := octalFirstCheckpoint; c <= 1<<20; c *= 2 {
		want[c] = true
	}
	for x := 1 << 16; x <= 1<<20; x += 1 << 16 {
		want[x] = true
	}
	for x := octalBlock; x <= 1<<20; x += octalBlock {
		if got := octalChoosesAt(x); got != want[x] {
			t.Fatalf("octalChoosesAt(%d) = %v, want %v", x, got, want[x])
		}
	}
}

// TestTailWorkersOracle checks tail mode with its prefix and its tail on
// 1, 2, 3, 8 and 16 workers (the tail's W-1 helpers, tailpipe.go) against
// octalPlain, and the checkpoint each run writes at its end byte for byte
// against that of one worker: 0.167 from 2^12 to 2^14 (as TestTailOracle),
// and 0.6 from 2^16 to 90,000 outside -short (past its last rare heap,
// 20627, with a window of 2^15 - 1; heap 95652 would need a longer one).
func TestTailWorkersOracle(t *testing.T) {
	cases := []struct {
		code       string
		start, max int64
	}{{"0.167", 1 << 12, 1 << 14}}
	if !testing.Short() {
		cases = append(cases, struct {
			code       string
			start, max int64
		}{"0.6", 1 << 16, 90_000})
	}
	for _, tc := range cases {
		tailWorkersOracle(t, tc.code, tc.start, tc.max)
	}
}

// tailWorkersOracle is TestTailWorkersOracle for one game.
func tailWorkersOracle(t *testing.T, code string, start, max int64) {
	want, err := octalPlain(context.Background(), code, int(max), false)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := Parse(code)
	var ref []byte
	for _, w := range scaleWorkers {
		path := filepath.Join(t.TempDir(), "ck")
		var got []int32
		opts := TailOptions{Start: start, Workers: w, ValuesFrom: 0, ValuesTo: max, Checkpoint: path,
			OnValues: func(first int64, v []int32) error {
				got = append(got, v...)
				return nil
			}}
		if _, err := tailRun(context.Background(), tailOctal(c), max, opts, tailInternal{noPeriodic: true, tailWorkers: w}); err != nil {
			t.Fatalf("%s W=%d: %v", code, w, err)
		}
		if d := octalDiff(got, want); d != "" {
			t.Fatalf("%s W=%d: %s (octalPlain)", code, w, d)
		}
		ck, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = ck
		} else if !bytes.Equal(ck, ref) {
			t.Errorf("%s W=%d: the checkpoint differs from that of one worker", code, w)
		}
	}
}

// TestTailResumeAcrossWorkers stops a tail run on 16 workers (GOMAXPROCS
// 16, so the tail takes 15 helpers and the prefix 15) half way, as a kill
// would after a checkpoint, and resumes it from its checkpoint on one
// worker, and the other way round, and likewise 2 -> 8, 3 -> 2, 8 -> 3
// (so every W of TestTailWorkersOracle stops and resumes): the result (every frequency table with
// its checksum, the final one among them) equals that of an uninterrupted
// run on one worker, whose values TestTailWorkersOracle checks against the
// plain mex.
func TestTailResumeAcrossWorkers(t *testing.T) {
	const code, start, max = "0.167", 1 << 12, 1 << 14
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(16))
	c, _ := Parse(code)
	ctx := context.Background()
	ref, err := Tail(ctx, c, max, TailOptions{Start: start, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, ws := range [][2]int{{16, 1}, {1, 16}, {2, 8}, {3, 2}, {8, 3}} {
		path := filepath.Join(t.TempDir(), "ck")
		cctx, cancel := context.WithCancel(ctx)
		opts := TailOptions{Start: start, Checkpoint: path, Workers: ws[0], Progress: func(done, _ int64) {
			if done >= (start+max)/2 {
				cancel()
			}
		}}
		res, err := Tail(cctx, c, max, opts)
		cancel()
		if !errors.Is(err, context.Canceled) || res.Max >= max || res.Max < start {
			t.Fatalf("W=%d: cancel half way: %v, results to %d", ws[0], err, res.Max)
		}
		opts.Progress, opts.Workers = nil, ws[1]
		res, err = Resume(ctx, path, c, max, opts)
		if err != nil {
			t.Fatalf("resumed on W=%d: %v", ws[1], err)
		}
		same := func(a, b FrequencyTable) bool {
			return a.Heaps == b.Heaps && a.Checksum == b.Checksum && slices.Equal(a.Counts, b.Counts)
		}
		if !same(res.Final, ref.Final) || !slices.EqualFunc(res.Tables, ref.Tables, same) {
			t.Errorf("stopped on W=%d, resumed on W=%d: the frequencies differ from an uninterrupted run", ws[0], ws[1])
		}
	}
}

// testRules returns the engine's rules for Grundy's game when grundys is
// set, else for the octal code, failing tb on a bad code.
func testRules(tb testing.TB, code string, grundys bool) octalRules {
	tb.Helper()
	if grundys {
		return grundysRules
	}
	c, err := Parse(code)
	if err != nil {
		tb.Fatal(err)
	}
	return octalRulesOf(c)
}
