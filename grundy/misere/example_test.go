package misere_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// Kayles (0.77) in misère play: the genus of each heap, the first wild
// heap, and two positions, one decided by the tame rule and one by search.
func ExampleAnalyze() {
	code, err := octal.Parse("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	tb, err := misere.Analyze(ctx, misere.Octal(code), 8, misere.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for n := 0; n <= 6; n++ {
		fmt.Printf("heap %d: g %d, misère %d, genus %s, tame %v\n", n, tb.Grundy(n), tb.Misere(n), tb.Genus(n), tb.Tame(n))
	}
	fmt.Println("first wild heap:", tb.FirstWild())
	for _, pos := range [][]int{{4, 4}, {5, 1}} {
		ans, err := tb.Solve(ctx, pos)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: win %v by %s", ans.Position, ans.Win, ans.Method)
		for _, m := range ans.Moves {
			fmt.Printf(", %d -> %v", m.Heap, m.Option)
		}
		fmt.Println()
	}
	// Output:
	// heap 0: g 0, misère 1, genus 0^120, tame true
	// heap 1: g 1, misère 0, genus 1^031, tame true
	// heap 2: g 2, misère 2, genus 2^20, tame true
	// heap 3: g 3, misère 3, genus 3^31, tame true
	// heap 4: g 1, misère 0, genus 1^031, tame true
	// heap 5: g 4, misère 1, genus 4^146, tame false
	// heap 6: g 3, misère 3, genus 3^31, tame false
	// first wild heap: 5
	// [4 4]: win true by tame, 4 -> [1 1]
	// [1 5]: win false by search
}
