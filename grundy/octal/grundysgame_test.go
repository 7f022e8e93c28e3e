package octal

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// grundysGameA002188 is OEIS A002188 (Sprague-Grundy values for Grundy's
// game), a(0) to a(104) as listed on oeis.org/A002188.
var grundysGameA002188 = []int32{
	0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
	1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
	3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
}

// grundysGameSparse are values of the sparse set listed by A. Flammenkamp,
// "Sprague-Grundy Values of Grundy's Game"
// (wwwhomes.uni-bielefeld.de/achim/grundy.html).
var grundysGameSparse = map[int]int32{
	87: 7, 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11,
	176: 7, 179: 7, 181: 12, 182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10,
}

// grundysGameOracle is the literal game: a position is the multiset of its
// heaps (every heap kept, the dead ones of 1 and 2 tokens too), a move
// replaces one heap h by two heaps a and h-a with 1 <= a and a != h-a, and
// the value of a position is the mex of its options' values, found by
// memoised recursion. It uses no XOR and no table of heap values.
type grundysGameOracle map[string]int

func (o grundysGameOracle) value(heaps []int) int {
	slices.Sort(heaps)
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = strconv.Itoa(h)
	}
	key := strings.Join(parts, ",")
	if v, ok := o[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for i, h := range heaps {
		for a := 1; a < h; a++ {
			if a == h-a {
				continue
			}
			next := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
			next = append(next, a, h-a)
			seen[o.value(next)] = true
		}
	}
	mex := 0
	for seen[mex] {
		mex++
	}
	o[key] = mex
	return mex
}

func TestGrundysGameOracle(t *testing.T) {
	const max = 32
	g, _, err := GrundysGame(context.Background(), max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	oracle := grundysGameOracle{}
	for n := 0; n <= max; n++ {
		var heaps []int
		if n > 0 {
			heaps = []int{n}
		}
		if want := oracle.value(heaps); int(g[n]) != want {
			t.Errorf("g(%d): got %d, want %d (plain recursion over multisets of heaps)", n, g[n], want)
		}
	}
	// Sums of heaps, from the same oracle: the engine's values combine by
	// XOR (the Sprague–Grundy theorem, which the oracle does not use).
	for _, heaps := range [][]int{{3, 5}, {4, 6, 7}, {5, 5}, {8, 9}, {3, 4, 5, 6}} {
		var x int32
		for _, h := range heaps {
			x ^= g[h]
		}
		if want := oracle.value(slices.Clone(heaps)); int(x) != want {
			t.Errorf("heaps %v: XOR of table values %d, oracle %d", heaps, x, want)
		}
	}
}

func TestGrundysGamePublished(t *testing.T) {
	g, _, err := GrundysGame(context.Background(), 231, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g[:len(grundysGameA002188)], grundysGameA002188) {
		t.Errorf("g(0..%d) = %v, want OEIS A002188 %v", len(grundysGameA002188)-1, g[:len(grundysGameA002188)], grundysGameA002188)
	}
	for n, want := range grundysGameSparse {
		if g[n] != want {
			t.Errorf("g(%d): got %d, want %d (Flammenkamp's table)", n, g[n], want)
		}
	}
}

func TestGrundysGameRange(t *testing.T) {
	for _, max := range []int{-1, GrundysGameMax + 1} {
		_, _, err := GrundysGame(context.Background(), max, grundy.Options{})
		var re *grundy.RangeError
		if !errors.As(err, &re) || re.Value != int64(max) || re.Min != 0 || re.Max != GrundysGameMax {
			t.Errorf("max %d: got %v, want a *grundy.RangeError with the allowed range", max, err)
		}
	}
	if g, _, err := GrundysGame(context.Background(), 0, grundy.Options{}); err != nil || len(g) != 1 || g[0] != 0 {
		t.Errorf("max 0: got %v, %v, want [0]", g, err)
	}
}

func TestGrundysGameCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := GrundysGame(ctx, 100000, grundy.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
