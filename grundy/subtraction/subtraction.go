package subtraction

import (
	"context"
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
// For a finite S the values are computed directly, O(|S|) per heap. For the
// infinite sets the number of moves from n grows with n (about sqrt(n) for
// the squares, n/ln n for the primes), and subtractionGrundy uses the
// segmented mex of squaresGrundy (squares.go): for each segment of heaps the
// moves that reach back before the segment are folded into per-heap bit sets
// of seen values in parallel, in long sequential sweeps, and the few moves
// that stay inside the segment are done heap by heap. The work is the number
// of (heap, move) pairs, sum over n of |{s in S : s <= n}|: about
// (2/3)·max^1.5 for the squares, max^1.5·sqrt(2)·(2/3) for the triangular
// numbers, (3/4)·max^(4/3) for the cubes, and max²/(2·ln max) for the primes,
// which is the expensive one: eight moves are marked per pass over a
// segment, about half a nanosecond a move, so 10^5 heaps take a quarter of a
// second and 10^6 some 10 s on two cores, growing as max². (The values of
// the primes stay small, 11 up to 10^6; a bit set of heaps per value, folded
// a word at a time, does five times fewer operations but measured no faster,
// and was left out.) The powers of two and the Fibonacci numbers have
// O(log n) moves, a finite set |S|.

// The names of the infinite subtraction sets NewSet knows.
const (
	NameSquares    = "squares"       // 1, 4, 9, 16, ...
	NameCubes      = "cubes"         // 1, 8, 27, 64, ...
	NameTriangular = "triangular"    // 1, 3, 6, 10, ...
	NamePrimes     = "primes"        // 2, 3, 5, 7, 11, ...
	NamePowersOf2  = "powers-of-two" // 1, 2, 4, 8, ...
	NameFibonacci  = "fibonacci"     // 1, 2, 3, 5, 8, ... (distinct values)
)

// subtractionNames lists the names in the order error messages give them.
var subtractionNames = []string{
	NameSquares, NameCubes, NameTriangular,
	NamePrimes, NamePowersOf2, NameFibonacci,
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
	}
	return 0
}

// subtractionSegmentWords is the size, in 64-bit words, of the rows of seen
// values of one segment of one worker: 512 KiB, which stays in L2.
const subtractionSegmentWords = 1 << 16

// subtractionMaxSegment bounds the heaps in one segment. Moves that stay
// inside a segment are done heap by heap, so it is small.
const subtractionMaxSegment = 4096

// subtractionBlock is the number of consecutive elements of S in one unit
// of parallel work; the context is checked between units.
const subtractionBlock = 64

// subtractionParallelMin is the number of marks in a segment below which it
// is done without helper goroutines. A variable so that tests can exercise
// the parallel path on small ranges.
var subtractionParallelMin = 1 << 18

// subtractionSegmentFor returns the heaps per segment for rows of w words.
func subtractionSegmentFor(w int) int {
	return max(64, min(subtractionMaxSegment, subtractionSegmentWords/w))
}

// Memory estimates the peak bytes Values(ctx, s, max, opts)
// allocates with runtime.GOMAXPROCS(0) workers: for the squares, those of
// the take-a-square kernel and the int32 copy of its values; for any other
// set the result (4 bytes a value),
// the elements of S up to max (8 bytes each; the sieve of the primes adds a
// bit per odd number), and for a large S the rows of seen values of one
// segment per worker, at most 512 KiB each while the values stay below 2^16.
// It returns 0 for a negative max.
func Memory(s Set, max int) int64 {
	if s.isSquares() {
		if max < 0 {
			return 0
		}
		return squaresGrundyMemory(max) + 4*int64(max+1)
	}
	if max < 0 {
		return 0
	}
	count := int64(subtractionMemberCount(s, max))
	mem := 4*(int64(max)+1) + 8*count + 4096
	if s.name == NamePrimes {
		mem += int64(max)/16 + 8
	}
	if count >= 64 {
		// The values are at most the number of moves, count.
		w := subtractionWordsFor(int(count))
		rows := int64(subtractionSegmentFor(w)) * int64(w) * 8
		mem += int64(grundy.Goroutines(0))*rows + 2*int64(w)*8
	}
	return mem
}

// subtractionWordsFor returns the row width, in words, that holds values
// 0..v.
func subtractionWordsFor(v int) int {
	return v/64 + 1
}

// Squares returns the set of the positive squares {1, 4, 9, ...}, whose
// subtraction game is take-a-square.
func Squares() Set { return Set{name: NameSquares} }

