package subtraction

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// Subtraction games. A position is a heap of n tokens; a move removes s tokens
// for some s in the subtraction set S with s <= n. A heap's Grundy value is
// g(n) = mex{ g(n-s) : s in S, s <= n }. Take-a-square is the subtraction
// game of the squares.
//
// Values has two ways, one per algorithm. A set with fewer than
// kernelMinMoves members up to max takes the direct loop (valuesDirect), O(|S|)
// per heap with the seen values in one word: its values are at most |S|.
// Any larger set, the infinite ones above all (the number of moves from n
// grows with n: about sqrt(n) for the squares, n/ln n for the primes), takes
// the segmented mex of kernel.go, whose work is the number of (heap, move)
// pairs: about (2/3)·max^1.5 for the squares, max^1.5·sqrt(2)·(2/3) for the
// triangular numbers, (3/4)·max^(4/3) for the cubes, and max²/(2·ln max)
// for the primes, which is the expensive one: 10^5 heaps take a quarter of
// a second and 10^6 some 10 s on two cores, growing as max². (The values of
// the primes stay small, 11 up to 10^6; a bit set of heaps per value, folded
// a word at a time, does five times fewer operations but measured no faster,
// and was left out.) The powers of two and the Fibonacci numbers have
// O(log n) moves and take the direct loop.
//
// Losing has two ways too: the losing-position sieve of sieve.go where the
// losing positions are sparse, and the zeros of the Grundy values
// elsewhere; losingBySieve is the rule.

// The names of the infinite subtraction sets NewSet knows.
const (
	NameSquares    = "squares"       // 1, 4, 9, 16, ...
	NameCubes      = "cubes"         // 1, 8, 27, 64, ...
	NameTriangular = "triangular"    // 1, 3, 6, 10, ...
	NamePrimes     = "primes"        // 2, 3, 5, 7, 11, ...
	NamePowersOf2  = "powers-of-two" // 1, 2, 4, 8, ...
	NameFibonacci  = "fibonacci"     // 1, 2, 3, 5, 8, ... (distinct values)
	// NameNaturals is every positive integer: with exceptions (allBut),
	// the all-but subtraction games (Winning Ways; A. Siegel's thesis),
	// arithmetic periodic; without, Nim on one heap (g(n) = n).
	NameNaturals = "naturals" // 1, 2, 3, 4, ...
)

// subtractionNames lists the names in the order error messages give them.
var subtractionNames = []string{
	NameSquares, NameCubes, NameTriangular,
	NamePrimes, NamePowersOf2, NameFibonacci, NameNaturals,
}

// Set is the set S of a subtraction game: a finite set of positive
// integers, or one of the named infinite sets less a finite set of
// exceptions. Build one with NewSet; the zero value is not a valid
// set.
type Set struct {
	name   string // one of subtractionNames, or "" for a finite set
	finite []int  // ascending elements of a finite set
	except []int  // ascending exceptions removed from a named set
}

// ElementMax is the largest element of a finite subtraction set
// (and the largest exception), 2^31-1: far past any heap tabulated, and small
// enough that a period proof's window n0+p+k cannot overflow.
const ElementMax = 1<<31 - 1

