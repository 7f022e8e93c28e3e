package subtraction

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// TestValuesSquaresPlain checks that Values gives for the squares the values
// of the plain mex recursion over the literal moves k².
func TestValuesSquaresPlain(t *testing.T) {
	const max = 5000
	got, err := Values(context.Background(), Squares(), max, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for k := 1; k*k <= n; k++ {
			seen[want[n-k*k]] = true
		}
		for seen[want[n]] {
			want[n]++
		}
	}
	if d := valuesDiff(got, want); d != "" {
		t.Errorf("%s (plain recursion)", d)
	}
}

// TestKernelKnobs checks the segmented kernel against the plain DP with its
// knobs moved: short segments (so that far, near and short parts all occur
// with few heaps), rows wider than needed, the parallel path forced, on 1,
// 3 and 16 workers (the far part split by moves, then by heaps).
func TestKernelKnobs(t *testing.T) {
	t.Parallel()
	sets := []subtractionCase{
		{name: "squares"}, {name: "primes"}, {name: "cubes", allBut: []int{8}},
		{finite: subtractionRange(1, 300, 3)},
		{finite: subtractionRange(5, 2000, 7)},
	}
	const max = 12_000
	for _, knobs := range []struct{ segment, minWords int }{{100, 1}, {64, 4}, {4096, 2}} {
		opt := kernelOptions{segment: knobs.segment, minWords: knobs.minWords, anyParallel: true}
		for _, c := range sets {
			s, err := NewSet(c.name, c.finite, c.allBut)
			if err != nil {
				t.Fatal(err)
			}
			want := subtractionPlain(c.moves(max), max)
			for _, workers := range []int{1, 3, 16} { // 16: the far part split by heaps
				got, err := kernel(context.Background(), s.Members(max), max, workers, nil, opt)
				if err != nil {
					t.Fatal(err)
				}
				for n := range want {
					if int32(got[n]) != want[n] {
						t.Fatalf("%v, segment %d, words >= %d, workers %d: g(%d) = %d, want %d (plain DP)",
							s, knobs.segment, knobs.minWords, workers, n, got[n], want[n])
					}
				}
			}
		}
	}
}

