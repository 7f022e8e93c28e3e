package octal

import (
	"math"
	"testing"
)

// TestCostOrder checks that the estimate ranks games as their measured
// costs do at 2^20 heaps (docs/performance.md, configs/census.yaml): a
// game without a sparse space (0.164, 0.76: a plain O(n^2) mex, about 75
// CPU-s) far above one with a sparse space (0.6, a few seconds), which is
// above one whose period the probe proves (0.77, Kayles: period 12 after
// 256 values, milliseconds), and that the estimate grows with max.
func TestCostOrder(t *testing.T) {
	const max = 1 << 20
	cost := map[string]float64{}
	for _, code := range []string{"0.164", "0.76", "0.6", "0.77"} {
		c, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		cost[code] = Cost(c, max)
		if small := Cost(c, max/4); small >= cost[code] {
			t.Errorf("%s: cost %g at 2^18, not below %g at 2^20", code, small, cost[code])
		}
	}
	if !(cost["0.164"] > 10*cost["0.6"] && cost["0.76"] > 10*cost["0.6"] && cost["0.6"] > cost["0.77"]) {
		t.Errorf("costs %v: want 0.164 and 0.76 (no sparse space) over ten times 0.6, and 0.6 over 0.77 (periodic)", cost)
	}
	if p := cost["0.164"]; p < 20 || p > 300 {
		t.Errorf("0.164 to 2^20: %g s estimated, want the order of the 75 CPU-s measured", p)
	}
}

// TestCostGrowth checks the extrapolation of the rare heaps from two
// runs, worked by hand on a code with one split digit (0.6): a sparse
// space that has settled (1,576 rare heaps at 2^14, 1,583 at 2^17, 0.6's)
// grows by (2^3)^a with a = log(1583/1576)/log(8), 0.002: 1,583 * 1.004 =
// 1,590 at 2^20, the cost 2^20 * (1,590 + 256) * 0.6 ns; rare
// heaps that grew in proportion (1,000 to 8,000) are taken 8 times as
// many again at 2^20, and without the earlier run as they are.
func TestCostGrowth(t *testing.T) {
	const max = 1 << 20
	c, err := Parse("0.6")
	if err != nil {
		t.Fatal(err)
	}
	c2, err := Parse("0.244")
	if err != nil {
		t.Fatal(err)
	}
	stats := func(computed, rare int) Stats {
		return Stats{Computed: computed, Rare: rare, Mask: 1, FullScans: int64(rare)}
	}
	want := func(rare float64) float64 { return max * (rare + sparseCommonSplits) * sparseSplitSeconds }
	for _, tt := range []struct {
		name string
		got  float64
		want float64
	}{
		{"settled", CostOf(c, max, stats(1<<17, 1583), stats(1<<14, 1576)), want(1583 * 1583.0 / 1576)},
		{"growing", CostOf(c, max, stats(1<<17, 8000), stats(1<<14, 1000)), want(64000)},
		{"one run", CostOf(c, max, stats(1<<17, 8000)), want(8000)},
		// 0.146's statistics at 2^14 and 2^17 (one split digit taken
		// here): every heap a full scan to 2^16, two past it; the cost is
		// that of its sparse space, its rare heaps grown by (2^3)^a, a =
		// log(5807/3949)/log(8). Counted over the whole run (more than
		// half the heaps full scans) it was taken as the plain mex.
		{"plain, then sparse", CostOf(c, max,
			Stats{Computed: 1 << 17, Rare: 5807, Mask: 1, FullScans: 65538},
			Stats{Computed: 1 << 14, Rare: 3949, Mask: 1, FullScans: 16257}),
			want(5807 * 5807.0 / 3949)},
		{"plain throughout", CostOf(c, max,
			Stats{Computed: 1 << 17, Rare: 49927, Mask: 1, FullScans: 130945},
			Stats{Computed: 1 << 14, Rare: 5945, Mask: 1, FullScans: 16257}),
			max * max / 4 * plainSplitSeconds},
		// 0.314's statistics at 2^14 and 2^17 (its one split digit, as
		// 0.6's): 27,584 of 2^17 heaps rare, r = 0.21, on the
		// sparse-space method since 2^14 but for full = 27,892 full
		// scans of the 114,688 heaps since. Its sparse space extrapolated
		// (a = 0.98: 213,000 rare heaps at 2^20) costs above the plain
		// mex; kept on that method, r*n splits with a rare heap and
		// full*n/2 of full scans a heap cost r*0.8 ns + full*0.15 ns =
		// 0.205 ns over n, above the plain mex's 0.15 ns, so the engine
		// takes the plain mex (plainPays, since 2026-11-27: it did from
		// 2^17 to 2^19, 17.5 s on one goroutine against 24.3 s kept on
		// the sparse-space method), and so does the cost: 2^40/4 * 0.3 ns.
		{"band, plain cheaper", CostOf(c, max,
			Stats{Computed: 1 << 17, Rare: 27584, Mask: 1, FullScans: 44148},
			Stats{Computed: 1 << 14, Rare: 3566, Mask: 1, FullScans: 16256}),
			max * max / 4 * plainSplitSeconds},
		// 0.244's statistics at 720,896 and 786,432 heaps (two split
		// digits; a run to 2^20 on one goroutine, 2026-11-27), costed to
		// 917,504 heaps (two of the engine's choices later; its sparse
		// space extrapolated, 2 * 64,834 rare heaps and 256 a heap at 0.6
		// ns, 71.7 s, is above the plain mex's 63.1 s): 64,661 rare heaps,
		// r = 0.164, 98 full scans of the 65,536 heaps since (full =
		// 0.0015): r*0.8 ns + full*2*0.15 ns = 0.132 ns over n, under the
		// plain mex's 0.15 ns, so the sparse-space method (the engine kept
		// it there: its cost, sparseCost, 0.85 and 0.79 of the plain
		// mex's), the heaps before at the plain mex's cost.
		{"band, sparse cheaper", CostOf(c2, 917504,
			Stats{Computed: 786432, Rare: 64661, Mask: 1, FullScans: 524739},
			Stats{Computed: 720896, Rare: 64563, Mask: 1, FullScans: 524641}),
			786432.0*786432/4*plainSplitSeconds + (917504.0*917504-786432.0*786432)/2*(2*64661.0/786432*farRareSplitSeconds+98.0/65536*2*plainSplitSeconds/2)},
	} {
		if math.Abs(tt.got-tt.want) > 1e-9*tt.want {
			t.Errorf("%s: cost %g, want %g", tt.name, tt.got, tt.want)
		}
	}
}