// NewSet returns the subtraction set named name (squares, cubes,
// triangular, primes, powers-of-two, fibonacci) or, when name is "", the
// finite set of the elements of finite, in any order. Exactly one of name and
// finite must be given. The elements of allBut, if any, are removed from the
// set: "primes" with allBut [2] is the odd primes.
//
// Errors name what is wrong and what is allowed: an unknown name (the names
// are listed), both or neither of name and finite, an element or exception
// that is not a positive integer or appears twice, an exception that is not
// in the set, and a set that is empty.
func NewSet(name string, finite []int, allBut []int) (Set, error) {
	switch {
	case name != "" && len(finite) > 0:
		return Set{}, fmt.Errorf("subtraction set: give a name or a finite list of elements, not both (name %q, elements %v)", name, finite)
	case name == "" && finite == nil:
		return Set{}, fmt.Errorf("subtraction set: give a name (%s) or a finite list of positive integers", strings.Join(subtractionNames, ", "))
	case name == "" && len(finite) == 0:
		return Set{}, fmt.Errorf("subtraction set: the finite list is empty; give at least one positive integer")
	}
	if name != "" && !slices.Contains(subtractionNames, name) {
		return Set{}, fmt.Errorf("subtraction set: unknown name %q; the names are %s", name, strings.Join(subtractionNames, ", "))
	}
	except, err := subtractionSorted("exception", allBut)
	if err != nil {
		return Set{}, err
	}
	if name != "" {
		s := Set{name: name}
		for _, x := range except {
			if !subtractionInNamed(name, x) {
				return Set{}, fmt.Errorf("subtraction set: exception %d is not in %s", x, name)
			}
		}
		if len(except) > 0 {
			s.except = except
		}
		return s, nil
	}
	elems, err := subtractionSorted("element", finite)
	if err != nil {
		return Set{}, err
	}
	for _, x := range except {
		i, found := slices.BinarySearch(elems, x)
		if !found {
			return Set{}, fmt.Errorf("subtraction set: exception %d is not in %s", x, subtractionFormat(elems))
		}
		elems = slices.Delete(elems, i, i+1)
	}
	if len(elems) == 0 {
		return Set{}, fmt.Errorf("subtraction set: removing the exceptions %s leaves the empty set", subtractionFormat(except))
	}
	return Set{finite: elems}, nil
}

// subtractionSorted checks that xs holds distinct positive integers and
// returns them sorted in a new slice; what names them in errors ("element").
func subtractionSorted(what string, xs []int) ([]int, error) {
	first := make(map[int]int, len(xs))
	for i, x := range xs {
		if x <= 0 {
			return nil, fmt.Errorf("subtraction set: %s %d (index %d) is not a positive integer", what, x, i)
		}
		if x > ElementMax {
			return nil, fmt.Errorf("subtraction set: %s %d (index %d) is too large (allowed: 1 to %d)", what, x, i, ElementMax)
		}
		if j, dup := first[x]; dup {
			return nil, fmt.Errorf("subtraction set: %s %d appears twice (indices %d and %d)", what, x, j, i)
		}
		first[x] = i
	}
	out := slices.Clone(xs)
	slices.Sort(out)
	return out, nil
}

// subtractionFormat renders ascending elements as "{1,3,4}".
func subtractionFormat(xs []int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteByte('}')
	return b.String()
}

// subtractionInNamed reports whether x >= 1 belongs to the named set.
func subtractionInNamed(name string, x int) bool {
	switch name {
	case NameSquares:
		r := subtractionIRoot(x, 2)
		return r*r == x
	case NameCubes:
		r := subtractionIRoot(x, 3)
		return r*r*r == x
	case NameTriangular:
		// x = k(k+1)/2 iff 8x+1 is a square (of 2k+1).
		y := new(big.Int).SetInt64(int64(x))
		y.Lsh(y, 3).Add(y, big.NewInt(1))
		r := new(big.Int).Sqrt(y)
		return r.Mul(r, r).Cmp(y) == 0
	case NamePrimes:
		return big.NewInt(int64(x)).ProbablyPrime(0) // exact below 2^64
	case NamePowersOf2:
		return x&(x-1) == 0
	case NameNaturals:
		return x >= 1
	case NameFibonacci:
		for a, b := 1, 2; a <= x; a, b = b, a+b {
			if a == x {
				return true
			}
			if b > math.MaxInt-a {
				break
			}
		}
	}
	return false
}

