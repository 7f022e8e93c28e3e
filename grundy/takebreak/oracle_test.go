package takebreak

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// oracleDigits reads a well-formed code "d0.d1d2..." or ".d1d2..." on its
// own, so that the oracle shares nothing with Parse: d[k] is d_k.
func oracleDigits(code string) []int {
	before, after, _ := strings.Cut(code, ".")
	val := func(c rune) int {
		switch {
		case c >= '0' && c <= '9':
			return int(c - '0')
		case c >= 'a' && c <= 'z':
			return int(c-'a') + 10
		}
		return int(c-'A') + 10
	}
	d := []int{0}
	if before != "" {
		d[0] = val(rune(before[len(before)-1]))
	}
	for _, c := range after {
		d = append(d, val(c))
	}
	return d
}

// oracleOptions lists the options of a heap of n by the literal rules:
// for every k and every i with bit i of d_k set, every way to write n-k as
// an ordered sum of exactly i positive heaps (i = 0 only when n == k >= 1;
// i = 1 only for k >= 1, as a move must change the position). Each option
// is a list of heap sizes; the same multiset may come several times.
func oracleOptions(d []int, n int) [][]int {
	var out [][]int
	for k, dk := range d {
		r := n - k
		if r < 0 {
			continue
		}
		if dk&1 != 0 && k >= 1 && r == 0 {
			out = append(out, nil)
		}
		if dk&2 != 0 && k >= 1 && r >= 1 {
			out = append(out, []int{r})
		}
		if dk&4 != 0 {
			for a := 1; a <= r-1; a++ {
				out = append(out, []int{a, r - a})
			}
		}
		if dk&8 != 0 {
			for a := 1; a <= r-2; a++ {
				for b := 1; a+b <= r-1; b++ {
					out = append(out, []int{a, b, r - a - b})
				}
			}
		}
		// Digits past F (CGSuite's base 36): bit 2^i, i = 4, 5, leaves
		// exactly i heaps: every ordered way to write r as i positive parts.
		for i := 4; i <= 5; i++ {
			if dk&(1<<i) != 0 {
				out = append(out, compositions(r, i, nil)...)
			}
		}
	}
	return out
}

// compositions returns every ordered list of i positive parts summing to
// r, each after prefix.
func compositions(r, i int, prefix []int) [][]int {
	if i == 1 {
		if r < 1 {
			return nil
		}
		return [][]int{append(slices.Clone(prefix), r)}
	}
	var out [][]int
	for a := 1; a <= r-(i-1); a++ {
		out = append(out, compositions(r-a, i-1, append(prefix, a))...)
	}
	return out
}

// TestPastF checks Values on codes with CGSuite's digits past F (a move
// leaving four or five heaps) against the oracle's literal rules.
func TestPastF(t *testing.T) {
	for _, code := range []string{"0.G", "0.g1", "0.1G", "G.", "K.", "0.3V", "0.W", "0.Z", "0.2G", "0.FZ", "W.3"} {
		checkOracle(t, code, 36)
	}
}

// oracle returns g(0..max) of the code by a memoised recursion over
// oracleOptions: the value of an option is the XOR of its heaps' values,
// and g(n) is the least value that no option has, found over a map.
func oracle(code string, max int) []int32 {
	d := oracleDigits(code)
	memo := map[int]int32{}
	var g func(n int) int32
	g = func(n int) int32 {
		if v, ok := memo[n]; ok {
			return v
		}
		seen := map[int32]bool{}
		for _, opt := range oracleOptions(d, n) {
			var x int32
			for _, h := range opt {
				x ^= g(h)
			}
			seen[x] = true
		}
		m := int32(0)
		for seen[m] {
			m++
		}
		memo[n] = m
		return m
	}
	out := make([]int32, max+1)
	for n := range out {
		out[n] = g(n)
	}
	return out
}

