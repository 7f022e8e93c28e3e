package subtraction

import (
	"context"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestSubtractionSquaresKernel checks that Values gives the same
// values for the squares through the take-a-square kernel as the general
// engine, and both the plain mex recursion over the literal moves k².
func TestSubtractionSquaresKernel(t *testing.T) {
	const max = 5000
	ctx := context.Background()
	got, err := Values(ctx, Squares(), max, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	general, err := subtractionGrundy(ctx, Squares(), max, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for k := 1; k*k <= n; k++ {
			seen[want[n-k*k]] = true
		}
		for seen[want[n]] {
			want[n]++
		}
	}
	if !slices.Equal(got, want) || !slices.Equal(general, want) {
		t.Errorf("squares kernel and general engine differ from the plain recursion")
	}
}

// TestLosingDense checks Losing for a set without a sieve of its own
// against the zeros of a plain recursion, across batch boundaries.
func TestLosingDense(t *testing.T) {
	const max = 200000
	set, err := NewSet("", []int{2, 5, 7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]int32, max+1)
	var want []int64
	for n := 0; n <= max; n++ {
		seen := map[int32]bool{}
		for _, x := range []int{2, 5, 7} {
			if x <= n {
				seen[g[n-x]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
		if g[n] == 0 {
			want = append(want, int64(n))
		}
	}
	var got []int64
	err = Losing(context.Background(), set, max, grundy.Options{}, func(l []int64) error {
		got = append(got, l...)
		return nil
	})
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %d losing positions (%v), want %d", len(got), err, len(want))
	}
	if err := Losing(context.Background(), set, 1<<31, grundy.Options{}, nil); err == nil {
		t.Errorf("max 2^31: no error")
	}
}
