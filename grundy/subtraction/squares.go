package subtraction

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// Take-a-square: a move removes k² stones (k >= 1) from a pile of n.
//
// Take-a-square is the subtraction game of the squares and runs on the two
// engines of every subtraction game: its Grundy values on the segmented mex
// of kernel.go (squaresGrundy), its losing positions on the sieve of
// sieve.go with cursors of its own (squareCursors), which step through the
// squares by their differences 2k+1 and so need no list of the squares and
// reach about 2^44.9 in 32 GiB (squaresLosingLimit).

const (
	// SquaresSolveMax is the largest pile SolveSquares accepts, 2^32 stones.
	// Win/loss and the winning moves come from the losing-position sieve up
	// to n, which at this size takes about 2 minutes on two cores and about
	// 100 MiB (4,768,367 losing positions).
	SquaresSolveMax = 1 << 32

	// SquaresSolveGrundyMax is the largest pile whose Grundy value
	// SolveSquares computes, 2·10^7 stones. The value of n needs the values
	// of every smaller pile, about (2/3)·n^1.5 steps in all: some 30 seconds
	// at this size on two cores (10^7 takes 11). Above it SolveSquares
	// reports Grundy = -1.
	SquaresSolveGrundyMax = 20_000_000
)

// squaresLosingLimit is the largest max squaresLosing accepts: the largest
// whose cursors (12 bytes per losing position, squaresLosingCountBound) fit
// in losingMemoryMax, about 2^44.9; below LosingMax, so a cursor's step 2k+1
// fits in a uint32 and no position arithmetic overflows.
func squaresLosingLimit() int64 {
	return largestFitting(func(max int64) bool { return 12*squaresLosingCountBound(max) <= losingMemoryMax })
}

// squaresLosingCountBound is an upper estimate of the number of losing
// positions in 0..max. Their count grows like n^0.7 (Eppstein, "Faster
// Evaluation of Subtraction Games", FUN 2018, observes the same): measured,
// 0.875·n^0.7 at 10^7, 0.866·n^0.7 at 10^9, 0.862·n^0.7 at 2^32. The bound
// is n^0.7, with a margin.
func squaresLosingCountBound(max int64) int64 {
	if max < 0 {
		return 0
	}
	return int64(1.0*math.Pow(float64(max)+1, 0.7)) + 64
}

// squaresLosingMemory estimates the peak bytes squaresLosing(max) allocates
// with runtime.GOMAXPROCS(0) workers: 12 bytes per losing position (the
// cursor of each), one bitset segment per worker and the batch buffer. It
// returns 0 for a negative max.
func squaresLosingMemory(max int64) int64 {
	if max < 0 {
		return 0
	}
	count := squaresLosingCountBound(max)
	seg := sieveSegmentBits(max)
	workers := int64(grundy.Goroutines(0))
	batch := squaresLosingCountBound(seg) // the densest segment is the first
	const slack = 64 << 10                // goroutines and small buffers
	return count*12 + workers*seg/8 + batch*8 + slack
}

// squaresLosing finds every losing position of take-a-square (g(n) = 0, the
// P-positions, OEIS A030193) with 0 <= n <= max, and passes them to emit in
// ascending order, one batch per segment of the range (segments without a
// losing position are skipped), by the losing-position sieve (sieve.go) with
// the cursors of the squares. The batch slice is reused: it is valid only
// during the call, and emit must copy what it keeps. An error from emit
// stops the sieve and is returned as is. Grundy values are not computed.
//
// Memory is about 12 bytes per losing position found (about n^0.7 of them)
// plus one 256 KiB segment per worker; see squaresLosingMemory. progress, if
// not nil, receives (highest n sieved, max) after each segment. workers <= 0
// means runtime.GOMAXPROCS(0). max must be in 0..squaresLosingLimit() (about 2^44.9).
func squaresLosing(ctx context.Context, max int64, opts grundy.Options, emit func(losing []int64) error) error {
	return squaresSieve(ctx, max, opts, emit, sieveOptions{})
}

// squaresSieve is squaresLosing with the sieve's settings o (tests).
func squaresSieve(ctx context.Context, max int64, opts grundy.Options, emit func(losing []int64) error, o sieveOptions) error {
	if err := engine.CheckRange("subtraction.Losing", "max", max, 0, squaresLosingLimit()); err != nil {
		return err
	}
	capHint := squaresLosingCountBound(max)
	c := &squareCursors{next: make([]int64, 0, capHint), step: make([]uint32, 0, capHint)}
	return sieve(ctx, max, opts, emit, c, min(capHint, squaresLosingCountBound(o.segmentBits(max))), o)
}

// squareCursors are the cursors of take-a-square. Cursor j belongs to the
// j-th losing position p found: next[j] is the smallest p+k² not yet marked
// and step[j] = 2k+1, the distance from it to p+(k+1)². Marking a position
// advances both without a square root or a multiplication.
type squareCursors struct {
	next []int64
	step []uint32
}

func (c *squareCursors) len() int { return len(c.next) }

func (c *squareCursors) add(p int64) bool {
	c.next = append(c.next, p+1)
	c.step = append(c.step, 3)
	return true
}

func (c *squareCursors) mark(lo, hi int, a, end int64, seg []uint64) {
	squaresLosingMark(c.next[lo:hi], c.step[lo:hi], a, end, seg)
}

