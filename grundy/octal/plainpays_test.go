package octal

import "testing"

// TestPlainPays checks the engine's choice between the sparse-space method
// and the plain mex in the band (an eighth to a quarter of the heaps rare,
// times the split digits) on the counters of real runs (0.371, 0.007 and
// 0.004 to 2^19 on one goroutine, 2026-11-27, printed at each choice) and
// the CPU measured for each method there (docs/census.md): 0.371 on the
// sparse-space method from 2^16 to 2^17 listed 0.414 of the plain mex's
// splits from the whole array and 0.244 in full scans, and took 1.27 times
// a plain game's CPU to 2^18 kept there, so it takes the plain mex (under
// the old rule, "more than twice the splits", it stayed); 0.007 in the same
// stretch listed 0.339 and 0.072 and took 10.2 s to 2^19 on that method
// against 17.5 s for a plain game, so it stays. Unmeasured (the heaps
// before were on the plain mex): 0.004 at 458,752 heaps with 110,021 rare
// (r = 0.24) took 19.5 s to 2^19 on the sparse-space method from there and
// 17.1 s on the plain mex, so it takes the plain mex; 0.007 at 2^16 with
// 13,964 rare (r = 0.21, all on the ring; 8,505 at 2^15) stays on the
// sparse-space method; 0.314 at 458,752 heaps with 85,101 rare (r = 0.186,
// 9,037 new since 393,216) stays on the plain mex: on the sparse-space
// method from 2^17 it cost 1.31 times the plain mex (sparseCost) and took
// 24.7 s to 2^19 against 19.5 s on the plain mex.
func TestPlainPays(t *testing.T) {
	for _, tt := range []struct {
		code            string
		chose, n        int
		count, rare     int64 // the rare heaps below n, and below chose
		measured        bool
		ring, far, scan float64 // the counters as shares of the plain mex's splits
		wantPlain       bool
	}{
		{"0.371", 1 << 16, 1 << 17, 28306, 12267, true, 0, 0.414, 0.244, true},
		{"0.007", 1 << 16, 1 << 17, 18858, 13964, true, 0, 0.339, 0.072, false},
		{"0.004", 393216, 458752, 110021, 100521, false, 0, 0, 0, true},
		{"0.007", 1 << 15, 1 << 16, 13964, 8505, false, 0, 0, 0, false},
		{"0.314", 393216, 458752, 85101, 76064, false, 0, 0, 0, true},
	} {
		c, err := Parse(tt.code)
		if err != nil {
			t.Fatal(err)
		}
		e := newOctalEngine(octalRulesOf(c), tt.n)
		plainWork := float64(tt.n-tt.chose) * float64(tt.n+tt.chose-1) / 4
		e.chose, e.choseRare, e.measured = tt.chose, tt.rare, tt.measured
		e.ringWork, e.farWork, e.scanWork = int64(tt.ring*plainWork), int64(tt.far*plainWork), int64(tt.scan*plainWork)
		if got := e.plainPays(tt.n, tt.count); got != tt.wantPlain {
			t.Errorf("%s at %d heaps (%d rare, measured %v): plain mex %v, want %v", tt.code, tt.n, tt.count, tt.measured, got, tt.wantPlain)
		}
	}
}
