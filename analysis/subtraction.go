package analysis

import "fmt"

// ProveSubtraction applies the periodicity argument for subtraction games to
// a period found by FindPeriod. seq must be the Grundy sequence g(0), g(1),
// ... of the subtraction game of a finite set S, and maxS the largest element
// k of S: g(n) = mex{ g(n-s) : s in S, s <= n }.
//
// The argument: for n >= k every move is available, so g(n) depends only on
// the window g(n-k), ..., g(n-1) of the k values before it. If
//
//	g(n+p) = g(n) for all n with n0 <= n < n0 + k,
//
// the window at n0+k equals the window at n0+k+p, and by induction on n >=
// n0+k (the windows of n and n+p lie at or after n0 and agree)
// g(n+p) = g(n) for all n >= n0. The check reads g(0) .. g(n0+k+p-1), so
// Needed = n0 + p + k, exactly: fewer values leave part of the window
// unchecked. This is the standard argument that every finite subtraction
// game is eventually periodic (Berlekamp, Conway and Guy, Winning Ways,
// vol. 1, ch. 4, on subtraction games; Siegel, Combinatorial Game Theory,
// AMS 2013, ch. IV; T. S. Ferguson, Game Theory, part I, on the
// Sprague-Grundy function of subtraction games), where the state is the
// window of the last k values: two equal windows p apart repeat for ever.
//
// The fields of the result mean what they mean for ProveOctal, with this
// Needed. ProveSubtraction checks the window in seq itself rather than
// trusting p, so a Period that does not belong to seq is not proven. When
// p.Found is false there is nothing to prove: Proven is false and Needed and
// Missing are 0. For an infinite S (the squares, the primes, ...) there is no
// such window and nothing to call this for. It panics if maxS < 1.
func ProveSubtraction(seq []int32, p Period, maxS int) Proof {
	if maxS < 1 {
		panic(fmt.Sprintf("analysis: ProveSubtraction: maxS must be at least 1, got %d", maxS))
	}
	pr := Proof{Have: len(seq)}
	if !p.Found || p.Period < 1 || p.Preperiod < 0 {
		return pr
	}
	n0, per := p.Preperiod, p.Period
	// The window n0 <= n < Needed-p = n0 + k: every value the argument
	// reads, and no other.
	return ProveWindow(seq, per, n0, SubtractionNeeded(per, n0, maxS))
}

// SubtractionNeeded returns how many values, g(0) to g(Needed-1),
// ProveSubtraction needs to prove period p from preperiod n0 of the
// subtraction game of a finite set whose largest element is maxS: n0 + p +
// maxS (see ProveSubtraction for the argument). It is the one statement of
// that window in the code base, as OctalNeeded is of the octal one.
func SubtractionNeeded(p, n0, maxS int) int {
	return n0 + p + maxS
}