func (c *squareCursors) compact() {}

// squaresLosingMark sets, in the bitset seg of the segment [a, end), every
// position p+k² still ahead of the cursors and inside seg's words, and
// advances them. This loop is most of the work of squaresLosing. It is kept
// out of line so that its registers are its own.
//
// It marks up to the end of seg's last word, which may pass end: every
// segment but the last is a whole number of words (sieveSegmentBits and
// sieveSegmentAt give multiples of 64), and the sieve sets the bits past
// max in the last word anyway. The loop's test is the word index against
// len(seg), so the compiler drops the bounds check of each mark (one
// comparison a mark instead of two); two marks a round.
//
//go:noinline
func squaresLosingMark(next []int64, step []uint32, a, end int64, seg []uint64) {
	step = step[:len(next)]
	words := uint64(len(seg))
	for j, nx := range next {
		off := uint64(nx - a) // cursors are never behind a
		if off>>6 >= words {
			continue
		}
		st := uint64(step[j])
		for {
			w := off >> 6
			if w >= words {
				break
			}
			seg[w] |= 1 << (off & 63)
			off += st
			st += 2
			w = off >> 6
			if w >= words {
				break
			}
			seg[w] |= 1 << (off & 63)
			off += st
			st += 2
		}
		next[j] = int64(off) + a
		step[j] = uint32(st)
	}
}

// squaresGrundyValueMax estimates the largest Grundy value of take-a-square
// up to n (measured: 168 at 10^6, 274 at 4·10^6, growing like n^0.35), with a
// margin.
func squaresGrundyValueMax(n int) int {
	if n < 1000 {
		return 64
	}
	return int(1.3*168*math.Pow(float64(n)/1e6, 0.36)) + 64
}

// squaresGrundyMemory estimates the peak bytes squaresGrundy(max)
// allocates with runtime.GOMAXPROCS(0) workers: the kernel's, for the values
// of take-a-square, and the list of the squares. It returns 0 for a
// negative max.
func squaresGrundyMemory(max int) int64 {
	if max < 0 {
		return 0
	}
	return kernelMemory(max, squaresGrundyValueMax(max), kernelOptions{}) + 8*int64(subtractionMemberCount(Squares(), max))
}

// squaresGrundy returns the Grundy values g(0..max) of take-a-square (OEIS
// A014586), where g(n) = mex{ g(n-k²) : 1 <= k² <= n }, by the segmented
// kernel (kernel.go). Values are stored as uint16; a value that would not
// fit is an error (none comes near: the largest value up to 10^7 is 376).
// progress, if not nil, receives (highest n computed, max).
func squaresGrundy(ctx context.Context, max int, workers int, progress grundy.Progress) ([]uint16, error) {
	if err := engine.CheckRange("subtraction.Values", "max", int64(max), 0, ValuesMax); err != nil {
		return nil, err
	}
	return kernel(ctx, Squares().Members(max), max, workers, progress, kernelOptions{})
}

// SquaresAnswer is the answer for one take-a-square pile.
type SquaresAnswer struct {
	// N is the number of stones.
	N int64
	// Grundy is g(N), or -1 when N > SquaresSolveGrundyMax.
	Grundy int
	// Win reports whether the player to move wins (g(N) != 0).
	Win bool
	// WinningMoves are the removals k² that leave a losing position, in
	// ascending order; empty (not nil) when Win is false.
	WinningMoves []int64
}

// SolveSquares answers one pile of n stones, 0 <= n <= SquaresSolveMax:
// whether the player to move wins and with which removals, from the
// losing-position sieve up to n (Losing), and the Grundy value when
// n <= SquaresSolveGrundyMax (Values; -1 otherwise), each with up to
// opts.Workers goroutines. opts.Progress, if not nil, receives the progress
// of the sieve and then, starting again from 0, of the Grundy values.
func SolveSquares(ctx context.Context, n int64, opts grundy.Options) (SquaresAnswer, error) {
	if err := engine.CheckRange("subtraction.SolveSquares", "n", n, 0, SquaresSolveMax); err != nil {
		return SquaresAnswer{}, err
	}
	losing := make([]int64, 0, squaresLosingCountBound(n))
	err := squaresLosing(ctx, n, opts, func(b []int64) error {
		losing = append(losing, b...)
		return nil
	})
	if err != nil {
		return SquaresAnswer{}, err
	}
	isLosing := func(x int64) bool {
		_, found := slices.BinarySearch(losing, x)
		return found
	}
	ans := SquaresAnswer{N: n, Grundy: -1, Win: !isLosing(n), WinningMoves: []int64{}}
	for k := int64(1); k*k <= n; k++ {
		if isLosing(n - k*k) {
			ans.WinningMoves = append(ans.WinningMoves, k*k)
		}
	}
	if ans.Win != (len(ans.WinningMoves) > 0) {
		panic(fmt.Sprintf("subtraction: take-a-square: sieve inconsistent at %d", n))
	}
	if n <= SquaresSolveGrundyMax {
		g, err := squaresGrundy(ctx, int(n), opts.Workers, opts.Progress)
		if err != nil {
			return SquaresAnswer{}, err
		}
		ans.Grundy = int(g[n])
		if ans.Win != (ans.Grundy != 0) {
			panic(fmt.Sprintf("subtraction: take-a-square: sieve and Grundy values disagree at %d", n))
		}
	}
	return ans, nil
}
