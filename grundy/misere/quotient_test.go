package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// bruteMisere decides positions of a game by plain recursion over its
// literal rules (the rules of oracle_test.go, nothing of the quotient
// construction): a position is a loss for the player to move when it has
// a move and every move leads to a win; a position with no move is a win
// (the opponent made the last move).
type bruteMisere struct {
	r    rules
	memo map[string]bool
}

func newBruteMisere(r rules) *bruteMisere {
	return &bruteMisere{r: r, memo: map[string]bool{}}
}

// loses reports whether the player to move loses heaps under misère play.
func (b *bruteMisere) loses(heaps []int) bool {
	pos := sortedNoZero(heaps)
	kb := make([]byte, len(pos))
	for i, h := range pos {
		kb[i] = byte(h) // heaps stay below 256 in these tests
	}
	k := string(kb)
	if v, ok := b.memo[k]; ok {
		return v
	}
	moved, lose := false, true
	for i, h := range pos {
		for _, m := range b.r.moves(h) {
			moved = true
			next := append(append(append([]int{}, pos[:i]...), pos[i+1:]...), m...)
			if b.loses(next) {
				lose = false
				break
			}
		}
		if !lose {
			break
		}
	}
	v := moved && lose
	b.memo[k] = v
	return v
}

// multisets returns every multiset of at most k heaps from 1..n, as
// ascending slices (the empty one first).
func multisets(n, k int) [][]int {
	out := [][]int{{}}
	var rec func(min int, cur []int)
	rec = func(min int, cur []int) {
		if len(cur) == k {
			return
		}
		for h := min; h <= n; h++ {
			next := append(slices.Clone(cur), h)
			out = append(out, next)
			rec(h, next)
		}
	}
	rec(1, nil)
	return out
}

type quotientCase struct {
	game  Game
	rules rules
	n     int // the heap bound of the quotient
	four  int // positions of four heaps are checked up to this heap
}

func quotientCases(t *testing.T) []quotientCase {
	t.Helper()
	var out []quotientCase
	for _, c := range []struct {
		code    string
		n, four int
	}{{"0.75", 12, 8}, {"0.77", 13, 8}, {"0.07", 13, 8}, {"0.137", 12, 8}, {"0.6", 12, 8}, {"0.26", 12, 8}, {"0.415", 12, 8}} {
		code, err := octal.Parse(c.code)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, quotientCase{Octal(code), octalRules(c.code), c.n, c.four})
	}
	s, err := subtraction.NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, quotientCase{Subtraction(s), subtractionRules(1, 3, 4), 12, 8})
	out = append(out, quotientCase{Nim(), nimRules(), 9, 7})
	return out
}

