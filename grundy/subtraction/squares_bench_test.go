package subtraction

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// BenchmarkSquaresLosing runs the plain sieve (a byte per position, marking
// n+k² from each losing n) and SquaresLosing on one core and on all, on the
// same ranges.
func BenchmarkSquaresLosing(b *testing.B) {
	for _, max := range []int{1_000_000, 40_000_000} {
		b.Run(fmt.Sprintf("n=%.0e/plain", float64(max)), func(b *testing.B) {
			b.ReportAllocs()
			var count int
			for b.Loop() {
				count = len(squaresPlainSieve(max))
			}
			b.ReportMetric(float64(count), "losing")
		})
		for _, w := range benchWorkers {
			b.Run(fmt.Sprintf("n=%.0e/engine/%s", float64(max), w.name), func(b *testing.B) {
				b.ReportAllocs()
				var count int
				for b.Loop() {
					count = 0
					err := squaresLosing(context.Background(), int64(max), grundy.Options{Workers: w.workers}, func(l []int64) error {
						count += len(l)
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(count), "losing")
			})
		}
	}
}

// BenchmarkSquaresGrundy runs the plain DP (squaresNaiveGrundy: the mex over
// every k² <= n, with its seen marks made once) and Values(Squares()) on one
// core and on all, on the same ranges. The plain DP at 10^7 takes about a
// minute on the 2-core test machine (its reads g(n-k²) jump across the
// whole table and miss the caches), so give it time:
//
//	go test ./grundy/subtraction -run '^$' -bench 'SquaresGrundy/n=1e\+07' -benchtime 1x -count 5 -timeout 60m
func BenchmarkSquaresGrundy(b *testing.B) {
	for _, max := range []int{100_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%.0e/plain", float64(max)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				squaresNaiveGrundy(max)
			}
		})
		for _, w := range benchWorkers {
			b.Run(fmt.Sprintf("n=%.0e/engine/%s", float64(max), w.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := squaresGrundy(context.Background(), max, w.workers, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
