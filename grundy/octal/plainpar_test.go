package octal

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestPlainParEqualsOracle checks the plain mex with its far parts listed
// ahead by helpers (plainpar.go) against octalPlain, the plain mex over
// every split that shares no code with the engine, at 1, 2, 3, 8 and 16
// workers and with workers that Grow adds while it runs, each with the
// tasks listed as the goroutines take them and (eager) at once when
// dispatched, before any value past their cut is known; on games without a
// sparse space (the plain path forced, and by the engine's own choice) and
// Grundy's game (splits into equal heaps left out). plainParMin and
// plainTaskSplits are lowered so that heaps of a few hundred on go to the
// helpers, several s a task, with near parts of up to a few hundred
// splits.
func TestPlainParEqualsOracle(t *testing.T) {
	defer func(m, k int) { plainParMin, plainTaskSplits, plainEager = m, k, false }(plainParMin, plainTaskSplits)
	plainParMin, plainTaskSplits = 64, 1024
	top := 6_000
	workers := []int{1, 2, 3, 8, 16, -1}
	if testing.Short() {
		top, workers = 3_000, []int{1, 2, 3, 16, -1}
	}
	ctx := context.Background()
	for _, tt := range []struct {
		code    string
		rules   octalRules
		unequal bool
		plain   int
	}{
		{code: "0.164"}, {code: "0.76"}, {code: "4.026"}, {code: "0.604", plain: 1}, {code: "0.6", plain: 1},
		{code: "4.", rules: grundysRules, unequal: true, plain: 1},
	} {
		want, err := octalPlain(ctx, tt.code, top, tt.unequal)
		if err != nil {
			t.Fatal(err)
		}
		r := testRules(t, tt.code, tt.unequal)
		for _, eager := range []bool{false, true} {
			plainEager = eager
			for _, w := range workers {
				opt := octalOptions{noPeriodic: true, plain: tt.plain, workers: max(w, 1)}
				var asked atomic.Int64
				if w < 0 { // one worker, then one more each time Grow is asked
					opt.grow = func() int { return int(asked.Add(1)) + 1 }
				}
				e, err := octalRun(ctx, r, top, nil, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !e.plain {
					t.Errorf("%s: the plain path was not taken", tt.code)
				}
				if d := octalDiff(e.g, want); d != "" {
					t.Errorf("%s on %d workers (eager %v): %s (octalPlain)", tt.code, w, eager, d)
				}
				if w < 0 && asked.Load() == 0 {
					t.Errorf("%s: Grow never asked", tt.code)
				}
				if ahead := e.ahead != nil && e.ahead.dispatched > 0; ahead != (w != 1) {
					t.Errorf("%s on %d workers: tasks dispatched %v, want %v", tt.code, w, ahead, w != 1)
				}
			}
		}
	}
}

// TestPlainNear checks the cut between a split's near and far parts
// against its definition, split by split: a split a + (s-a) is near (the
// main goroutine lists it at s's heap) exactly when its larger part s - a
// is at or past cut, a value not known when the far part is listed.
func TestPlainNear(t *testing.T) {
	for s := 2; s < 80; s++ {
		for _, unequal := range []bool{false, true} {
			h := octalHalf(s, unequal)
			for cut := 1; cut <= s+2; cut++ {
				near := plainNear(s, h, cut)
				for a := 1; a <= h; a++ {
					if (a <= near) != (s-a >= cut) {
						t.Fatalf("s=%d h=%d cut=%d: split a=%d near %v, its larger part %d", s, h, cut, a, a <= near, s-a)
					}
				}
			}
		}
	}
}
