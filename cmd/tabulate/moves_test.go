package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// flipOracle decides a Flip Game II board by plain search over the literal
// rule (turn one "++" into "--"), memoized on the board.
func flipOracle(board string, memo map[string]bool) bool {
	if v, ok := memo[board]; ok {
		return v
	}
	win := false
	for i := 0; i+1 < len(board) && !win; i++ {
		if board[i] == '+' && board[i+1] == '+' && !flipOracle(board[:i]+"--"+board[i+2:], memo) {
			win = true
		}
	}
	memo[board] = win
	return win
}

// nimOracle decides a nim position (piles ascending, none empty) by plain
// search over every move, memoized.
func nimOracle(piles []int32, memo map[string]bool) bool {
	key := fmt.Sprint(piles)
	if v, ok := memo[key]; ok {
		return v
	}
	win := false
	for i := range piles {
		for s := int32(0); s < piles[i] && !win; s++ {
			win = !nimOracle(nimAfter(piles, i, s), memo)
		}
	}
	memo[key] = win
	return win
}

// nimAfter is the position after pile i goes to s stones, ascending and
// without empty piles.
func nimAfter(piles []int32, i int, s int32) []int32 {
	next := slices.Clone(piles)
	next[i] = s
	next = slices.DeleteFunc(next, func(p int32) bool { return p == 0 })
	slices.Sort(next)
	return next
}

// TestWinningMoveColumns checks the winning-move lists of squares/moves,
// flip/boards and nim/positions against plain searches over the rules.
func TestWinningMoveColumns(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, "plots: []\nformats: [parquet, csv]\ngames: [squares, flip, nim]\nsquares: {grundy_max: 400, win_max: 400, moves_max: 300}\nflip: {run_max: 20, position_max: 8, count_max: 8, board_max: 10}\nnim: {max_piles: 3, max_pile: 5}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}

	t.Run("squares", func(t *testing.T) {
		sq := squaresOracle(300)
		tb := readTable(t, out, "squares", "moves")
		checkContract(t, tb, "n int64, winning_moves list<element: int32>")
		ns, moves := tb.col("n").([]int64), tb.col("winning_moves").([][]int32)
		if len(ns) != 301 {
			t.Fatalf("%d rows, want 301 (n = 0..moves_max)", len(ns))
		}
		for i, n := range ns {
			want := []int32{}
			for k := int64(1); k*k <= n; k++ {
				if sq[n-k*k] == 0 {
					want = append(want, int32(k*k))
				}
			}
			if n != int64(i) || !slices.Equal(moves[i], want) {
				t.Fatalf("n = %d: moves %v, want %v", n, moves[i], want)
			}
		}
	})
	t.Run("flip", func(t *testing.T) {
		memo := map[string]bool{}
		tb := readTable(t, out, "flip", "boards")
		boards, moves := tb.col("board").([]string), tb.col("winning_moves").([][]int32)
		for i, b := range boards {
			want := []int32{}
			for j := 0; j+1 < len(b); j++ {
				if b[j] == '+' && b[j+1] == '+' && !flipOracle(b[:j]+"--"+b[j+2:], memo) {
					want = append(want, int32(j))
				}
			}
			if !slices.Equal(moves[i], want) {
				t.Fatalf("board %s: moves %v, want %v", b, moves[i], want)
			}
		}
		if len(boards) != 1<<11-2 {
			t.Errorf("%d boards, want 2046", len(boards))
		}
	})
	t.Run("nim", func(t *testing.T) {
		memo := map[string]bool{}
		tb := readTable(t, out, "nim", "positions")
		piles := tb.col("piles").([][]int32)
		count := tb.col("winning_moves").([]int32)
		idx, size := tb.col("winning_piles").([][]int32), tb.col("winning_sizes").([][]int32)
		for i, p := range piles {
			var wantIdx, wantSize []int32
			for j := range p {
				for s := int32(0); s < p[j]; s++ {
					if !nimOracle(nimAfter(p, j, s), memo) {
						wantIdx, wantSize = append(wantIdx, int32(j+1)), append(wantSize, s)
					}
				}
			}
			if !slices.Equal(idx[i], wantIdx) && !(len(idx[i]) == 0 && len(wantIdx) == 0) ||
				!slices.Equal(size[i], wantSize) && !(len(size[i]) == 0 && len(wantSize) == 0) || int(count[i]) != len(wantIdx) {
				t.Fatalf("piles %v: moves %v -> %v (count %d), want %v -> %v", p, idx[i], size[i], count[i], wantIdx, wantSize)
			}
		}
		if !strings.Contains(fmt.Sprint(idx), "[1 2 3]") {
			t.Errorf("no position with three winning moves among %d", len(piles))
		}
	})
}
