package takebreak

import "math"

// An arithmetic-periodicity theorem for take-and-break games, ours (derived
// and proven here; Howse and Nowakowski's own test, Theoretical Computer
// Science 313 (2004), was not at hand, so this is not theirs and may prove
// fewer games than theirs). It proves g(n+p) = g(n) + s for every n >= n0
// (s >= 1) from finitely many values when the moves that split a heap are
// "below the surface": their values, bounded by sums, stay under a level
// that the three-heap moves fill completely, so that the mex is decided by
// the moves that leave one heap, which shift by the period.
//
// Notation: c a code with a three-heap move (some digit d_k with bit 8;
// K8 those k), t = MaxRemove, P = p and S = s when p is even, P = 2p and S
// = 2s when p is odd (P even keeps the parity of a heap under x -> x+P),
// n0' = max(n0, 1).
//
//  1. Coverage. For k in K8 and any a >= 1, x >= 1 with 2a + x = N-k,
//     the triple (a, a, x) is an option of N of value g(x). So Opt(N)
//     holds g(x) for every x <= N-k-2 of the parity of N-k. Let
//     first_q(w) be an x >= 1 of parity q with g(x) = w (the least one
//     the arithmetic period gives, see below) and F_q = max over w of
//     S*first_q(w) - P*w. Then
//
//     C_k(N) = floor((S*(N-k-2) - F_q)/P) + 1, q = (N-k) mod 2,
//
//     satisfies [0, C_k(N)) ⊆ Opt(N): w < C_k(N) gives S*first_q(w) <=
//     P*w + F_q <= S*(N-k-2). Let C(N) = max over k in K8 of C_k(N). As P
//     is even, q is the same for N and N+P, so C(N+P) = C(N) + S exactly.
//     The value 0 is also covered by a pair (a, a), a >= 1, for a k whose
//     digit has bit 4 and an even N-k >= 2; N+P-k has the same parity, so
//     a pair covering 0 at N covers it at N+P too (this lets codes whose
//     value 0 occurs at heap 0 only, as 0.0F and 0.FF, be proven).
//
//  2. Sum bound. A split option (i >= 2 heaps a_1..a_i of sum N-k) has the
//     value g(a_1) ^ ... ^ g(a_i) <= g(a_1) + ... + g(a_i), and with B =
//     max over n >= 1 of P*g(n) - S*n, P*(that value) <= S*(N-k) + i*B.
//     The condition: for every k whose digit has bit 2^i, i >= 2 (bit 4:
//     two heaps, 8: three, and past F four or five),
//
//     S*(N-k) + i*B < P*C(N)   for every N >= N1,
//
//     so every split option of N has a value below C(N). Both sides grow
//     by S*P when N grows by P, so it is checked for the P values N1 <= N
//     < N1+P; it does not depend on N1 otherwise.
//
//  3. Induction. N1 = max(n0'+t, t+1, max K8 + 3). Window: g(n+P) = g(n)+S
//     for n0 <= n < N1 (in the values). Step N >= N1, assuming g(n+P) =
//     g(n)+S for n0 <= n < N: let v = g(N) = mex Opt(N); v >= C(N). The
//     options of N+P are whole-heap ones (none: N+P > t), single heaps
//     g(N+P-k) = g(N-k) + S (k >= 1, n0 <= N-k < N), and splits, below
//     C(N+P) = C(N)+S <= v+S.
//     - v+S is not an option of N+P: not a split (below v+S); a single
//     heap of value v+S would make g(N-k) = v an option of N.
//     - every w < v+S is: w < C(N+P) by coverage; otherwise w-S >=
//     C(N), w-S < v is an option of N and, at or above C(N), a single
//     heap g(N-k) = w-S, so g(N+P-k) = w.
//     So g(N+P) = v+S, and by induction g(n+P) = g(n)+S for all n >= n0.
//     With P = 2p, g(n+p) = g(n)+s for n0 <= n < n0+p (in the window)
//     then gives it for every n >= n0 (n = m+p: g(m+2p)-s = g(m+p)).
//
// The values the proof reads: g(0..N1+P-1) for the window, and B, F_q
// from g(1..n0'+P-1): for n >= n0'+P, P*g(n) - S*n repeats with period P,
// and first_q(w) is found among x < n0'+P or as r + P*(w-g(r))/S for r in
// [n0', n0'+P) of parity q with g(r) <= w, g(r) ≡ w mod S (a true
// occurrence, x < N+P, by the assumption of the step); beyond w >
// max g(1..n0'+P-1), S*first_q(w) - P*w repeats with period S in w, so the
// maximum over w <= that max + S is F_q. Every quantity is exact integer
// arithmetic (int64).
//
// Every split must be accounted for by the sum bound, so the condition
// holds only when the splits' values lag behind the single heaps' (0.AA,
// g(n) = n-1: splits of N-1 or N-2 into three are at most N-4, and the
// triples (a, a, x) cover [0, N-3)); when the splits reach the top of the
// option set, as in 0.3F, this theorem does not apply.

