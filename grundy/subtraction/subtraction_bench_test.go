package subtraction

import (
	"context"
	"fmt"
	"testing"
)

// benchWorkers are the engine's two configurations in every paired
// benchmark: one worker (the same single core as the plain algorithm) and
// all CPUs (workers 0). Their names end in workers=1 and workers=all.
var benchWorkers = []struct {
	name    string
	workers int
}{{"workers=1", 1}, {"workers=all", 0}}

// BenchmarkSubtraction runs the plain DP (the mex over every move s <= n, one
// heap at a time, its move list made from the set's definition) and
// SubtractionGrundy on one core and on all, on the same work: a finite set,
// the squares and the primes, whose many moves make them the expensive one.
func BenchmarkSubtraction(b *testing.B) {
	ctx := context.Background()
	cases := []struct {
		set   subtractionCase
		max   int
		plain bool
	}{
		{subtractionCase{finite: []int{1, 3, 4}}, 1_000_000, true},
		{subtractionCase{finite: []int{1, 3, 4}}, 10_000_000, false},
		{subtractionCase{name: "squares"}, 100_000, true},
		{subtractionCase{name: "squares"}, 1_000_000, true},
		{subtractionCase{name: "primes"}, 10_000, true},
		{subtractionCase{name: "primes"}, 100_000, true},
		{subtractionCase{name: "primes"}, 300_000, false},
	}
	for _, tc := range cases {
		s, err := NewSet(tc.set.name, tc.set.finite, tc.set.allBut)
		if err != nil {
			b.Fatal(err)
		}
		prefix := fmt.Sprintf("%s/n=%.0e", s, float64(tc.max))
		if tc.plain {
			b.Run(prefix+"/plain", func(b *testing.B) {
				b.ReportAllocs()
				moves := tc.set.moves(tc.max)
				for b.Loop() {
					subtractionPlain(moves, tc.max)
				}
			})
		}
		for _, w := range benchWorkers {
			b.Run(prefix+"/engine/"+w.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := subtractionGrundy(ctx, s, tc.max, w.workers, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
