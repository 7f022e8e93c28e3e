package octal

import (
	"context"

	"github.com/tabulate-games/tabulate/grundy"
)

// Grundy's game through the sparse-space engine. A heap is split into two
// non-empty heaps of different sizes; no token is removed. In the terms of
// octal.go it is the code 4.0 (split digit d_0 = 4, k = 0) with splits into
// equal heaps forbidden, which no octal code can say: the engine takes the
// rule as a flag of its rules (octalRules.unequal) and leaves out, at heap
// n, the split a = n-a from the rare splits of step 1 (by a binary search
// for n/2 among the rare heaps) and from the splits listed in step 3 (a <
// n-a). Everything else, the labelling, its choice, the two cores, is the
// engine of Values. No periodicity theorem is applied: none is known
// for Grundy's game, whose values (OEIS A002188) are conjectured, not
// proven, to be ultimately periodic (Winning Ways, ch. 4), so every value
// is computed.
//
// Grundy's game is the example of Winning Ways for sparse space (ch. 4,
// "Sparse space spells speed"; Flammenkamp's table of Grundy's game,
// wwwhomes.uni-bielefeld.de/achim/grundy.html, lists its rare values).

// grundysRules are the moves of Grundy's game.
var grundysRules = octalRules{t: 0, split: []int{0}, unequal: true}

// GrundysGameSparse returns the Grundy values g(0..max) of Grundy's game
// (split one heap into two non-empty heaps of different sizes) and the
// sparse-space findings, computed by the engine of Values: heaps 0..2^24
// take about a minute on two cores. opts.Workers and opts.Progress are
// as for Values (1: one goroutine; 2 or more, or 0 on a machine of two
// CPUs or more: two). When ctx is cancelled it returns ctx.Err() promptly.
// Memory is about GrundysGameSparseMemory(max).
func GrundysGameSparse(ctx context.Context, max int, opts grundy.Options) ([]int32, Stats, error) {
	return octalSolve(ctx, grundysRules, "Grundy's game", max, opts.Progress, octalOptions{workers: opts.Goroutines()})
}

// GrundysGameSparseMemory estimates the peak bytes GrundysGameSparse(max)
// allocates: the result (4 bytes a value), the rare heaps (8 bytes each;
// Grundy's game has a few thousand below 2^24) and a fixed 1 MiB. It
// returns 0 for a negative max.
func GrundysGameSparseMemory(max int) int64 {
	if max < 0 {
		return 0
	}
	return 4*(int64(max)+1) + 1<<20
}
