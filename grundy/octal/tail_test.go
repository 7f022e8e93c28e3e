package octal

import (
	"context"
	"errors"
	"math/bits"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// fullTables returns the frequency tables and checksum of g(0..max) by the
// full-array engine (Values, or GrundysGame for "grundy-game"), the
// reference of the tail tests.
func fullTables(t *testing.T, code string, max int) ([]int32, []FrequencyTable, uint64) {
	t.Helper()
	var g []int32
	var err error
	if code == "grundy-game" {
		g, _, err = GrundysGame(context.Background(), max, grundy.Options{})
	} else {
		c, perr := Parse(code)
		if perr != nil {
			t.Fatal(perr)
		}
		g, err = Values(context.Background(), c, max, grundy.Options{})
	}
	if err != nil {
		t.Fatal(err)
	}
	tables, sum, err := Frequencies(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, tables, sum
}

// sameTables reports whether two lists of frequency tables are equal.
func sameTables(a, b []FrequencyTable) bool {
	return slices.EqualFunc(a, b, func(x, y FrequencyTable) bool {
		return x.Heaps == y.Heaps && x.Checksum == y.Checksum && x.Next == y.Next && slices.Equal(x.Counts, y.Counts)
	})
}

// TestTailEqualsValues runs tail mode past its start and compares every
// frequency table and the checksum with those of the full array of Values.
// 0.6 and 0.37 go through the sparse-space tail (1583 and 1582 rare heaps),
// 0.161 and 0.167 too with 8-bit values, 0.16 through it with the period
// check off (52 rare heaps) and through the period copy with it on (period
// 149459, proven at 2^19), 0.165 through the period copy.
func TestTailEqualsValues(t *testing.T) {
	type tc struct {
		code       string
		start, max int64
		noPeriodic bool
		width      int
	}
	cases := []tc{
		{"0.161", 1 << 17, 1 << 21, false, 8},
		{"0.167", 1 << 16, 1 << 21, false, 8},
		{"0.16", 1 << 16, 1 << 21, true, 8},
		{"0.16", 1 << 20, 3_000_000, false, 8},
		{"0.165", 1 << 18, 3_000_000, false, 8},
	}
	switch {
	case longtest.Enabled():
		// 0.6 past heap 1,697,097, whose missing value first shows at the
		// split a = 431,340 (docs/tail-mode.md): the window of this start
		// must list it. (0.37 to 2^22 was here too: the same sparse tail,
		// 1,582 rare heaps against 0.6's 1,583, at twice the CI time.)
		cases = append(cases, tc{"0.6", 1 << 20, 1 << 21, false, 16})
	case testing.Short():
		// The quick form: the 8-bit sparse tail (0.161), the tail of 0.16
		// with the period check off, and 0.6's 16-bit tail, shorter; the
		// period copy is TestTailProvesPeriod's.
		cases = []tc{
			{"0.161", 1 << 17, 1 << 19, false, 8},
			{"0.16", 1 << 16, 1 << 19, true, 8},
			{"0.6", 1 << 17, 600_000, false, 16},
		}
	default:
		cases = append(cases, tc{"0.6", 1 << 18, 1_500_000, false, 16})
	}
	for _, tc := range cases {
		c, _ := Parse(tc.code)
		res, err := tailRun(context.Background(), tailOctal(c), tc.max, TailOptions{Start: tc.start}, tailInternal{noPeriodic: tc.noPeriodic})
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		_, tables, sum := fullTables(t, tc.code, int(tc.max))
		if res.TailFrom != tc.start+1 || res.Max != tc.max || res.Width != tc.width {
			t.Errorf("%s: tail from %d to %d in %d bits, want from %d to %d in %d", tc.code, res.TailFrom, res.Max, res.Width, tc.start+1, tc.max, tc.width)
		}
		if res.Final.Checksum != sum || res.Final.Heaps != tc.max+1 {
			t.Errorf("%s: checksum %x of %d heaps, the full array's %x", tc.code, res.Final.Checksum, res.Final.Heaps, sum)
		}
		if !sameTables(res.Tables, tables) {
			t.Errorf("%s: frequency tables differ from the full array's", tc.code)
		}
		t.Logf("%s: tail from %d to %d, window %d, %d-bit, %d rare heaps (last %d), period %d", tc.code, res.TailFrom, res.Max, res.Window, res.Width, res.Rare, res.LastRare, res.Period)
	}
}

// TestTailStopsAtRare runs 0.034 in tail mode from 2^18: its rare heaps
// seemed done at 71722, but one more comes at 374473 (under the labelling
// of the engine at 2^18 and 2^20). The run must stop there with
// TailUnsettled, at a heap of the rare label in the full array, with every
// table and the checksum before it exact. 0.007, whose rare heaps never
// thin out (22460 to 2^20, the last at 1022329), cannot even start: its
// last rare heap is too close to the start for any window (TailWindow).
func TestTailStopsAtRare(t *testing.T) {
	const code, start, max = "0.034", 1 << 18, 1 << 19
	c, _ := Parse(code)
	res, err := Tail(context.Background(), c, max, TailOptions{Start: start})
	var te *TailError
	if !errors.As(err, &te) || te.Stop != TailUnsettled {
		t.Fatalf("%s: %v, want a TailUnsettled *TailError", code, err)
	}
	g, tables, _ := fullTables(t, code, max)
	h := te.Heap
	dom := 0
	if res.HeapParity {
		dom = 1
	}
	label := bits.OnesCount32(uint32(g[h])&res.Mask)&1 ^ (dom & int(h) & 1)
	if rho := dom & 3 & 1; label != rho || h != 374473 { // 0.034: split digit 3
		t.Errorf("%s: stopped at heap %d (g = %d, label %d), want the rare heap 374473", code, h, g[h], label)
	}
	if res.Max != h-1 || res.Final.Heaps != h {
		t.Errorf("%s: stopped at %d with results to %d (%d heaps)", code, h, res.Max, res.Final.Heaps)
	}
	if sum, _ := Checksum(g[:h]); res.Final.Checksum != sum {
		t.Errorf("%s: checksum to %d is %x, the full array's %x", code, h-1, res.Final.Checksum, sum)
	}
	k := slices.IndexFunc(tables, func(f FrequencyTable) bool { return f.Heaps >= h })
	if !sameTables(res.Tables, tables[:k]) {
		t.Errorf("%s: the tables before heap %d differ from the full array's", code, h)
	}

	c7, _ := Parse("0.007")
	_, err = Tail(context.Background(), c7, 1<<16, TailOptions{Start: 1 << 14})
	if !errors.As(err, &te) || te.Stop != TailWindow || 2*te.Need+3 < 1<<14 {
		t.Errorf("0.007 from 2^14: %v, want TailWindow with a need above 2^13", err)
	}
}

// TestTailWindowBoundary pins the ring buffer's length on 0.161 (488 rare
// heaps): with W exactly the largest distance read (last rare heap + its
// largest split digit, 2), tail mode equals the full array; with W-1 Tail
// refuses, naming the least window; and with W-1 forced past that check,
// the engine reads past the ring (a bounds panic, recovered here) or gets
// another checksum: the distance W is read, so the check is not too strict.
func TestTailWindowBoundary(t *testing.T) {
	const code, start, max = "0.161", 1 << 17, 1 << 18
	c, _ := Parse(code)
	probe, err := Tail(context.Background(), c, start+1, TailOptions{Start: start})
	if err != nil {
		t.Fatal(err)
	}
	need := probe.LastRare + 2 // 0.161 splits only after removing 2 (d2 = 6)
	_, _, sum := fullTables(t, code, max)

	res, err := Tail(context.Background(), c, max, TailOptions{Start: start, Window: need})
	if err != nil || res.Final.Checksum != sum || res.Window != need {
		t.Errorf("window %d (last rare heap %d + 2): %v, checksum %x, want %x", need, probe.LastRare, err, res.Final.Checksum, sum)
	}
	_, err = Tail(context.Background(), c, max, TailOptions{Start: start, Window: need - 1})
	var te *TailError
	if !errors.As(err, &te) || te.Stop != TailWindow || te.Need != need {
		t.Errorf("window %d: %v, want a TailWindow *TailError with Need %d", need-1, err, need)
	}
	same := func() (same bool) {
		defer func() {
			if recover() != nil {
				same = false
			}
		}()
		res, err := tailRun(context.Background(), tailOctal(c), max, TailOptions{Start: start, Window: need - 1}, tailInternal{noWindowCheck: true})
		return err == nil && res.Final.Checksum == sum
	}()
	if same {
		t.Errorf("window %d forced: the checksum equals the full array's, so distance %d is never read", need-1, need)
	}
}

// TestTailWidth checks the stops on a value too large for the buffer. 0.6
// asked for 8-bit values from 2^16 (its values pass 255 first at heap 10344,
// in the prefix) must stop at once with TailWidth naming that heap. A value
// past the width inside the tail is checked on 0.167, whose values pass 52
// after 2^18 (largest 52 to 2^18, 56 to 2^20), with the limit set to 53: the
// run must stop at the first heap whose value is 53 or more in the full
// array, its results exact before it.
func TestTailWidth(t *testing.T) {
	g, _, _ := fullTables(t, "0.6", 1<<16)
	first := slices.IndexFunc(g, func(v int32) bool { return v >= 256 })
	c, _ := Parse("0.6")
	_, err := Tail(context.Background(), c, 1<<17, TailOptions{Start: 1 << 16, Width: 8})
	var te *TailError
	if !errors.As(err, &te) || te.Stop != TailWidth || te.Heap != int64(first) || te.Value != int64(g[first]) {
		t.Errorf("0.6 from 2^16 in 8 bits: %v, want TailWidth at heap %d (g = %d)", err, first, g[first])
	}

	const max = 1 << 20
	g, _, _ = fullTables(t, "0.167", max)
	first = slices.IndexFunc(g, func(v int32) bool { return v >= 53 })
	c, _ = Parse("0.167")
	res, err := tailRun(context.Background(), tailOctal(c), max, TailOptions{Start: 1 << 18}, tailInternal{valueLimit: 53})
	if first <= 1<<18 || !errors.As(err, &te) || te.Stop != TailWidth || te.Heap != int64(first) || te.Value != int64(g[first]) {
		t.Fatalf("0.167 limited to 53: %v, want TailWidth at heap %d (g = %d) past 2^18", err, first, g[first])
	}
	if sum, _ := Checksum(g[:first]); res.Final.Checksum != sum || res.Max != int64(first)-1 {
		t.Errorf("0.167 limited to 53: results to %d, checksum %x, want to %d, %x", res.Max, res.Final.Checksum, first-1, sum)
	}
}

// TestTailBadInput checks the refusals of arguments out of range.
func TestTailBadInput(t *testing.T) {
	c, _ := Parse("0.6")
	var re *grundy.RangeError
	if _, err := Tail(context.Background(), c, -1, TailOptions{}); !errors.As(err, &re) {
		t.Errorf("max -1: %v, want a *grundy.RangeError", err)
	}
	if _, err := Tail(context.Background(), c, TailMax+1, TailOptions{}); !errors.As(err, &re) || re.Max != TailMax {
		t.Errorf("max 2^48+1: %v, want a *grundy.RangeError up to 2^48", err)
	}
	if _, err := Tail(context.Background(), c, 1000, TailOptions{Width: 12}); err == nil {
		t.Errorf("width 12: no error")
	}
	if _, err := Tail(context.Background(), c, 1<<16, TailOptions{Start: 1 << 12, Window: 1 << 12}); err == nil {
		t.Errorf("window 2^12 past start 2^12 / 2: no error")
	}
	// A game without a split move has no sparse space and no period here.
	c2, _ := Parse("0.333")
	var te *TailError
	if _, err := tailRun(context.Background(), tailOctal(c2), 1<<14, TailOptions{Start: 1 << 12}, tailInternal{noPeriodic: true}); !errors.As(err, &te) || te.Stop != TailNoSparse {
		t.Errorf("0.333: %v, want TailNoSparse", err)
	}
}

// TestTailMemoryFlat runs the tail of 0.16 (period check off, so every value
// goes through the sparse-space tail) to 2^21 and to 2^23 heaps and
// compares the peak of the live heap (runtime.MemStats.HeapAlloc after a
// collection, read at every progress report of the tail): a full array
// would add 4 bytes a heap, 24 MiB; the tail may add at most 256 KiB
// (frequency tables and noise).
func TestTailMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 2^23 heaps")
	}
	c, _ := Parse("0.16")
	const start = 1 << 18
	peak := func(max int64) uint64 {
		var top uint64
		var ms runtime.MemStats
		progress := func(done, total int64) {
			if done <= start+1 {
				return
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			top = max64u(top, ms.HeapAlloc)
		}
		if _, err := tailRun(context.Background(), tailOctal(c), max, TailOptions{Start: start, Progress: progress}, tailInternal{noPeriodic: true}); err != nil {
			t.Fatal(err)
		}
		return top
	}
	small, large := peak(1<<21), peak(1<<23)
	t.Logf("peak live heap in the tail: %d bytes to 2^21, %d to 2^23", small, large)
	if small == 0 || large > small+256<<10 {
		t.Errorf("peak live heap grew from %d to %d bytes between 2^21 and 2^23 heaps, want at most 256 KiB more", small, large)
	}
}

func max64u(a, b uint64) uint64 { return max(a, b) }

// TestGrundysGameTail runs Grundy's game in tail mode from 2^18 and
// compares every frequency table and the checksum with the full array of
// GrundysGame; then cancels a run half-way and resumes it (the result is
// the uninterrupted one), and refuses its checkpoint as one of 0.6.
func TestGrundysGameTail(t *testing.T) {
	const start, max = 1 << 18, 1 << 20
	_, tables, sum := fullTables(t, "grundy-game", max)
	res, err := GrundysGameTail(context.Background(), max, TailOptions{Start: start})
	if err != nil {
		t.Fatal(err)
	}
	if res.Code != "grundy-game" || res.TailFrom != start+1 || res.Final.Checksum != sum || !sameTables(res.Tables, tables) {
		t.Errorf("Grundy's game: %q from %d, checksum %x, want from %d and the full array's %x (tables equal: %v)", res.Code, res.TailFrom, res.Final.Checksum, start+1, sum, sameTables(res.Tables, tables))
	}
	t.Logf("Grundy's game: tail from %d, window %d, %d-bit, %d rare heaps (last %d)", res.TailFrom, res.Window, res.Width, res.Rare, res.LastRare)

	path := filepath.Join(t.TempDir(), "ck")
	ctx, cancel := context.WithCancel(context.Background())
	opts := TailOptions{Start: start, Checkpoint: path, Progress: func(done, total int64) {
		if done >= 3*max/4 {
			cancel()
		}
	}}
	if _, err := GrundysGameTail(ctx, max, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	cancel()
	six, _ := Parse("0.6")
	var ce *CheckpointError
	if _, err := Resume(context.Background(), path, six, max, TailOptions{}); !errors.As(err, &ce) || !strings.Contains(err.Error(), "Grundy's game") {
		t.Errorf("Grundy's game's checkpoint resumed as 0.6: %v", err)
	}
	opts.Progress = nil
	again, err := ResumeGrundysGame(context.Background(), path, max, opts)
	if err != nil || !reflect.DeepEqual(again, res) {
		t.Errorf("resumed: %v, %+v, want %+v", err, brief(again), brief(res))
	}
}

// TestTailOracle checks tail mode against the plain mex over the literal
// rules (octalPlain, which shares no code with the engine) on games whose
// tail starts early, every value of the run handed over by OnValues: 0.167
// (59 rare heaps, the last 1303) from 2^12 and 0.354 (131, the last 3227)
// from 2^13 run to 2^14 in tail mode. 0.16 with the period check off (50
// rare heaps to 2^13, the last 3604) from 2^13 (window 4094) stops at heap
// 11921, which is common (g = 2, mask 0x1e): the splits inside the window
// do not show its missing value, so the run stops there rather than guess,
// with every value before it exact and handed over (from 2^14 it cannot
// start: a rare heap at 13935 needs a window of 13937). 0.56 from 2^12
// (mask 0x1b) meets its first value 64 at heap 22778, rare under that mask:
// relabel adds bit 6 (mask 0x5b, the full-array engine's by 2^15), under
// which the heap is common, and the run goes on to 2^15. Each case runs
// the tail on one goroutine and on two (tailpipe.go). About 3 s of CPU,
// most of it the oracle.
func TestTailOracle(t *testing.T) {
	cases := []struct {
		code       string
		start, max int64
		stop       int64 // the heap of a TailUnsettled stop, or 0
	}{
		{"0.167", 1 << 12, 1 << 14, 0},
		{"0.354", 1 << 13, 1 << 14, 0},
		{"0.16", 1 << 13, 1 << 14, 11921},
		{"0.56", 1 << 12, 1 << 15, 0},
	}
	oracle := map[string][]int32{}
	for _, tc := range cases {
		for _, workers := range []int{1, 2} { // the tail on one goroutine and on two (tailpipe.go)
			want := oracle[tc.code]
			if int64(len(want)) <= tc.max {
				var err error
				if want, err = octalPlain(context.Background(), tc.code, int(tc.max), false); err != nil {
					t.Fatal(err)
				}
				oracle[tc.code] = want
			}
			c, _ := Parse(tc.code)
			var got []int32
			opts := TailOptions{Start: tc.start, Workers: 1, ValuesFrom: 0, ValuesTo: tc.max,
				OnValues: func(first int64, v []int32) error {
					if first != int64(len(got)) {
						t.Fatalf("%s: values from %d handed over after %d", tc.code, first, len(got))
					}
					got = append(got, v...)
					return nil
				}}
			res, err := tailRun(context.Background(), tailOctal(c), tc.max, opts, tailInternal{noPeriodic: true, tailWorkers: workers})
			end := tc.max + 1
			if tc.stop != 0 {
				var te *TailError
				if !errors.As(err, &te) || te.Stop != TailUnsettled || te.Heap != tc.stop {
					t.Fatalf("%s from %d on %d goroutines: %v, want TailUnsettled at %d", tc.code, tc.start, workers, err, tc.stop)
				}
				end = tc.stop
			} else if err != nil {
				t.Fatalf("%s from %d: %v", tc.code, tc.start, err)
			}
			if res.TailFrom != tc.start+1 || res.Max != end-1 {
				t.Errorf("%s: tail from %d to %d, want from %d to %d", tc.code, res.TailFrom, res.Max, tc.start+1, end-1)
			}
			if int64(len(got)) != end {
				t.Fatalf("%s from %d: %d values handed over, want %d", tc.code, tc.start, len(got), end)
			}
			if tc.code == "0.56" && res.Mask != 0x5b {
				t.Errorf("0.56: mask %#x after the tail, want 0x5b (bit 6 added at heap 22778)", res.Mask)
			}
			for n := range got {
				if got[n] != want[n] {
					t.Fatalf("%s from %d on %d goroutines: g(%d) = %d in tail mode, %d by the plain mex", tc.code, tc.start, workers, n, got[n], want[n])
				}
			}
		}
	}
}
