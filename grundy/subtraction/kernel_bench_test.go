package subtraction

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkKernels runs the two ways of Values side by side on the same
// sets, on one worker and on all: the direct loop (valuesDirect, one worker
// always) and the segmented kernel. Values takes the direct loop below
// kernelMinMoves members ({1,3,4}) and the kernel from there (the squares,
// the primes); this measures that rule. The comparison of the kernel with
// the two it replaced (the general segmented engine of subtraction.go and
// the take-a-square kernel of squares.go) is in docs/performance.md, "Subtraction games:
// one kernel".
func BenchmarkKernels(b *testing.B) {
	ctx := context.Background()
	cases := []struct {
		name   string
		finite []int
		max    int
	}{
		{"", []int{1, 3, 4}, 10_000_000},
		{"squares", nil, 1_000_000},
		{"primes", nil, 100_000},
	}
	for _, tc := range cases {
		s, err := NewSet(tc.name, tc.finite, nil)
		if err != nil {
			b.Fatal(err)
		}
		elems := s.Members(tc.max)
		b.Run(fmt.Sprintf("%s/n=%.0e/direct", s, float64(tc.max)), func(b *testing.B) {
			for b.Loop() {
				if err := valuesDirect(ctx, make([]int32, tc.max+1), elems, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, w := range benchWorkers {
			b.Run(fmt.Sprintf("%s/n=%.0e/kernel/%s", s, float64(tc.max), w.name), func(b *testing.B) {
				for b.Loop() {
					if _, err := kernel(ctx, elems, tc.max, w.workers, nil, kernelOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
