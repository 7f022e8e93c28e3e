package analysis

// Plain oracles for the octal games used as published test cases. They follow
// the rules literally, with a memoised recursion and a map for the mex, and
// share nothing with the engines in package grundy.

// mex returns the least non-negative integer not in seen.
func mex(seen map[int32]bool) int32 {
	m := int32(0)
	for seen[m] {
		m++
	}
	return m
}

// octalValues returns g(0..max) for the octal game in which a move removes k
// tokens for some k in removes and leaves the rest of the heap as zero, one or
// two heaps (code digit 7 at each position k): g(n) = mex over k and
// 0 <= a <= n-k of g(a) XOR g(n-k-a).
func octalValues(max int, removes ...int) []int32 {
	memo := make(map[int]int32)
	var g func(n int) int32
	g = func(n int) int32 {
		if v, ok := memo[n]; ok {
			return v
		}
		seen := make(map[int32]bool)
		for _, k := range removes {
			for a := 0; a <= n-k; a++ {
				seen[g(a)^g(n-k-a)] = true
			}
		}
		v := mex(seen)
		memo[n] = v
		return v
	}
	out := make([]int32, max+1)
	for n := range out {
		out[n] = g(n)
	}
	return out
}

// dawsonKayles returns g(0..max) of Dawson's Kayles, octal game 0.07: a move
// removes two adjacent tokens from a row, leaving zero, one or two rows. It is
// the flip game's run sequence: a run of r '+' is a heap of size r.
func dawsonKayles(max int) []int32 { return octalValues(max, 2) }

// kayles returns g(0..max) of Kayles, octal game 0.77: a move removes one or
// two adjacent pins, leaving zero, one or two rows.
func kayles(max int) []int32 { return octalValues(max, 1, 2) }

// squares returns g(0..max) of take-a-square by the naive recursion
// g(n) = mex{ g(n-k²) : 1 <= k² <= n }.
func squares(max int) []int32 {
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := make(map[int32]bool)
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		g[n] = mex(seen)
	}
	return g
}
