package takebreak

import "testing"

// TestArithmeticWindowGuard holds ProveArithmetic to the window it
// documents (g(n+P) = g(n)+S for n0 <= n < N1, read up to g(N1+P-1) =
// g(Needed-1)): on the values of 0.AA (g(n) = n-1 for n >= 1, computed by
// the plain mex of the tests) cut to exactly Needed values the period is
// proven; with the last value changed (it is read by the window's last
// comparison and by nothing else: the levels and the bound read below it)
// it is not, and with one value less it is not either. A window one index
// short proves the broken sequence; one index long reads past Needed.
func TestArithmeticWindowGuard(t *testing.T) {
	// The arithmetic period each shows, by hand from the values: 0.AA
	// 0 0 1 2 3 ..., 0.82 0 0 0 1 1 2 2 ..., 0.08 0 0 0 0 0 1 1 1 1 2 ...
	for _, tc := range []struct {
		code  string
		p, n0 int
		s     int64
	}{{"0.AA", 1, 1, 1}, {"0.82", 2, 1, 1}, {"0.08", 4, 1, 1}} {
		code, p, n0, s := tc.code, tc.p, tc.n0, tc.s
		c := mustParse(t, code)
		g := plainValues(code, 200)
		full := ProveArithmetic(g, c, p, n0, s)
		if !full.Proven {
			t.Fatalf("%s: %+v, want proven", code, full)
		}
		need := full.Needed
		exact := append([]int32(nil), g[:need]...)
		if pr := ProveArithmetic(exact, c, p, n0, s); !pr.Proven || pr.Needed != need {
			t.Errorf("%s on exactly %d values: %+v, want proven", code, need, pr)
		}
		broken := append([]int32(nil), exact...)
		broken[need-1] += 5
		if pr := ProveArithmetic(broken, c, p, n0, s); pr.Proven {
			t.Errorf("%s with g(%d) broken: proven; the window's last comparison reads it", code, need-1)
		}
		if pr := ProveArithmetic(exact[:need-1], c, p, n0, s); pr.Proven {
			t.Errorf("%s one value short: proven", code)
		}
	}
}
