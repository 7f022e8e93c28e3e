package flip

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// benchWorkers are the engine's two configurations in every paired
// benchmark: one worker (the same single core as the plain algorithm) and
// all CPUs (workers 0). Their names end in workers=1 and workers=all.
var benchWorkers = []struct {
	name    string
	workers int
}{{"workers=1", 1}, {"workers=all", 0}}

// flipMemoCanWin is the original problem's algorithm (LeetCode 294, Flip
// Game II): memoised search over boards, "can the player to move win?", with
// no use of Sprague–Grundy theory. As a competent programmer writes it for
// boards of up to 64 squares, a board is a bitmask (bit i set iff square i
// is '+') and the memo a map keyed by it, rather than strings built per
// move: a move clears two adjacent set bits.
func flipMemoCanWin(plus uint64, memo map[uint64]bool) bool {
	if w, ok := memo[plus]; ok {
		return w
	}
	win := false
	for pairs := plus & (plus >> 1); pairs != 0 && !win; pairs &= pairs - 1 {
		i := bits.TrailingZeros64(pairs)
		win = !flipMemoCanWin(plus&^(3<<i), memo)
	}
	memo[plus] = win
	return win
}

// TestFlipMemoCanWin checks the benchmark's search against the oracle on
// every board of up to 14 squares.
func TestFlipMemoCanWin(t *testing.T) {
	oracle := flipOracle()
	memo := map[uint64]bool{}
	for mask := 0; mask < 1<<14; mask++ {
		if got, want := flipMemoCanWin(uint64(mask), memo), oracle[mask] != 0; got != want {
			t.Fatalf("board %s: search says win %v, oracle %v", flipBoardOf(mask, 14), got, want)
		}
	}
}

// BenchmarkFlipSolve runs the memoised search and Solve side by side on
// the all-'+' board (the search's worst case; Solve also lists every
// winning move). Solve reuses run values cached by earlier calls; the
// search starts from an empty memo each time, as in the original problem.
func BenchmarkFlipSolve(b *testing.B) {
	for _, n := range []int{16, 20, 24} {
		board := strings.Repeat("+", n)
		want, err := Solve(board)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d/memo", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if flipMemoCanWin(1<<n-1, map[uint64]bool{}) != want.Win {
					b.Fatal("memo search disagrees")
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/engine", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if ans, err := Solve(board); err != nil || ans.Win != want.Win {
					b.Fatal("Solve disagrees")
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
				if _, err := Solve(board); err != nil {
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

// BenchmarkFlipPositions lists every multiset of runs of boards up to
// maxLen, on one core and on all.
func BenchmarkFlipPositions(b *testing.B) {
	for _, maxLen := range []int{40, 60, 80} {
		for _, w := range benchWorkers {
			b.Run(fmt.Sprintf("maxLen=%d/engine/%s", maxLen, w.name), func(b *testing.B) {
				runG := mustRunValues(maxLen)
				want := PositionCount(maxLen)
				b.ReportAllocs()
				for b.Loop() {
					var n int64
					err := Positions(context.Background(), maxLen, runG, grundy.Options{Workers: w.workers}, func(batch []Position) error {
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
}

func BenchmarkFlipBoardCounts(b *testing.B) {
	runG := mustRunValues(CountMax)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BoardCounts(CountMax, runG); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFlipBoards(b *testing.B) {
	for _, maxLen := range []int{16, 20} {
		b.Run(fmt.Sprintf("maxLen=%d", maxLen), func(b *testing.B) {
			runG := mustRunValues(maxLen)
			b.ReportAllocs()
			for b.Loop() {
				var n int
				err := Boards(context.Background(), maxLen, runG, func(boards []string, _ []int32) error {
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