// TestValuesOverflow checks that Values takes the direct loop when the
// kernel meets a value its uint16 table cannot hold: with the limit lowered
// to 50, S = {1, ..., 100}, whose values are g(n) = n mod 101 (Bachet's
// game: a heap is a multiple of 101 exactly when the player to move loses,
// and the values count up between).
func TestValuesOverflow(t *testing.T) {
	t.Parallel()
	s, err := NewSet("", subtractionRange(1, 100, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kernel(context.Background(), s.Members(1000), 1000, 1, nil, kernelOptions{valueLimit: 50}); !errors.Is(err, errValueOverflow) {
		t.Fatalf("kernel: got %v, want errValueOverflow", err)
	}
	g, err := subtractionKernel(context.Background(), s, 1000, 0, nil, kernelOptions{valueLimit: 50})
	if err != nil {
		t.Fatal(err)
	}
	for n, v := range g {
		if v != int32(n%101) {
			t.Fatalf("g(%d) = %d, want %d", n, v, n%101)
		}
	}
}

// losingPlain is the oracle of Losing: the losing positions 0..max of the
// literal game with the given moves (ascending, from the definitions of
// the sets, independent of subtraction.go): n is losing when no move
// reaches a losing position.
func losingPlain(moves []int, max int) []int64 {
	losing := make([]bool, max+1)
	var out []int64
	for n := 0; n <= max; n++ {
		losing[n] = true
		for _, x := range moves {
			if x > n {
				break
			}
			if losing[n-x] {
				losing[n] = false
				break
			}
		}
		if losing[n] {
			out = append(out, int64(n))
		}
	}
	return out
}

// losingCollect runs f, which emits losing positions, and returns them all.
func losingCollect(t *testing.T, f func(emit func([]int64) error) error) []int64 {
	t.Helper()
	var got []int64
	if err := f(func(l []int64) error { got = append(got, l...); return nil }); err != nil {
		t.Fatal(err)
	}
	return got
}

// losingSets are the sets of the Losing tests, with the way losingWay takes
// for them (documented in its comment) at max = 100,000.
var losingSets = []struct {
	c     subtractionCase
	sieve bool
}{
	{subtractionCase{name: "cubes"}, true},
	{subtractionCase{name: "triangular"}, true},
	{subtractionCase{name: "primes"}, true},
	{subtractionCase{name: "squares", allBut: []int{1}}, true},
	{subtractionCase{name: "fibonacci"}, true},
	{subtractionCase{name: "primes", allBut: []int{2}}, false},
	{subtractionCase{name: "powers-of-two"}, false},
	{subtractionCase{finite: []int{1, 3, 4}}, false},
	{subtractionCase{finite: []int{2, 5, 7}}, false},
	{subtractionCase{finite: []int{3, 100, 1000}}, false},
}

// TestLosingOracle checks Losing, and each of its two ways whatever the rule
// picks, against the plain oracle over the literal game for several sets:
// the sieve with short segments and one-cursor chunks (so that the parallel
// marking and the compaction of finished cursors run), on 1 and 3 workers.
func TestLosingOracle(t *testing.T) {
	const max = 100_000
	ctx := context.Background()
	for _, tc := range losingSets {
		s, err := NewSet(tc.c.name, tc.c.finite, tc.c.allBut)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s.String(), func(t *testing.T) {
			want := losingPlain(tc.c.moves(max), max)
			got := losingCollect(t, func(emit func([]int64) error) error {
				return Losing(ctx, s, max, grundy.Options{}, emit)
			})
			if !slices.Equal(got, want) {
				t.Errorf("Losing: %d losing positions, want %d (plain oracle)", len(got), len(want))
			}
			if bySieve, density := losingWay(s, max); bySieve != tc.sieve {
				t.Errorf("losingWay: sieve %t (density %.3f), want %t", bySieve, density, tc.sieve)
			}
			// The short segments and chunks sieve to knobMax only: past
			// 10^4 that is still hundreds of segments, each losing
			// position a cursor of its own chunk, and (for {3,100,1000})
			// cursors finished and compacted many times over; to 10^5 it
			// was most of this package's CPU, and 5-10 times that under
			// the race detector (CI's -run Oracle step).
			const knobMax = 20_000
			nKnob, _ := slices.BinarySearch(want, knobMax+1)
			wantKnob := want[:nKnob]
			for _, knobs := range []struct {
				segment int64
				chunk   int
			}{{1 << 21, 1 << 13}, {128, 1}, {64, 3}} {
				so := sieveOptions{segment: knobs.segment, chunk: knobs.chunk}
				max, want := int64(max), want // the long segment: to 10^5
				if knobs.segment < 1<<21 {
					max, want = knobMax, wantKnob
				}
				for _, workers := range []int{1, 3} {
					got := losingCollect(t, func(emit func([]int64) error) error {
						return listLosing(ctx, s, max, 0, 0, grundy.Options{Workers: workers}, emit, so)
					})
					if !slices.Equal(got, want) {
						t.Errorf("sieve, segment %d, chunk %d, workers %d: %d losing positions, want %d (plain oracle)",
							knobs.segment, knobs.chunk, workers, len(got), len(want))
					}
				}
				// Workers offered while the sieve runs (Options.Grow, as the
				// pipeline offers the CPUs a finished job frees): one
				// worker for two segments, then three.
				asked := 0
				grow := func() int {
					if asked++; asked > 2 {
						return 3
					}
					return 1
				}
				got := losingCollect(t, func(emit func([]int64) error) error {
					return listLosing(ctx, s, max, 0, 0, grundy.Options{Workers: 1, Grow: grow}, emit, so)
				})
				if !slices.Equal(got, want) || asked == 0 {
					t.Errorf("sieve, segment %d, chunk %d, workers grown from 1 to 3 (Grow asked %d times): %d losing positions, want %d (plain oracle)",
						knobs.segment, knobs.chunk, asked, len(got), len(want))
				}
			}
		})
	}
}

// TestLosingWay checks the rule's fixed cases: take-a-square always sieves,
// a max past 2^31-1 sieves whatever the density, and a max within the
// prefix takes the values.
func TestLosingWay(t *testing.T) {
	dense, err := NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s     Set
		max   int64
		sieve bool
	}{
		{Squares(), 10, true},
		{dense, 1 << 31, true},
		{dense, 1<<31 - 1, false},
		{dense, losingPrefix, false},
	} {
		if got, _ := losingWay(tc.s, tc.max); got != tc.sieve {
			t.Errorf("losingWay(%v, %d) = %t, want %t", tc.s, tc.max, got, tc.sieve)
		}
	}
}

