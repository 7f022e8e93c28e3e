package takebreak

import "github.com/tabulate-games/tabulate/analysis"

// The periodicity theorem for take-and-break games whose moves leave at most
// h heaps. Let t be the most tokens a move removes (MaxRemove), h the most
// heaps it leaves (MaxHeaps, taken as 1 when it is 0), and n0' = max(n0, 1).
// If
//
//	g(n+p) = g(n) for every n with n0 <= n < W,  W = h*n0' + (h-1)*p + t,
//
// then g(n+p) = g(n) for every n >= n0. The check reads g up to W-1+p, so it
// needs the values g(0), ..., g(Needed-1), Needed = h*n0' + h*p + t.
//
// For h = 2 this is the octal periodicity theorem of Guy and Smith ("The
// G-values of various games", Proc. Cambridge Philos. Soc. 52 (1956);
// Winning Ways, ch. 4; Siegel, Combinatorial Game Theory, IV.2): the window
// n0 <= n < 2*n0 + p + t, with n0' for n0 as analysis.ProveOctal explains.
// For h = 1 it is the window of a subtraction game (n0' + t values past n0).
// The general statement is derived here; CGSuite checks periods of any
// take-and-break code with a window at least as long (TBCode.getAPChecker:
// h*n0 + h*p + t + h values, h its maxSplit), and Howse and Nowakowski
// (Theoretical Computer Science 313 (2004)) prove the hexadecimal case
// with their arithmetic-periodicity theorem; their text was not at hand, so
// the proof below stands on its own.
//
// Proof, by induction on N >= W: assume g(n+p) = g(n) for n0 <= n < N
// (the window gives it for N = W) and show it for n = N. Compare the
// options of N+p and of N. N >= W >= h + t > t, so neither heap can be
// removed whole (i = 0 needs a heap of exactly k <= t).
//
//   - An option of N+p removes k <= t tokens and leaves i >= 1 heaps
//     summing to N+p-k; let a be the largest, a >= (N+p-k)/i >=
//     (N+p-t)/h. Replace a by a-p: a-p >= (N-t-(h-1)p)/h >= n0' >= 1 by
//     N >= W, so it is a heap, and the heaps sum to N-k, an option of N by
//     the same rule (k tokens, i heaps). a-p < N (a-p <= N-k, and k = 0
//     needs i >= 2 as d_0 has no 2), so g(a) = g((a-p)+p) = g(a-p) by the
//     assumption: the two options have the same value.
//   - An option of N leaves i >= 1 heaps summing to N-k; let b be the
//     largest, b >= (N-t)/h >= n0' and b < N as above. Replace b by b+p:
//     an option of N+p by the same rule, of the same value as g(b+p) =
//     g(b).
//
// So N and N+p have the same option values and g(N+p) = g(N). The largest
// heap is where the bound comes from: with h heaps it can be as small as a
// share 1/h of the remainder, which is why the window grows with h.
//
// Guard: TestProvePeriodWindow shows a sequence periodic on a window one
// shorter that ProvePeriod does not prove, and TestProvePeriodHexadecimal
// shows a hexadecimal game whose values the octal window (h = 2) would
// wrongly prove periodic.

// Needed returns how many values, g(0) to g(Needed-1), the theorem needs to
// prove period p from n0 for code c: h*max(n0, 1) + h*p + t (h at least 1).
func Needed(c Code, p, n0 int) int {
	h := max(c.MaxHeaps(), 1)
	return h*max(n0, 1) + h*p + c.MaxRemove()
}

// ProvePeriod looks in values, the Grundy sequence g(0), g(1), ... of the
// game c, for the least period p, with its least preperiod n0, that the
// periodicity theorem (see the comment of period.go) proves: g(n+p) = g(n)
// for every n >= n0. It returns ok = false if no period is proven by the
// values given (a longer sequence may prove one). It finds candidates with
// analysis.FindPeriodWhere (linear time) and checks the theorem's window in
// values itself.
func ProvePeriod(values []int32, c Code) (p, n0 int, ok bool) {
	found := analysis.FindPeriodWhere(values, func(p, n0 int) bool {
		return Needed(c, p, n0) <= len(values)
	})
	if !found.Found {
		return 0, 0, false
	}
	p, n0 = found.Period, found.Preperiod
	if !window(values, c, p, n0) {
		return 0, 0, false
	}
	return p, n0, true
}

// window reports whether values hold the theorem's window for p and n0:
// g(n+p) = g(n) for n0 <= n < W = Needed(c, p, n0) - p, checked by the
// check every periodicity theorem shares (analysis.ProveWindow).
func window(values []int32, c Code, p, n0 int) bool {
	if p < 1 || n0 < 0 {
		return false
	}
	return analysis.ProveWindow(values, p, n0, Needed(c, p, n0)).Proven
}
