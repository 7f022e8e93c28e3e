package octal

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

// noPeriodTables returns the frequency tables and checksum of g(0..max) of
// code by the full-array engine with its period check off (octalGrundy,
// noPeriodic): every value computed, none copied by a period, so the
// tables do not rest on any period the tail claims.
func noPeriodTables(t *testing.T, code string, max int) ([]FrequencyTable, uint64) {
	t.Helper()
	c, err := Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := octalGrundy(context.Background(), c, max, nil, octalOptions{noPeriodic: true})
	if err != nil {
		t.Fatal(err)
	}
	tables, sum, err := Frequencies(g)
	if err != nil {
		t.Fatal(err)
	}
	return tables, sum
}

// TestTailProvesPeriod runs two games whose period the prefix cannot prove
// (its proof needs more values than the start) and checks that the tail
// proves it at the first heap the octal periodicity theorem allows, with
// the values of the full array. Published periods (A. Gangolli and T.
// Plambeck, "A note on periodicity in some octal games", International
// Journal of Game Theory 18 (1989) 311-320; OEIS A071464 for 0.127):
//
//   - 0.127: period 4, last exception at n = 46577, so the least
//     preperiod is 46578 and the proof needs 2*46578 + 2*4 + 3 = 93167
//     values. From start 2^16 the window (32766 values) holds heap 46577,
//     so the tail sees the last exception: the preperiod is exact.
//   - 0.127 from start 93160, just below the 93167 values the prefix
//     would need: the window (46578 values) begins past heap 46577, the
//     agreement runs back to its start, so the tail can only say "from n0"
//     with n0 > 46577, and proves it at 2*n0 + 2*4 + 3.
//
// 0.16 (period 149459, last exception 105350, the same paper) cannot be
// proved by the tail before the prefix would: the tail wants to see the
// period repeat inside its window (W >= 2p), so a start of 4p = 597836,
// past the 509622 values the prefix's proof needs. 0.6, with no period,
// must show none.
func TestTailProvesPeriod(t *testing.T) {
	cases := []struct {
		code       string
		start, max int64
		period     int64
		lastExc    int64 // published last exception
		exact      bool  // the window holds it
		t          int64 // the code's largest digit
	}{
		{"0.127", 1 << 16, 1 << 17, 4, 46577, true, 3},
		{"0.127", 93_160, 1 << 17, 4, 46577, false, 3},
	}
	for _, tc := range cases {
		c, _ := Parse(tc.code)
		res, err := Tail(context.Background(), c, tc.max, TailOptions{Start: tc.start})
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		if res.TailFrom != tc.start+1 {
			t.Errorf("%s: tail from %d, want %d", tc.code, res.TailFrom, tc.start+1)
		}
		if !res.PeriodInTail || res.Period != tc.period {
			t.Fatalf("%s: period %d (in tail %v), want %d proved by the tail", tc.code, res.Period, res.PeriodInTail, tc.period)
		}
		if tc.exact && (res.Preperiod != tc.lastExc+1 || res.PreperiodBound) {
			t.Errorf("%s: preperiod %d (a bound: %v), want exactly %d", tc.code, res.Preperiod, res.PreperiodBound, tc.lastExc+1)
		}
		if !tc.exact && (res.Preperiod <= tc.lastExc || !res.PreperiodBound || res.Preperiod < tc.start-res.Window) {
			t.Errorf("%s: preperiod %d (a bound: %v), want a bound past %d, no earlier than the first window %d", tc.code, res.Preperiod, res.PreperiodBound, tc.lastExc, tc.start-res.Window)
		}
		// The octal periodicity theorem (Winning Ways, chapter 4): the
		// period holds from n0 on once g(n+p) = g(n) for n0 <= n < 2*n0 +
		// p + t, which reads heaps up to 2*n0 + 2*p + t - 1.
		if want := 2*res.Preperiod + 2*tc.period + tc.t - 1; res.PeriodProvenAt != want {
			t.Errorf("%s: proven at heap %d, want %d (2*%d + 2*%d + %d - 1)", tc.code, res.PeriodProvenAt, want, res.Preperiod, tc.period, tc.t)
		}
		tables, sum := noPeriodTables(t, tc.code, int(tc.max))
		if res.Final.Checksum != sum || !sameTables(res.Tables, tables) {
			t.Errorf("%s: frequency tables or checksum differ from the full array's", tc.code)
		}
		t.Logf("%s: period %d from %d (bound %v), proven at heap %d", tc.code, res.Period, res.Preperiod, res.PreperiodBound, res.PeriodProvenAt)
	}
	c, _ := Parse("0.6")
	res, err := Tail(context.Background(), c, 300_000, TailOptions{Start: 1 << 17})
	if err != nil {
		t.Fatal(err)
	}
	if res.Period != 0 || res.PeriodInTail {
		t.Errorf("0.6: period %d (in tail %v), want none", res.Period, res.PeriodInTail)
	}
}