// isSquares reports whether s is exactly the squares, with no exceptions.
func (s Set) isSquares() bool { return s.name == NameSquares && len(s.except) == 0 }

// Values returns the Grundy values g(0..max) of the subtraction game of
// s: g(n) = mex{ g(n-x) : x in s, x <= n }, with up to opts.Workers
// goroutines (only large sets use more than one), reporting (highest n
// computed, max) to opts.Progress. When ctx is cancelled it returns
// ctx.Err() promptly; Memory estimates its memory.
//
// One segmented mex serves every set (see the comment of subtraction.go).
// For the squares themselves (take-a-square) it runs the same method in the
// kernel of squares.go, which keeps the values as uint16 (take-a-square's
// stay below 2^16 far past 10^9) so that twice as many rows of seen values
// fit in cache, and which computes the moves k² on the fly: about 20%
// faster at 10^7 (measured on two loaded cores, 43 s against 53 s), for an
// int32 copy of the values at the end (4 bytes a value more at the peak).
func Values(ctx context.Context, s Set, max int, opts grundy.Options) ([]int32, error) {
	if !s.isSquares() || max < 0 {
		return subtractionGrundy(ctx, s, max, opts.Workers, opts.Progress)
	}
	g16, err := squaresGrundy(ctx, max, opts.Workers, opts.Progress)
	if err != nil {
		return nil, err
	}
	g := make([]int32, len(g16))
	for i, v := range g16 {
		g[i] = int32(v)
	}
	return g, nil
}

// LosingMax is the largest max Losing accepts: 2^60 for the squares, whose
// losing positions come from their own sieve, and 2^31-1 for any other set,
// whose losing positions come from its Grundy values.
const LosingMax = squaresLosingLimit

