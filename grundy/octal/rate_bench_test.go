package octal

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// BenchmarkOfficersRate measures values a second on 0.6 (Officers), the
// game Grossman pushed to about 1.4*10^14 values at over 5*10^6 values a
// second on 8 threads (Games of No Chance 5), about 6.3*10^5 a thread:
//
//   - naive: octalPlain, the plain mex over every split (O(n^2)), to 2^16;
//   - engine-1: Values on one goroutine (Workers: 1) to 2^20;
//   - engine-2: Values on two (its pipeline) to 2^20;
//   - tail-1: Tail from 2^18 (the prefix on two cores, under a second) to
//     2^20, the tail on one goroutine.
//
// Run it alone, once (go test ./grundy/octal -run '^$' -bench
// OfficersRate -benchtime 1x: about 20 s); the values/s metric is what to
// compare, and the figures of a loaded machine are lower bounds.
func BenchmarkOfficersRate(b *testing.B) {
	ctx := context.Background()
	c, _ := Parse("0.6")
	rate := func(b *testing.B, values int64) {
		b.ReportMetric(float64(values)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	}
	b.Run("naive/n=2^16", func(b *testing.B) {
		for b.Loop() {
			if _, err := octalPlainCode(ctx, c, 1<<16); err != nil {
				b.Fatal(err)
			}
		}
		rate(b, 1<<16)
	})
	for _, w := range []int{1, 2} {
		name := map[int]string{1: "engine-1/n=2^20", 2: "engine-2/n=2^20"}[w]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Values(ctx, c, 1<<20, grundy.Options{Workers: w}); err != nil {
					b.Fatal(err)
				}
			}
			rate(b, 1<<20)
		})
	}
	b.Run("tail-1/n=2^18..2^20", func(b *testing.B) {
		for b.Loop() {
			if _, err := Tail(ctx, c, 1<<20, TailOptions{Start: 1 << 18}); err != nil {
				b.Fatal(err)
			}
		}
		rate(b, 1<<20)
	})
}