// TestQuotientAgainstBruteForce checks the quotient against the plain
// recursion: (a) the positions whose element is in the P-portion are
// exactly the misère losses, among every position of up to three heaps
// of up to n and four heaps of up to a smaller bound; (b) two positions
// of up to two heaps with the same element have the same outcome when
// added to every position of up to two heaps (indistinguishable there, as
// the quotient says they are everywhere).
func TestQuotientAgainstBruteForce(t *testing.T) {
	for _, tc := range quotientCases(t) {
		t.Run(tc.rules.name, func(t *testing.T) {
			q, err := QuotientOf(context.Background(), tc.game, tc.n, QuotientLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if q.Max() != tc.n || q.Heap(0) != 0 || q.IsP(0) {
				t.Fatalf("Max %d, heap 0 -> %d, identity in P %v", q.Max(), q.Heap(0), q.IsP(0))
			}
			b := newBruteMisere(tc.rules)
			check := func(pos []int) {
				x, err := q.Element(pos)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := q.IsP(x), b.loses(pos); got != want {
					t.Errorf("%v -> %s: in P %v, but the position is a misère loss: %v", pos, q.Name(x), got, want)
				}
			}
			for _, pos := range multisets(tc.n, 3) {
				check(pos)
			}
			for _, pos := range multisets(tc.four, 4) {
				if len(pos) == 4 {
					check(pos)
				}
			}
			small := multisets(tc.n, 2)
			first := map[int][]int{}
			for _, u := range small {
				x, _ := q.Element(u)
				v, ok := first[x]
				if !ok {
					first[x] = u
					continue
				}
				for _, w := range small {
					uw, vw := append(slices.Clone(u), w...), append(slices.Clone(v), w...)
					if b.loses(uw) != b.loses(vw) {
						t.Errorf("%v and %v share the element %s, but %v and %v have different outcomes", u, v, q.Name(x), uw, vw)
					}
				}
			}
		})
	}
}

// TestQuotientErrors checks the refusals: bounds, the maximum order,
// cancellation, heaps out of range and options that break Game.
func TestQuotientErrors(t *testing.T) {
	code, _ := octal.Parse("0.07")
	g := Octal(code)
	var re *grundy.RangeError
	if _, err := QuotientOf(context.Background(), g, -1, QuotientLimits{}); !errors.As(err, &re) {
		t.Errorf("n = -1: %v, want a *grundy.RangeError", err)
	}
	if _, err := QuotientOf(context.Background(), g, QuotientMax+1, QuotientLimits{}); !errors.As(err, &re) {
		t.Errorf("n = QuotientMax+1: %v, want a *grundy.RangeError", err)
	}
	// Q_12(0.07) has 12 elements (checked against the brute force above),
	// so a maximum of 10 is passed.
	var se *QuotientSizeError
	_, err := QuotientOf(context.Background(), g, 12, QuotientLimits{MaxOrder: 10})
	if !errors.As(err, &se) || se.Max != 10 || se.Order <= 10 || se.Game != "0.07" {
		t.Errorf("MaxOrder 10: %v, want a *QuotientSizeError over 10", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := QuotientOf(ctx, g, 12, QuotientLimits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
	q, err := QuotientOf(context.Background(), g, 5, QuotientLimits{})
	if err != nil {
		t.Fatal(err)
	}
	var he *HeapError
	if _, err := q.Win([]int{3, 6}); !errors.As(err, &he) || he.Heap != 6 {
		t.Errorf("heap 6 of a quotient to 5: %v, want a *HeapError", err)
	}
	var rerr *RuleError
	if _, err := QuotientOf(context.Background(), badGame{}, 3, QuotientLimits{}); !errors.As(err, &rerr) {
		t.Errorf("bad options: %v, want a *RuleError", err)
	}
}

// isomorphicTo reports whether q, generated by the elements of the given
// heaps, is isomorphic to the bipartite monoid given by the action of one
// generator per heap on elements 0..len(p)-1 (0 the identity) and its
// P-portion p, by the map sending each heap's element to its generator:
// the map must be well defined, one-to-one and onto, commute with the
// generators and keep P.
func isomorphicTo(q *Quotient, heaps []int, actions [][]int, p []bool) error {
	if q.Order() != len(p) {
		return fmt.Errorf("order %d, want %d", q.Order(), len(p))
	}
	f := map[int]int{0: 0}
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for i, h := range heaps {
			y, fy := q.Mul(x, q.Heap(h)), actions[i][f[x]]
			if old, ok := f[y]; ok {
				if old != fy {
					return fmt.Errorf("%s·%s maps to both %d and %d", q.Name(x), q.Name(q.Heap(h)), old, fy)
				}
				continue
			}
			f[y] = fy
			queue = append(queue, y)
		}
	}
	seen := map[int]bool{}
	for x, fx := range f {
		if seen[fx] {
			return fmt.Errorf("not one-to-one at %d", fx)
		}
		seen[fx] = true
		if q.IsP(x) != p[fx] {
			return fmt.Errorf("%s in P %v, its image %d in P %v", q.Name(x), q.IsP(x), fx, p[fx])
		}
	}
	if len(f) != q.Order() {
		return fmt.Errorf("the heaps %v generate %d elements of %d", heaps, len(f), q.Order())
	}
	return nil
}

// TestQuotientPublished compares with published quotients.
func TestQuotientPublished(t *testing.T) {
	ctx := context.Background()
	nim := func(n int) *Quotient {
		q, err := QuotientOf(ctx, Nim(), n, QuotientLimits{})
		if err != nil {
			t.Fatal(err)
		}
		return q
	}

	// MisereSolver (A. N. Siegel), org/cgsuite/core/misere/solver/
	// BipartiteMonoid.java in CGSuite, defines the tame quotients T1 and
	// T2 by the actions of their generators and their P-portions: T1 =
	// ⟨a | a^2 = 1⟩ with a acting as [1 0] and P = {a} (element 1); T2 =
	// ⟨a, b | a^2 = 1, b^3 = b⟩ with a as [1 0 3 2 5 4], b as
	// [2 3 4 5 2 3] and P = {a, b^2} (elements 1 and 4). T1 is the quotient
	// of misère Nim with heaps of 1 (Bouton: an odd number of 1s loses),
	// and T2 that of heaps up to 2 and up to 3, heap 3 being ab.
	t1 := [][]int{{1, 0}}
	t2 := [][]int{{1, 0, 3, 2, 5, 4}, {2, 3, 4, 5, 2, 3}}
	t2P := []bool{false, true, false, false, true, false}
	if err := isomorphicTo(nim(1), []int{1}, t1, []bool{false, true}); err != nil {
		t.Errorf("Nim to 1, against T1: %v", err)
	}
	for _, n := range []int{2, 3} {
		q := nim(n)
		if err := isomorphicTo(q, []int{1, 2}, t2, t2P); err != nil {
			t.Errorf("Nim to %d, against T2: %v", n, err)
		}
		if got, want := q.Presentation().String(), "⟨a, b | a^2 = 1, b^3 = b⟩"; got != want {
			t.Errorf("Nim to %d: presentation %s, want %s", n, got, want)
		}
	}
	if q := nim(3); q.Heap(3) != q.Mul(q.Heap(1), q.Heap(2)) {
		t.Errorf("Nim to 3: heap 3 is %s, want ab", q.Name(q.Heap(3)))
	}

	// The misère quotient of Nim is the submonoid (A × {1}) ∪ (A0 × {0})
	// of A × B, A the nim-sums under XOR, A0 = {0, 1} and B the semilattice
	// ({0, 1}, ∨), with P = {(0, 1), (1, 0)} (MathOverflow, "Analysis of
	// Misere Nim?", the accepted answer). With heaps below 2^k, A has the
	// 2^k nim-sums below 2^k: the quotient has 2^k + 2 elements, two of
	// them in P, and it changes exactly at the heaps 1, 2, 4, ..., 2^(k-1).
	for k := 2; k <= 4; k++ {
		n := 1<<k - 1
		q := nim(n)
		if q.Order() != 1<<k+2 || len(q.PPortion()) != 2 {
			t.Errorf("Nim to %d: order %d with %d P-elements, want %d and 2", n, q.Order(), len(q.PPortion()), 1<<k+2)
		}
		var want []int
		for i := 0; i < k; i++ {
			want = append(want, 1<<i)
		}
		if got := q.Expansions(); !slices.Equal(got, want) || q.StableFrom() != want[k-1] {
			t.Errorf("Nim to %d: expansions %v, stable from %d, want %v", n, got, q.StableFrom(), want)
		}
	}

	// "Q_30(0.07) has order 360": A. N. Siegel's computation of Dawson's
	// Kayles with MisereSolver, quoted by T. E. Plambeck on his blog
	// "Advances in Losing", 28 August 2007.
	code, err := octal.Parse("0.07")
	if err != nil {
		t.Fatal(err)
	}
	q, err := QuotientOf(ctx, Octal(code), 30, QuotientLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if q.Order() != 360 {
		t.Errorf("Q_30(0.07): order %d, want 360", q.Order())
	}
}

// TestQuotientDawson checks the quotients of Dawson's chess (0.137) and
// Dawson's Kayles (0.07) against each other: a heap of n in 0.137 is the
// same game as a heap of n+1 in 0.07 (Winning Ways, ch. 4, "Dawson's
// Kayles"), so Q_n(0.137) and Q_{n+1}(0.07) must be isomorphic by the map
// sending heap h of the first to heap h+1 of the second, P-portions
// included.
func TestQuotientDawson(t *testing.T) {
	ctx := context.Background()
	chess, _ := octal.Parse("0.137")
	kayles, _ := octal.Parse("0.07")
	for _, n := range []int{9, 13, 24} {
		q1, err := QuotientOf(ctx, Octal(chess), n, QuotientLimits{})
		if err != nil {
			t.Fatal(err)
		}
		q2, err := QuotientOf(ctx, Octal(kayles), n+1, QuotientLimits{})
		if err != nil {
			t.Fatal(err)
		}
		var heaps []int
		var actions [][]int
		for h := 1; h <= n; h++ {
			heaps = append(heaps, h)
			act := make([]int, q2.Order())
			for y := range act {
				act[y] = q2.Mul(y, q2.Heap(h+1))
			}
			actions = append(actions, act)
		}
		p := make([]bool, q2.Order())
		for _, x := range q2.PPortion() {
			p[x] = true
		}
		if err := isomorphicTo(q1, heaps, actions, p); err != nil {
			t.Errorf("Q_%d(0.137) against Q_%d(0.07): %v", n, n+1, err)
		}
	}
}

// TestQuotientStoppedKeepsBound: a quotient stopped at heap h by its
// maximum order, or by its context, comes back with the verified quotient
// of heaps 0..h-1, the same in every respect as the one computed to h-1
// (whose elements, products, P-portion and heap map the brute-force tests
// above check).
func TestQuotientStoppedKeepsBound(t *testing.T) {
	code, _ := octal.Parse("0.07")
	g := Octal(code)
	var se *QuotientSizeError
	stopped, err := QuotientOf(context.Background(), g, 12, QuotientLimits{MaxOrder: 10})
	if !errors.As(err, &se) {
		t.Fatalf("MaxOrder 10: %v, want a *QuotientSizeError", err)
	}
	if stopped == nil || stopped.Max() != se.Heap-1 {
		t.Fatalf("stopped at heap %d: got %v, want the quotient of heaps 0..%d", se.Heap, stopped, se.Heap-1)
	}
	want, err := QuotientOf(context.Background(), g, se.Heap-1, QuotientLimits{MaxOrder: 10})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b *Quotient) bool {
		if a.Order() != b.Order() || a.Max() != b.Max() || a.Presentation().String() != b.Presentation().String() ||
			!slices.Equal(a.PPortion(), b.PPortion()) || !slices.Equal(a.Expansions(), b.Expansions()) {
			return false
		}
		for n := 0; n <= a.Max(); n++ {
			if a.Heap(n) != b.Heap(n) {
				return false
			}
		}
		for x := 0; x < a.Order(); x++ {
			for y := 0; y < a.Order(); y++ {
				if a.Mul(x, y) != b.Mul(x, y) {
					return false
				}
			}
		}
		return true
	}
	if !same(stopped, want) {
		t.Errorf("stopped at heap %d: order %d %s, want the quotient to %d: order %d %s", se.Heap,
			stopped.Order(), stopped.Presentation(), se.Heap-1, want.Order(), want.Presentation())
	}
	// A context cancelled before heap 1: the quotient of heap 0 alone.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if q, err := QuotientOf(ctx, g, 12, QuotientLimits{}); !errors.Is(err, context.Canceled) || q == nil || q.Max() != 0 || q.Order() != 1 {
		t.Errorf("cancelled: %v, %v; want context.Canceled with the trivial quotient of heap 0", q, err)
	}
}
