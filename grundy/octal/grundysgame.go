package octal

import (
	"context"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// Grundy's game. A position is a set of heaps of tokens; a move splits one
// heap into two non-empty heaps of different sizes. Heaps of 1 and 2 tokens
// cannot be split, so they are dead, and a heap n >= 3 has the options
// {a, n-a} for 1 <= a < n/2. A heap's Grundy value is
//
//	g(n) = mex{ g(a) XOR g(n-a) : 1 <= a < n-a },
//
// and a position's value is the XOR of its heaps' values (Sprague–Grundy).
// The values are OEIS A002188 (P. M. Grundy, "Mathematics and games",
// Eureka 2 (1939); R. K. Guy and C. A. B. Smith, "The G-values of various
// games", Proc. Cambridge Philos. Soc. 52 (1956), table 4; Berlekamp, Conway
// and Guy, Winning Ways, vol. 1, ch. 4). No period is known: Flammenkamp
// (wwwhomes.uni-bielefeld.de/achim/grundy.html) computed the values far past
// 2^35 without finding one.
//
// The values come from the sparse-space engine of Values, run with the
// rule of Grundy's game (grundysRules in octal_split.go), which also gives
// the rare-value statistics: 2^24 heaps in about a minute on
// two cores. The plain recurrence, n/2 XORs at heap n, is the tests' oracle
// (octalPlain and the recursion of the tests).

// GrundysGameMax is the largest heap GrundysGame tabulates: 2^28, about
// 1.1 GiB of values and some twenty minutes on two cores (the work grows a
// little faster than max). It is also the largest start of a tail run
// (GrundysGameTail), which needs one past 2^26: the labelling chosen at
// 2^26 has a rare heap at 48,399,022, so the window must pass it
// (docs/tail-mode.md).
const GrundysGameMax = 1 << 28

// GrundysGame returns g(0), ..., g(max) of Grundy's game, 0 <= max <=
// GrundysGameMax (a *grundy.RangeError otherwise), and the engine's
// findings: the sparse-space labelling, its rare heaps and the largest
// value (Flammenkamp's table of Grundy's game lists the same figures). It
// runs on the goroutines opts.Workers allows (see Values). opts.Progress,
// if not nil, receives (highest n computed, max) from time to time. When
// ctx is cancelled it returns ctx.Err() within a few milliseconds. Memory
// is about GrundysGameMemory(max).
func GrundysGame(ctx context.Context, max int, opts grundy.Options) ([]int32, Stats, error) {
	if err := engine.CheckRange("octal.GrundysGame", "max", int64(max), 0, GrundysGameMax); err != nil {
		return nil, Stats{}, err
	}
	return octalSolve(ctx, grundysRules, "Grundy's game", max, opts.Progress, octalOptions{workers: opts.Goroutines()})
}

// GrundysGameMemory estimates the peak bytes GrundysGame(max) allocates: the result (4 bytes a value), the rare
// heaps (8 bytes each; Grundy's game has a few thousand below 2^24) and a
// fixed 1 MiB. It returns 0 for a max GrundysGame rejects.
func GrundysGameMemory(max int) int64 {
	if max < 0 || max > GrundysGameMax {
		return 0
	}
	return 4*(int64(max)+1) + 1<<20
}
