package main

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestSubtractionMoves: every subtraction game writes GAME/moves with the
// columns of squares/moves (n, winning_moves), for 0 <= n <= moves_max:
// the subtraction of the squares the same rows as squares/moves, and a
// finite set and an all-but game each the removals x of its set with
// g(n-x) = 0, g by the plain mex over the literal rules.
func TestSubtractionMoves(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, `plots: []
formats: [parquet, csv]
games: [squares, sq, s134, ab]
squares: {grundy_max: 400, win_max: 400, moves_max: 300}
subtraction:
  sq: {set: squares, max: 400, moves_max: 300}
  s134: {set: [1, 3, 4], max: 400, moves_max: 250}
  ab: {set: naturals, all_but: [3, 5, 7, 10], max: 400}
`)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	literal := func(in func(x int) bool, n int) []int {
		g := make([]int, n+1)
		for m := range g {
			seen := map[int]bool{}
			for x := 1; x <= m; x++ {
				if in(x) {
					seen[g[m-x]] = true
				}
			}
			g[m] = mexOf(seen)
		}
		return g
	}
	sqs := func(x int) bool {
		k := 1
		for k*k < x {
			k++
		}
		return k*k == x
	}
	for _, c := range []struct {
		game string
		in   func(x int) bool
		rows int
	}{
		{"squares", sqs, 301},
		{"sq", sqs, 301},
		{"s134", func(x int) bool { return x == 1 || x == 3 || x == 4 }, 251},
		{"ab", func(x int) bool { return x != 3 && x != 5 && x != 7 && x != 10 }, 401}, // moves_max 1000 by default, capped at max
	} {
		g := literal(c.in, c.rows-1)
		tb := readTable(t, out, c.game, "moves")
		checkContract(t, tb, "n int64, winning_moves list<element: int32>")
		ns, moves := tb.col("n").([]int64), tb.col("winning_moves").([][]int32)
		if len(ns) != c.rows {
			t.Fatalf("%s/moves: %d rows, want %d", c.game, len(ns), c.rows)
		}
		for i, n := range ns {
			want := []int32{}
			for x := 1; x <= int(n); x++ {
				if c.in(x) && g[int(n)-x] == 0 {
					want = append(want, int32(x))
				}
			}
			if n != int64(i) || !slices.Equal(moves[i], want) {
				t.Fatalf("%s/moves n = %d: %v, want %v", c.game, n, moves[i], want)
			}
		}
	}
}