// subtractionIRoot returns the largest r >= 0 with r^k <= x, for k = 2 or 3
// and x >= 0.
func subtractionIRoot(x, k int) int {
	r := int(math.Pow(float64(x), 1/float64(k)))
	pow := func(r int) (int, bool) { // r^k, and whether it fits
		p := 1
		for range k {
			if r != 0 && p > math.MaxInt/r {
				return 0, false
			}
			p *= r
		}
		return p, true
	}
	for r > 0 {
		if p, ok := pow(r); ok && p <= x {
			break
		}
		r--
	}
	for {
		p, ok := pow(r + 1)
		if !ok || p > x {
			return r
		}
		r++
	}
}

// String renders the set canonically: a finite set as "{1,3,4}" (ascending),
// a named one by its name, with exceptions as in "primes except {2}".
func (s Set) String() string {
	if s.name == "" {
		return subtractionFormat(s.finite)
	}
	if len(s.except) == 0 {
		return s.name
	}
	return s.name + " except " + subtractionFormat(s.except)
}

// Except returns, ascending, the exceptions taken out of a named set (the
// excluded numbers of an all-but game, NameNaturals); nil for none.
func (s Set) Except() []int { return slices.Clone(s.except) }

// Name returns the name of an infinite set, such as "primes" (NamePrimes),
// its exceptions left out; "" for a finite set.
func (s Set) Name() string { return s.name }

// Finite reports whether the set is finite (given as a list of elements).
func (s Set) Finite() bool { return s.name == "" }

// Max returns the largest element of a finite set, the k of
// analysis.ProveSubtraction, and -1 for an infinite set.
func (s Set) Max() int {
	if s.name != "" || len(s.finite) == 0 {
		return -1
	}
	return s.finite[len(s.finite)-1]
}

// Members returns, ascending, the elements of s that are at most max.
func (s Set) Members(max int) []int {
	if max < 1 {
		return []int{}
	}
	var out []int
	switch s.name {
	case "":
		i, _ := slices.BinarySearch(s.finite, max+1)
		return slices.Clone(s.finite[:i])
	case NameSquares:
		for k := 1; k <= max/k; k++ {
			out = append(out, k*k)
		}
	case NameCubes:
		for k := 1; k <= max/k/k; k++ {
			out = append(out, k*k*k)
		}
	case NameTriangular:
		for k, t := 1, 1; t <= max; k++ {
			out = append(out, t)
			if t > max-(k+1) {
				break
			}
			t += k + 1
		}
	case NamePrimes:
		out = subtractionPrimes(max)
	case NamePowersOf2:
		for p := 1; p <= max; p *= 2 {
			out = append(out, p)
			if p > max/2 {
				break
			}
		}
	case NameNaturals:
		out = make([]int, 0, max)
		for x := 1; x <= max; x++ {
			out = append(out, x)
		}
	case NameFibonacci:
		for a, b := 1, 2; a <= max; a, b = b, a+b {
			out = append(out, a)
			if b > math.MaxInt-a {
				break
			}
		}
	}
	if len(s.except) > 0 {
		out = slices.DeleteFunc(out, func(x int) bool {
			_, found := slices.BinarySearch(s.except, x)
			return found
		})
	}
	if out == nil {
		out = []int{}
	}
	return out
}

// subtractionPrimes returns the primes up to max by a sieve of Eratosthenes
// over the odd numbers, one bit each.
func subtractionPrimes(max int) []int {
	if max < 2 {
		return nil
	}
	out := make([]int, 0, subtractionPrimeCountBound(max))
	out = append(out, 2)
	// Bit i stands for 2i+1; set when composite.
	half := (max + 1) / 2
	comp := make([]uint64, (half+63)/64)
	for i := 1; i < half; i++ {
		if comp[i>>6]&(1<<(i&63)) != 0 {
			continue
		}
		p := 2*i + 1
		out = append(out, p)
		if p > max/p {
			continue
		}
		for j := p * p / 2; j < half; j += p {
			comp[j>>6] |= 1 << (j & 63)
		}
	}
	return out
}