// TestCostPlainThenSparse checks the estimate of a game on the plain mex
// whose rare heaps fall below a quarter and an eighth of its heaps before
// max, on 0.764's statistics at 2^14 and 2^17 (three split digits; 5,536
// and 11,945 rare heaps, every heap a full scan), against the integral
// worked by hand: a = log(11945/5536)/log(8) = 0.370, r(x) = 3 * 11945/2^17
// * (x/2^17)^(a-1) = 0.2734 * (x/2^17)^-0.630, a quarter at x1 = 1.1526 *
// 2^17 = 151,068 and an eighth at x2 = 3.4623 * 2^17 = 453,804. The plain
// mex to x1. The band to x2: 3*Rare(x) splits with a rare heap a heap at
// 0.8 ns, and full scans of x/2 splits at 0.3 ns on a share a*r(x) of the
// heaps, together 3*Rare(x) * (0.8 + 0.370 * 0.15) ns = r(x) * 0.8555 ns
// * x a heap, or the plain mex's x * 0.15 ns where less (plainPays takes
// the cheaper, bandRate): the plain mex to r(x) = 0.15/0.8555 = 0.1753,
// at xb = 2.0236 * 2^17 = 265,240 (xb^2/4 * 0.3 ns = 5.276 s), the
// sparse-space method from there, summed: 0.8555 ns * 3*11945 *
// 2^17/1.370 * (3.4623^1.370 - 2.0236^1.370) = 0.8555 ns * 3.4289e9 *
// (5.4818 - 2.6267) = 8.373 s. The sparse-space method to 2^20: 0.6 ns *
// (3.4289e9 * (8^1.370 - 5.4806) + 3*256*(2^20 - 453,804)) = 0.6 ns *
// (3.4289e9 * 11.7810 + 4.568e8) = 24.51 s. In all 38.16 s (38.74 s
// before the band took the cheaper method), against the plain mex's 82.5 s
// (0.764 took 39 s at 2^20 in the census of 2026-11-27, the plain games 70
// to 89 s). CostOf sums 64 stretches at their middle heaps: within 1%.
func TestCostPlainThenSparse(t *testing.T) {
	c, err := Parse("0.764")
	if err != nil {
		t.Fatal(err)
	}
	got := CostOf(c, 1<<20,
		Stats{Computed: 1 << 17, Rare: 11945, Mask: 1, FullScans: 130945},
		Stats{Computed: 1 << 14, Rare: 5536, Mask: 1, FullScans: 16257})
	const want = 5.276 + 8.373 + 24.51
	if math.Abs(got-want) > 0.01*want {
		t.Errorf("0.764 to 2^20: cost %.3f s, want %.2f s (worked by hand)", got, want)
	}
}