// TestOptionsCGSuite checks the oracle's reading of the rules against
// CGSuite's lists of options (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/core/impartial/TBCodeTest.scala,
// "traverse options correctly"), each option a multiset of heaps, and
// against its count of options of 0.3f at heap 20, 38
// (lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala).
func TestOptionsCGSuite(t *testing.T) {
	cases := []struct {
		code string
		n    int
		want string
	}{
		{"0.3", 9, "8"},
		{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
		{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
		{"4.0", 8, "1,7  2,6  3,5  4,4"},
		{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
	}
	for _, tc := range cases {
		got := multisets(oracleOptions(oracleDigits(tc.code), tc.n))
		want := strings.Split(tc.want, "  ")
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s at %d: options %q, CGSuite lists %q", tc.code, tc.n, got, want)
		}
	}
	if got := len(multisets(oracleOptions(oracleDigits("0.3f"), 20))); got != 38 {
		t.Errorf("0.3f at 20: %d options, CGSuite counts 38", got)
	}
}

// multisets returns the distinct options as sorted "a,b,c" strings.
func multisets(opts [][]int) []string {
	set := map[string]bool{}
	for _, o := range opts {
		o = slices.Clone(o)
		slices.Sort(o)
		s := make([]string, len(o))
		for i, h := range o {
			s[i] = fmt.Sprint(h)
		}
		set[strings.Join(s, ",")] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// TestOracleAllShort compares Values with the oracle on every code 0.d and
// 0.d1d2 (d from 0 to F), and on the same with d0 = 4, 8 and C, up to
// heap 60.
func TestOracleAllShort(t *testing.T) {
	const hex = "0123456789ABCDEF"
	max := 60
	prefixes := []string{"0", "4", "8", "C"}
	if testing.Short() {
		max = 40
	}
	for _, p := range prefixes {
		for i := range 16 {
			for j := range 17 {
				code := p + "." + hex[i:i+1]
				if j < 16 {
					code += hex[j : j+1]
				}
				if p != "0" && j < 16 && j%5 != 0 {
					continue // with a prefix: every 0.d, and 0.d1d2 for d2 in 0, 5, A, F
				}
				checkOracle(t, code, max)
			}
		}
	}
}

// TestOracleLonger compares Values with the oracle on longer codes and
// further: three- and four-digit codes, the ruler game 0.2048 of Grossman
// and Nowakowski ("A ruler regularity in hexadecimal games", Games of No
// Chance 4, 2015), splits without removal, and codes whose values grow.
func TestOracleLonger(t *testing.T) {
	max := 90
	if testing.Short() {
		max = 50
	}
	for _, code := range []string{
		"0.3F", "0.F", "0.8", "8.", "C.", "4.8", "8.7", "C.F",
		"0.2048", "0.F0F", "0.8F1", "0.ABC", "0.137", "0.3F7", "0.E3C", "0.9D5", "0.08", "0.008",
		"0.B", "0.1F", "0.D9", "4.C3", "8.01", "0.4C", "0.000F", "0.FFF", "C.FFF", "0.6A2E",
	} {
		checkOracle(t, code, max)
	}
}

// checkOracle compares Values with the oracle on one code.
func checkOracle(t *testing.T, code string, max int) {
	t.Helper()
	want := oracle(code, max)
	got, err := Values(context.Background(), mustParse(t, code), max, grundy.Options{})
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	if i := firstDiff(got, want); i >= 0 {
		t.Errorf("%s: g(%d) = %d, the oracle says %d", code, i, got[i], want[i])
	}
}

// plainValues is the plain mex over the literal rules, without recursion
// or maps (the benchmarks' baseline and a second, faster oracle): at heap
// n it lists every k, and for bit 8 every split a <= b <= c of n-k, and
// stamps each option value with n in a slice as long as the values can
// reach (every option value is below the power of two above the largest
// value so far), so nothing is cleared between heaps.
func plainValues(code string, max int) []int32 {
	d := oracleDigits(code)
	g := make([]int32, max+1)
	stamp := make([]int32, 2) // stamp[v] == n: v is an option value of heap n
	for n := 1; n <= max; n++ {
		st := int32(n)
		for k, dk := range d {
			r := n - k
			if r < 0 {
				continue
			}
			if dk&1 != 0 && k >= 1 && r == 0 {
				stamp[0] = st
			}
			if dk&2 != 0 && k >= 1 && r >= 1 {
				stamp[g[r]] = st
			}
			if dk&4 != 0 {
				for a := 1; 2*a <= r; a++ {
					stamp[g[a]^g[r-a]] = st
				}
			}
			if dk&8 != 0 {
				for a := 1; 3*a <= r; a++ {
					ga := g[a]
					for b := a; a+2*b <= r; b++ {
						stamp[ga^g[b]^g[r-a-b]] = st
					}
				}
			}
		}
		m := int32(0)
		for stamp[m] == st {
			m++
		}
		g[n] = m
		for int(m) >= len(stamp)/2 { // keep len(stamp) above twice every value
			stamp = append(stamp, make([]int32, len(stamp))...)
		}
	}
	return g
}

// TestPlainFurther compares Values with plainValues (itself checked
// against the oracle up to 60) further out, where the values of 0.3F pass
// 256 (several words a set) and 8. and 0.F pass 64.
func TestPlainFurther(t *testing.T) {
	max := 700
	if testing.Short() {
		max = 300
	}
	for _, code := range []string{"0.3F", "8.", "0.F", "0.2048", "0.8F1", "C.3", "0.9D5"} {
		want := plainValues(code, max)
		if i := firstDiff(want[:61], oracle(code, 60)); i >= 0 {
			t.Fatalf("%s: plainValues and the oracle differ at %d", code, i)
		}
		got, err := Values(context.Background(), mustParse(t, code), max, grundy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Errorf("%s: g(%d) = %d, the plain mex says %d", code, i, got[i], want[i])
		}
		t.Logf("%s: largest value to %d: %d", code, max, slices.Max(got))
	}
}

// TestPublished checks Values against published values.
func TestPublished(t *testing.T) {
	cases := []struct {
		code   string
		offset int // the index of want[0]
		want   []int32
		source string
	}{
		// CGSuite's test suite, TakeAndBreak("0.3f") NimValue for n from 0
		// to 20 (aaron-siegel/cgsuite,
		// lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala).
		{"0.3F", 0, []int32{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11}, "CGSuite GameHeapTest"},
		// The same file: Kayles and Dawson's Kayles as heap games.
		{"0.77", 0, []int32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}, "CGSuite GameHeapTest"},
		{"0.07", 0, []int32{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}, "CGSuite GameHeapTest"},
		// OEIS A125920, octal game .176, offset 1.
		{"0.176", 1, []int32{1, 1, 0, 2, 2, 3, 4, 4, 1, 1, 6, 2, 2, 3, 4, 4, 1, 1, 6, 6, 3, 3, 2, 4, 1, 1, 6, 6, 3, 3, 4, 4}, "OEIS A125920"},
		// OEIS A071452, octal game .11377, offset 1.
		{"0.11377", 1, []int32{1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6, 4, 4, 4, 1, 1}, "OEIS A071452"},
	}
	for _, tc := range cases {
		max := tc.offset + len(tc.want) - 1
		g, err := Values(context.Background(), mustParse(t, tc.code), max, grundy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := g[tc.offset:]; !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, %s lists %v", tc.code, got, tc.source, tc.want)
		}
	}
}
