package plots

// Plain game oracles that produce the fixed inputs of the figure tests. They
// follow the rules literally and share nothing with package grundy.

// squares returns take-a-square's g(0..max): g(n) = mex{ g(n-k²) }.
func squares(max int) []int32 {
	g := make([]int32, max+1)
	seen := make([]int, 64)
	for n := 1; n <= max; n++ {
		for k := 1; k*k <= n; k++ {
			v := int(g[n-k*k])
			for v >= len(seen) {
				seen = append(seen, 0)
			}
			seen[v] = n
		}
		m := 0
		for m < len(seen) && seen[m] == n {
			m++
		}
		g[n] = int32(m)
	}
	return g
}

// dawsonKayles returns g(0..max) of octal game 0.07 (the flip game's runs):
// g(n) = mex over a+b = n-2 of g(a) XOR g(b).
func dawsonKayles(max int) []int32 {
	g := make([]int32, max+1)
	for n := 2; n <= max; n++ {
		seen := map[int32]bool{}
		for a := 0; a <= n-2; a++ {
			seen[g[a]^g[n-2-a]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// flipCounts counts, for each board length 0..max, the boards of '+' and '-'
// whose player to move wins, by listing every board and XORing the values of
// its runs of '+'.
func flipCounts(max int) (lengths []int32, firstWins, boards []int64) {
	g := dawsonKayles(max)
	for n := 0; n <= max; n++ {
		var wins int64
		for b := 0; b < 1<<n; b++ {
			x, run := int32(0), 0
			for i := 0; i <= n; i++ {
				if i < n && b>>i&1 == 1 {
					run++
					continue
				}
				x ^= g[run]
				run = 0
			}
			if x != 0 {
				wins++
			}
		}
		lengths = append(lengths, int32(n))
		firstWins = append(firstWins, wins)
		boards = append(boards, 1<<n)
	}
	return lengths, firstWins, boards
}

// canIWin returns the outcome of Can I Win with numbers 1..m and desired
// total t (FirstPlayerWins, SecondPlayerWins or Unreachable) by a memoised
// search over the set of numbers used.
func canIWin(m, t int) int {
	if t <= m {
		return FirstPlayerWins
	}
	if m*(m+1)/2 < t {
		return Unreachable
	}
	memo := map[int]bool{}
	var win func(used, remaining int) bool
	win = func(used, remaining int) bool {
		if v, ok := memo[used]; ok {
			return v
		}
		res := false
		for i := 1; i <= m && !res; i++ {
			if used&(1<<i) == 0 && (i >= remaining || !win(used|1<<i, remaining-i)) {
				res = true
			}
		}
		memo[used] = res
		return res
	}
	if win(0, t) {
		return FirstPlayerWins
	}
	return SecondPlayerWins
}

// kayles returns g(0..max) of octal game 0.77: g(n) = mex over k in {1, 2}
// and a+b = n-k of g(a) XOR g(b).
func kayles(max int) []int32 {
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for k := 1; k <= 2 && k <= n; k++ {
			for a := 0; a <= n-k; a++ {
				seen[g[a]^g[n-k-a]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// extend returns g(0..max): the values of head, then g(n) = g(n-period).
// It is used with periods that are published and proven, so the result is
// the game's own sequence: Kayles has period 12 from n = 71 (OEIS A002186)
// and Dawson's Kayles period 34 from n = 53 (OEIS A002187, shifted by one);
// head must reach one period past the preperiod.
func extend(head []int32, period, max int) []int32 {
	g := make([]int32, max+1)
	copy(g, head)
	for n := len(head); n <= max; n++ {
		g[n] = g[n-period]
	}
	return g
}
