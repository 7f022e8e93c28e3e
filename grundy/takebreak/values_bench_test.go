package takebreak

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// BenchmarkValues runs Values ("engine") and plainValues, the plain mex
// over the literal rules that lists every split into three heaps a <= b <=
// c ("plain", the fair baseline), on the same work. 0.3F and 8. have
// values that grow like n/2 (sets of up to 16 words at n = 2000); 0.F1
// and 0.B5 keep values 0 to 2 (one word), where the engine is quadratic.
//
//	go test ./grundy/takebreak -run '^$' -bench Values -benchtime 1x -count 5
func BenchmarkValues(b *testing.B) {
	ctx := context.Background()
	for _, tc := range []struct {
		code string
		max  int
	}{
		{"0.3F", 2000},
		{"8.", 2000},
		{"0.F1", 2000},
		{"0.B5", 2000},
	} {
		c, err := Parse(tc.code)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/n=%d/plain", tc.code, tc.max), func(b *testing.B) {
			for b.Loop() {
				plainValues(tc.code, tc.max)
			}
		})
		b.Run(fmt.Sprintf("%s/n=%d/engine", tc.code, tc.max), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Values(ctx, c, tc.max, grundy.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
