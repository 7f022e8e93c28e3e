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
// proven only if every row below it is (condition 1 of the argument). It
// reads the values only (it checks the observed periods itself) and costs
// O(Needed) a row. It is a RowProver run over the rows.
func (r *Rows) ProveRows(periods, preperiods []int) []RowProof {
	out := make([]RowProof, r.Count())
	pr := r.NewRowProver()
	for a := range out {
		if a >= len(periods) || periods[a] <= 0 {
			out[a].Why = "no period observed"
			pr.fail(out, a)
			return out
		}
		out[a] = pr.Try(periods[a], preperiods[a])
		if !out[a].Proven {
			pr.fail(out, a)
			return out
		}
		pr.Accept(periods[a], preperiods[a])
	}
	return out
}

// RowProver proves the rows one at a time, in order: Try checks the next
// row with a period and preperiod, Accept records it as proven and moves
// to the row after, so that a period search may ask Try of each period it
// sees (wythoff-rows takes the least period that Try proves).
type RowProver struct {
	r         *Rows
	next      int // the row Try checks
	m, common int // the largest preperiod of the rows proven, the lcm of their periods
}

// NewRowProver returns a prover at row 0.
func (r *Rows) NewRowProver() *RowProver { return &RowProver{r: r, common: 1} }

// Row is the row Try checks.
func (pr *RowProver) Row() int { return pr.next }

// Try checks the state argument for the next row with period p and
// preperiod n0, rows 0..Row()-1 being proven; it changes nothing.
func (pr *RowProver) Try(p, n0 int) RowProof {
	a, r := pr.next, pr.r
	if a >= r.Count() || p <= 0 || n0 < 0 {
		return RowProof{Why: "no period observed"}
	}
	common := lcm(pr.common, p)
	n := max(pr.m+a, n0)
	out := RowProof{From: n, Common: common, Needed: n + common + p}
	switch {
	case common > r.Len(a) || out.Needed > r.Len(a):
		out.Why = fmt.Sprintf("needs %d values, has %d", out.Needed, r.Len(a))
	case !r.periodicOn(a, p, n0, n+common):
		out.Why = fmt.Sprintf("W(a, n+%d) = W(a, n) + %d fails for some %d <= n < %d", p, p, n0, n+common)
	case !r.stateRepeats(a, n, common):
		out.Why = fmt.Sprintf("the state at column %d does not repeat at %d", n, n+common)
	default:
		out.Proven = true
	}
	return out
}

// Accept records the next row as proven with period p and preperiod n0
// (Try proved it) and moves to the row after.
func (pr *RowProver) Accept(p, n0 int) {
	pr.common = lcm(pr.common, p)
	pr.m = max(pr.m, n0)
	pr.next++
}

// fail writes into the proofs of the rows above a, which the argument
// cannot reach, that row a is not proven.
func (pr *RowProver) fail(out []RowProof, a int) {
	for b := a + 1; b < len(out); b++ {
		out[b].Why = fmt.Sprintf("row %d below it is not proven", a)
	}
}

// Least reports whether a proven period p from preperiod n0 of row a is
// the least one, read from the values: W(a, n0-1+p) != W(a, n0-1) + p (so
// no shorter preperiod serves p), and for each prime q of p, W(a, n+p/q) =
// W(a, n) + p/q fails for some n >= n0 in the row. That suffices: the
// periods a row eventually has are the multiples of its least one, and a
// period d dividing p, if it held from some n1 on, would hold from n0 on
// (W(n+d) = W(n+d+kp) - kp = W(n+kp) + d - kp = W(n) + d, for k with
// n+kp >= n1), so a failure at some n >= n0 rules d out.
func (r *Rows) Least(a, p, n0 int) bool {
	if n0 > 0 && n0-1+p < r.Len(a) && r.Offset(a, n0-1+p) == r.Offset(a, n0-1) {
		return false
	}
	for q := 2; q <= p; q++ {
		if p%q != 0 || !prime(q) {
			continue
		}
		d := p / q
		if n0+d < r.Len(a) && r.periodicOn(a, d, n0, r.Len(a)-d) {
			return false
		}
	}
	return true
}

// prime reports whether q >= 2 is prime.
func prime(q int) bool {
	for f := 2; f*f <= q; f++ {
		if q%f == 0 {
			return false
		}
	}
	return true
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
