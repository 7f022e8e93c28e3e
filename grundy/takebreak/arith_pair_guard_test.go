package takebreak

import "testing"

// TestArithmeticPairGuard holds the pairs (a, a) of ProveArithmetic's
// coverage (arith.go, step 1) to the literal rules: a pair covers the value
// 0 only at an even remainder N-k >= 2 of a k whose digit has bit 4.
//
// 0.0782 (d2 = 7: take 2 and leave 0, 1 or 2 heaps; d3 = 8: take 3 and
// leave three; d4 = 2: take 4 and leave one) has g(n) = floor(n/2) by the
// plain mex (oracle_test.go). Its value 0 occurs at heaps 0 and 1 only,
// so at an odd heap N the theorem has no way to cover 0: N-2 (bit 4) is
// odd, so no pair (a, a); N-3 (bit 8) is even, so a triple (a, a, x) has
// x even >= 2 and the value g(x) >= 1. The test checks exactly that on the
// oracle's literal options (oracleOptions) of every odd heap up to 41,
// and then that ProveArithmetic proves no arithmetic period of 0.0782:
// its step 1 fails at the odd heaps. Either mutant of the guard proves
// g(n+2) = g(n)+1 here: takebreak-arith-pair-odd counts a pair of k = 2
// at the odd remainder N-2, takebreak-arith-pair-any-digit a pair of k = 1
// (digit 0) at the even remainder N-1.
//
// The period itself is true (0 is an option of an odd heap through moves
// the theorem does not count: two unequal heaps of equal value, as (2, 3)
// from 7, or three of XOR 0, as (1, 2, 3) from 9). What the mutants prove
// is a true statement by a false step, and the same false step is what
// would prove a false one: a game whose 0 stops being an option at heaps
// of one parity, after the window, would be proven with a 0 at one of
// them (the induction of arith.go fails first at w = 0). No game among the
// codes searched for this test behaves so (see docs/takebreak.md, "The
// pair coverage and its guard"), so the guard is pinned on the step, which
// the oracle checks, rather than on a false conclusion. Should the theorem
// one day count the moves above, this case must be replaced.
func TestArithmeticPairGuard(t *testing.T) {
	const code = "0.0782"
	const max = 60
	d := oracleDigits(code)
	g := plainValues(code, max)
	for n := 0; n <= max; n++ {
		if g[n] != int32(n/2) {
			t.Fatalf("%s: the plain mex gives g(%d) = %d; this test assumes g(n) = floor(n/2)", code, n, g[n])
		}
	}
	// The theorem's step 1 at odd heaps, on the literal options: no two
	// equal heaps, and no three heaps with two equal and the third of
	// value 0.
	for N := 3; N <= 41; N += 2 {
		for _, o := range oracleOptions(d, N) {
			switch {
			case len(o) == 2 && o[0] == o[1]:
				t.Fatalf("%s: heap %d has the pair option %v", code, N, o)
			case len(o) == 3 && (o[0] == o[1] && g[o[2]] == 0 || o[0] == o[2] && g[o[1]] == 0 || o[1] == o[2] && g[o[0]] == 0):
				t.Fatalf("%s: heap %d has the option %v of value 0 with two equal heaps", code, N, o)
			}
		}
	}
	c := mustParse(t, code)
	for p := 2; p <= 6; p += 2 {
		for n0 := 0; n0 <= 6; n0++ {
			s := int64(p / 2) // floor((n+p)/2) = floor(n/2) + p/2
			if pr := ProveArithmetic(g, c, p, n0, s); pr.Proven {
				t.Errorf("%s: g(n+%d) = g(n)+%d from %d proven (Needed %d), but 0 is covered at no odd heap by a pair (a, a) or a triple (a, a, x)", code, p, s, n0, pr.Needed)
			}
		}
	}
}
