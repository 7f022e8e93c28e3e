package subtraction

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// squaresOracle is the plain memoised recursion over the literal rules of
// take-a-square: g(n) = mex{ g(n-k²) : 1 <= k² <= n }, and n is won for the
// player to move iff some move leads to a lost position.
type squaresOracle struct {
	g   map[int]int
	win map[int]bool
}

func newSquaresOracle() *squaresOracle {
	return &squaresOracle{g: map[int]int{}, win: map[int]bool{}}
}

func (o *squaresOracle) grundy(n int) int {
	if v, ok := o.g[n]; ok {
		return v
	}
	seen := map[int]bool{}
	for k := 1; k*k <= n; k++ {
		seen[o.grundy(n-k*k)] = true
	}
	mex := 0
	for seen[mex] {
		mex++
	}
	o.g[n] = mex
	return mex
}

func (o *squaresOracle) wins(n int) bool {
	if w, ok := o.win[n]; ok {
		return w
	}
	w := false
	for k := 1; k*k <= n; k++ {
		if !o.wins(n - k*k) {
			w = true
		}
	}
	o.win[n] = w
	return w
}

// squaresOracleMax is the range the oracle covers in the tests.
const squaresOracleMax = 10000

var squaresOracleOnce = sync.OnceValue(func() *squaresOracle {
	o := newSquaresOracle()
	for n := 0; n <= squaresOracleMax; n++ {
		o.grundy(n)
		o.wins(n)
	}
	return o
})

// squaresPlainSieve is the plain losing-position sieve: a byte per position;
// for each n ascending, an n not marked winning is losing, and then every
// n+k² is marked winning.
func squaresPlainSieve(max int) []int64 {
	won := make([]byte, max+1)
	var losing []int64
	for n := 0; n <= max; n++ {
		if won[n] != 0 {
			continue
		}
		losing = append(losing, int64(n))
		for k := 1; n+k*k <= max; k++ {
			won[n+k*k] = 1
		}
	}
	return losing
}

// squaresNaiveGrundy is the plain dynamic program, as a competent
// programmer writes it without the engine's tricks: for each n, the mex of
// g(n-k²) over all k² <= n. A position has at most isqrt(n) moves, so its
// mex is at most isqrt(max) and the seen marks fit a slice made once; each
// mark holds the n that set it (a stamp), so nothing is cleared between
// positions. Its cost is the reads g(n-k²), which jump across the whole
// table.
func squaresNaiveGrundy(max int) []uint16 {
	g := make([]uint16, max+1)
	moves := 0 // isqrt(max)
	for (moves+1)*(moves+1) <= max {
		moves++
	}
	seen := make([]int32, moves+2) // seen[v] == n when some move from n reaches v
	for n := 1; n <= max; n++ {
		stamp := int32(n)
		for sq, odd := 1, 3; sq <= n; sq, odd = sq+odd, odd+2 {
			seen[g[n-sq]] = stamp
		}
		mex := 0
		for seen[mex] == stamp {
			mex++
		}
		g[n] = uint16(mex)
	}
	return g
}

// squaresCollect runs squaresLosing and returns every losing position,
// checking that the batches ascend.
func squaresCollect(t testing.TB, max int64, workers int, so sieveOptions) []int64 {
	t.Helper()
	var all []int64
	err := squaresSieve(context.Background(), max, grundy.Options{Workers: workers}, func(b []int64) error {
		if len(b) == 0 {
			t.Errorf("max=%d: empty batch", max)
		}
		if len(all) > 0 && len(b) > 0 && b[0] <= all[len(all)-1] {
			t.Errorf("max=%d: batch starting at %d follows %d", max, b[0], all[len(all)-1])
		}
		all = append(all, b...)
		return nil
	}, so)
	if err != nil {
		t.Fatalf("squaresLosing(%d): %v", max, err)
	}
	if !slices.IsSorted(all) {
		t.Errorf("max=%d: losing positions not ascending", max)
	}
	return all
}

