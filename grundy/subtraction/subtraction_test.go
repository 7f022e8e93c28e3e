package subtraction

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// subtractionOracleIn is the membership test of the oracle, written from the
// definitions of the named sets and independent of subtraction.go.
func subtractionOracleIn(name string, x int) bool {
	switch name {
	case "squares":
		for k := 1; k*k <= x; k++ {
			if k*k == x {
				return true
			}
		}
	case "cubes":
		for k := 1; k*k*k <= x; k++ {
			if k*k*k == x {
				return true
			}
		}
	case "triangular":
		for k := 1; k*(k+1)/2 <= x; k++ {
			if k*(k+1)/2 == x {
				return true
			}
		}
	case "primes":
		if x < 2 {
			return false
		}
		for d := 2; d*d <= x; d++ {
			if x%d == 0 {
				return false
			}
		}
		return true
	case "powers-of-two":
		for p := 1; p <= x; p *= 2 {
			if p == x {
				return true
			}
		}
	case "fibonacci":
		for a, b := 1, 1; a <= x; a, b = b, a+b {
			if a == x {
				return true
			}
		}
	}
	return false
}

// subtractionOracle returns g(0..max) of the subtraction game whose moves
// are the s with in(s), by a memoised recursion over the literal rule: the
// options of n are n-s for every 1 <= s <= n in the set, and the mex is
// taken over a map.
func subtractionOracle(in func(s int) bool, max int) []int32 {
	memo := map[int]int32{}
	var g func(n int) int32
	g = func(n int) int32 {
		if v, ok := memo[n]; ok {
			return v
		}
		seen := map[int32]bool{}
		for s := 1; s <= n; s++ {
			if in(s) {
				seen[g(n-s)] = true
			}
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

// subtractionCase is a set given to NewSet with its oracle.
type subtractionCase struct {
	name   string
	finite []int
	allBut []int
}

// in returns the oracle's membership test for c.
func (c subtractionCase) in() func(int) bool {
	return func(x int) bool {
		if slices.Contains(c.allBut, x) {
			return false
		}
		if c.name == "" {
			return slices.Contains(c.finite, x)
		}
		return subtractionOracleIn(c.name, x)
	}
}

var subtractionCases = []subtractionCase{
	{finite: []int{1, 2, 3}},
	{finite: []int{1, 3, 4}},
	{finite: []int{2, 3}},
	{finite: []int{2, 5, 7}},
	{finite: []int{7, 5, 2, 11}},
	{finite: []int{1, 4, 9, 16, 25}},
	{finite: []int{3, 4, 9, 10}},
	{finite: []int{1, 2, 4, 8, 16, 32, 64, 128}},
	{finite: []int{1, 2, 3, 4, 5, 6}, allBut: []int{2, 5}},
	{name: "squares"},
	{name: "squares", allBut: []int{1}},
	{name: "squares", allBut: []int{4, 16}},
	{name: "cubes"},
	{name: "triangular"},
	{name: "triangular", allBut: []int{3}},
	{name: "primes"},
	{name: "primes", allBut: []int{2}},
	{name: "powers-of-two"},
	{name: "powers-of-two", allBut: []int{1}},
	{name: "fibonacci"},
	{name: "fibonacci", allBut: []int{1, 2}},
}

func TestSubtractionOracle(t *testing.T) {
	const max = 300
	ctx := context.Background()
	for _, c := range subtractionCases {
		s, err := NewSet(c.name, c.finite, c.allBut)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s.String(), func(t *testing.T) {
			want := subtractionOracle(c.in(), max)
			got, err := subtractionGrundy(ctx, s, max, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d := valuesDiff(got, want); d != "" {
				t.Errorf("%s (oracle)", d)
			}
		})
	}
}

// moves lists the members of c up to max in ascending order, generated from
// the definitions of the named sets (a sieve of Eratosthenes for the primes)
// independently of subtraction.go, for the plain DP at sizes where the
// oracle's membership test per s would be too slow.
func (c subtractionCase) moves(max int) []int {
	var all []int
	switch c.name {
	case "":
		all = slices.Clone(c.finite)
		slices.Sort(all)
	case "squares":
		for k := 1; k*k <= max; k++ {
			all = append(all, k*k)
		}
	case "cubes":
		for k := 1; k*k*k <= max; k++ {
			all = append(all, k*k*k)
		}
	case "triangular":
		for k := 1; k*(k+1)/2 <= max; k++ {
			all = append(all, k*(k+1)/2)
		}
	case "primes":
		composite := make([]bool, max+1)
		for p := 2; p <= max; p++ {
			if composite[p] {
				continue
			}
			all = append(all, p)
			for q := p * p; q <= max; q += p {
				composite[q] = true
			}
		}
	case "powers-of-two":
		for p := 1; p <= max; p *= 2 {
			all = append(all, p)
		}
	case "fibonacci":
		for a, b := 1, 2; a <= max; a, b = b, a+b { // 1, 2, 3, 5, ...: the repeated 1 once
			all = append(all, a)
		}
	default:
		panic("subtractionCase.moves: unknown set " + c.name)
	}
	var out []int
	for _, s := range all {
		if s <= max && !slices.Contains(c.allBut, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestSubtractionCaseMoves checks the move lists of the plain DP against the
// oracle's membership test, so that both come from the definitions.
func TestSubtractionCaseMoves(t *testing.T) {
	const max = 3000
	for _, c := range append(subtractionCases, subtractionCase{finite: []int{5000, 7, 2}}) {
		var want []int
		in := c.in()
		for s := 1; s <= max; s++ {
			if in(s) {
				want = append(want, s)
			}
		}
		if got := c.moves(max); !slices.Equal(got, want) {
			t.Errorf("%+v: moves %v, want %v (membership test)", c, got, want)
		}
	}
}

// subtractionPlain is the plain DP, g(n) = mex over the moves s <= n (moves
// ascending), for sizes beyond the recursive oracle, written as a competent
// programmer would: the mex of n is at most the number of its moves, so the
// seen marks fit a slice made once, and each mark holds the n that set it
// (a stamp), so nothing is cleared between positions.
func subtractionPlain(moves []int, max int) []int32 {
	g := make([]int32, max+1)
	seen := make([]int32, len(moves)+2) // seen[v] == n when some move from n reaches v
	for n := 1; n <= max; n++ {
		stamp := int32(n)
		for _, s := range moves {
			if s > n {
				break
			}
			seen[g[n-s]] = stamp
		}
		m := int32(0)
		for seen[m] == stamp {
			m++
		}
		g[n] = m
	}
	return g
}

// TestSubtractionSegmented checks the segmented engine, with the parallel
// path forced and with 1 and 3 workers, against the plain DP.
func TestSubtractionSegmented(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sets := []subtractionCase{
		{name: "squares"}, {name: "primes"}, {name: "triangular"},
		{name: "cubes", allBut: []int{8}},
		{finite: subtractionRange(1, 300, 3)}, // 100 elements: values up to 100
		{finite: subtractionRange(5, 2000, 7)},
	}
	for _, c := range sets {
		s, err := NewSet(c.name, c.finite, c.allBut)
		if err != nil {
			t.Fatal(err)
		}
		const max = 20_000
		want := subtractionPlain(c.moves(max), max)
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%.20s/workers=%d", s, workers), func(t *testing.T) {
				got, err := subtractionKernel(ctx, s, max, workers, nil, kernelOptions{anyParallel: true})
				if err != nil {
					t.Fatal(err)
				}
				if d := valuesDiff(got, want); d != "" {
					t.Errorf("%s (plain DP)", d)
				}
			})
		}
	}
}

// subtractionRange returns from, from+step, ... up to to.
func subtractionRange(from, to, step int) []int {
	var out []int
	for x := from; x <= to; x += step {
		out = append(out, x)
	}
	return out
}

// TestSubtractionSquares checks Values for the squares (take-a-square) to
// 10^5 against the plain DP over the squares listed from their definition.
func TestSubtractionSquares(t *testing.T) {
	const max = 100_000
	got, err := subtractionGrundy(context.Background(), Squares(), max, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := valuesDiff(got, subtractionPlain(subtractionCase{name: "squares"}.moves(max), max)); d != "" {
		t.Errorf("%s (plain DP)", d)
	}
}

func TestSubtractionSetString(t *testing.T) {
	tests := []struct {
		name           string
		finite, allBut []int
		want           string
		finiteSet      bool
		max            int
		members        []int // up to 20
	}{
		{"", []int{4, 1, 3}, nil, "{1,3,4}", true, 4, []int{1, 3, 4}},
		{"", []int{1, 2, 3, 4}, []int{2}, "{1,3,4}", true, 4, []int{1, 3, 4}},
		{"squares", nil, nil, "squares", false, -1, []int{1, 4, 9, 16}},
		{"primes", nil, []int{2}, "primes except {2}", false, -1, []int{3, 5, 7, 11, 13, 17, 19}},
		{"primes", nil, []int{7, 3}, "primes except {3,7}", false, -1, []int{2, 5, 11, 13, 17, 19}},
		{"cubes", nil, nil, "cubes", false, -1, []int{1, 8}},
		{"triangular", nil, nil, "triangular", false, -1, []int{1, 3, 6, 10, 15}},
		{"powers-of-two", nil, nil, "powers-of-two", false, -1, []int{1, 2, 4, 8, 16}},
		{"fibonacci", nil, nil, "fibonacci", false, -1, []int{1, 2, 3, 5, 8, 13}},
		{"fibonacci", nil, []int{1}, "fibonacci except {1}", false, -1, []int{2, 3, 5, 8, 13}},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			s, err := NewSet(tt.name, tt.finite, tt.allBut)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if got := s.Finite(); got != tt.finiteSet {
				t.Errorf("Finite() = %v, want %v", got, tt.finiteSet)
			}
			if got := s.Max(); got != tt.max {
				t.Errorf("Max() = %d, want %d", got, tt.max)
			}
			if got := s.Members(20); !slices.Equal(got, tt.members) {
				t.Errorf("Members(20) = %v, want %v", got, tt.members)
			}
		})
	}
}

func TestSubtractionSetErrors(t *testing.T) {
	tests := []struct {
		desc           string
		name           string
		finite, allBut []int
		want           []string // substrings of the message
	}{
		{"unknown name", "sqares", nil, nil, []string{`unknown name "sqares"`, "squares, cubes, triangular, primes, powers-of-two, fibonacci"}},
		{"neither", "", nil, nil, []string{"give a name (squares, cubes", "or a finite list"}},
		{"both", "squares", []int{1}, nil, []string{"not both"}},
		{"empty list", "", []int{}, nil, []string{"finite list is empty"}},
		{"zero element", "", []int{1, 0}, nil, []string{"element 0 (index 1) is not a positive integer"}},
		{"negative element", "", []int{-3}, nil, []string{"element -3 (index 0) is not a positive integer"}},
		{"huge element", "", []int{1, 1<<63 - 1}, nil, []string{"element 9223372036854775807 (index 1) is too large (allowed: 1 to 2147483647)"}},
		{"duplicate element", "", []int{1, 3, 1}, nil, []string{"element 1 appears twice (indices 0 and 2)"}},
		{"negative exception", "primes", nil, []int{-2}, []string{"exception -2 (index 0) is not a positive integer"}},
		{"duplicate exception", "primes", nil, []int{2, 2}, []string{"exception 2 appears twice"}},
		{"exception not a square", "squares", nil, []int{2}, []string{"exception 2 is not in squares"}},
		{"exception not prime", "primes", nil, []int{9}, []string{"exception 9 is not in primes"}},
		{"exception not in list", "", []int{1, 3}, []int{2}, []string{"exception 2 is not in {1,3}"}},
		{"all removed", "", []int{1, 3}, []int{3, 1}, []string{"leaves the empty set"}},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			_, err := NewSet(tt.name, tt.finite, tt.allBut)
			if err == nil {
				t.Fatal("got no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestSubtractionArguments(t *testing.T) {
	ctx := context.Background()
	s, _ := NewSet("", []int{1, 2}, nil)
	if _, err := subtractionGrundy(ctx, s, -1, 0, nil); err == nil {
		t.Error("max -1: got no error")
	}
	if _, err := subtractionGrundy(ctx, Set{}, 10, 0, nil); err == nil {
		t.Error("zero Set: got no error")
	}
	if g, err := subtractionGrundy(ctx, s, 0, 0, nil); err != nil || !slices.Equal(g, []int32{0}) {
		t.Errorf("max 0: got %v, %v, want [0]", g, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, name := range []string{"", "primes"} {
		var fin []int
		if name == "" {
			fin = []int{1, 2}
		}
		s, _ := NewSet(name, fin, nil)
		if _, err := subtractionGrundy(cancelled, s, 1_000_000, 0, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: got %v, want context.Canceled", s, err)
		}
	}
}

func TestSubtractionProgress(t *testing.T) {
	for _, name := range []string{"", "primes"} {
		var fin []int
		if name == "" {
			fin = []int{1, 3, 4}
		}
		s, _ := NewSet(name, fin, nil)
		const max = 50_000
		var last, calls int64
		_, err := subtractionGrundy(context.Background(), s, max, 2, func(done, total int64) {
			if total != max || done < last {
				t.Errorf("%s: progress (%d, %d) after %d", s, done, total, last)
			}
			last = done
			calls++
		})
		if err != nil {
			t.Fatal(err)
		}
		if last != max || calls < 2 {
			t.Errorf("%s: last progress %d after %d calls, want %d", s, last, calls, max)
		}
	}
}

func TestSubtractionMemory(t *testing.T) {
	for _, c := range subtractionCases {
		s, _ := NewSet(c.name, c.finite, c.allBut)
		for _, max := range []int{0, 1000, 100_000} {
			m := Memory(s, max)
			if low := 4 * int64(max+1); m < low {
				t.Errorf("%s, %d: memory %d below the result alone, %d", s, max, m, low)
			}
			if count := int64(len(s.Members(max))); m < 8*count {
				t.Errorf("%s, %d: memory %d below the %d members", s, max, m, count)
			}
		}
	}
	if m := Memory(Set{name: "squares"}, -1); m != 0 {
		t.Errorf("max -1: memory %d, want 0", m)
	}
}

// valuesDiff describes the first difference between got and want, or "".
func valuesDiff(got, want []int32) string {
	if len(got) != len(want) {
		return fmt.Sprintf("got %d values, want %d", len(got), len(want))
	}
	for n := range want {
		if got[n] != want[n] {
			return fmt.Sprintf("g(%d) = %d, want %d", n, got[n], want[n])
		}
	}
	return ""
}
