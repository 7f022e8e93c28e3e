package misere

import (
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/internal/misereoracle"
)

// TestOctalGenusRuleGuard checks the theorem OctalGenusRule picks for every
// code 0.d1d2 and 0.d1d2d3 (last digit not 0, so t is the number of
// digits) against the literal rules: by misereoracle's options, read from
// the digits apart from package octal, a code whose moves can leave two
// heaps takes the tame octal theorem with t (a window proves nothing of a
// game that splits heaps), any other the window theorem with k = t+1.
// Codes such as 0.04 and 0.374 split with their last digit d_t alone, so
// every digit up to d_t must be read.
func TestOctalGenusRuleGuard(t *testing.T) {
	var codes []string
	for d1 := range 8 {
		for d2 := 1; d2 < 8; d2++ {
			codes = append(codes, fmt.Sprintf("0.%d%d", d1, d2))
		}
		for d2 := range 8 {
			for d3 := 1; d3 < 8; d3++ {
				codes = append(codes, fmt.Sprintf("0.%d%d%d", d1, d2, d3))
			}
		}
	}
	lastOnly := 0
	for _, code := range codes {
		c, err := octal.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		digits := len(code) - 2
		options := misereoracle.OctalOptions(code)
		splits := false
		for n := 0; n <= digits+2 && !splits; n++ {
			for _, o := range options(n) {
				splits = splits || len(o) == 2
			}
		}
		want := GenusRule{Window: digits + 1}
		if splits {
			want = GenusRule{OctalT: digits}
		}
		if got := OctalGenusRule(c); got != want {
			t.Errorf("%s (moves leave two heaps: %v): %+v, want %+v", code, splits, got, want)
		}
		if code[len(code)-1]&4 != 0 && code[2]&4 == 0 && (digits == 2 || code[3]&4 == 0) {
			lastOnly++
		}
	}
	if lastOnly == 0 {
		t.Fatal("no code splits with its last digit alone")
	}
}
