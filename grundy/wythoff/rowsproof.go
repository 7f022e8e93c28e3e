package wythoff

import (
	"fmt"
	"math"
	"slices"
)

// A finite check that proves a row's additive period (ours). Dress,
// Flammenkamp and Pink prove that every row of Wythoff's game is
// eventually additively periodic, but give no finite check that turns an
// observed period into a proof, as the Guy–Smith theorem does for octal
// games. The state argument below is one; it is ours (in the spirit of
// Landman's finite-state proof, which could not be read here), stated and
// proven in docs/results.md, and checked by ProveRows.
//
// The state of row a at column n is its first free value f (every value
// below it is used in W(a, 0..n-1)) and the set of its used values above
// f. W(a, n) is the least value that is neither used in the row (below f,
// or in that set) nor among the column W(x, n), x < a, and the diagonal
// W(a-k, n-k), 1 <= k <= min(a, n). Suppose
//
//  1. every row x < a is proven: W(x, m+P) = W(x, m) + P for m >= M;
//  2. N >= M + a, so that the column and diagonal of every (a, n), n >= N,
//     lie in columns >= M;
//  3. the state of row a at N+P is the state at N translated by P.
//
// Then W(a, n+P) = W(a, n) + P for every n >= N: by induction on n, the
// options of (a, n+P) are those of (a, n) translated by P (the row by 3 and
// the induction, the column and diagonal by 1 and 2), so is their mex, and
// adding the translated values keeps the states translated. If moreover
// W(a, n+p) = W(a, n) + p is seen for n0 <= n < N+P, it holds for every n
// >= n0: for n >= N write n = N + r + kP with 0 <= r < P and use the
// P-period twice. So row a is proven with its period p and preperiod n0,
// and M for the next row is the largest n0 so far; P is the least common
// multiple of the periods of rows 0..a. Row 0 (W(0, n) = n) passes with
// any P. ProveRows needs the values to N + P + p, N = max(M + a, n0).

// RowProof says whether ProveRows proved one row's period, and on what.
type RowProof struct {
	Proven bool
	// From is N, the column whose state repeats P columns later, and
	// Common is P, the common period of rows 0..a; Needed is the values of
	// the row the check reads, N + P + p. Zero when not tried.
	From, Common, Needed int
	// Why says why the row is not proven ("" when it is).
	Why string
}

// ProveRows checks the state argument for rows 0, 1, ... in order, given
// each row's observed period and preperiod (period 0 for none): a row is
// proven only if every row below it is. It reads the values only (it
// checks the observed periods itself) and costs O(Needed) a row.
func (r *Rows) ProveRows(periods, preperiods []int) []RowProof {
	out := make([]RowProof, r.Count())
	m, common := 0, 1
	for a := range out {
		if a >= len(periods) || periods[a] <= 0 {
			out[a].Why = "no period observed"
			for b := a + 1; b < len(out); b++ {
				out[b].Why = fmt.Sprintf("row %d below it is not proven", a)
			}
			return out
		}
		p, n0 := periods[a], preperiods[a]
		common = lcm(common, p)
		n := max(m+a, n0)
		pr := RowProof{From: n, Common: common, Needed: n + common + p}
		switch {
		case common > r.Len(a) || pr.Needed > r.Len(a):
			pr.Why = fmt.Sprintf("needs %d values, has %d", pr.Needed, r.Len(a))
		case !r.periodicOn(a, p, n0, n+common):
			pr.Why = fmt.Sprintf("W(a, n+%d) = W(a, n) + %d fails for some %d <= n < %d", p, p, n0, n+common)
		case !r.stateRepeats(a, n, common):
			pr.Why = fmt.Sprintf("the state at column %d does not repeat at %d", n, n+common)
		default:
			pr.Proven = true
		}
		out[a] = pr
		if !pr.Proven {
			for b := a + 1; b < len(out); b++ {
				out[b].Why = fmt.Sprintf("row %d below it is not proven", a)
			}
			return out
		}
		m = max(m, n0)
	}
	return out
}

// periodicOn reports whether W(a, n+p) = W(a, n) + p, that is offset(n+p)
// = offset(n), for n0 <= n < end.
func (r *Rows) periodicOn(a, p, n0, end int) bool {
	for n := n0; n < end; n++ {
		if r.Offset(a, n+p) != r.Offset(a, n) {
			return false
		}
	}
	return true
}

// stateRepeats reports whether the state of row a at column n+P (its first
// free value and its used values above it, from W(a, 0..n+P-1)) is the
// state at n translated by P. It marks the used values in a bit set over
// 0..n+P+2a (W(a, m) <= m + 2a, the number of options).
func (r *Rows) stateRepeats(a, n, P int) bool {
	used := make([]uint64, (n+P+2*a)/64+1)
	mark := func(from, to int) {
		for m := from; m < to; m++ {
			v := r.Value(a, m)
			used[v>>6] |= 1 << (v & 63)
		}
	}
	has := func(v int) bool { return used[v>>6]>>(v&63)&1 == 1 }
	state := func(col int) (free int, above []int) {
		for has(free) {
			free++
		}
		for v := free + 1; v < col+2*a; v++ {
			if has(v) {
				above = append(above, v-col)
			}
		}
		return free, above
	}
	mark(0, n)
	f1, s1 := state(n)
	mark(n, n+P)
	f2, s2 := state(n + P)
	return f2 == f1+P && slices.Equal(s1, s2)
}

// lcm is the least common multiple of a and b, or a value past any row's
// length when it would overflow.
func lcm(a, b int) int {
	g, x := a, b
	for x != 0 {
		g, x = x, g%x
	}
	l := a / g * b
	if l < 0 || l/b != a/g {
		return math.MaxInt32
	}
	return l
}
