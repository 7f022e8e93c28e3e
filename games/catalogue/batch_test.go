package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games/heapgame"
)

// TestGrownReuses: one computation serves every position it covers; a
// position past it recomputes to at least twice as far (never past the
// limit); a failed computation keeps the earlier table.
func TestGrownReuses(t *testing.T) {
	var g grown[int64]
	var computed []int64
	compute := func(top int64) (int64, error) {
		computed = append(computed, top)
		if top == 80 {
			return 0, fmt.Errorf("failed at %d", top)
		}
		return top, nil
	}
	for _, step := range []struct {
		n, limit int64
		want     int64 // the top of the table answered from
	}{
		{5, 100, 5}, {3, 100, 5}, {5, 100, 5}, {6, 100, 10}, {0, 100, 10}, {10, 100, 10},
		{11, 100, 20}, {90, 100, 90}, {95, 100, 100}, {100, 100, 100},
	} {
		got, err := g.get(step.n, step.limit, compute)
		if err != nil || got != step.want {
			t.Fatalf("get(%d) = %d, %v; want %d", step.n, got, err, step.want)
		}
	}
	if want := []int64{5, 10, 20, 90, 100}; !slices.Equal(computed, want) {
		t.Errorf("computed to %v, want %v", computed, want)
	}
	var h grown[int64]
	h.get(40, 1000, compute)
	if _, err := h.get(77, 1000, compute); err == nil {
		t.Fatal("a failed computation gave no error")
	}
	if got, err := h.get(30, 1000, compute); err != nil || got != 40 {
		t.Errorf("after a failed computation: %d, %v; want the earlier table (40)", got, err)
	}
}

// plainMex is the plain recursion over a game's literal options, written
// apart from the engines: g(n) is the mex of the XOR of the heaps each
// option leaves.
func plainMex(n int, options func(n int) [][]int) []int {
	g := make([]int, n+1)
	for m := 0; m <= n; m++ {
		seen := map[int]bool{}
		for _, o := range options(m) {
			x := 0
			for _, h := range o {
				x ^= g[h]
			}
			seen[x] = true
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// TestBatchAnswersOracle asks take-a-square, Grundy's game and Wythoff's
// game one position after another, as tabulate solve GAME - does (up and
// down, so that the kept tables grow and are reused), and checks each
// answer against a plain recursion over the literal rules.
func TestBatchAnswersOracle(t *testing.T) {
	ctx := context.Background()
	squares := plainMex(3000, func(n int) [][]int {
		var o [][]int
		for k := 1; k*k <= n; k++ {
			o = append(o, []int{n - k*k})
		}
		return o
	})
	split := plainMex(600, func(n int) [][]int {
		var o [][]int
		for a := 1; 2*a < n; a++ {
			o = append(o, []int{a, n - a})
		}
		return o
	})
	for _, n := range []int{7, 3, 120, 2, 1000, 999, 3000, 0, 1500, 2999} {
		a, err := answerSquares(ctx, []string{fmt.Sprint(n)})
		if err != nil {
			t.Fatal(err)
		}
		var moves []int
		for k := 1; k*k <= n; k++ {
			if squares[n-k*k] == 0 {
				moves = append(moves, k*k)
			}
		}
		var got []int
		for _, m := range a.WinningMoves.([]heapgame.HeapMove) {
			got = append(got, m.Remove)
		}
		if a.Grundy == nil || int(*a.Grundy) != squares[n] || a.Win != (squares[n] != 0) || !slices.Equal(got, moves) {
			t.Errorf("squares %d: grundy %v, win %v, moves %v; want %d, %v (plain recursion)", n, a.Grundy, a.Win, got, squares[n], moves)
		}
	}
	// Sums of piles share the same values.
	if a, err := answerSquares(ctx, []string{"2500", "40", "7"}); err != nil || int(*a.Grundy) != squares[2500]^squares[40]^squares[7] {
		t.Errorf("squares 2500 40 7: %v, %v; want %d", a, err, squares[2500]^squares[40]^squares[7])
	}
	for _, heaps := range [][]int{{9}, {4, 5}, {300}, {20, 13, 9}, {600}, {1}, {599, 2}} {
		args := strings.Fields(strings.Trim(fmt.Sprint(heaps), "[]"))
		a, err := answerGrundysGame(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, h := range heaps {
			want ^= split[h]
		}
		if a.Grundy == nil || int(*a.Grundy) != want {
			t.Errorf("grundy-game %v: grundy %v, want %d (plain recursion)", heaps, a.Grundy, want)
		}
	}
	// Wythoff's game: g(a, b) by the plain mex over its three kinds of move.
	const w = 60
	var wg [w + 1][w + 1]int
	for a := 0; a <= w; a++ {
		for b := 0; b <= w; b++ {
			seen := map[int]bool{}
			for k := 1; k <= a; k++ {
				seen[wg[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[wg[a][b-k]] = true
			}
			for k := 1; k <= min(a, b); k++ {
				seen[wg[a-k][b-k]] = true
			}
			for seen[wg[a][b]] {
				wg[a][b]++
			}
		}
	}
	for _, p := range [][2]int{{3, 5}, {1, 2}, {40, 17}, {0, 0}, {60, 59}, {10, 10}} {
		a, err := answerWythoff(ctx, []string{fmt.Sprint(p[0]), fmt.Sprint(p[1])})
		if err != nil {
			t.Fatal(err)
		}
		if a.Grundy == nil || int(*a.Grundy) != wg[p[0]][p[1]] {
			b, _ := json.Marshal(a)
			t.Errorf("wythoff %v: %s, want grundy %d (plain recursion)", p, b, wg[p[0]][p[1]])
		}
	}
}
