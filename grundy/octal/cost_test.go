package octal

import "testing"

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
