package octal

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// BenchmarkOctal runs octalPlain, the plain mex over every split ("naive",
// the fair baseline), and Values on the same work. For Dawson's Kayles
// 0.07, which has no sparse space, Values proves the period 34 at n =
// 256 and copies the rest, so its time is that of writing the values;
// "no-theorem" is its sparse-space engine alone, with a third of the heaps
// rare. For 0.16 "no-theorem" is the sparse-space method alone;
// Values proves its period 149459 (last exception 105350) at the
// checkpoint n = 2^19, so beyond that its time is that of the sparse-space
// method to 2^19.
func BenchmarkOctal(b *testing.B) {
	ctx := context.Background()
	type run struct {
		name string
		f    func(c Code, max int) ([]int32, error)
	}
	naive := run{"naive", func(c Code, max int) ([]int32, error) { return octalPlainCode(ctx, c, max) }}
	engine := run{"engine", func(c Code, max int) ([]int32, error) { return Values(ctx, c, max, grundy.Options{}) }}
	noTheorem := run{"no-theorem", func(c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true})
	}}
	cases := []struct {
		code string
		max  int
		runs []run
	}{
		{"0.07", 10_000, []run{naive, noTheorem, engine}},
		{"0.07", 100_000, []run{naive, noTheorem, engine}},
		{"0.07", 1_000_000, []run{engine}},
		{"0.07", 10_000_000, []run{engine}},
		{"0.16", 10_000, []run{naive, noTheorem}},
		{"0.16", 100_000, []run{naive, noTheorem}},
		{"0.16", 1_000_000, []run{noTheorem, engine}},
		{"0.16", 10_000_000, []run{engine}},
	}
	for _, tc := range cases {
		c, err := Parse(tc.code)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range tc.runs {
			b.Run(fmt.Sprintf("%s/n=%.0e/%s", tc.code, float64(tc.max), r.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := r.f(c, tc.max); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