// squaresCompare reports the first difference between two sequences.
func squaresCompare[T comparable](t testing.TB, what string, got, want []T) {
	t.Helper()
	n := min(len(got), len(want))
	for i := 0; i < n; i++ {
		if got[i] != want[i] {
			t.Errorf("%s: element %d got %v, want %v", what, i, got[i], want[i])
			return
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: got %d elements, want %d", what, len(got), len(want))
	}
}

func TestSquaresAgainstOracle(t *testing.T) {
	o := squaresOracleOnce()
	var wantLosing []int64
	for n := 0; n <= squaresOracleMax; n++ {
		if !o.wins(n) {
			wantLosing = append(wantLosing, int64(n))
		}
		if (o.grundy(n) != 0) != o.wins(n) {
			t.Fatalf("oracle: g(%d) = %d but wins = %t", n, o.grundy(n), o.wins(n))
		}
	}
	for _, workers := range []int{1, 2, 0} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			g, err := squaresGrundy(context.Background(), squaresOracleMax, workers, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(g) != squaresOracleMax+1 {
				t.Fatalf("got %d values, want %d", len(g), squaresOracleMax+1)
			}
			for n, v := range g {
				if int(v) != o.grundy(n) {
					t.Fatalf("g(%d) got %d, want %d (oracle)", n, v, o.grundy(n))
				}
			}
			squaresCompare(t, "losing positions", squaresCollect(t, squaresOracleMax, workers, sieveOptions{}), wantLosing)
		})
	}
}

