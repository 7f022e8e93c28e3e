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

// testGame pairs the package's Game with the oracle's rules of the same game.
type testGame struct {
	game  Game
	rules rules
	max   int // the largest heap the oracle checks single heaps to
}

func testGames(t *testing.T) []testGame {
	t.Helper()
	var out []testGame
	for _, c := range []struct {
		code string
		max  int
	}{{"0.77", 11}, {"0.07", 13}, {"0.137", 12}, {"0.75", 12}} {
		code, err := octal.Parse(c.code)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testGame{Octal(code), octalRules(c.code), c.max})
	}
	for _, set := range [][]int{{1, 2, 3}, {1, 3, 4}} {
		s, err := subtraction.NewSet("", set, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testGame{Subtraction(s), subtractionRules(set...), 16})
	}
	out = append(out, testGame{Nim(), nimRules(), 9})
	return out
}

// TestGenusAgainstOracle checks every heap's Grundy value and the first
// six terms of its genus, γk = (heap + k·*2)^-, against the oracle's plain
// recursion over heap + k nim-heaps of 2 (ONAG, ch. 12: that is the
// definition of the genus).
func TestGenusAgainstOracle(t *testing.T) {
	for _, tg := range testGames(t) {
		t.Run(tg.rules.name, func(t *testing.T) {
			tb, err := Analyze(context.Background(), tg.game, tg.max, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			o := newOracle(tg.rules)
			for n := 0; n <= tg.max; n++ {
				g := tb.Genus(n)
				if got, want := tb.Grundy(n), o.grundy(n); got != want || g.G != want {
					t.Errorf("heap %d: Grundy %d, genus %s, want g = %d", n, got, g, want)
				}
				for k := 0; k < 6; k++ {
					if got, want := g.Gamma(k), o.misereValue([]int{n}, 0, k); got != want {
						t.Errorf("heap %d: genus %s has γ%d = %d, want (heap + %d·*2)^- = %d", n, g, k, got, k, want)
					}
				}
				if got, want := tb.Misere(n), o.misereValue([]int{n}, 0, 0); got != want {
					t.Errorf("heap %d: misère value %d, want %d", n, got, want)
				}
			}
		})
	}
}

// TestMultiHeapGenusAgainstOracle checks the genus of positions of two and
// three heaps, computed by tame addition or by search over the sum,
// against the oracle.
func TestMultiHeapGenusAgainstOracle(t *testing.T) {
	for _, tg := range testGames(t) {
		t.Run(tg.rules.name, func(t *testing.T) {
			const top = 7
			tb, err := Analyze(context.Background(), tg.game, top, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			o := newOracle(tg.rules)
			for a := 1; a <= top; a++ {
				for b := a; b <= top; b++ {
					for c := 0; c <= 4; c++ {
						pos := []int{a, b, c}
						g, err := tb.positionGenus(context.Background(), pos, "test")
						if err != nil {
							t.Fatal(err)
						}
						for k := 0; k < 5; k++ {
							if got, want := g.Gamma(k), o.misereValue(pos, 0, k); got != want {
								t.Errorf("%v: genus %s has γ%d = %d, want %d", pos, g, k, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestSolveAgainstOracle decides every position of up to four heaps of up
// to 6 (up to three of up to 10) and compares the outcome and the set of
// winning moves with the oracle's.
func TestSolveAgainstOracle(t *testing.T) {
	for _, tg := range testGames(t) {
		t.Run(tg.rules.name, func(t *testing.T) {
			tb, err := Analyze(context.Background(), tg.game, 10, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			o := newOracle(tg.rules)
			methods := map[Method]int{}
			check := func(pos []int) {
				ans, err := tb.Solve(context.Background(), pos)
				if err != nil {
					t.Fatal(err)
				}
				methods[ans.Method]++
				if want := o.misereWin(pos); ans.Win != want {
					t.Errorf("%v: win %v by %s, want %v", pos, ans.Win, ans.Method, want)
					return
				}
				var got []string
				for _, m := range ans.Moves {
					got = append(got, fmt.Sprint(sortedNoZero(m.Position)))
				}
				slices.Sort(got)
				got = slices.Compact(got)
				if want := o.winningMoves(pos); !slices.Equal(got, want) {
					t.Errorf("%v: winning moves to %v by %s, want %v", pos, got, ans.Method, want)
				}
			}
			for a := 0; a <= 10; a++ {
				for b := a; b <= 10; b++ {
					for c := b; c <= 10; c++ {
						check([]int{a, b, c})
					}
				}
			}
			for a := 1; a <= 6; a++ {
				for b := a; b <= 6; b++ {
					for c := b; c <= 6; c++ {
						for d := c; d <= 6; d++ {
							check([]int{a, b, c, d})
						}
					}
				}
			}
			t.Logf("methods: %v", methods)
		})
	}
}

// TestBouton checks Solve on Nim against Bouton's misère rule (C. L.
// Bouton, "Nim, a game with a complete mathematical theory", Annals of
// Mathematics 3 (1902), 35-39): the player to move loses exactly when
// every heap is 0 or 1 and the number of 1s is odd, or some heap is 2 or
// more and the nim-sum is 0. Every Nim heap is tame, so the tame rule
// answers.
func TestBouton(t *testing.T) {
	tb, err := Analyze(context.Background(), Nim(), 12, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if w := tb.FirstWild(); w != -1 {
		t.Fatalf("nim: first wild heap %d, want none", w)
	}
	for a := 0; a <= 12; a++ {
		for b := a; b <= 12; b++ {
			for c := b; c <= 12; c++ {
				for d := c; d <= 12; d++ {
					pos := []int{a, b, c, d}
					x, big, ones := 0, false, 0
					for _, h := range pos {
						x ^= h
						big = big || h >= 2
						if h == 1 {
							ones++
						}
					}
					lose := (!big && ones%2 == 1) || (big && x == 0)
					ans, err := tb.Solve(context.Background(), pos)
					if err != nil {
						t.Fatal(err)
					}
					if ans.Win == lose || ans.Method != MethodTame {
						t.Errorf("%v: win %v by %s, want %v by tame", pos, ans.Win, ans.Method, !lose)
					}
				}
			}
		}
	}
}

// TestNimGenera checks the genera of nim-heaps, which Winning Ways, ch. 13,
// and ONAG, ch. 12, give: *0 = 0^{120}, *1 = 1^{031}, *n = n^{n, n⊕2} for
// n >= 2 (written n^{n} in short), all tame.
func TestNimGenera(t *testing.T) {
	tb, err := Analyze(context.Background(), Nim(), 12, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75", "8^(8,10)", "9^(9,11)", "10^(10,8)", "11^(11,9)", "12^(12,14)"}
	for n, w := range want {
		if got := tb.Genus(n).String(); got != w || !tb.Tame(n) {
			t.Errorf("*%d: genus %s (tame %v), want %s (tame)", n, got, tb.Tame(n), w)
		}
	}
}

// TestWild checks published wildness. Misère Kayles (0.77) is wild: its
// misère play was a long-standing open problem solved by Sibert and Conway
// ("Mathematical Kayles", Int. J. Game Theory 20 (1992)), see T. E.
// Plambeck, "Daisies, Kayles, and the Sibert-Conway decomposition in
// misère octal games", Theor. Comp. Sci. 96 (1992), and Plambeck, "Taming
// the wild in impartial combinatorial games", Integers 5 (2005) #G05,
// which analyses wild games. Dawson's Kayles (0.07) is wild too (Winning
// Ways, ch. 13, "Dawson's Kayles"). Misère Nim and subtraction {1,2,3} (a
// heap of n is *(n mod 4)) are tame.
func TestWild(t *testing.T) {
	for _, c := range []struct {
		code string
		wild bool
	}{{"0.77", true}, {"0.07", true}} {
		code, err := octal.Parse(c.code)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Analyze(context.Background(), Octal(code), 30, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.FirstWild() >= 0; got != c.wild {
			t.Errorf("%s: wild up to 30 %v (first wild %d), want %v", c.code, got, tb.FirstWild(), c.wild)
		}
	}
	s, err := subtraction.NewSet("", []int{1, 2, 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Analyze(context.Background(), Subtraction(s), 200, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if w := tb.FirstWild(); w != -1 {
		t.Errorf("subtraction {1,2,3}: first wild heap %d, want none", w)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	var re *grundy.RangeError
	if _, err := Analyze(ctx, Nim(), -1, Limits{}); !errors.As(err, &re) {
		t.Errorf("max -1: error %v, want a *grundy.RangeError", err)
	}
	code, err := octal.Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	var be *BudgetError
	if _, err := Analyze(ctx, Octal(code), 30, Limits{Positions: 10}); !errors.As(err, &be) {
		t.Errorf("0.77 to 30 in 10 positions: error %v, want a *BudgetError", err)
	} else {
		t.Log(err)
	}
	tb, err := Analyze(ctx, Octal(code), 8, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var he *HeapError
	if _, err := tb.Solve(ctx, []int{3, 9}); !errors.As(err, &he) {
		t.Errorf("heap 9 of 0..8: error %v, want a *HeapError", err)
	} else {
		t.Log(err)
	}
	var rerr *RuleError
	if _, err := Analyze(ctx, badGame{}, 3, Limits{}); !errors.As(err, &rerr) {
		t.Errorf("bad game: error %v, want a *RuleError", err)
	} else {
		t.Log(err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Analyze(cancelled, Nim(), 10, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want context.Canceled", err)
	}
}

// badGame has an option that does not shrink the heap.
type badGame struct{}

func (badGame) Name() string          { return "bad" }
func (badGame) Options(n int) [][]int { return [][]int{{n}} }
