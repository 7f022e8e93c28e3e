package subtraction

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// BenchmarkLosing runs the two ways to the losing positions of a subtraction
// game side by side on the same sets: the losing-position sieve with the
// cursors of the set, and the zeros of the Grundy values (Values), on one
// worker and on all.
func BenchmarkLosing(b *testing.B) {
	ctx := context.Background()
	cases := []struct {
		name, allBut string
		finite       []int
		except       []int
		max          int64
	}{
		{"cubes", "", nil, nil, 10_000_000},
		{"triangular", "", nil, nil, 1_000_000},
		{"primes", "", nil, nil, 100_000},
		{"primes", "odd", nil, []int{2}, 100_000},
		{"powers-of-two", "", nil, nil, 10_000_000},
		{"fibonacci", "", nil, nil, 10_000_000},
		{"", "", []int{1, 3, 4}, nil, 10_000_000},
		{"squares", "no1", nil, []int{1}, 1_000_000},
	}
	for _, tc := range cases {
		s, err := NewSet(tc.name, tc.finite, tc.except)
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range benchWorkers {
			prefix := fmt.Sprintf("%s/n=%.0e/%s", s, float64(tc.max), w.name)
			b.Run(prefix+"/sieve", func(b *testing.B) {
				for b.Loop() {
					if err := listLosing(ctx, s, tc.max, 0, 0, grundy.Options{Workers: w.workers}, func([]int64) error { return nil }, sieveOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(prefix+"/values", func(b *testing.B) {
				for b.Loop() {
					if _, err := subtractionGrundy(ctx, s, int(tc.max), w.workers, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
