package octal

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestPlainParEqualsOracle checks the plain mex split across goroutines
// (plainpar.go) against octalPlain, the plain mex over every split that
// shares no code with the engine, at 1 to 7 workers and with workers that
// Grow adds while it runs, on games without a sparse space (the plain path
// forced, and by the engine's own choice) and Grundy's game (splits into
// equal heaps left out). plainParMin is lowered so that heaps of a few
// thousand are split into several ranges, the last one short.
func TestPlainParEqualsOracle(t *testing.T) {
	defer func(m int) { plainParMin = m }(plainParMin)
	plainParMin = 64
	const top = 6_000
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
		r := tt.rules
		if !tt.unequal {
			c, err := Parse(tt.code)
			if err != nil {
				t.Fatal(err)
			}
			r = octalRulesOf(c)
		}
		for _, w := range []int{1, 2, 3, 7, -1} {
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
				t.Errorf("%s on %d workers: %s (octalPlain)", tt.code, w, d)
			}
			if w < 0 && asked.Load() == 0 {
				t.Errorf("%s: Grow never asked", tt.code)
			}
		}
	}
}