func TestSquaresPublished(t *testing.T) {
	// OEIS A014586, "Nim-Grundy function for Take-a-Square (or
	// Subtract-a-Square) game", data section, offset 0 (terms for n = 0..98).
	a014586 := []int{
		0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5,
		3, 2, 3, 4, 0, 1, 2, 3, 2, 0, 1, 2, 3, 2, 0, 1, 2, 3, 2, 3, 4, 5, 0, 1, 3, 4, 5, 0, 1, 3,
		4, 5, 0, 1, 3, 0, 1, 0, 1, 2, 4, 3, 0, 1, 5, 6, 2, 3, 4, 5, 6, 2, 3, 4, 5, 0, 1, 6, 3, 2,
		4, 2, 6, 4, 5, 0, 1, 6, 4,
	}
	// OEIS A030193, the losing positions of the game (the lexicographically
	// first sequence with no square differences), data section: every term
	// up to 267.
	a030193 := []int64{
		0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109,
		119, 124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204,
		210, 215, 238, 243, 249, 255, 257, 260, 262, 267,
	}
	o := squaresOracleOnce()
	t.Run("A014586", func(t *testing.T) {
		g, err := squaresGrundy(context.Background(), len(a014586)-1, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		for n, want := range a014586 {
			if got := o.grundy(n); got != want {
				t.Errorf("oracle g(%d) got %d, want %d (A014586)", n, got, want)
			}
			if int(g[n]) != want {
				t.Errorf("g(%d) got %d, want %d (A014586)", n, g[n], want)
			}
		}
	})
	t.Run("A030193", func(t *testing.T) {
		got := squaresCollect(t, 267, 0, sieveOptions{})
		squaresCompare(t, "losing positions vs A030193", got, a030193)
		var fromOracle []int64
		for n := 0; n <= 267; n++ {
			if !o.wins(n) {
				fromOracle = append(fromOracle, int64(n))
			}
		}
		squaresCompare(t, "oracle vs A030193", fromOracle, a030193)
	})
	t.Run("Eppstein counts", func(t *testing.T) {
		// D. Eppstein, "A better-behaved subtraction game" (blog post,
		// 11011110.github.io, 16 Nov 2016): a table of P-positions of
		// subtract-a-square, each with the number of P-positions up to it.
		table := []struct{ count, p int64 }{
			{22, 109}, {39, 204}, {66, 425}, {99, 827}, {158, 1625}, {255, 3209},
			{419, 6414}, {682, 12812}, {1087, 25647}, {1752, 51202}, {2821, 102517},
			{4497, 204817}, {7436, 409687}, {12068, 819267}, {19659, 1638632},
			{31742, 3276892}, {51489, 6553775}, {83851, 13107272}, {136858, 26215012},
			{221074, 52429275}, {358248, 104857942},
		}
		max := int64(26215012)
		if longtest.Enabled() {
			max = 104857942
		}
		var losing []int64
		err := squaresLosing(context.Background(), max, grundy.Options{}, func(b []int64) error {
			losing = append(losing, b...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range table {
			if row.p > max {
				continue
			}
			i, found := slices.BinarySearch(losing, row.p)
			if !found || int64(i+1) != row.count {
				t.Errorf("P-position %d: got losing=%t with %d losing positions up to it, want true with %d (Eppstein 2016)", row.p, found, i+1, row.count)
			}
			if row.p <= squaresOracleMax {
				var c int64
				for n := 0; n <= int(row.p); n++ {
					if !o.wins(n) {
						c++
					}
				}
				if o.wins(int(row.p)) || c != row.count {
					t.Errorf("oracle: P-position %d: got losing=%t, count %d, want true, %d (Eppstein 2016)", row.p, !o.wins(int(row.p)), c, row.count)
				}
			}
		}
	})
	t.Run("ending in 6 below 4e7", func(t *testing.T) {
		// Wikipedia, "Subtract a square": of the over 180,000 losing ("cold")
		// positions below 40 million, only one ends in 6: 11,356.
		var count int
		var six []int64
		err := squaresLosing(context.Background(), 40_000_000-1, grundy.Options{}, func(b []int64) error {
			count += len(b)
			for _, n := range b {
				if n%10 == 6 {
					six = append(six, n)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if count <= 180_000 {
			t.Errorf("got %d losing positions below 4e7, want over 180,000", count)
		}
		if !slices.Equal(six, []int64{11356}) {
			t.Errorf("losing positions ending in 6 got %v, want [11356]", six)
		}
	})
}

func TestSquaresLosingSegments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		segment int64
		chunk   int
		max     int
	}{
		{"seg64", 64, 1, 30_000},
		{"seg128-chunk7", 128, 7, 100_000},
		{"seg960", 1000, 64, 300_000},
		{"seg4096-chunk100", 4096, 100, 1_000_000},
		{"seg65536-chunk1000", 1 << 16, 1000, 1_000_000},
		{"default", sieveSegment, sieveChunk, 1_000_000},
	}
	plain := squaresPlainSieve(1_000_000)
	for _, tc := range cases {
		for _, workers := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", tc.name, workers), func(t *testing.T) {
				t.Parallel()
				n, _ := slices.BinarySearch(plain, int64(tc.max)+1)
				squaresCompare(t, "losing positions", squaresCollect(t, int64(tc.max), workers, sieveOptions{segment: tc.segment, chunk: tc.chunk}), plain[:n])
			})
		}
	}
	t.Run("small max", func(t *testing.T) {
		t.Parallel()
		for max := 0; max <= 300; max++ {
			n, _ := slices.BinarySearch(plain, int64(max)+1)
			squaresCompare(t, fmt.Sprintf("max=%d", max), squaresCollect(t, int64(max), 2, sieveOptions{segment: 64, chunk: 1}), plain[:n])
		}
	})
}

func TestSquaresGrundySegments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		segment  int
		minWords int
		max      int
	}{
		{"seg1", 1, 1, 20_000},
		{"seg7", 7, 1, 50_000},
		{"seg64", 64, 1, 200_000},
		{"seg100-wide", 100, 16, 100_000},
		{"seg1000", 1000, 1, 200_000},
		{"default", kernelSegment, 1, 200_000},
	}
	naive := squaresNaiveGrundy(200_000)
	// One worker, two, and more helpers than the machine has cores (issue
	// 33: the values must be the same at every W).
	allWorkers := []int{1, 2, 3, 8, 16}
	if testing.Short() {
		allWorkers = []int{1, 2, 16}
	}
	// The far part split by moves and by heaps (kernelByHeaps), each
	// forced at every W; by heaps in units of 1, 7 (not dividing the
	// segment) and kernelUnitFor's.
	splits := []struct {
		name  string
		split int
		unit  int
	}{
		{"moves", -1, 0},
		{"heaps", 1, 0},
		{"heaps-unit1", 1, 1},
		{"heaps-unit7", 1, 7},
	}
	for _, tc := range cases {
		for _, sp := range splits {
			if sp.unit == 1 && tc.segment > 7 || sp.unit == 7 && tc.segment > 1000 {
				continue // small units: the small segments show them (1000 = 142·7 + 6)
			}
			for _, workers := range allWorkers {
				t.Run(fmt.Sprintf("%s/%s/workers=%d", tc.name, sp.name, workers), func(t *testing.T) {
					t.Parallel()
					opt := kernelOptions{segment: tc.segment, anyParallel: true, minWords: tc.minWords, split: sp.split, unit: sp.unit}
					g, err := kernel(context.Background(), Squares().Members(tc.max), tc.max, workers, nil, opt)
					if err != nil {
						t.Fatal(err)
					}
					squaresCompare(t, "Grundy values", g, naive[:tc.max+1])
				})
			}
		}
	}
	t.Run("small max", func(t *testing.T) {
		t.Parallel()
		for max := 0; max <= 200; max++ {
			g, err := kernel(context.Background(), Squares().Members(max), max, 2, nil, kernelOptions{segment: 5, anyParallel: true})
			if err != nil {
				t.Fatal(err)
			}
			squaresCompare(t, fmt.Sprintf("max=%d", max), g, naive[:max+1])
		}
	})
}

// squaresFullNaive makes TestSquaresLongAgainstPlain run the naive DP on
// every n up to 10^7, which takes about a minute on the 2-core test machine:
// its reads g(n-k²) jump across the whole table and miss the caches.
var squaresFullNaive = flag.Bool("squares.fullnaive", false, "compare squaresGrundy with the naive DP on every n of TestSquaresLongAgainstPlain's range (slow)")

// squaresCheckMex reports the first n in [lo, hi) where g(n) is not the mex
// of { g(n-k²) : 1 <= k² <= n }, or -1. It is the definition checked
// directly on a given table, with the loops over n and k interchanged in
// blocks of n so that the reads are sequential.
func squaresCheckMex(g []uint16, lo, hi int) int {
	const block = 4096
	top := 0
	for _, v := range g[:hi] {
		top = max(top, int(v))
	}
	words := top/64 + 1
	seen := make([]uint64, block*words)
	for a := lo; a < hi; a += block {
		e := min(a+block, hi)
		clear(seen)
		for k := 1; k*k <= e-1; k++ {
			for n := max(a, k*k); n < e; n++ {
				v := int(g[n-k*k])
				seen[(n-a)*words+v/64] |= 1 << (v % 64)
			}
		}
		for n := a; n < e; n++ {
			row := seen[(n-a)*words : (n-a+1)*words]
			mex := 0
			for mex < 64*words && row[mex/64]&(1<<(mex%64)) != 0 {
				mex++
			}
			if mex != int(g[n]) {
				return n
			}
		}
	}
	return -1
}

// TestSquaresLongAgainstPlain compares both engines with the plain
// algorithms: every losing position up to 10^7 with the plain sieve; the
// Grundy values up to 4·10^6 with the naive DP up to 2·10^6 (all the way
// with -squares.fullnaive), and beyond that every value with the definition
// of the mex over the table.
//
// Why 4·10^6 for the values (it was 10^7): the kernel changes with the
// values only where its row width doubles (kernelWords: 64, 128, 256, 512
// values), and take-a-square's first value of 64, 128 and 256 come at n =
// 65,813, 465,081 and 3,290,726 (the naive DP, written apart; the largest
// value is 274 up to 4·10^6 and 376 up to 10^7, so no width changes
// between 4·10^6 and 10^7); the segment (4096) and the parallel threshold
// are reached below 10^4. The mex check costs n^1.5, so 10^7 was 4 times
// the CPU of 4·10^6 (about 6 minutes of the long step under load).
func TestSquaresLongAgainstPlain(t *testing.T) {
	longtest.Skip(t, "compares every n up to 1e7 with the plain algorithms")
	const max = 10_000_000
	t.Run("losing", func(t *testing.T) {
		squaresCompare(t, "losing positions", squaresCollect(t, max, 0, sieveOptions{}), squaresPlainSieve(max))
	})
	t.Run("grundy", func(t *testing.T) {
		const max = 4_000_000 // past the last row width below 10^7 (above)
		g, err := squaresGrundy(context.Background(), max, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if top := slices.Max(g); top < 256 {
			t.Fatalf("largest value %d up to %d: the range no longer reaches the rows of 512 values", top, max)
		}
		naiveMax := 2_000_000
		if *squaresFullNaive {
			naiveMax = max
		}
		squaresCompare(t, "Grundy values", g[:naiveMax+1], squaresNaiveGrundy(naiveMax))
		// The rest of the range, split among the CPUs (the last blocks are
		// the most work).
		workers := runtime.GOMAXPROCS(0)
		const part = 1 << 18
		bad := make([]int, (max+part)/part)
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= len(bad) {
						return
					}
					lo := naiveMax + 1 + i*part
					bad[i] = squaresCheckMex(g, min(lo, max+1), min(lo+part, max+1))
				}
			}()
		}
		wg.Wait()
		for _, n := range bad {
			if n >= 0 {
				t.Fatalf("g(%d) = %d is not the mex of its moves", n, g[n])
			}
		}
	})
}