// subtractionPrimeCountBound bounds the number of primes up to x >= 2:
// pi(x) < 1.25506 x / ln x for x > 1 (Rosser and Schoenfeld, Illinois J.
// Math. 6 (1962), 64–94).
func subtractionPrimeCountBound(x int) int {
	if x < 17 {
		return 7
	}
	return int(1.25506*float64(x)/math.Log(float64(x))) + 1
}

// subtractionMemberCount bounds the number of elements of s up to max
// without listing them.
func subtractionMemberCount(s Set, max int) int {
	if max < 1 {
		return 0
	}
	f := float64(max)
	switch s.name {
	case "":
		i, _ := slices.BinarySearch(s.finite, max+1)
		return i
	case NameSquares:
		return int(math.Sqrt(f)) + 1
	case NameCubes:
		return int(math.Cbrt(f)) + 1
	case NameTriangular:
		return int(math.Sqrt(2*f)) + 1
	case NamePrimes:
		return subtractionPrimeCountBound(max)
	case NamePowersOf2:
		return bits.Len(uint(max))
	case NameFibonacci:
		return int(math.Log(f)/math.Log(math.Phi)) + 2
	case NameNaturals:
		return max
	}
	return 0
}

// Memory estimates the peak bytes Values(ctx, s, max, opts) allocates
// with runtime.GOMAXPROCS(0) workers: the elements of S up to max (8 bytes
// each; the sieve of the primes adds a bit per odd number) and the result
// (4 bytes a value); for a set with 64 members or more up to max, the
// kernel's working set too: its uint16 values (2 bytes a value) and the rows
// of seen values of two segments per worker, whose width follows the
// largest value (for the squares the measured growth of take-a-square's,
// for any other set the number of members, which bounds it). It returns 0
// for a negative max.
func Memory(s Set, max int) int64 {
	if max < 0 {
		return 0
	}
	if s.name == NameNaturals {
		return 5*(int64(max)+1) + 4096 // allButValues: the values and a flag a value
	}
	count := int64(subtractionMemberCount(s, max))
	mem := 4*(int64(max)+1) + 8*count + 4096
	if s.name == NamePrimes {
		mem += int64(max)/16 + 8
	}
	if count >= kernelMinMoves {
		vmax := int(min(count, 1<<16-1))
		if s.isSquares() {
			vmax = squaresGrundyValueMax(max)
		}
		mem += kernelMemory(max, vmax, kernelOptions{})
	}
	return mem
}

// Squares returns the set of the positive squares {1, 4, 9, ...}, whose
// subtraction game is take-a-square.
func Squares() Set { return Set{name: NameSquares} }

// isSquares reports whether s is exactly the squares, with no exceptions.
func (s Set) isSquares() bool { return s.name == NameSquares && len(s.except) == 0 }

// ValuesMax is the largest max Values accepts, 2^31-1 (8 GiB of values;
// Memory estimates the rest): a larger max, like a negative one, is a
// *grundy.RangeError, refused before anything is allocated.
const ValuesMax = math.MaxInt32

// Values returns the Grundy values g(0..max) of the subtraction game of
// s: g(n) = mex{ g(n-x) : x in s, x <= n }, with up to opts.Workers
// goroutines (only sets with many members use more than one), reporting
// (highest n computed, max) to opts.Progress. When ctx is cancelled it
// returns ctx.Err() promptly; Memory estimates its memory. See the comment
// of subtraction.go for the two ways it takes, and kernel.go for the
// segmented mex.
func Values(ctx context.Context, s Set, max int, opts grundy.Options) ([]int32, error) {
	return subtractionGrundy(ctx, s, max, opts.Workers, opts.Progress)
}

// LosingMax is the largest max Losing accepts for any set: 2^60, so that no
// position arithmetic overflows. A set's own limit (LosingLimit) is lower
// when the sieve's memory would pass losingMemoryMax (the squares: about
// 2^44.9) or its members up to max would not fit its list (at most 2^27 of
// them, 1 GiB: the primes up to about 2.9·10^9, though their memory stops them at 2.3·10^9 first); the *grundy.RangeError of
// a larger max gives the set's own limit.
const LosingMax = 1 << 60

