package grundy

import (
	"context"
	"math/bits"
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
// The engine is the plain recurrence with the options' values marked in a
// bitset: at heap n it clears ceil(V/64) words, where V bounds every value so
// far (a power of two, so that the XOR of two values stays below it; the mex
// is at most V), sets one bit per option and takes the first zero bit with
// bits.TrailingZeros64 on the complement. Cost: n/2 XORs and bit sets at
// heap n, about max^2/4 in all (10^5 in a few seconds); memory: the result.
// Faster engines exist (the sparse space of Winning Ways, ch. 4, which
// Flammenkamp uses); this one is written to be obviously right.

// GrundysGameMax is the largest heap GrundysGame tabulates: its work grows as
// max^2/4, about 10 minutes at this size on one core.
const GrundysGameMax = 1 << 20

// GrundysGame returns g(0), ..., g(max) of Grundy's game, 0 <= max <=
// GrundysGameMax (a *RangeError otherwise). progress, if not nil, receives
// (highest n computed, max) from time to time. When ctx is cancelled it
// returns ctx.Err() within a few milliseconds. Memory is about
// GrundysGameMemory(max).
func GrundysGame(ctx context.Context, max int, progress Progress) ([]int32, error) {
	if err := checkRange("GrundysGame", "max", int64(max), 0, GrundysGameMax); err != nil {
		return nil, err
	}
	g := make([]int32, max+1)
	var seen []uint64
	bound := 1 // a power of two above every value so far
	work := 0  // options marked since the last check of ctx
	for n := 3; n <= max; n++ {
		words := bound/64 + 1 // room for the mex itself, which may be bound
		if cap(seen) < words {
			seen = make([]uint64, words)
		}
		seen = seen[:words]
		clear(seen)
		for a := 1; 2*a < n; a++ {
			v := g[a] ^ g[n-a]
			seen[v>>6] |= 1 << (v & 63)
		}
		mex := 0
		for i, w := range seen {
			if w != ^uint64(0) {
				mex = 64*i + bits.TrailingZeros64(^w)
				break
			}
		}
		g[n] = int32(mex)
		for mex >= bound {
			bound *= 2
		}
		if work += n / 2; work >= 1<<22 {
			work = 0
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			progress.report(int64(n), int64(max))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress.report(int64(max), int64(max))
	return g, nil
}

// GrundysGameMemory estimates the peak bytes GrundysGame(max) allocates: the
// result (4 bytes a value) and the bitset of option values (at most
// max/128+1 words, as there are at most max/2 options; a fixed 4 KiB covers
// it in practice, the values staying small). It returns 0 for a max
// GrundysGame rejects.
func GrundysGameMemory(max int) int64 {
	if max < 0 || max > GrundysGameMax {
		return 0
	}
	return 4*int64(max+1) + 8*int64(max/128+1) + 4<<10
}