// Losing passes every losing position n <= max (g(n) = 0, the P-positions)
// of the subtraction game of s to emit, in ascending order and in batches.
// For the squares it runs the losing-position sieve of take-a-square (see
// squares.go), which needs memory only for the losing positions, about
// n^0.7 of them, and so reaches far past any Grundy table (2^32 in about two
// minutes). Sets whose losing positions are dense gain nothing from a sieve
// over the Grundy values, so for them Losing computes the values with
// Values (max at most 2^31-1) and emits their zeros. LosingMemory
// estimates its memory.
func Losing(ctx context.Context, s Set, max int64, opts grundy.Options, emit func(losing []int64) error) error {
	if s.isSquares() {
		return squaresLosing(ctx, max, opts.Workers, opts.Progress, emit)
	}
	if err := engine.CheckRange("subtraction.Losing", "max", max, 0, 1<<31-1); err != nil {
		return err
	}
	g, err := subtractionGrundy(ctx, s, int(max), opts.Workers, opts.Progress)
	if err != nil {
		return err
	}
	var batch []int64
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

// LosingMemory estimates the peak bytes of Losing(ctx, s, max, ...), not
// counting what emit keeps. It returns 0 for a max Losing rejects.
func LosingMemory(s Set, max int64) int64 {
	if s.isSquares() {
		return squaresLosingMemory(max)
	}
	if max < 0 || max > 1<<31-1 {
		return 0
	}
	return Memory(s, int(max)) + 8<<16
}

// subtractionGrundy is Values with positional options, for the
// general engine alone. It returns the Grundy values g(0..max) of the
// subtraction game of s: g(n) = mex{ g(n-x) : x in s, x <= n }. workers <= 0 means
// runtime.GOMAXPROCS(0); only large sets use more than one. progress, if not
// nil, receives (highest n computed, max) from time to time. When ctx is
// cancelled it returns ctx.Err() promptly. See the comment of subtraction.go
// for the method and its cost, and Memory for the memory.
func subtractionGrundy(ctx context.Context, s Set, max int, workers int, progress grundy.Progress) ([]int32, error) {
	if max < 0 {
		return nil, engine.CheckRange("subtraction.Values", "max", int64(max), 0, math.MaxInt32)
	}
	if s.name == "" && len(s.finite) == 0 {
		return nil, fmt.Errorf("subtraction: the set is not valid (use NewSet)")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	elems := s.Members(max)
	g := make([]int32, max+1)
	var err error
	if len(elems) < 64 {
		err = subtractionSmall(ctx, g, elems, progress)
	} else {
		err = subtractionSegmented(ctx, g, elems, grundy.Goroutines(workers), progress)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// subtractionSmall fills g for fewer than 64 elements: every value is at most
// the number of moves, so the seen values fit one word.
func subtractionSmall(ctx context.Context, g []int32, elems []int, progress grundy.Progress) error {
	top := len(g) - 1
	step := max(1, len(g)/512)
	for n := 1; n <= top; n++ {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var seen uint64
		for _, x := range elems {
			if x > n {
				break
			}
			seen |= 1 << (uint32(g[n-x]) & 63)
		}
		g[n] = int32(bits.TrailingZeros64(^seen))
		if n%step == 0 {
			progress.Report(int64(n), int64(top))
		}
	}
	progress.Report(int64(top), int64(top))
	return nil
}

// subtractionState is the state of one segmented computation.
type subtractionState struct {
	g       []int32
	elems   []int
	workers int
	vmax    int32    // largest value so far
	buf     []uint64 // the row of the heap being finished
}

// subtractionSegmented fills g segment by segment (see the comment of
// subtraction.go).
func subtractionSegmented(ctx context.Context, g []int32, elems []int, workers int, progress grundy.Progress) error {
	st := &subtractionState{g: g, elems: elems, workers: workers}
	top := len(g) - 1
	var rows [][]uint64
	w := 0
	reported := 0
	for a := 0; a <= top; {
		if err := ctx.Err(); err != nil {
			return err
		}
		// Rows hold the values before the segment, all <= vmax.
		if nw := subtractionWordsFor(int(st.vmax)); nw != w || rows == nil {
			w = nw
			rows = make([][]uint64, workers)
		}
		seg := subtractionSegmentFor(w)
		end := min(a+seg, top+1)
		if err := st.long(ctx, rows, w, a, end); err != nil {
			return err
		}
		st.short(rows[0], w, a, end)
		a = end
		if a-1-reported >= len(g)/512 || a > top {
			reported = a - 1
			progress.Report(int64(a-1), int64(top))
		}
	}
	return nil
}

// parallel runs mark over the elements xs in blocks that the workers take in
// turn, each into its own buffer of size words (bufs[i], allocated with
// capacity capWords if missing), and ORs the buffers into bufs[0][:size].
func (st *subtractionState) parallel(ctx context.Context, bufs [][]uint64, size, capWords, work int, xs []int, mark func(buf []uint64, xs []int)) error {
	blocks := (len(xs) + subtractionBlock - 1) / subtractionBlock
	workers := st.workers
	if work < subtractionParallelMin {
		workers = 1
	}
	if len(bufs[0]) < size {
		bufs[0] = make([]uint64, max(size, capWords))
	}
	clear(bufs[0][:size])
	return engine.OrChunks(ctx, bufs, size, capWords, workers, blocks, func(buf []uint64, b int) {
		lo := b * subtractionBlock
		mark(buf, xs[lo:min(lo+subtractionBlock, len(xs))])
	})
}

// long folds into rows[0] (w words a heap) the values of every move from the
// segment [a, end) that lands before a, in parallel over the elements.
func (st *subtractionState) long(ctx context.Context, rows [][]uint64, w, a, end int) error {
	n := end - a
	// Elements reaching before a from some heap of the segment: x <= end-1.
	last, _ := slices.BinarySearch(st.elems, end)
	xs := st.elems[:last]
	return st.parallel(ctx, rows, n*w, subtractionSegmentFor(w)*w, n*len(xs), xs, func(buf []uint64, xs []int) {
		st.markBlock(buf, w, a, n, xs)
	})
}

// set records g(n) = v.
func (st *subtractionState) set(n int, v int32) {
	st.g[n] = v
	st.vmax = max(st.vmax, v)
}

// markBlock folds the moves x in xs from the segment of n heaps at a that
// land before a into rows (w words a heap): four moves at a time where all
// four cover the whole segment, the others one by one over their part of it.
func (st *subtractionState) markBlock(rows []uint64, w, a, n int, xs []int) {
	g := st.g
	for j := 0; j < len(xs); {
		x := xs[j]
		// Heaps a+i with 0 <= a+i-x < a.
		i0, i1 := max(0, x-a), min(x, n)
		if w == 1 && j+7 < len(xs) && i0 == 0 && i1 == n && xs[j+7]-a <= 0 {
			var src [8][]int32
			for q := range src {
				src[q] = g[a-xs[j+q] : a-xs[j+q]+n]
			}
			subtractionMark8(rows[:n], &src)
			j += 8
			continue
		}
		if j+3 < len(xs) && i0 == 0 && i1 == n && xs[j+3]-a <= 0 {
			// x..xs[j+3] all cover the segment: x >= n, and x <= a.
			s0 := g[a-x : a-x+n]
			s1 := g[a-xs[j+1] : a-xs[j+1]+n]
			s2 := g[a-xs[j+2] : a-xs[j+2]+n]
			s3 := g[a-xs[j+3] : a-xs[j+3]+n]
			if w == 1 {
				subtractionMark4(rows[:n], s0, s1, s2, s3)
			} else {
				subtractionMarkW4(rows[:n*w], w, s0, s1, s2, s3)
			}
			j += 4
			continue
		}
		if i0 < i1 {
			src := g[a+i0-x : a+i1-x]
			if w == 1 {
				subtractionMark1(rows[i0:i1], src)
			} else {
				subtractionMarkW(rows[i0*w:i1*w], w, src)
			}
		}
		j++
	}
}

// subtractionMark4 sets bits s0[i], s1[i], s2[i] and s3[i] in rows[i] for
// every i: one-word rows, values below 64, four moves per pass.
func subtractionMark4(rows []uint64, s0, s1, s2, s3 []int32) {
	n := len(rows)
	s0, s1, s2, s3 = s0[:n], s1[:n], s2[:n], s3[:n]
	for i := range rows {
		rows[i] |= 1<<(uint32(s0[i])&63) | 1<<(uint32(s1[i])&63) |
			1<<(uint32(s2[i])&63) | 1<<(uint32(s3[i])&63)
	}
}

// subtractionMark8 is subtractionMark4 for eight moves.
func subtractionMark8(rows []uint64, src *[8][]int32) {
	n := len(rows)
	s0, s1, s2, s3 := src[0][:n], src[1][:n], src[2][:n], src[3][:n]
	s4, s5, s6, s7 := src[4][:n], src[5][:n], src[6][:n], src[7][:n]
	for i := range rows {
		rows[i] |= 1<<(uint32(s0[i])&63) | 1<<(uint32(s1[i])&63) |
			1<<(uint32(s2[i])&63) | 1<<(uint32(s3[i])&63) |
			1<<(uint32(s4[i])&63) | 1<<(uint32(s5[i])&63) |
			1<<(uint32(s6[i])&63) | 1<<(uint32(s7[i])&63)
	}
}

// subtractionMark1 sets bit src[i] in rows[i] for every i: one-word rows,
// values below 64.
func subtractionMark1(rows []uint64, src []int32) {
	rows = rows[:len(src)]
	for i, v := range src {
		rows[i] |= 1 << (uint32(v) & 63)
	}
}

// subtractionMarkW4 is subtractionMark4 for rows of w words.
func subtractionMarkW4(rows []uint64, w int, s0, s1, s2, s3 []int32) {
	n := len(s0)
	s1, s2, s3 = s1[:n], s2[:n], s3[:n]
	for i := range s0 {
		r := rows[i*w : i*w+w]
		v0, v1, v2, v3 := uint32(s0[i]), uint32(s1[i]), uint32(s2[i]), uint32(s3[i])
		r[v0>>6] |= 1 << (v0 & 63)
		r[v1>>6] |= 1 << (v1 & 63)
		r[v2>>6] |= 1 << (v2 & 63)
		r[v3>>6] |= 1 << (v3 & 63)
	}
}

// subtractionMarkW sets bit src[i] in row i (w words each) for every i.
func subtractionMarkW(rows []uint64, w int, src []int32) {
	for i, v := range src {
		rows[i*w+int(uint32(v)>>6)] |= 1 << (uint32(v) & 63)
	}
}

// short finishes the segment [a, end) in order: for each heap it adds the
// moves that stay inside the segment to its row and takes the mex.
func (st *subtractionState) short(rows []uint64, w, a, end int) {
	g := st.g
	for n := a; n < end; n++ {
		i := n - a
		// Values inside the segment may outgrow the rows: buf holds every
		// value up to vmax and one more word for the mex.
		need := subtractionWordsFor(int(st.vmax)) + 1
		if len(st.buf) < need {
			st.buf = make([]uint64, need)
		}
		buf := st.buf[:need]
		clear(buf)
		copy(buf, rows[i*w:(i+1)*w])
		for _, x := range st.elems {
			if x > i {
				break
			}
			v := uint32(g[n-x])
			buf[v>>6] |= 1 << (v & 63)
		}
		st.set(n, int32(engine.MexBits(buf)))
	}
}