func TestSolveSquares(t *testing.T) {
	o := squaresOracleOnce()
	check := func(t *testing.T, n int) {
		ans, err := SolveSquares(context.Background(), int64(n), grundy.Options{})
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		want := []int64{}
		for k := 1; k*k <= n; k++ {
			if !o.wins(n - k*k) {
				want = append(want, int64(k*k))
			}
		}
		if ans.WinningMoves == nil {
			t.Errorf("n=%d: WinningMoves is nil, want a non-nil slice", n)
		}
		if ans.N != int64(n) || ans.Grundy != o.grundy(n) || ans.Win != o.wins(n) || !slices.Equal(ans.WinningMoves, want) {
			t.Errorf("n=%d: got %+v, want Grundy %d, Win %t, WinningMoves %v (oracle)", n, ans, o.grundy(n), o.wins(n), want)
		}
	}
	for n := 0; n <= 1000; n++ {
		check(t, n)
	}
	for n := 1001; n <= squaresOracleMax; n += 97 {
		check(t, n)
	}
	check(t, squaresOracleMax)
}

func TestSolveSquaresLimits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{-1, "n -1 is out of range (allowed: 0 to 4294967296)"},
		{SquaresSolveMax + 1, "n 4294967297 is out of range (allowed: 0 to 4294967296)"},
	} {
		var re *grundy.RangeError
		if _, err := SolveSquares(ctx, tc.n, grundy.Options{}); !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("n=%d: got error %v, want one containing %q", tc.n, err, tc.want)
		}
	}
	// Above SquaresSolveGrundyMax there is no Grundy value, but win/loss and
	// the moves still come from the sieve.
	n := int64(SquaresSolveGrundyMax + 1)
	ans, err := SolveSquares(ctx, n, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Grundy != -1 || ans.Win != (len(ans.WinningMoves) > 0) {
		t.Errorf("n=%d: got %+v, want Grundy -1 and Win iff some winning move", n, ans)
	}
}