// ArithmeticProof is the outcome of ProveArithmetic.
type ArithmeticProof struct {
	// Proven reports whether the theorem proves g(n+Period) = g(n) +
	// Saltus for every n >= Preperiod.
	Proven bool
	// Needed is how many values, g(0) to g(Needed-1), the theorem reads
	// for this period, preperiod and saltus (0 when it cannot apply: no
	// three-heap move, or a saltus below 1).
	Needed int
	// Reason says why the theorem does not apply when Proven is false
	// and the values were enough ("" when they were too few).
	Reason string
}

// arithParams are the quantities of the theorem for one code, period,
// preperiod and saltus.
type arithParams struct {
	P, n1 int
	S     int64
	k8    []int
}

// arithSetup returns the theorem's P, S, N1 and K8 for c, or ok = false
// when it cannot apply (no three-heap move, s < 1, p < 1, n0 < 0).
func arithSetup(c Code, p, n0 int, s int64) (arithParams, bool) {
	if p < 1 || n0 < 0 || s < 1 {
		return arithParams{}, false
	}
	var k8 []int
	for k := 0; k <= c.MaxRemove(); k++ {
		if c.Digit(k)&8 != 0 {
			k8 = append(k8, k)
		}
	}
	if len(k8) == 0 {
		return arithParams{}, false
	}
	a := arithParams{P: p, S: s, k8: k8}
	if p%2 == 1 {
		a.P, a.S = 2*p, 2*s
	}
	t := c.MaxRemove()
	a.n1 = max(max(n0, 1)+t, t+1, k8[len(k8)-1]+3)
	return a, true
}

// ArithmeticNeeded returns how many values ProveArithmetic reads to prove
// period p, preperiod n0 and saltus s for c: N1 + P (see the comment of
// arith.go), or 0 when the theorem cannot apply.
func ArithmeticNeeded(c Code, p, n0 int, s int64) int {
	a, ok := arithSetup(c, p, n0, s)
	if !ok {
		return 0
	}
	return a.n1 + a.P
}