// losingMembersMax bounds the list of members the sieve of a set other than
// the squares keeps (8 bytes each, 1 GiB).
const losingMembersMax = 1 << 27

// losingMemoryMax bounds what the sieve of a max Losing accepts keeps: 12
// bytes per cursor and 8 per member, as LosingMemory counts them, at most
// 32 GiB (the order of the largest Grundy table, ValuesMax values). A max
// past it is a *grundy.RangeError refused before anything is allocated, as
// every engine's bound: without it a library caller's 2^60 for the squares
// (2^42 cursors) would exhaust memory instead. The cursors are counted at
// the density of the rule's prefix, which for the infinite sets only falls,
// so the limit errs on the safe side.
const losingMemoryMax = 32 << 30

// losingPrefix is the number of heaps whose Grundy values decide the way
// Losing takes, and losingDensity the density of losing heaps below which
// it takes the sieve (see losingWay).
const (
	losingPrefix  = 1 << 15
	losingDensity = 0.25
)

// losingWay decides how Losing finds the losing positions of s up to max,
// and returns the density of losing heaps it measured (0 when it measured
// none). The rule: take-a-square takes its sieve; a max above 2^31-1, past
// any Grundy table, takes the sieve; a max within losingPrefix takes the
// Grundy values, which cost little there; any other takes the sieve when
// fewer than losingDensity of the heaps in the second half of the first
// losingPrefix are losing, and the Grundy values otherwise.
//
// Reason: the sieve's work is the number of (losing heap, move) pairs and
// the kernel's the number of (heap, move) pairs, and a mark of the sieve, a
// scattered bit set, measured 2.5 to 3.5 times a mark of the kernel
// (BenchmarkLosing, 2 loaded cores): the sieve won for the cubes (density
// 0.08, 8 times faster at 10^7), the triangular numbers (0.004, 200 times at
// 10^6), the squares less {1} (0.01), the Fibonacci numbers (0.16, 2 times)
// and the primes (0.15, 1.8 times at 10^5), and lost for the odd primes
// (0.40), the powers of two (0.33) and {1,3,4} (0.29, periodic). The sieve
// also keeps 12 bytes per losing heap against 6 per heap for the values, so
// below the threshold it takes less memory as well. The density of a set's
// losing heaps changes slowly (for the infinite sets it falls), so the
// prefix predicts it; its cost is that of 2^15 heaps, a few milliseconds
// (30 for the primes).
func losingWay(s Set, max int64) (bySieve bool, density float64) {
	switch {
	case s.isSquares():
		return true, 0
	case max <= losingPrefix:
		return false, 0
	}
	g, err := subtractionGrundy(context.Background(), s, losingPrefix, 1, nil)
	if err != nil {
		return false, 0 // not reached: the set is valid and the bound in range
	}
	zeros := 0
	for _, v := range g[losingPrefix/2+1:] {
		if v == 0 {
			zeros++
		}
	}
	density = float64(zeros) / float64(losingPrefix/2)
	return max > math.MaxInt32 || density < losingDensity, density
}

// LosingLimit returns the largest max Losing accepts for s: LosingMax, or
// less when the sieve's cursors and members up to it would take more than
// losingMemoryMax, 32 GiB (the squares: about 2^44.9), or the members of s
// would not fit the sieve's list (the primes: about 2.9·10^9; their memory stops them first, at 2.3·10^9). It is at
// least 2^31-1, where the Grundy values may serve instead of the sieve.
func LosingLimit(s Set) int64 {
	if s.isSquares() {
		return squaresLosingLimit()
	}
	_, density := losingWay(s, LosingMax)
	fits := func(max int64) bool {
		members := int64(subtractionMemberCount(s, int(max)))
		return members <= losingMembersMax && 12*losingCursors(s, max, density)+8*members <= losingMemoryMax
	}
	return largestFitting(fits)
}