// TestSolveSquaresLongAgainstPlain checks SolveSquares just above
// SquaresSolveGrundyMax, where the Grundy value is not computed, against the
// plain sieve.
func TestSolveSquaresLongAgainstPlain(t *testing.T) {
	longtest.Skip(t, "runs the plain sieve up to 2e7")
	plain := squaresPlainSieve(SquaresSolveGrundyMax + 100)
	losing := func(x int64) bool { _, ok := slices.BinarySearch(plain, x); return ok }
	for n := int64(SquaresSolveGrundyMax + 1); n <= SquaresSolveGrundyMax+100; n += 11 {
		ans, err := SolveSquares(context.Background(), n, grundy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := []int64{}
		for k := int64(1); k*k <= n; k++ {
			if losing(n - k*k) {
				want = append(want, k*k)
			}
		}
		if ans.Grundy != -1 || ans.Win != !losing(n) || !slices.Equal(ans.WinningMoves, want) {
			t.Errorf("n=%d: got %+v, want Grundy -1, Win %t, WinningMoves %v (plain sieve)", n, ans, !losing(n), want)
		}
	}
}

func TestSquaresArguments(t *testing.T) {
	ctx := context.Background()
	if _, err := squaresGrundy(ctx, -1, 0, nil); err == nil {
		t.Error("squaresGrundy(-1): got no error")
	}
	nop := func([]int64) error { return nil }
	if err := squaresLosing(ctx, -1, grundy.Options{}, nop); err == nil {
		t.Error("squaresLosing(-1): got no error")
	}
	if err := squaresLosing(ctx, 10, grundy.Options{}, nil); err == nil {
		t.Error("squaresLosing with nil emit: got no error")
	}
	if squaresGrundyMemory(-1) != 0 || squaresLosingMemory(-1) != 0 {
		t.Error("memory estimates of a negative max are not 0")
	}
	stop := errors.New("enough")
	calls := 0
	err := squaresLosing(ctx, 1_000_000, grundy.Options{}, func([]int64) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("emit error: got %v after %d calls, want %v after 1", err, calls, stop)
	}
}

func TestSquaresGrundyOverflow(t *testing.T) {
	t.Parallel()
	// g(25) = 3 is the first value >= 3 (A014586).
	_, err := kernel(context.Background(), Squares().Members(100), 100, 0, nil, kernelOptions{valueLimit: 3})
	if err == nil || !strings.Contains(err.Error(), "g(25) = 3") {
		t.Errorf("got error %v, want one about g(25) = 3", err)
	}
	// Values takes the direct loop instead, which holds any value.
	g, err := subtractionKernel(context.Background(), Squares(), 100, 0, nil, kernelOptions{valueLimit: 3})
	if err != nil || g[25] != 3 {
		t.Errorf("Values after the kernel's overflow: g(25) = %v, %v; want 3 (A014586)", g, err)
	}
}

func TestSquaresProgress(t *testing.T) {
	check := func(t *testing.T, max int64, run func(grundy.Progress) error) {
		var mu sync.Mutex
		last := int64(-1)
		err := run(func(done, total int64) {
			mu.Lock()
			defer mu.Unlock()
			if total != max || done < last || done > total {
				t.Errorf("progress (%d, %d) after %d, want done ascending up to total %d", done, total, last, max)
			}
			last = done
		})
		if err != nil {
			t.Fatal(err)
		}
		if last != max {
			t.Errorf("last progress %d, want %d", last, max)
		}
	}
	t.Run("losing", func(t *testing.T) {
		check(t, 5_000_000, func(p grundy.Progress) error {
			return squaresLosing(context.Background(), 5_000_000, grundy.Options{Progress: p}, func([]int64) error { return nil })
		})
	})
	t.Run("grundy", func(t *testing.T) {
		check(t, 300_000, func(p grundy.Progress) error {
			_, err := squaresGrundy(context.Background(), 300_000, 0, p)
			return err
		})
	})
}

// TestSquaresCancel cancels each engine before it starts and while it runs.
// The cancel while it runs comes from the engine's first progress report,
// so it lands mid-run whatever the machine's load: the engine must return
// context.Canceled, and report no more than a small part of its work done
// (an engine that ignored the cancel would run to its end, minutes for the
// losing positions to 2^32, and report all of it).
func TestSquaresCancel(t *testing.T) {
	runs := map[string]func(ctx context.Context, progress grundy.Progress) error{
		"losing": func(ctx context.Context, progress grundy.Progress) error {
			return squaresLosing(ctx, 1<<32, grundy.Options{Progress: progress}, func([]int64) error { return nil })
		},
		"grundy": func(ctx context.Context, progress grundy.Progress) error {
			_, err := squaresGrundy(ctx, 30_000_000, 0, progress)
			return err
		},
		// Sixteen workers, the far part split by heaps (kernelOptions.split).
		"grundy-by-heaps": func(ctx context.Context, progress grundy.Progress) error {
			_, err := kernel(ctx, Squares().Members(30_000_000), 30_000_000, 16, progress, kernelOptions{split: 1})
			return err
		},
		"solve": func(ctx context.Context, progress grundy.Progress) error {
			_, err := SolveSquares(ctx, SquaresSolveGrundyMax, grundy.Options{Progress: progress})
			return err
		},
	}
	for name, run := range runs {
		t.Run(name+"/before", func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if err := run(ctx, nil); !errors.Is(err, context.Canceled) {
				t.Errorf("got %v, want context.Canceled", err)
			}
		})
		t.Run(name+"/during", func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var mu sync.Mutex
			var most, total int64
			err := run(ctx, func(done, all int64) {
				mu.Lock()
				defer mu.Unlock()
				most, total = max(most, done), all
				cancel()
			})
			if !errors.Is(err, context.Canceled) {
				t.Errorf("got %v, want context.Canceled", err)
			}
			if total == 0 || most > total/2 {
				t.Errorf("reported %d of %d done, want the engine stopped well before the end", most, total)
			}
		})
	}
}

