package misere

import (
	"context"
	"errors"
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
