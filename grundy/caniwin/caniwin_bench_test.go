package caniwin

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// benchWorkers are the engine's two configurations in every paired
// benchmark: one worker (the same single core as the plain algorithm) and
// all CPUs (workers 0). Their names end in workers=1 and workers=all.
var benchWorkers = []struct {
	name    string
	workers int
}{{"workers=1", 1}, {"workers=all", 0}}

// BenchmarkCanIWin compares the original problem's algorithm with the engine
// on the full default table (every pair M <= 20, T <= 300: 6,020 pairs):
//
//   - memo: LeetCode 464's memoised search over the used set, run once per
//     pair (it answers only "can the first player force a win", not the
//     winning moves, so the comparison favours it), with one memo array
//     for the whole table, cleared between pairs, rather than one made per
//     pair;
//   - engine: Tabulate(20, 300), outcomes and winning moves of all
//     pairs, on one core and on all.
//
// M=22 and M=25 time the engine alone (T up to 1+...+M). The memo
// sub-benchmark takes several seconds a run, so run it with -bench only.
func BenchmarkCanIWin(b *testing.B) {
	const m, maxTotal = 20, 300
	b.Run("memo", func(b *testing.B) {
		b.ReportAllocs()
		memo := make([]int8, 1<<m)
		for b.Loop() {
			wins := 0
			for mm := 1; mm <= m; mm++ {
				for total := 0; total <= maxTotal; total++ {
					o := caniwinOracle{m: mm, total: total, memo: memo[:1<<mm]}
					clear(o.memo)
					if o.outcome() == OutcomeFirst {
						wins++
					}
				}
			}
			if wins == 0 {
				b.Fatal("no first-player wins")
			}
		}
	})
	for _, w := range benchWorkers {
		b.Run("engine/"+w.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Tabulate(context.Background(), m, maxTotal, grundy.Options{Workers: w.workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, mm := range []int{22, 25} {
		for _, w := range benchWorkers {
			b.Run(fmt.Sprintf("M=%d/engine/%s", mm, w.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Tabulate(context.Background(), mm, mm*(mm+1)/2, grundy.Options{Workers: w.workers}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
