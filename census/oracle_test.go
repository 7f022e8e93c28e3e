package census

import "strings"

// OracleOctal is exported to the census_test package only (a _test file).
var OracleOctal = oracleOctal

// oracleOctal returns g(0..n-1) of the octal game written as code ("0.77",
// "4.0"), by the definition read literally: a move takes one heap of h,
// removes k tokens (k = 0 only for d0) and leaves zero heaps (bit 1, h = k),
// one heap (bit 2, h > k) or two non-empty heaps (bit 4, h >= k+2), and g(h)
// is the mex of the options' values, memoised by recursion.
func oracleOctal(code string, n int) []int32 {
	d0, rest, _ := strings.Cut(code, ".")
	digits := []int{int(d0[0] - '0')}
	for _, r := range rest {
		digits = append(digits, int(r-'0'))
	}
	memo := map[int]int32{}
	var g func(h int) int32
	g = func(h int) int32 {
		if v, ok := memo[h]; ok {
			return v
		}
		seen := make([]bool, 1<<12) // every value here is below 2^11

		for k, d := range digits {
			if d&1 != 0 && k >= 1 && h == k {
				seen[0] = true
			}
			if d&2 != 0 && k >= 1 && h > k {
				seen[g(h-k)] = true
			}
			if d&4 != 0 {
				for a := 1; a <= h-k-1; a++ {
					seen[g(a)^g(h-k-a)] = true
				}
			}
		}
		m := int32(0)
		for seen[m] {
			m++
		}
		if m >= 1<<11 {
			panic("oracle: a value above its bit set")
		}
		memo[h] = m
		return m
	}
	out := make([]int32, n)
	for h := range out {
		out[h] = g(h)
	}
	return out
}

// testGame returns the census game of family defined by rules ("0.77",
// "1,3,4"), named as a census names it ("0.77", "{1,3,4}").
func testGame(family, rules string) Game {
	name, size := rules, digitsOf(rules)
	if family == Subtraction {
		name, size = "{"+rules+"}", strings.Count(rules, ",")+1
	}
	g, err := newGame(family, rules, name, size)
	if err != nil {
		panic(err)
	}
	return g
}
