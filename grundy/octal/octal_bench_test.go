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

// BenchmarkOctalNoSparse runs games without a sparse space (a quarter or
// more of the heaps rare under every labelling, values in the thousands,
// the work of the octal census) three ways on the same work: octalPlain,
// the plain mex over every split of every split digit at every heap
// ("naive", the fair baseline), the sparse-space method alone as the engine
// was before the cached plain mex ("sparse-only"), and Values' engine, which
// takes the cached plain mex (plainMex) for these games ("engine"; both
// without the periodicity check, as none of these games shows a period by
// 2^17). The values of each run are compared with those of the first run
// of the game. The figures are in docs/performance.md (octal section); compare user CPU
// too, as the census runs two games side by side.
func BenchmarkOctalNoSparse(b *testing.B) {
	ctx := context.Background()
	const max = 1 << 17
	for _, code := range []string{"0.164", "0.604", "0.414", "0.163"} {
		c, err := Parse(code)
		if err != nil {
			b.Fatal(err)
		}
		var want []int32
		for _, r := range []struct {
			name string
			opt  octalOptions
		}{
			{"naive", octalOptions{}},
			{"sparse-only", octalOptions{noPeriodic: true, plain: -1}},
			{"engine", octalOptions{noPeriodic: true}},
		} {
			if r.name == "naive" && code != "0.164" {
				continue // one game is enough for the baseline
			}
			b.Run(fmt.Sprintf("%s/n=2^17/%s", code, r.name), func(b *testing.B) {
				var g []int32
				for b.Loop() {
					if r.name == "naive" {
						g, err = octalPlainCode(ctx, c, max)
					} else {
						g, err = octalGrundy(ctx, c, max, nil, r.opt)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				if want == nil {
					want = g
				} else if d := octalDiff(g, want); d != "" {
					b.Fatal(d)
				}
			})
		}
	}
}
