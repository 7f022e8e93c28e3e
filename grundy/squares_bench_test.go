package grundy

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkSquaresLosing runs the plain sieve (a byte per position, marking
// n+k² from each losing n) and squaresLosing on the same ranges.
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
		b.Run(fmt.Sprintf("n=%.0e/engine", float64(max)), func(b *testing.B) {
			b.ReportAllocs()
			var count int
			for b.Loop() {
				count = 0
				err := squaresLosing(context.Background(), int64(max), 0, nil, func(l []int64) error {
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

// BenchmarkSquaresGrundy runs the naive mex over every k² <= n and
// squaresGrundy on the same ranges. The naive run at 10^7 takes about six
// minutes on the 2-core test machine (its reads g(n-k²) jump across the
// whole table and miss the caches), so give the benchmarks time:
//
//	go test ./grundy -run XXX -bench Squares -benchtime 1x -timeout 30m
func BenchmarkSquaresGrundy(b *testing.B) {
	for _, max := range []int{100_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%.0e/naive", float64(max)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				squaresNaiveGrundy(max)
			}
		})
		b.Run(fmt.Sprintf("n=%.0e/engine", float64(max)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := squaresGrundy(context.Background(), max, 0, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
