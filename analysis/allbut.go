package analysis

import (
	"fmt"
	"slices"
)

// ProveAllBut applies a translation-invariance argument to an arithmetic
// period found by FindArithmetic. seq must be the Grundy sequence g(0),
// g(1), ... of the all-but subtraction game whose set is every positive
// integer except the finite set excluded (Nim, g(n) = n, is the all-but game
// of the empty set): g(n) = mex{ g(n-k) : 1 <= k <= n, k not excluded }.
// Such games are arithmetic periodic (A. Siegel, "Finite excluded
// subtraction sets and infinite modular Nim", M.Sc. thesis, Dalhousie
// University, 2005); ProveAllBut checks a given period with the argument
// below, which is ours, written out so it can be checked.
//
// The argument: let f be the largest excluded number (0 if none). For n >= f
// every distance k > f is allowed, so
//
//	g(n) = mex( A(n) ∪ { g(n-k) : 1 <= k <= f, k not excluded } ),
//	A(n) = { g(m) : m < n-f },
//
// and g(n) depends only on the state (A(n), W(n)) with the window W(n) =
// (g(n-f), ..., g(n-1)). Suppose at some n >= max(n0, f)
//
//	W(n+p) = W(n) + s   and   A(n+p) = (A(n) + s) ∪ {0, ..., s-1}
//
// for the saltus s >= 1 and period p. Since mex((X + s) ∪ {0, ..., s-1}) =
// mex(X) + s, g(n+p) = g(n) + s; and one step later W(n+p+1) = W(n+1) + s
// and A(n+p+1) = A(n+p) ∪ {g(n+p-f)} = (A(n+1) + s) ∪ {0, ..., s-1}, so the
// condition holds at n+1 too, and by induction g(m+p) = g(m) + s for every
// m >= n. This is ProveSubtraction's window argument with the state compared
// up to a translation of the values.
//
// ProveAllBut looks for the least such n from max(a.Preperiod, f) on, checks
// g(m+p) = g(m) + s for a.Preperiod <= m < n in seq itself, and reports
// Proven with Needed = n + p, the values the check reads; when the
// condition holds nowhere in seq, Proven is false and Needed is the least
// sequence that could hold it, 2*max(n0, f) + 2*p (Missing says how far seq
// is from it, 0 when seq is long enough and the state still does not
// repeat). It returns a zero Proof with Have = len(seq) when a is not found
// or its saltus is not positive, and panics on an excluded number < 1.
func ProveAllBut(seq []int32, a Arithmetic, excluded []int) Proof {
	f := 0
	for _, k := range excluded {
		if k < 1 {
			panic(fmt.Sprintf("analysis: ProveAllBut: excluded numbers must be at least 1, got %d", k))
		}
		f = max(f, k)
	}
	pr := Proof{Have: len(seq)}
	if !a.Found || a.Period < 1 || a.Saltus < 1 || a.Preperiod < 0 {
		return pr
	}
	p, s := a.Period, a.Saltus
	start := max(a.Preperiod, f)
	// inA[v] counts whether v is in A(n) for the n being examined (the
	// values of g(0..n-f-1)); inAp does the same for A(n+p).
	top := int64(slices.Max(seq)) + 1
	inA := make([]bool, top)
	inAp := make([]bool, top)
	for m := 0; m < start-f; m++ {
		inA[seq[m]] = true
	}
	for m := 0; m < start+p-f && m < len(seq); m++ {
		inAp[seq[m]] = true
	}
	// sizeA and sizeAp count the members, so that A(n+p) = (A(n)+s) ∪
	// [0, s) can be checked by counting: it holds exactly when [0, s) ⊆
	// A(n+p), every v in A(n) has v+s in A(n+p), and |A(n+p)| = |A(n)| + s.
	sizeA, sizeAp := 0, 0
	for _, b := range inA {
		if b {
			sizeA++
		}
	}
	for _, b := range inAp {
		if b {
			sizeAp++
		}
	}
	for n := start; n+p <= len(seq); n++ {
		if n > start {
			if v := seq[n-1-f]; !inA[v] {
				inA[v] = true
				sizeA++
			}
			if v := seq[n+p-1-f]; !inAp[v] {
				inAp[v] = true
				sizeAp++
			}
		}
		if stateRepeats(seq, inA, inAp, sizeA, sizeAp, n, p, f, s) {
			// The argument covers m >= n; check n0 <= m < n in seq
			// itself rather than trusting a.
			for m := a.Preperiod; m < n; m++ {
				if int64(seq[m+p])-int64(seq[m]) != s {
					return Proof{Have: len(seq), Needed: n + p}
				}
			}
			pr.Proven, pr.Needed = true, n+p
			return pr
		}
	}
	pr.Needed = 2*start + 2*p
	pr.Missing = max(0, pr.Needed-pr.Have)
	return pr
}

// stateRepeats reports whether W(n+p) = W(n) + s and A(n+p) = (A(n) + s) ∪
// [0, s), with A(n) and A(n+p) given as membership tables and sizes. It
// costs O(f + |A|); the caller's scan is quadratic only where the state does
// not repeat, and a period that holds is usually proven at the first n.
func stateRepeats(seq []int32, inA, inAp []bool, sizeA, sizeAp, n, p, f int, s int64) bool {
	for k := 1; k <= f; k++ {
		if int64(seq[n+p-k]) != int64(seq[n-k])+s {
			return false
		}
	}
	if int64(sizeAp) != int64(sizeA)+s {
		return false
	}
	for v := int64(0); v < s; v++ {
		if v >= int64(len(inAp)) || !inAp[v] {
			return false
		}
	}
	for v, in := range inA {
		if in && (int64(v)+s >= int64(len(inAp)) || !inAp[int64(v)+s]) {
			return false
		}
	}
	return true
}
