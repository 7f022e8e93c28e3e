package grundy

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// flipMemoCanWin is the original problem's algorithm (LeetCode 294, Flip
// Game II): memoised search over board strings, "can the player to move
// win?", with no use of Sprague–Grundy theory.
func flipMemoCanWin(board string, memo map[string]bool) bool {
	if w, ok := memo[board]; ok {
		return w
	}
	b := []byte(board)
	win := false
	for i := 0; i+1 < len(b) && !win; i++ {
		if b[i] == '+' && b[i+1] == '+' {
			b[i], b[i+1] = '-', '-'
			win = !flipMemoCanWin(string(b), memo)
			b[i], b[i+1] = '+', '+'
		}
	}
	memo[board] = win
	return win
}

// BenchmarkFlipSolve runs the memoised string search and SolveFlip side by
// side on the all-'+' board (the search's worst case; SolveFlip also lists
// every winning move). SolveFlip reuses run values cached by earlier calls;
// the search starts from an empty memo each time, as in the original problem.
func BenchmarkFlipSolve(b *testing.B) {
	for _, n := range []int{16, 20, 24} {
		board := strings.Repeat("+", n)
		want, _ := SolveFlip(board)
		b.Run(fmt.Sprintf("n=%d/memo", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if flipMemoCanWin(board, map[string]bool{}) != want.Win {
					b.Fatal("memo search disagrees")
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/engine", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if ans, err := SolveFlip(board); err != nil || ans.Win != want.Win {
					b.Fatal("SolveFlip disagrees")
				}
			}
		})
	}
}

// BenchmarkFlipSolveLarge solves a 100000-character board (no memoised
// search can): a random one, and all '+' with run values already cached.
func BenchmarkFlipSolveLarge(b *testing.B) {
	const n = 100000
	boards := map[string]string{
		"random":  flipRandomBoard(rand.New(rand.NewPCG(294, 2)), n, 0.5),
		"allplus": strings.Repeat("+", n),
	}
	for _, name := range []string{"random", "allplus"} {
		board := boards[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SolveFlip(board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFlipRunGrundy compares the nibble-parallel mex with the plain scan
// of every split (flipRunNaive) from scratch, bypassing the cache.
func BenchmarkFlipRunGrundy(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("n=%d/engine", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				flipRunExtend(nil, n)
			}
		})
		if n > 10000 {
			continue // the plain scan takes seconds
		}
		b.Run(fmt.Sprintf("n=%d/plain", n), func(b *testing.B) {
			b.ReportAllocs()
			g := make([]int32, n+1)
			for b.Loop() {
				flipRunNaive(g, 0)
			}
		})
	}
}

func BenchmarkFlipPositions(b *testing.B) {
	for _, maxLen := range []int{40, 60, 80} {
		b.Run(fmt.Sprintf("maxLen=%d", maxLen), func(b *testing.B) {
			if maxLen > 60 && testing.Short() {
				b.Skip("maxLen 80 takes seconds per run")
			}
			runG := FlipRunGrundy(maxLen)
			want := FlipPositionCount(maxLen)
			b.ReportAllocs()
			for b.Loop() {
				var n int64
				err := FlipPositions(context.Background(), maxLen, runG, Options{}, func(batch []FlipPosition) error {
					n += int64(len(batch))
					return nil
				})
				if err != nil || n != want {
					b.Fatalf("got %d positions, %v; want %d", n, err, want)
				}
			}
			b.ReportMetric(float64(want), "positions/op")
		})
	}
}

func BenchmarkFlipBoardCounts(b *testing.B) {
	runG := FlipRunGrundy(FlipCountMax)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FlipBoardCounts(FlipCountMax, runG); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFlipBoards(b *testing.B) {
	for _, maxLen := range []int{16, 20} {
		b.Run(fmt.Sprintf("maxLen=%d", maxLen), func(b *testing.B) {
			runG := FlipRunGrundy(maxLen)
			b.ReportAllocs()
			for b.Loop() {
				var n int
				err := FlipBoards(context.Background(), maxLen, runG, func(boards []string, _ []int32) error {
					n += len(boards)
					return nil
				})
				if err != nil || n != 1<<(maxLen+1)-2 {
					b.Fatalf("got %d boards, %v", n, err)
				}
			}
		})
	}
}
