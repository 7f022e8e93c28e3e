package octal

import (
	"context"
	"errors"
	"math/bits"
)

// octalPlain returns g(0..max) of the octal game code ("0.07", ".6",
// "4.07") by the plain definition: at each n the mex over every move, each
// split a + (n-k-a) with 1 <= a <= n-k-a listed once (a < n-k-a when
// unequal, for Grundy's game "4." with unequal set). It is what a competent
// programmer writes first, the fair baseline of the benchmarks and the
// oracle of the tests above the reach of octalOracle: O(max^2) steps, the
// options marked in a bit set sized, outside the inner loop, for the
// largest XOR of two values so far. It shares no code with the engine: it
// reads the digits with octalOracleDigits. When ctx is cancelled it returns
// ctx.Err().
func octalPlain(ctx context.Context, code string, max int, unequal bool) ([]int32, error) {
	d := octalOracleDigits(code)
	g := make([]int32, max+1)
	seen := make([]uint64, 2)
	var vmax int32
	for n := 1; n <= max; n++ {
		if n&255 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// Options are below 2^bits.Len(vmax); one more word keeps a clear bit.
		if w := (1<<bits.Len32(uint32(vmax)))/64 + 2; w > len(seen) {
			seen = make([]uint64, w)
		}
		clear(seen)
		for k, dk := range d {
			if dk&1 != 0 && k >= 1 && n == k {
				seen[0] |= 1
			}
			if dk&2 != 0 && k >= 1 && n > k {
				v := uint32(g[n-k])
				seen[v>>6] |= 1 << (v & 63)
			}
			if dk&4 != 0 {
				s := n - k
				for a := 1; 2*a <= s; a++ {
					if unequal && 2*a == s {
						break
					}
					v := uint32(g[a] ^ g[s-a])
					seen[v>>6] |= 1 << (v & 63)
				}
			}
		}
		w := 0
		for seen[w] == ^uint64(0) {
			w++
		}
		g[n] = int32(w*64 + bits.TrailingZeros64(^seen[w]))
		if g[n] > vmax {
			vmax = g[n]
		}
	}
	return g, nil
}

// octalPlainCode is octalPlain for a parsed code.
func octalPlainCode(ctx context.Context, c Code, max int) ([]int32, error) {
	if max < 0 {
		return nil, errors.New("octalPlain: negative max")
	}
	return octalPlain(ctx, c.String(), max, false)
}
