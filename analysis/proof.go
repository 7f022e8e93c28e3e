package analysis

import "fmt"

// Proof is the outcome of ProveOctal: whether the values at hand prove that an
// octal game's Grundy sequence keeps its period for ever, and if not, how many
// more values the proof needs.
type Proof struct {
	// Proven reports whether the periodicity theorem applies: the window it
	// needs is inside the sequence and every value in it repeats.
	Proven bool

	// Needed is how many values the theorem needs, g(0) to g(Needed-1):
	// for ProveOctal, Needed = 2*max(n0,1) + 2*p + t for preperiod n0,
	// period p and maximum removal t; for ProveSubtraction, n0 + p + k for
	// the largest element k of the set. It is 0 when there is no period to
	// prove.
	Needed int

	// Have is how many values were given.
	Have int

	// Missing is max(0, Needed-Have): how many more values to compute
	// before the proof can be attempted.
	Missing int
}

// ProveOctal applies the periodicity theorem for octal games to a period
// found by FindPeriod. seq must be the Grundy sequence g(0), g(1), ... of a
// finite octal game and maxRemove the most tokens one move removes, t: the
// position of the last non-zero code digit (t = 2 for Dawson's Kayles 0.07 and
// for Kayles 0.77, t = 3 for Dawson's chess 0.137).
//
// The theorem (R. K. Guy and C. A. B. Smith, "The G-values of various games",
// Proc. Cambridge Philos. Soc. 52 (1956), 514–526; stated as the periodicity
// theorem in Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 4, and as
// the Octal Periodicity Theorem in Siegel, Combinatorial Game Theory, AMS
// 2013, section IV.2): if
//
//	g(n+p) = g(n) for all n with n0 <= n < 2*n0 + p + t,
//
// then g(n+p) = g(n) for all n >= n0. The largest index the check reads is
// (2*n0 + p + t - 1) + p, so the values g(0) .. g(2*n0 + 2*p + t - 1) are
// needed: Needed = 2*n0 + 2*p + t.
//
// The argument pairs each split of n+p into heaps a+p and b with the split
// of n into a and b, which fails for a = 0: an empty "heap" is not a heap,
// so a game whose digits treat one and two heaps differently (0.04: g is
// 0, 0, 0, 0, 1, ...) would be "proven" periodic from n0 = 0 on its first
// four values. ProveOctal therefore uses max(n0, 1) in place of n0 in the
// upper end of the window, which is sound for every octal game (a period
// from 0 is also one from 1), and still checks g(p) = g(0) when n0 = 0.
//
// ProveOctal checks that window in seq itself rather than trusting p, so a
// Period that does not belong to seq is not proven. When p.Found is false
// there is nothing to prove: Proven is false and Needed and Missing are 0.
// It panics if maxRemove < 1, which no octal game has.
func ProveOctal(seq []int32, p Period, maxRemove int) Proof {
	if maxRemove < 1 {
		panic(fmt.Sprintf("analysis: ProveOctal: maxRemove must be at least 1, got %d", maxRemove))
	}
	pr := Proof{Have: len(seq)}
	if !p.Found || p.Period < 1 || p.Preperiod < 0 {
		return pr
	}
	n0, per := p.Preperiod, p.Period
	// The window n0 <= n < Needed-p = 2*max(n0, 1) + p + t: every value
	// the theorem reads, and no other. It starts at n0 itself, not at
	// max(n0, 1): a period claimed from 0 must hold at 0.
	return ProveWindow(seq, per, n0, OctalNeeded(per, n0, maxRemove))
}

// OctalNeeded returns how many values, g(0) to g(Needed-1), ProveOctal needs
// to prove period p from preperiod n0 of an octal game whose moves remove at
// most maxRemove tokens: 2*max(n0, 1) + 2*p + maxRemove (see ProveOctal for
// the theorem and the max). It is the one statement of the octal window in
// the code base: ProveOctal checks exactly the values it counts, and a caller
// that must know beforehand whether a period can be proven (a census choosing
// its checkpoints) asks it rather than writing the formula again.
func OctalNeeded(p, n0, maxRemove int) int {
	return 2*max(n0, 1) + 2*p + maxRemove
}
