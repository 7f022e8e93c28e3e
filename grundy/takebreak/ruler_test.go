package takebreak

import (
	"context"
	"fmt"
	"math/bits"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// rulerBreak checks the values g of 0.2048 against the pattern we read in
// them (ours: J. P. Grossman and R. J. Nowakowski, "A ruler regularity in
// hexadecimal games", Games of No Chance 4 (2015), name the regularity of
// 0.2048 "ruler regularity", but their text, and so their definition,
// could not be read here; see docs/takebreak.md):
//
//   - g(n+13) = g(n) + 4 for every n >= 6 with n ≢ 2 (mod 13), and
//   - at n = 41 + 13j (j >= -1, so n ≡ 2 mod 13), with x = j + 2:
//     g(n) = g(n-1) + 1 when x is a power of 2, and otherwise
//     g(n) = g(n-1) - 2^(v2(x)+3) - 2, v2 the 2-adic valuation, the ruler
//     function: drops of 10, 18, 34, 66, ... at x odd, 2 mod 4, 4 mod 8, ...
//
// It returns "" if every value in g obeys it, else the first break.
func rulerBreak(g []int32) string {
	for n := 6; n+13 < len(g); n++ {
		if n%13 != 2 && g[n+13] != g[n]+4 {
			return fmt.Sprintf("g(%d) = %d, g(%d) = %d: not g(n+13) = g(n)+4", n+13, g[n+13], n, g[n])
		}
	}
	for j := -1; 41+13*j < len(g); j++ {
		n, x := 41+13*j, j+2
		want := g[n-1] + 1
		if x&(x-1) != 0 {
			want = g[n-1] - int32(1)<<(bits.TrailingZeros(uint(x))+3) - 2
		}
		if g[n] != want {
			return fmt.Sprintf("g(%d) = %d, want %d (j = %d, g(%d) = %d)", n, g[n], want, j, n-1, g[n-1])
		}
	}
	return ""
}

// TestRulerPattern0_2048 checks the pattern of rulerBreak on the plain
// mex's values of 0.2048 to 400 (oracle_test.go: drops of 10, 18 and 34,
// and none at x = 2, 4, 8, 16), and that the check is not empty: with one
// drop made a step shallower it reports that very place.
func TestRulerPattern0_2048(t *testing.T) {
	g := plainValues("0.2048", 400)
	if b := rulerBreak(g); b != "" {
		t.Fatalf("0.2048, plain mex to 400: %s", b)
	}
	h := append([]int32(nil), g...)
	h[171] += 16 // the drop of 34 at j = 10 (x = 12) made one of 18
	if b := rulerBreak(h); b == "" || b[:8] != "g(171) =" {
		t.Errorf("a drop changed at 171: rulerBreak says %q, want that place", b)
	}
}

// TestRulerPattern0_2048Long checks the same pattern on the engine's
// values to 12000 (drops up to 1026 at x = 384), a few seconds.
func TestRulerPattern0_2048Long(t *testing.T) {
	longtest.Skip(t, "0.2048's pattern on 12000 values")
	g, err := Values(context.Background(), mustParse(t, "0.2048"), 12000, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := rulerBreak(g); b != "" {
		t.Errorf("0.2048, Values to 12000: %s", b)
	}
}
