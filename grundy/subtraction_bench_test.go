package grundy

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkSubtraction runs the plain DP (the mex over every member s <= n,
// one heap at a time) and subtractionGrundy on the same work: a finite set,
// the squares and the primes, whose many moves make them the expensive one.
func BenchmarkSubtraction(b *testing.B) {
	ctx := context.Background()
	cases := []struct {
		name   string
		finite []int
		max    int
		plain  bool
	}{
		{"", []int{1, 3, 4}, 1_000_000, true},
		{"", []int{1, 3, 4}, 10_000_000, false},
		{"squares", nil, 100_000, true},
		{"squares", nil, 1_000_000, true},
		{"primes", nil, 10_000, true},
		{"primes", nil, 100_000, true},
		{"primes", nil, 300_000, false},
	}
	for _, tc := range cases {
		s, err := NewSubtractionSet(tc.name, tc.finite, nil)
		if err != nil {
			b.Fatal(err)
		}
		prefix := fmt.Sprintf("%s/n=%.0e", s, float64(tc.max))
		if tc.plain {
			b.Run(prefix+"/plain", func(b *testing.B) {
				b.ReportAllocs()
				members := s.Members(tc.max)
				for b.Loop() {
					subtractionPlain(members, tc.max)
				}
			})
		}
		b.Run(prefix+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := subtractionGrundy(ctx, s, tc.max, 0, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
