package heapgame_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/catalogue"
	"github.com/tabulate-games/tabulate/games/heapgame"
)

// The oracles of this file are plain recursions over the literal rules,
// written here and sharing no code with package misere or games: a
// position is a list of heaps (or a board), a move replaces one heap by
// what the rules leave, and under misère play the player to move wins a
// position without moves (the opponent made the last move) and otherwise
// wins exactly when some move leads to a position the opponent loses.

// heapRules lists what a move on a heap of n may leave: each option a list
// of heaps, empty heaps left out.
type heapRules func(n int) [][]int

// kaylesRules: knock down one pin or two adjacent pins of a row of n,
// leaving the pins on either side.
func kaylesRules(n int) [][]int {
	var out [][]int
	for k := 1; k <= 2; k++ {
		for left := 0; left+k <= n; left++ {
			out = append(out, nonEmpty(left, n-k-left))
		}
	}
	return out
}

// squaresRules: take a positive square number of stones.
func squaresRules(n int) [][]int {
	var out [][]int
	for k := 1; k*k <= n; k++ {
		out = append(out, nonEmpty(n-k*k))
	}
	return out
}

// grundySplitRules: split a heap into two non-empty heaps of different sizes.
func grundySplitRules(n int) [][]int {
	var out [][]int
	for a := 1; a < n-a; a++ {
		out = append(out, []int{a, n - a})
	}
	return out
}

