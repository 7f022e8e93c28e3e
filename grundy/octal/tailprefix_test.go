package octal

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestTailPrefixKept runs tails from growing starts, each handed the
// prefix the run before kept (TailOptions.Prefix), as an automatic tail
// restarts (games/heapgame/tailauto.go): 0.16 (no period check) stops from 2^13 at
// heap 11921 (TailUnsettled, see TestTailOracle), cannot start from 2^14
// (a rare heap at 13935 needs a longer window: TailWindow) and runs from
// 2^15; 0.56 runs from 2^12 under mask 0x1b and from 2^15 under 0x5b, the
// labelling the full-array engine chooses by then (TestTailOracle), so the
// prefix's choices past 2^12 must be made again; then from 2^15 again,
// the whole prefix kept, nothing computed. Each later run must
// compute only the heaps past the kept prefix (PrefixFrom) and return
// what a run from that start alone returns, field for field; the values
// of the last run must be the plain mex's (octalPlain, over the literal
// rules); on one goroutine and on two.
func TestTailPrefixKept(t *testing.T) {
	const max = 1<<15 + 4096
	ctx := context.Background()
	in := tailInternal{noPeriodic: true}
	type run struct {
		start int64
		stop  TailStop // -1: none
	}
	for _, tc := range []struct {
		code string
		runs []run
	}{
		{"0.16", []run{{1 << 13, TailUnsettled}, {1 << 14, TailWindow}, {1 << 15, -1}}},
		{"0.56", []run{{1 << 12, -1}, {1 << 15, -1}, {1 << 15, -1}}}, // the last: the whole prefix kept
	} {
		c, _ := Parse(tc.code)
		want, err := octalPlain(ctx, tc.code, max, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			kept := &Prefix{}
			for i, r := range tc.runs {
				var got []int32
				onValues := func(first int64, v []int32) error { got = append(got, v...); return nil }
				opts := TailOptions{Start: r.start, Workers: workers, ValuesFrom: 0, ValuesTo: max, OnValues: onValues,
					Prefix: kept, KeepPrefix: true}
				res, err := tailRun(ctx, tailOctal(c), max, opts, in)
				var te *TailError
				if r.stop >= 0 && (!errors.As(err, &te) || te.Stop != r.stop) || r.stop < 0 && err != nil {
					t.Fatalf("%s from %d on %d goroutines: %v, want stop %d", tc.code, r.start, workers, err, r.stop)
				}
				wantFrom := int64(0)
				if i > 0 {
					wantFrom = tc.runs[i-1].start + 1
				}
				if res.PrefixFrom != wantFrom || kept.Heaps() != r.start+1 {
					t.Errorf("%s from %d on %d goroutines: prefix computed from heap %d, %d kept; want from %d, %d kept",
						tc.code, r.start, workers, res.PrefixFrom, kept.Heaps(), wantFrom, r.start+1)
				}
				opts.Prefix, opts.OnValues = nil, func(int64, []int32) error { return nil }
				alone, aloneErr := tailRun(ctx, tailOctal(c), max, opts, in)
				res.PrefixFrom = 0
				if !reflect.DeepEqual(res, alone) || (err == nil) != (aloneErr == nil) || err != nil && err.Error() != aloneErr.Error() {
					t.Errorf("%s from %d on %d goroutines, from the kept prefix:\n%+v, %v\nfrom heap 0:\n%+v, %v", tc.code, r.start, workers, res, err, alone, aloneErr)
				}
				if i < len(tc.runs)-1 {
					continue
				}
				if len(got) != max+1 {
					t.Fatalf("%s: %d values handed over, want %d", tc.code, len(got), max+1)
				}
				for n := range got {
					if got[n] != want[n] {
						t.Fatalf("%s on %d goroutines: g(%d) = %d from the kept prefix, %d by the plain mex", tc.code, workers, n, got[n], want[n])
					}
				}
			}
		}
	}
}