// ProveArithmetic applies the arithmetic-periodicity theorem of arith.go
// (ours, see its comment) to the values g(0), g(1), ... of the game c: it
// reports whether they prove g(n+p) = g(n) + s for every n >= n0. It reads
// only g(0..ArithmeticNeeded-1) and checks every value it relies on in
// values itself, so a wrong period is never proven; with fewer values it
// reports how many it needs.
func ProveArithmetic(values []int32, c Code, p, n0 int, s int64) ArithmeticProof {
	a, ok := arithSetup(c, p, n0, s)
	if !ok {
		return ArithmeticProof{Reason: "the theorem needs a three-heap move (a digit with bit 8) and a saltus of at least 1"}
	}
	need := a.n1 + a.P
	pr := ArithmeticProof{Needed: need}
	if len(values) < need {
		return pr
	}
	g := func(n int) int64 { return int64(values[n]) }
	// The window: g(n+P) = g(n)+S for n0 <= n < N1, and with P = 2p the
	// period p itself on its first p places.
	for n := n0; n < a.n1; n++ {
		if g(n+a.P) != g(n)+a.S {
			pr.Reason = "the values break the arithmetic period in the theorem's window"
			return pr
		}
	}
	for n := n0; n < n0+p; n++ {
		if g(n+p) != g(n)+s {
			pr.Reason = "the values break the arithmetic period in the theorem's window"
			return pr
		}
	}
	base := max(n0, 1) // n0'
	end := base + a.P  // the values g(1..end-1) give B and F_q
	P, S := int64(a.P), a.S
	// B = max over n >= 1 of P*g(n) - S*n.
	B := int64(math.MinInt64)
	var top int64 // max g(1..end-1)
	for n := 1; n < end; n++ {
		B = max(B, P*g(n)-S*int64(n))
		top = max(top, g(n))
	}
	// first(q, w): an x >= 1 of parity q with g(x) = w, the least one
	// the values below end or the arithmetic period give; -1 if none.
	first := func(q int, w int64) int64 {
		f := int64(-1)
		for x := 1; x < end; x++ {
			if x%2 == q && g(x) == w {
				f = int64(x)
				break
			}
		}
		for r := base; r < end; r++ {
			if r%2 != q || g(r) > w || (w-g(r))%S != 0 {
				continue
			}
			if x := int64(r) + P*((w-g(r))/S); f < 0 || x < f {
				f = x
			}
		}
		return f
	}
	// covered reports whether w is an option of N by a triple (a, a, x)
	// or, for w = 0, a pair (a, a), and, when singles is set, by a single
	// heap g(N-k).
	covered := func(N int, w int64, singles bool) bool {
		if w == 0 {
			// A pair (a, a), a >= 1, of a k whose digit has bit 4: the
			// value 0 at every even remainder N-k >= 2.
			for k := 0; k <= c.MaxRemove(); k++ {
				if c.Digit(k)&4 != 0 && N-k >= 2 && (N-k)%2 == 0 {
					return true
				}
			}
		}
		for _, k := range a.k8 {
			if f := first((N-k)%2, w); f >= 0 && f <= int64(N-k-2) {
				return true
			}
		}
		if singles {
			for k := 1; k <= c.MaxRemove(); k++ {
				if c.Digit(k)&2 != 0 && g(N-k) == w {
					return true
				}
			}
		}
		return false
	}
	// level returns C(N), the least w that is not covered.
	level := func(N int, singles bool) int64 {
		w := int64(0)
		for covered(N, w, singles) {
			w++
		}
		return w
	}
	// N1: the least from its lower bound at which the triples and pairs cover
	// [0, top+S] for P heaps in a row; the values must reach N1+P.
	// Past limit more heaps cannot help: every w <= top+S that has an
	// occurrence of parity q has it by then.
	limit := a.n1 + a.P + c.MaxRemove() + 3
	for q := 0; q < 2; q++ {
		for w := int64(0); w <= top+S; w++ {
			limit = max(limit, a.n1+a.P+c.MaxRemove()+3+int(first(q, w)))
		}
	}
	// The triples' levels read only g(1..end-1), so N1 is found without
	// the values at N1 and beyond; then the values must reach N1+P.
	n1 := a.n1
	for ; ; n1++ {
		if n1 > limit {
			pr.Reason = "the three-heap moves never fill every value up to the largest of the first period (some value never occurs at heaps of one parity)"
			return pr
		}
		ok := true
		for N := n1; N < n1+a.P && ok; N++ {
			ok = level(N, false) > top+S
		}
		if ok {
			break
		}
	}
	if n1+a.P > len(values) {
		pr.Needed = n1 + a.P
		return pr
	}
	// The window up to the N1 found.
	for n := n0; n < n1; n++ {
		if g(n+a.P) != g(n)+a.S {
			pr.Reason = "the values break the arithmetic period in the theorem's window"
			return pr
		}
	}
	pr.Needed = n1 + a.P
	for N := n1; N < n1+a.P; N++ {
		C := level(N, true)
		for k := 0; k <= c.MaxRemove(); k++ {
			d := c.Digit(k)
			for i := 2; i <= HeapsMax; i++ {
				if d&(1<<i) == 0 {
					continue
				}
				if S*int64(N-k)+int64(i)*B >= P*C {
					pr.Reason = "the splits' values are not bounded below the level the three-heap moves fill (the sum bound fails)"
					return pr
				}
			}
		}
	}
	pr.Proven = true
	return pr
}