func TestSquaresMemory(t *testing.T) {
	for _, max := range []int64{0, 100, 1_000_000} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := squaresLosing(context.Background(), max, grundy.Options{}, func([]int64) error { return nil }); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got, est := int64(after.TotalAlloc-before.TotalAlloc), squaresLosingMemory(max); got > est {
			t.Errorf("squaresLosing(%d) allocated %d bytes, estimate %d", max, got, est)
		}
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := squaresGrundy(context.Background(), int(max), 0, nil); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got, est := int64(after.TotalAlloc-before.TotalAlloc), squaresGrundyMemory(int(max)); got > est {
			t.Errorf("squaresGrundy(%d) allocated %d bytes, estimate %d", max, got, est)
		}
	}
	if a, b := squaresLosingMemory(1<<32), squaresLosingMemory(1<<30); a <= b || a > 1<<30 {
		t.Errorf("squaresLosingMemory(2^32) = %d (2^30: %d), want larger and under 1 GiB", a, b)
	}
}

// TestSquaresOriginalProblem checks the examples of the original problem,
// LeetCode 1510 "Stone Game IV" (Alice moves first; true when she wins):
// n = 1 -> true, n = 2 -> false, n = 4 -> true; and n = 7 -> false,
// n = 17 -> false from earlier versions of the statement (both are in OEIS
// A030193, the losing positions).
func TestSquaresOriginalProblem(t *testing.T) {
	for n, win := range map[int64]bool{1: true, 2: false, 4: true, 7: false, 17: false} {
		a, err := SolveSquares(context.Background(), n, grundy.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.Win != win {
			t.Errorf("n = %d: got win %t, want %t", n, a.Win, win)
		}
	}
}
