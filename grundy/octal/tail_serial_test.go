package octal

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy/internal/serialshare"
)

// TestTailSerialShare measures, on one goroutine, the main goroutine's
// (stage B's) in-order share of the pipelined tail (tailpipe.go), and
// prints what it predicts for W workers on W cores (issue 33: a 16-core
// node is seldom at hand). $TABULATE_TAIL_SERIAL = "code,from,to[,c/c/...]"
// runs the tail of code ("grundy": Grundy's game) from heap from+1 to to
// (the prefix on one worker), with stage A's chunks of step 3 fixed at
// each c (default 4/12/24/48; 0: none; tailPipeMaxChunks is what the
// adaptation reaches at most); without it, it is skipped.
//
// It runs the tail under GOMAXPROCS = 1, locked to one thread whose CPU
// time is the clock (serialshare.Thread; a loaded machine changes the figures
// little): on one worker (T1, the tail alone), then for each c with the
// pipe's split run on the same goroutine (tailClock): F, the far marks
// (what the helpers list), S, the rest (B's near part, v*, step 3 from
// where A stopped, add, the frequency count, the checkpoint and checks),
// by buckets of D heaps (a helper runs at most D heaps ahead of B). The
// results must equal one worker's. Then for W = 2, 4, 8, 16:
//
//	pipe:  T1 / (U + sum over buckets of max(S_b, F_b/(W-1))), W-1 helpers
//	       sharing the far marks, B taking none of them;
//	bound: T1 / (S+U), B's in-order part alone (any W).
//
// Neither counts the hand-over (wake-ups, the marks and the ring read from
// other cores' caches), which one goroutine cannot show: the node's
// figures against these say how much it costs.
func TestTailSerialShare(t *testing.T) {
	spec := os.Getenv("TABULATE_TAIL_SERIAL")
	if spec == "" {
		t.Skip("set TABULATE_TAIL_SERIAL=code,from,to[,c/c/...] to measure the tail's in-order share")
	}
	f := strings.Split(spec, ",")
	if len(f) < 3 || len(f) > 4 {
		t.Fatalf("TABULATE_TAIL_SERIAL=%q: want code,from,to[,c/c/...]", spec)
	}
	from, err1 := strconv.ParseInt(f[1], 10, 64)
	to, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil || from < 1 || to <= from {
		t.Fatalf("TABULATE_TAIL_SERIAL=%q: from and to must be integers, 1 <= from < to", spec)
	}
	chunks := []int{4, 12, 24, 48}
	if len(f) == 4 {
		chunks = chunks[:0]
		for _, x := range strings.Split(f[3], "/") {
			c, err := strconv.Atoi(x)
			if err != nil || c < 0 || c > 1000 {
				t.Fatalf("TABULATE_TAIL_SERIAL=%q: chunks %q: want integers 0 to 1000 joined by /", spec, x)
			}
			chunks = append(chunks, c)
		}
	}
	game := tailGrundy
	if f[0] != "grundy" {
		c, err := Parse(f[0])
		if err != nil {
			t.Fatal(err)
		}
		game = tailOctal(c)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.LockOSThread() // the clock is this thread's CPU time
	defer runtime.UnlockOSThread()

	one := tailClock{now: serialshare.Thread}
	want, err := tailRun(context.Background(), game, to, TailOptions{Start: from}, tailInternal{tailWorkers: 1, clock: &one})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("serial share of the tail of %s, heaps %d to %d (T1, one worker: %.3f s)\n", f[0], from+1, to, one.total.Seconds())
	for _, c := range chunks {
		in := tailInternal{pipeChunks: max(c, -1), clock: &tailClock{now: serialshare.Thread, piped: true}, stats: &tailPipeStats{}}
		if c == 0 {
			in.pipeChunks = -1
		}
		var got TailResult
		// The label lets a CPU profile (-test.cpuprofile) show one run:
		// go tool pprof -tagfocus chunks=24.
		pprof.Do(context.Background(), pprof.Labels("chunks", strconv.Itoa(c)), func(ctx context.Context) {
			got, err = tailRun(ctx, game, to, TailOptions{Start: from}, in)
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.Final.Checksum != want.Final.Checksum || fmt.Sprint(got.Final.Counts) != fmt.Sprint(want.Final.Counts) {
			t.Fatalf("chunks %d: the values with stage A timed differ from one worker's", c)
		}
		fmt.Print(tailShare(c, one.total, in.clock))
		fmt.Printf("   B listed step 3 past A's chunks at %d of %d heaps (%.2f%%)\n", in.stats.Beyond, in.stats.Heaps, 100*float64(in.stats.Beyond)/float64(max(in.stats.Heaps, 1)))
	}
}

// tailShare formats one line set of TestTailSerialShare.
func tailShare(chunks int, t1 time.Duration, c *tailClock) string {
	var s, f time.Duration
	for b := range c.serial {
		s += c.serial[b]
		f += c.far[b]
	}
	u := c.total - s - f
	sec := func(d time.Duration) float64 { return d.Seconds() }
	var b strings.Builder
	fmt.Fprintf(&b, "  A's chunks %d: %.3f s (%.3fx T1): S %.3f s in order (%.1f%% of T1), F %.3f s far, U %.3f s; %d buckets of %d heaps\n",
		chunks, sec(c.total), sec(c.total)/sec(t1), sec(s), 100*sec(s)/sec(t1), sec(f), sec(u), len(c.serial), tailPipeAhead)
	fmt.Fprintf(&b, "   %3s %8s %8s\n", "W", "pipe", "bound")
	for _, w := range []int{2, 4, 8, 16} {
		pipe := u
		for i := range c.serial {
			pipe += max(c.serial[i], c.far[i]/time.Duration(w-1))
		}
		fmt.Fprintf(&b, "   %3d %7.2fx %7.2fx\n", w, sec(t1)/sec(pipe), sec(t1)/sec(s+u))
	}
	return b.String()
}

// TestTailPipeAdapt checks the rule by which stage A's chunks of step 3
// move (tailPipe.adapt), from the waits and B's heaps past A's chunks of
// one interval of tailPipeAdapt heaps: down when B waited more than
// twice, up when only A waited and B went past A's chunks at
// tailPipeRaise heaps or more, down when B went past them at none, and
// never past 0 or tailPipeMaxChunks.
func TestTailPipeAdapt(t *testing.T) {
	cases := []struct {
		name                 string
		chunks               int32
		waitsA, waitsB, past int64
		want                 int32
	}{
		{"B waited thrice", 8, 5, 3, 100, 7},
		{"B waited twice, A too, B past at some", 8, 5, 2, 100, 8},
		{"only A waited, B past at the threshold", 8, 5, 0, tailPipeRaise, 9},
		{"only A waited, B past just below it", 8, 5, 0, tailPipeRaise - 1, 8},
		{"only A waited, B past at none", 8, 5, 0, 0, 7},
		{"nobody waited, B past at one", 8, 0, 0, 1, 8},
		{"nobody waited, B past at none", 8, 0, 0, 0, 7},
		{"at the most", tailPipeMaxChunks, 5, 0, tailPipeAdapt, tailPipeMaxChunks},
		{"at none, B waited", 0, 0, 9, 0, 0},
		{"at none, B past at none", 0, 5, 0, 0, 0},
	}
	for _, tc := range cases {
		p := &tailPipe[uint8]{heaps: tailPipeAdapt, waitsB: tc.waitsB, beyond: tc.past}
		p.chunks.Store(tc.chunks)
		p.waitsA.Store(tc.waitsA)
		p.adapt()
		if got := p.chunks.Load(); got != tc.want {
			t.Errorf("%s: chunks %d -> %d, want %d", tc.name, tc.chunks, got, tc.want)
		}
		if p.nextAdj != 2*tailPipeAdapt || p.lastX != tc.past {
			t.Errorf("%s: next adaptation at %d, last past %d; want %d, %d", tc.name, p.nextAdj, p.lastX, 2*tailPipeAdapt, tc.past)
		}
	}
}

// TestTailPipeNearDeferred checks the values of the pipelined tail, whose
// near splits of A's chunks settle lists only when the other marks leave
// a value below v* missing (tailPipe.mex, tailState.nearEnd), against the
// plain mex (octalPlain, every split listed): A's chunks fixed at 1, 2, 3
// and 6 (B's near splits a <= 32, 96, 160, 255), where the first splits
// are often the only ones that give a missing value.
func TestTailPipeNearDeferred(t *testing.T) {
	cases := []struct {
		code       string
		start, max int64
		window     int64
	}{
		{"0.6", 1 << 16, 1<<16 + 6000, 0},
		{"4.07", 1 << 12, 1<<12 + 3000, 300},
		{"0.167", 1 << 12, 1 << 14, 0},
	}
	for _, tc := range cases {
		want, err := octalPlain(context.Background(), tc.code, int(tc.max), false)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := Parse(tc.code)
		for _, chunks := range []int{1, 2, 3, 6} {
			var got []int32
			opts := TailOptions{Start: tc.start, Window: tc.window, ValuesFrom: tc.start, ValuesTo: tc.max,
				OnValues: func(_ int64, v []int32) error { got = append(got, v...); return nil }}
			in := tailInternal{noPeriodic: true, tailWorkers: 2, pipeChunks: chunks}
			if _, err := tailRun(context.Background(), tailOctal(c), tc.max, opts, in); err != nil {
				t.Fatalf("%s, A's chunks %d: %v", tc.code, chunks, err)
			}
			if d := octalDiff(got, want[tc.start:]); d != "" {
				t.Fatalf("%s, A's chunks %d: %s (octalPlain)", tc.code, chunks, d)
			}
		}
	}
}

// TestTailPipeWakeParked checks that B, which looks at the helpers'
// waiters only while the counter of parked helpers is not 0
// (tailPipe.finished), still wakes a parked helper: a helper parks for
// done >= 10, B finishes heap 9 (no wake-up: too early) and heap 10 (one
// wake-up), and the helper returns; the counter is 1 while it sleeps and 0
// after. A lost wake-up shows as no wake-up sent; the test then quits the
// helper (stop), so that it fails instead of hanging.
func TestTailPipeWakeParked(t *testing.T) {
	const helpers = 3
	p := &tailPipe[uint8]{s: &tailState[uint8]{}, helpers: helpers, aWait: make([]tailWaiter, helpers)}
	for j := range p.aWait {
		p.aWait[j].ch = make(chan struct{}, 1)
		p.aWait[j].group = &p.parked
	}
	p.done.Store(0)
	w := &p.aWait[1]
	got := make(chan bool, 1)
	p.exited.Add(1)
	go func() {
		defer p.exited.Done()
		got <- p.await(&p.done, 10, w, false)
	}()
	for !w.sleeping.Load() {
		runtime.Gosched()
	}
	if n := p.parked.Load(); n != 1 {
		t.Errorf("one helper asleep: parked = %d, want 1", n)
	}
	p.finished(9)
	if n := w.wakes.Load(); n != 0 {
		t.Errorf("heap 9 done, the helper waits for 10: %d wake-ups sent, want 0", n)
	}
	p.finished(10)
	if n := w.wakes.Load(); n != 1 {
		t.Errorf("heap 10 done: %d wake-ups sent to the parked helper, want 1 (a lost wake-up)", n)
		p.stop()
	}
	if ok := <-got; !ok && w.wakes.Load() == 1 {
		t.Error("the helper woken at done = 10 reported a quit")
	}
	if n := p.parked.Load(); n != 0 {
		t.Errorf("the helper awake: parked = %d, want 0", n)
	}
	for j := range p.aWait {
		if j != 1 && p.aWait[j].wakes.Load() != 0 {
			t.Errorf("helper %d, not parked, was sent a wake-up", j)
		}
	}
}

// TestTailPipeWaits runs the tail on W workers and prints its wall and
// process CPU time (from its first progress report past the start, as
// TestOctalTailProcess) and what the pipe did (tailPipeStats): B's waits
// for a helper, its yields and parks, the helpers' waits and parks, the
// wake-ups sent each way, and where A's chunks of step 3 stood, so that a
// run on a machine of many cores says which of them the CPU goes to.
// $TABULATE_TAIL_WAITS = "code,from,to,W" runs it (the prefix to from on
// one worker); without it, it is skipped.
func TestTailPipeWaits(t *testing.T) {
	spec := os.Getenv("TABULATE_TAIL_WAITS")
	if spec == "" {
		t.Skip("set TABULATE_TAIL_WAITS=code,from,to,W to count the tail's waits")
	}
	f := strings.Split(spec, ",")
	var v [3]int64
	for i := range v {
		var err error
		if len(f) != 4 {
			break
		}
		if v[i], err = strconv.ParseInt(f[i+1], 10, 64); err != nil {
			v[0] = -1
		}
	}
	from, to, w := v[0], v[1], int(v[2])
	if len(f) != 4 || from < 1 || to <= from || w < 1 {
		t.Fatalf("TABULATE_TAIL_WAITS=%q: want code,from,to,W, integers with 1 <= from < to and W >= 1", spec)
	}
	c, err := Parse(f[0])
	if err != nil {
		t.Fatal(err)
	}
	var st tailPipeStats
	var wall0 time.Time
	var cpu0 time.Duration
	opts := TailOptions{Start: from, Workers: 1, Progress: func(done, _ int64) {
		if wall0.IsZero() && done > from {
			wall0, cpu0 = time.Now(), processCPU()
		}
	}}
	if _, err := tailRun(context.Background(), tailOctal(c), to, opts, tailInternal{tailWorkers: w, stats: &st}); err != nil {
		t.Fatal(err)
	}
	wall, cpu := time.Since(wall0).Seconds(), (processCPU() - cpu0).Seconds()
	fmt.Printf("tail of %s to %d at W = %d, GOMAXPROCS %d: wall %.3f s, CPU %.3f s (%.2f cores)\n", f[0], to, w, runtime.GOMAXPROCS(0), wall, cpu, cpu/wall)
	per := func(x int64) float64 { return float64(x) / float64(max(st.Heaps, 1)) }
	fmt.Printf("  a heap: B waits %.4f, yields %.4f, parks %.4f; helpers wait %.4f, park %.4f; wake-ups to helpers %.4f, to B %.4f; B past A's chunks %.4f\n",
		per(st.WaitsB), per(st.YieldsB), per(st.ParksB), per(st.WaitsA), per(st.ParksA), per(st.WakesA), per(st.WakesB), per(st.Beyond))
	var b strings.Builder
	for c, k := range st.Chunks {
		if k > 0 {
			fmt.Fprintf(&b, " %d:%d", c, k)
		}
	}
	fmt.Printf("  A's chunks at the adaptations (chunks:times):%s\n", b.String())
}

// TestTailPipeNearMarks checks that the pipelined tail has marked, at
// every heap n where its marks leave a value below v* missing, by the time
// settle checks them, every split of step 3 that A's chunks cover
// (a <= bot and a > w-k-bot, from both ends of a <= w-k), whichever stage
// listed it (B's near splits of A's chunks are listed there, settle's
// nearEnd): g(a) XOR g(n-k-a) from the plain mex (octalPlain) is set in
// B's marks or A's. At the other heaps v* and every value below it are
// seen without them (their values are of the parity v* does not count). The values alone do not show a split left out where
// another split gives the same value (most of the near ones: B skipping
// every near split from a = 161 on changed no value in TestTailPipe* or
// TestTailWorkersOracle). 0.6 (split digit 1: 6 = 4+2, two heaps after
// taking one) with A's chunks fixed at 6 (to 450 from each end: the first
// five start below D, the fifth at 224 ends past it; 5,366 of its 6,000
// heaps reach the check), and 0.167 (split digits 2 and 3) with A's chunks
// at 6 (51 heaps). 4.07 with a window of 300, where both ends of a chunk
// lie at distances below D, was here too: since settle lists the near
// splits only where needed, none of its heaps reaches the check (its
// values: TestTailPipeNearDeferred).
func TestTailPipeNearMarks(t *testing.T) {
	cases := []struct {
		code       string
		split      []int
		start, max int64
		window     int64
		chunks     int
	}{
		{"0.6", []int{1}, 1 << 16, 1<<16 + 6000, 0, 6},
		{"0.167", []int{2, 3}, 1 << 12, 1 << 14, 0, 6},
	}
	for _, tc := range cases {
		g, err := octalPlain(context.Background(), tc.code, int(tc.max), false)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := Parse(tc.code)
		bad, seen, nearSeen := 0, 0, 0
		tap := func(n int64, bot, w int, mk []byte, extra []uint64) {
			seen++
			for _, k := range tc.split {
				h := w - k
				for a := 1; a <= h; a++ {
					if a > bot && a <= h-bot {
						a = h - bot // to the high end
						continue
					}
					v := g[a] ^ g[n-int64(k+a)]
					if k+a < tailPipeAhead {
						nearSeen++
					}
					if mk[v] == 0 && (int(v)/64 >= len(extra) || extra[v/64]>>(v%64)&1 == 0) {
						if bad++; bad <= 3 {
							t.Errorf("%s heap %d: the split (%d, %d) after taking %d (value %d, distance %d) is not marked (A's chunks to %d, window %d)",
								tc.code, n, a, n-int64(k+a), k, v, k+a, bot, w)
						}
					}
				}
			}
		}
		in := tailInternal{noPeriodic: true, tailWorkers: 2, pipeChunks: tc.chunks, tapMarks: tap}
		if _, err := tailRun(context.Background(), tailOctal(c), tc.max, TailOptions{Start: tc.start, Window: tc.window}, in); err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		if seen < 10 || nearSeen == 0 {
			t.Fatalf("%s: %d heaps looked at, %d near splits: the tap did not run at enough heaps", tc.code, seen, nearSeen)
		}
	}
}