// TestTailPeriodResume cancels a run of 0.127 before, while and after the
// tail watches its period (the search at the end of the first block, the
// watch, the proof at heap 2*46578 + 2*4 + 3 - 1, then the copy), resumes
// it from its checkpoint and compares the whole TailResult with the
// uninterrupted run: the candidate is in the checkpoint, so the proof comes
// at the same heap.
func TestTailPeriodResume(t *testing.T) {
	c, _ := Parse("0.127")
	const start, max = 1 << 16, 1 << 17
	ref, err := Tail(context.Background(), c, max, TailOptions{Start: start})
	if err != nil || !ref.PeriodInTail {
		t.Fatalf("uninterrupted: %v, period in tail %v", err, ref.PeriodInTail)
	}
	for _, stop := range []int64{start + 1, start + 4096*3, ref.PeriodProvenAt - 10000, ref.PeriodProvenAt + 10000} {
		path := filepath.Join(t.TempDir(), "ck")
		opts := TailOptions{Start: start, Checkpoint: path}
		ctx, cancel := context.WithCancel(context.Background())
		opts.Progress = func(done, total int64) {
			if done >= stop {
				cancel()
			}
		}
		_, err := Tail(ctx, c, max, opts)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancel at %d: %v", stop, err)
		}
		opts.Progress = nil
		res, err := Resume(context.Background(), path, c, max, opts)
		if err != nil {
			t.Fatalf("resume after %d: %v", stop, err)
		}
		if !reflect.DeepEqual(res, ref) {
			t.Errorf("cancelled at %d and resumed: differs from the uninterrupted run:\n got  %+v\n want %+v", stop, brief(res), brief(ref))
		}
	}
}

// periodicState is a tail state whose window holds g(m) = f(m) for the
// heaps m in [n-w, n-1], for the unit tests of the watch; no search is due.
func periodicState(n int64, w int, f func(m int64) uint8) *tailState[uint8] {
	s := &tailState[uint8]{w: w, n: n, ring: make([]uint8, 2*w), pos: int(n % int64(w)), searchAt: 1 << 62, r: octalRules{t: 2}}
	for m := n - int64(w); m < n; m++ {
		i := int(m % int64(w))
		s.ring[i], s.ring[i+w] = f(m), f(m)
	}
	return s
}

// TestTailWatch checks the search and the watch on windows made by hand:
// g(m) = m mod 7 with one exception at heap x. The search finds period 7
// from x+1, exact when x is inside the window, from the window's start (a
// bound) when the window is all periodic; the watch, meeting x in the
// last block, moves n0 to x+1 (the pair (x, x+7) is the last to differ).
func TestTailWatch(t *testing.T) {
	const n, w = 200_000, 20_000
	mod7 := func(x int64) func(m int64) uint8 {
		return func(m int64) uint8 {
			if m == x {
				return 99
			}
			return uint8(m % 7)
		}
	}
	for _, tc := range []struct {
		name  string
		x     int64
		watch tailWatch
	}{
		{"exception inside the window", n - 5000, tailWatch{p: 7, n0: n - 5000 + 1}},
		{"all periodic", 0, tailWatch{p: 7, n0: n - w, bound: true}},
	} {
		s := periodicState(n, w, mod7(tc.x))
		s.searchPeriod()
		if s.watch != tc.watch {
			t.Errorf("%s: search: %+v, want %+v", tc.name, s.watch, tc.watch)
		}
	}
	x := int64(n - 1000)
	s := periodicState(n, w, mod7(x))
	s.watch = tailWatch{p: 7, n0: 100, bound: true}
	s.watchPeriod(n - tailBlock)
	if want := (tailWatch{p: 7, n0: x + 1}); s.watch != want {
		t.Errorf("watch over a block with an exception at %d: %+v, want %+v", x, s.watch, want)
	}
}

// TestTailProofDue pins the moment of a proof by the tail: with t the
// largest digit, the octal periodicity theorem needs g(n+p) = g(n) for
// n0 <= n < 2*n0 + p + t, which reads the heaps 0 .. 2*n0 + 2*p + t - 1:
// 2*n0 + 2*p + t values (and n0 counts as 1 when it is 0).
func TestTailProofDue(t *testing.T) {
	for _, tc := range []struct{ p, n0, t int64 }{{4, 46578, 3}, {149459, 105351, 2}, {1, 0, 1}, {7, 5, 0}} {
		values := 2*max(tc.n0, 1) + 2*tc.p + tc.t
		if tailProofDue(values-1, tc.p, tc.n0, int(tc.t)) || !tailProofDue(values, tc.p, tc.n0, int(tc.t)) {
			t.Errorf("period %d from %d, t = %d: due at %d values? %v; at %d? %v; want no, then yes", tc.p, tc.n0, tc.t,
				values-1, tailProofDue(values-1, tc.p, tc.n0, int(tc.t)), values, tailProofDue(values, tc.p, tc.n0, int(tc.t)))
		}
	}
}
