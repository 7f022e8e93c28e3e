package misere

import "fmt"

// The periodicity theorem for misère quotients (Plambeck and Siegel,
// "Misère quotients for impartial games", J. Combin. Theory Ser. A 115
// (2008); Siegel, "Misère games and misère quotients", Games of No Chance
// 5 (2017), which proves it): for a take-and-break game with finitely many
// code digits, once the heap map Φ of the quotient of heaps 0..N is
// periodic over a long enough stretch, the quotient of heaps 0..N is that
// of every heap, and Φ stays periodic for ever.
//
// The window is the one Siegel's MisereSolver applies before it prints
// "Solution Found" (org.cgsuite.core.impartial.TBCode.periodicityChecker
// with PeriodicityChecker.meetsCriteria, read in CGSuite's tree, not
// copied): with k the code's last non-zero digit (the most tokens a move
// removes) and a one more than the most heaps a move may leave (a = 3 for
// an octal code with a splitting digit, 2 for one whose moves leave at
// most one heap, 1 when every move takes a whole heap; MisereSolver's
// TBCode.maxHeaps), a period p with preperiod n0, Φ_N(n+p) = Φ_N(n) for
// every n0 <= n <= N-p, proves the quotient when the heaps 0..N number at
// least a·n0 + a·p + k + a (PhiNeeded). The stored copies of the paper and
// the notes give the search tool their opening pages only, so the window
// is taken from Siegel's program; docs/misere.md says so. A game with
// infinitely many digits (Nim, an infinite subtraction set, Grundy's
// game) has no such window, and its quotient is only ever "to heap N".

// PeriodicityTheorem names the theorem a solved quotient rests on.
const PeriodicityTheorem = "the periodicity theorem for misère quotients (Plambeck–Siegel 2008)"

// PhiNeeded returns how many heaps (0..N, N+1 of them) the periodicity
// theorem needs to prove period p with preperiod n0 of Φ, for a game whose
// moves remove at most k tokens and leave at most a-1 heaps.
func PhiNeeded(n0, p, k, a int) int { return a*n0 + a*p + k + a }

// PhiWindow is what the periodicity theorem needs to know of a game: K
// the most tokens a move removes and A one more than the most heaps a move
// leaves. OK is false when the theorem does not apply (infinitely many
// code digits).
type PhiWindow struct {
	K, A int
	OK   bool
}

// windowed is a Game that knows its PhiWindow.
type windowed interface{ phiWindow() PhiWindow }

// WindowOf returns g's PhiWindow; a Game of another package has none.
func WindowOf(g Game) PhiWindow {
	if w, ok := g.(windowed); ok {
		return w.phiWindow()
	}
	return PhiWindow{}
}

// digitsWindow is the PhiWindow of a code whose digit k has the bits
// digit(k) (bit 2^j: a move may leave j heaps), k = 0..maxRemove.
func digitsWindow(maxRemove int, digit func(int) int) PhiWindow {
	a := 0
	for k := 0; k <= maxRemove; k++ {
		for j, d := 0, digit(k); d != 0; j, d = j+1, d>>1 {
			if d&1 != 0 {
				a = max(a, j+1)
			}
		}
	}
	return PhiWindow{K: maxRemove, A: a, OK: a > 0}
}

// Solution is a quotient proven for every heap by the periodicity
// theorem: Φ(n+Period) = Φ(n) for every n >= Preperiod.
type Solution struct {
	Period, Preperiod int
	// Needed is the number of heaps the theorem read (PhiNeeded), at most
	// Max()+1 of the quotient.
	Needed  int
	Theorem string
}

// String reads like "proven for all heaps: Φ has period 5 from heap 3
// (the periodicity theorem ...; heaps 0..35 read)".
func (s Solution) String() string {
	return fmt.Sprintf("proven for all heaps: Φ has period %d from heap %d (%s; heaps 0..%d read)", s.Period, s.Preperiod, s.Theorem, s.Needed-1)
}

// provePhi looks for the least period p of phi (Φ of heaps 0..N) whose
// least preperiod n0 satisfies the theorem's window w, and returns it.
func provePhi(phi []int32, w PhiWindow) (Solution, bool) {
	if !w.OK {
		return Solution{}, false
	}
	n := len(phi)
	for p := 1; p < n; p++ {
		// The least n0 with phi[m] = phi[m+p] for n0 <= m <= N-p.
		n0 := n - p
		for n0 > 0 && phi[n0-1] == phi[n0-1+p] {
			n0--
		}
		if need := PhiNeeded(n0, p, w.K, w.A); need <= n {
			return Solution{Period: p, Preperiod: n0, Needed: need, Theorem: PeriodicityTheorem}, true
		}
	}
	return Solution{}, false
}

// Solved returns the quotient's Solution when the periodicity theorem
// proves it for every heap; ok is false when it is known only to heap
// Max().
func (q *Quotient) Solved() (s Solution, ok bool) {
	if q.solution == nil {
		return Solution{}, false
	}
	return *q.solution, true
}

// HeapAny returns the element of heap n of any size: Heap(n) up to Max(),
// and past it the element Φ's proven period gives. ok is false for a heap
// past Max() of a quotient not Solved.
func (q *Quotient) HeapAny(n int64) (x int, ok bool) {
	if n >= 0 && n <= int64(q.Max()) {
		return q.Heap(int(n)), true
	}
	if q.solution == nil || n < 0 {
		return 0, false
	}
	s := q.solution
	m := int64(s.Preperiod) + (n-int64(s.Preperiod))%int64(s.Period)
	return q.Heap(int(m)), true
}