// TestLosingPastGrundy checks Losing past any Grundy table, where only the
// sieve goes: {1,3,4} to 2^31+1000, whose losing positions are the n with
// n mod 7 in {0, 2} (Berlekamp, Conway and Guy, Winning Ways, ch. 4, the
// subtraction game S(1,3,4); checked here by the plain oracle up to 10^5).
// Long: about 10 s on two loaded cores.
func TestLosingPastGrundy(t *testing.T) {
	longtest.Skip(t, "the sieve of {1,3,4} past 2^31, about 10 s")
	s, err := NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	const max = 1<<31 + 1000
	var count int64
	var last []int64
	err = Losing(context.Background(), s, max, grundy.Options{}, func(l []int64) error {
		for _, n := range l {
			if r := n % 7; r != 0 && r != 2 {
				return fmt.Errorf("%d is losing", n)
			}
		}
		count += int64(len(l))
		last = append(last[:0], l...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every n mod 7 in {0, 2} up to max, and no other (checked above).
	if want := int64(max/7+1) + int64((max-2)/7+1); count != want {
		t.Errorf("%d losing positions, want %d", count, want)
	}
	if len(last) == 0 || last[len(last)-1] != max-max%7+map[bool]int64{true: 2, false: 0}[max%7 >= 2] {
		t.Errorf("last losing position %v, want the largest n <= %d with n mod 7 in {0, 2}", last[len(last)-1:], int64(max))
	}
}

// TestLosingArguments checks Losing's errors: an invalid set, no emit
// function, and a max past the set's limit, which the *grundy.RangeError
// gives.
func TestLosingArguments(t *testing.T) {
	ctx := context.Background()
	nop := func([]int64) error { return nil }
	if err := Losing(ctx, Set{}, 10, grundy.Options{}, nop); err == nil {
		t.Error("zero Set: got no error")
	}
	cubes, err := NewSet("cubes", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Losing(ctx, cubes, 100_000, grundy.Options{}, nil); err == nil {
		t.Error("nil emit: got no error")
	}
	primes, err := NewSet("primes", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	lim := LosingLimit(primes)
	if lim < 1<<31 || lim >= LosingMax || subtractionMemberCount(primes, int(lim)) > losingMembersMax {
		t.Fatalf("LosingLimit(primes) = %d, want past 2^31 with at most %d members", lim, losingMembersMax)
	}
	var re *grundy.RangeError
	if err := Losing(ctx, primes, lim+1, grundy.Options{}, nop); !errors.As(err, &re) || re.Max != lim {
		t.Errorf("primes past the limit: got %v, want a *grundy.RangeError with Max %d", err, lim)
	}
	if err := Losing(ctx, cubes, -1, grundy.Options{}, nop); !errors.As(err, &re) {
		t.Errorf("max -1: got %v, want a *grundy.RangeError", err)
	}
	if LosingMemory(cubes, -1) != 0 || LosingMemory(primes, lim+1) != 0 {
		t.Error("LosingMemory of a rejected max is not 0")
	}
}

// TestLosingMemory checks that Losing allocates no more than LosingMemory
// says, on both ways.
func TestLosingMemory(t *testing.T) {
	for _, tc := range losingSets {
		s, err := NewSet(tc.c.name, tc.c.finite, tc.c.allBut)
		if err != nil {
			t.Fatal(err)
		}
		const max = 300_000
		est := LosingMemory(s, max)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := Losing(context.Background(), s, max, grundy.Options{}, func([]int64) error { return nil }); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got := int64(after.TotalAlloc - before.TotalAlloc); got > est {
			t.Errorf("%v: Losing(%d) allocated %d bytes, estimate %d", s, max, got, est)
		}
	}
}

// TestLosingDense checks Losing for a set whose losing positions come from
// the Grundy values against the zeros of a plain recursion, across batch
// boundaries.
func TestLosingDense(t *testing.T) {
	const max = 200000
	set, err := NewSet("", []int{2, 5, 7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]int32, max+1)
	var want []int64
	for n := 0; n <= max; n++ {
		seen := map[int32]bool{}
		for _, x := range []int{2, 5, 7} {
			if x <= n {
				seen[g[n-x]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
		if g[n] == 0 {
			want = append(want, int64(n))
		}
	}
	var got []int64
	err = Losing(context.Background(), set, max, grundy.Options{}, func(l []int64) error {
		got = append(got, l...)
		return nil
	})
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %d losing positions (%v), want %d", len(got), err, len(want))
	}
}