// nonEmpty returns the heaps that are not 0, ascending.
func nonEmpty(heaps ...int) []int {
	out := []int{}
	for _, h := range heaps {
		if h > 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// misereOracle returns the misère outcome of positions of heaps under rules.
func misereOracle(rules heapRules) func(pos []int) bool {
	memo := map[string]bool{}
	var win func(pos []int) bool
	win = func(pos []int) bool {
		pos = nonEmpty(pos...)
		key := fmt.Sprint(pos)
		if w, ok := memo[key]; ok {
			return w
		}
		moved, w := false, false
		for i, h := range pos {
			for _, o := range rules(h) {
				moved = true
				next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)
				if !win(next) {
					w = true
				}
			}
		}
		if !moved {
			w = true
		}
		memo[key] = w
		return w
	}
	return win
}

// positions lists every list of 1..piles heaps of 0..most, ascending.
func positions(piles, most int) [][]int {
	var out [][]int
	var rec func(pos []int)
	rec = func(pos []int) {
		if len(pos) > 0 {
			out = append(out, slices.Clone(pos))
		}
		if len(pos) == piles {
			return
		}
		lo := 0
		if len(pos) > 0 {
			lo = pos[len(pos)-1]
		}
		for h := lo; h <= most; h++ {
			rec(append(pos, h))
		}
	}
	rec(nil)
	return out
}

// moveKeys writes the winning moves of an answer as "heap:from->leaves".
func moveKeys(t *testing.T, a *games.Answer) []string {
	t.Helper()
	moves, ok := a.WinningMoves.([]heapgame.MisereMove)
	if !ok {
		t.Fatalf("winning moves are %T, want []heapgame.MisereMove", a.WinningMoves)
	}
	var keys []string
	for _, m := range moves {
		keys = append(keys, fmt.Sprintf("%d:%d->%v", m.Heap, m.From, nonEmpty(m.Leaves...)))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// oracleMoves lists the winning moves of pos as moveKeys writes them.
func oracleMoves(rules heapRules, win func([]int) bool, pos []int) []string {
	var keys []string
	for i, h := range pos {
		for _, o := range rules(h) {
			next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)
			if !win(next) {
				keys = append(keys, fmt.Sprintf("%d:%d->%v", i+1, h, o))
			}
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

func args(pos []int) []string {
	out := make([]string, len(pos))
	for i, h := range pos {
		out[i] = fmt.Sprint(h)
	}
	return out
}

// checkHeapsSolver compares a misère Solver with the oracle on every
// position of up to piles heaps of up to most, and returns how many
// answers each method gave.
func checkHeapsSolver(t *testing.T, name string, s *games.Solver, rules heapRules, piles, most int) map[string]int {
	t.Helper()
	if s == nil {
		t.Fatalf("%s has no misère solver", name)
	}
	win := misereOracle(rules)
	methods := map[string]int{}
	for _, pos := range positions(piles, most) {
		a, err := s.Answer(context.Background(), args(pos))
		if err != nil {
			t.Fatalf("%s %v: %v", name, pos, err)
		}
		if a.Play != games.PlayMisere || !slices.Contains([]string{"tame", "quotient", "search"}, a.Method) {
			t.Fatalf("%s %v: play %q method %q", name, pos, a.Play, a.Method)
		}
		methods[a.Method]++
		if want := win(pos); a.Win != want {
			t.Errorf("%s %v: win %v, the literal search says %v", name, pos, a.Win, want)
			continue
		}
		if got, want := moveKeys(t, a), oracleMoves(rules, win, pos); !slices.Equal(got, want) {
			t.Errorf("%s %v: winning moves %v, the literal search says %v", name, pos, got, want)
		}
	}
	return methods
}

// Sums of heaps under misère play, answered by tabulate solve --misere's
// solvers, against the literal search: Kayles (a game defined by its
// octal code 0.77 in a configuration; wild from heap 5, so the tame rule
// and the quotient answer), take-a-square and Grundy's game. The search
// that answers when the quotient grows too large is checked in
// miserequotient_internal_test.go.
func TestMisereSumsAgainstSearch(t *testing.T) {
	kayles, err := (&catalogue.OctalRules{Code: "0.77", Max: 10}).Def("kayles")
	if err != nil {
		t.Fatal(err)
	}
	methods := checkHeapsSolver(t, "kayles", kayles.Misere, kaylesRules, 3, 9)
	if methods["tame"] == 0 || methods["quotient"] == 0 {
		t.Errorf("kayles: methods %v; the test should see both the tame rule and the quotient", methods)
	}
	squares, _ := games.ByName("squares")
	checkHeapsSolver(t, "squares", squares.Misere, squaresRules, 3, 14)
	grundy, _ := games.ByName("grundy-game")
	checkHeapsSolver(t, "grundy-game", grundy.Misere, grundySplitRules, 3, 12)
	// Four heaps, fewer sizes.
	checkHeapsSolver(t, "kayles", kayles.Misere, kaylesRules, 4, 6)
}

// Nim under misère play follows Bouton's misère rule (C. L. Bouton, "Nim,
// a game with a complete mathematical theory", Annals of Math. 3 (1902)):
// with every pile of 0 or 1, the player to move wins exactly when the
// number of 1s is even; otherwise exactly when the nim-sum is not 0.
func TestMisereNimBouton(t *testing.T) {
	bouton := func(piles []int) bool {
		x, big, ones := 0, false, 0
		for _, p := range piles {
			x ^= p
			big = big || p > 1
			if p == 1 {
				ones++
			}
		}
		if !big {
			return ones%2 == 0
		}
		return x != 0
	}
	d, _ := games.ByName("nim")
	if d.Misere == nil {
		t.Fatal("nim has no misère solver")
	}
	for _, pos := range positions(4, 7) {
		// Give the piles unsorted too: moves are numbered as given.
		given := slices.Clone(pos)
		slices.Reverse(given)
		a, err := d.Misere.Answer(context.Background(), args(given))
		if err != nil {
			t.Fatalf("nim %v: %v", given, err)
		}
		if a.Win != bouton(given) {
			t.Errorf("nim %v: win %v, Bouton's misère rule says %v", given, a.Win, bouton(given))
			continue
		}
		var want []string
		for i, p := range given {
			for to := 0; to < p; to++ {
				next := slices.Clone(given)
				next[i] = to
				if !bouton(next) {
					want = append(want, fmt.Sprintf("%d:%d->%v", i+1, p, nonEmpty(to)))
				}
			}
		}
		slices.Sort(want)
		if got := moveKeys(t, a); !slices.Equal(got, want) {
			t.Errorf("nim %v: winning moves %v, Bouton's misère rule gives %v", given, got, want)
		}
	}
	// nim 1 1 1: three single stones, the player to move takes the
	// second-to-last and loses.
	if a, _ := d.Misere.Answer(context.Background(), []string{"1", "1", "1"}); a.Win || a.Method != "tame" {
		t.Errorf("nim 1 1 1: win %v by %q, want a loss by the tame rule", a.Win, a.Method)
	}
}

// Flip Game II under misère play (the player who cannot flip wins),
// answered through runs of 0.07 heaps, against a plain search over the
// literal boards: every board of up to 12 characters.
func TestMisereFlipBoards(t *testing.T) {
	d, _ := games.ByName("flip")
	if d.Misere == nil || !d.Misere.WholeLine {
		t.Fatal("flip has no misère solver taking a whole line")
	}
	memo := map[string]bool{}
	var win func(board string) bool
	win = func(board string) bool {
		if w, ok := memo[board]; ok {
			return w
		}
		moved, w := false, false
		for i := 0; i+1 < len(board); i++ {
			if board[i] == '+' && board[i+1] == '+' {
				moved = true
				if !win(board[:i] + "--" + board[i+2:]) {
					w = true
				}
			}
		}
		if !moved {
			w = true // cannot flip: wins
		}
		memo[board] = w
		return w
	}
	for length := 0; length <= 12; length++ {
		for bits := range 1 << length {
			b := []byte(strings.Repeat("-", length))
			for i := range length {
				if bits>>i&1 != 0 {
					b[i] = '+'
				}
			}
			board := string(b)
			a, err := d.Misere.Answer(context.Background(), []string{board})
			if err != nil {
				t.Fatalf("%q: %v", board, err)
			}
			if a.Win != win(board) {
				t.Errorf("%q: win %v, the literal search says %v", board, a.Win, win(board))
				continue
			}
			want := []int{}
			for i := 0; i+1 < len(board); i++ {
				if board[i] == '+' && board[i+1] == '+' && !win(board[:i]+"--"+board[i+2:]) {
					want = append(want, i)
				}
			}
			if got, _ := a.WinningMoves.([]int); !slices.Equal(got, want) {
				t.Errorf("%q: winning moves %v, the literal search says %v", board, a.WinningMoves, want)
			}
		}
	}
	if _, err := d.Misere.Answer(context.Background(), []string{"++x"}); !isArgError(err) {
		t.Errorf("board ++x: %v, want an *ArgError", err)
	}
}

func isArgError(err error) bool {
	var ae *games.ArgError
	return errors.As(err, &ae)
}

// A bad play convention or misere_max is refused naming the key and what
// is allowed; normal play is the default and writes no misère table.
func TestPlayCheck(t *testing.T) {
	for _, tc := range []struct {
		play heapgame.Play
		key  string
	}{
		{heapgame.Play{Play: "misère"}, "play"},
		{heapgame.Play{Play: "Misere"}, "play"},
		{heapgame.Play{MisereMax: 10}, "misere_max"},
		{heapgame.Play{Play: "normal", MisereMax: 10}, "misere_max"},
		{heapgame.Play{Play: "misere", MisereMax: -1}, "misere_max"},
		{heapgame.Play{Play: "both", MisereMax: 1 << 20}, "misere_max"},
	} {
		err := (&catalogue.OctalRules{Code: "0.77", Max: 10, Play: tc.play}).Check()
		var ke *games.KeyError
		if !errors.As(err, &ke) || ke.Key != tc.key || ke.Allowed == "" {
			t.Errorf("%+v: %v, want a KeyError on %s saying what is allowed", tc.play, err, tc.key)
		}
	}
	for _, p := range []heapgame.Play{{}, {Play: "normal"}, {Play: "misere"}, {Play: "both", MisereMax: 40}} {
		if err := (&catalogue.OctalRules{Code: "0.77", Max: 10, Play: p}).Check(); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
	tables := func(p heapgame.Play) []string {
		var out []string
		for _, j := range (&catalogue.OctalRules{Code: "0.77", Max: 10, Play: p}).Jobs("kayles", 1) {
			out = append(out, j.Table)
		}
		return out
	}
	if got := tables(heapgame.Play{}); slices.Contains(got, "misere") {
		t.Errorf("normal play plans %v", got)
	}
	if got := tables(heapgame.Play{Play: "misere"}); !slices.Equal(got, []string{"misere"}) {
		t.Errorf("play: misere plans %v, want only misere", got)
	}
	if got := tables(heapgame.Play{Play: "both"}); !slices.Contains(got, "misere") || !slices.Contains(got, "grundy") {
		t.Errorf("play: both plans %v, want grundy and misere", got)
	}
}