// largestFitting returns the largest max in 2^31-1..LosingMax for which
// fits holds, by bisection: fits must hold for 2^31-1 (or the answer is
// 2^31-1) and, once false, stay false for larger max.
func largestFitting(fits func(max int64) bool) int64 {
	if fits(LosingMax) {
		return LosingMax
	}
	lo, hi := int64(math.MaxInt32), int64(LosingMax) // fits(lo), not fits(hi)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// Losing passes every losing position n <= max (g(n) = 0, the P-positions)
// of the subtraction game of s to emit, in ascending order and in batches,
// with up to opts.Workers goroutines, reporting (highest n done, max) to
// opts.Progress. The batch slice is reused: it is valid only during the
// call, and emit must copy what it keeps. An error from emit stops Losing
// and is returned as is.
//
// It takes one of two ways: the losing-position sieve (sieve.go), which
// needs memory only for the losing positions and the members of s, and so
// reaches far past any Grundy table where the losing positions are sparse
// (take-a-square: 2^32 in about two minutes, about n^0.7 losing positions),
// or the zeros of the Grundy values of Values (max at most 2^31-1). The
// rule: the sieve for the squares, for a max past 2^31-1, and for a max past
// 2^15 when under a quarter of the heaps 2^14+1..2^15 are losing (the
// cubes, the triangular numbers, the primes, the Fibonacci numbers); the
// Grundy values otherwise (the odd primes, the powers of two, {1,3,4}). The
// reason and the measurements are in the comment of subtraction.go. max is
// at most LosingMax, less for a set with very many members (LosingLimit; the
// *grundy.RangeError says). LosingMemory estimates its memory.
func Losing(ctx context.Context, s Set, max int64, opts grundy.Options, emit func(losing []int64) error) error {
	if s.isSquares() {
		return squaresLosing(ctx, max, opts, emit)
	}
	if s.name == "" && len(s.finite) == 0 {
		return fmt.Errorf("subtraction: the set is not valid (use NewSet)")
	}
	// Every set's limit is at least 2^31-1: the limit, which measures the
	// set's prefix, is asked only past it.
	if max < 0 || max > math.MaxInt32 {
		if err := engine.CheckRange("subtraction.Losing", "max", max, 0, LosingLimit(s)); err != nil {
			return err
		}
	}
	if bySieve, density := losingWay(s, max); bySieve {
		return listLosing(ctx, s, max, losingCursors(s, max, density), losingBatch(max, density), opts, emit, sieveOptions{})
	}
	if emit == nil {
		return fmt.Errorf("subtraction: Losing needs an emit function")
	}
	g, err := subtractionGrundy(ctx, s, int(max), opts.Workers, opts.Progress)
	if err != nil {
		return err
	}
	batch := make([]int64, 0, min(int64(len(g)), 1<<16))
	for n, v := range g {
		if v == 0 {
			batch = append(batch, int64(n))
		}
		if len(batch) == 1<<16 || n == len(g)-1 && len(batch) > 0 {
			if err := emit(batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

// losingCursors estimates the number of cursors the sieve keeps for s up to
// max at the given density of losing positions: one per losing position for
// an infinite set; for a finite set only those within max(S) of the
// segment.
func losingCursors(s Set, max int64, density float64) int64 {
	if s.Finite() {
		return int64(density*float64(int64(s.Max())+sieveSegmentBits(max))) + 64
	}
	return int64(density*float64(max)) + 64
}

// losingBatch estimates the losing positions of the largest segment of the
// sieve at the given density, the room its batches need.
func losingBatch(max int64, density float64) int64 {
	return int64(density*float64(sieveSegmentBits(max))) + 64
}

// LosingMemory estimates the peak bytes of Losing(ctx, s, max, ...), not
// counting what emit keeps: the rule's prefix of Grundy values and, for the sieve, 12 bytes per cursor (one per
// losing position up to max, at the density measured on the prefix, which
// for the infinite sets only falls; for a finite set only those within
// max(S) of the segment are kept), the list of members, and one segment per
// worker; for the Grundy values, Memory and a batch. It returns 0 for a max
// Losing rejects.
func LosingMemory(s Set, max int64) int64 {
	if s.isSquares() {
		return squaresLosingMemory(max)
	}
	if max < 0 || max > math.MaxInt32 && max > LosingLimit(s) || s.name == "" && len(s.finite) == 0 {
		return 0
	}
	bySieve, density := losingWay(s, max)
	prefix := Memory(s, losingPrefix) // the rule's, freed before the rest
	if !bySieve {
		return prefix + Memory(s, int(max)) + 8<<16 + 64<<10 // the batch, small buffers
	}
	seg := sieveSegmentBits(max)
	cursors := losingCursors(s, max, density)
	count := int64(subtractionMemberCount(s, int(max)))
	mem := prefix + 12*cursors + 8*count + int64(grundy.Goroutines(0))*seg/8 + 8*losingBatch(max, density) + 64<<10
	if s.name == NamePrimes {
		mem += max/16 + 8
	}
	return mem
}

// subtractionGrundy is Values with positional options. workers <= 0 means
// runtime.GOMAXPROCS(0).
func subtractionGrundy(ctx context.Context, s Set, max int, workers int, progress grundy.Progress) ([]int32, error) {
	return subtractionKernel(ctx, s, max, workers, progress, kernelOptions{})
}

// subtractionKernel is subtractionGrundy with the kernel's settings opt
// (tests).
func subtractionKernel(ctx context.Context, s Set, max int, workers int, progress grundy.Progress, opt kernelOptions) ([]int32, error) {
	if err := engine.CheckRange("subtraction.Values", "max", int64(max), 0, ValuesMax); err != nil {
		return nil, err
	}
	if s.name == "" && len(s.finite) == 0 {
		return nil, fmt.Errorf("subtraction: the set is not valid (use NewSet)")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.name == NameNaturals {
		return allButValues(ctx, s.except, max, progress)
	}
	elems := s.Members(max)
	g := make([]int32, max+1)
	if len(elems) >= kernelMinMoves {
		g16, err := kernel(ctx, elems, max, workers, progress, opt)
		if err == nil {
			for i, v := range g16 {
				g[i] = int32(v)
			}
			return g, nil
		}
		if !errors.Is(err, errValueOverflow) {
			return nil, err
		}
		// A value of 2^16 or more: only a set with that many members up to
		// max can have one. The direct loop takes any value.
	}
	if err := valuesDirect(ctx, g, elems, progress); err != nil {
		return nil, err
	}
	return g, nil
}

// valuesDirect fills g by the direct loop: for each heap, the values its
// moves reach, marked in a bit set, and the mex. With fewer than 64 elements
// every value is at most the number of moves, so the seen values fit one
// word; more take a bit set of len(elems)/64+1 words, cleared for each heap.
func valuesDirect(ctx context.Context, g []int32, elems []int, progress grundy.Progress) error {
	top := len(g) - 1
	step := max(1, len(g)/512)
	var buf []uint64
	if len(elems) >= 64 {
		buf = make([]uint64, len(elems)/64+1)
	}
	for n := 1; n <= top; n++ {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if buf == nil {
			var seen uint64
			for _, x := range elems {
				if x > n {
					break
				}
				seen |= 1 << (uint32(g[n-x]) & 63)
			}
			g[n] = int32(bits.TrailingZeros64(^seen))
		} else {
			clear(buf)
			for _, x := range elems {
				if x > n {
					break
				}
				v := uint32(g[n-x])
				buf[v>>6] |= 1 << (v & 63)
			}
			g[n] = int32(engine.MexBits(buf))
		}
		if n%step == 0 {
			progress.Report(int64(n), int64(top))
		}
	}
	progress.Report(int64(top), int64(top))
	return nil
}
