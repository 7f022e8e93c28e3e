package grundy

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/tabulate-games/tabulate/analysis"
)

// Octal games. A position is a set of heaps of tokens; a move takes one heap,
// removes k tokens from it and leaves what remains as zero, one or two heaps,
// as the code d0.d1d2d3... allows. Digit d_k is a bit mask:
//
//	1: the k tokens may be removed when they are the whole heap (heap = k);
//	2: they may be removed leaving one heap (heap > k);
//	4: they may be removed leaving two non-empty heaps (heap >= k+2).
//
// Zero tokens are not a heap. The digit before the point, d_0, removes no
// tokens: only 4 (split a heap into two non-empty heaps) makes sense there; 1
// would remove an empty heap and 2 would be a pass that leaves the same heap,
// so ParseOctal accepts only 0 and 4 before the point. These are the
// conventions of Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 4
// ("Taking and breaking"), of Siegel, Combinatorial Game Theory (AMS 2013),
// section IV.2, and of Flammenkamp's tables of octal games
// (wwwhomes.uni-bielefeld.de/achim/octal.html: "d0 never contains 1 or 2").
// For example 0.07 is Dawson's Kayles (remove two adjacent tokens from a row),
// 0.77 is Kayles, 0.137 is Dawson's chess and 4.07 is Dawson's Kayles with an
// extra move that splits a row in two without removing anything.
//
// A heap's Grundy value is the mex of the values of its options, an option of
// two heaps a and b having value g(a) XOR g(b).
//
// # The sparse-space engine
//
// The mex over every split costs O(n) at heap n, O(n^2) in all. OctalGrundy
// avoids most of it with the sparse-space method (Winning Ways, ch. 4, "Sparse
// space spells speed", after Berlekamp; A. Gangolli and T. Plambeck, "A note
// on periodicity in some octal games", Int. J. Game Theory 18 (1989) 311-320;
// Flammenkamp, wwwhomes.uni-bielefeld.de/achim/octal_sparse.html). Fix a bit
// mask m and e in {0, 1}, and call the parity of a value v the parity of the
// number of 1 bits of v AND m. Label each heap a >= 1 by
//
//	label(a) = parity(g(a)) XOR (e AND a AND 1).
//
// Parity is linear under XOR, so a split of s = a+b into heaps of equal labels
// has value of parity e AND s AND 1, and only a split with exactly one heap of
// each label reaches the other parity. For many games one label is rare: few
// heaps carry it. Then at heap n, for each split digit k (s = n-k):
//
//  1. every split involving a rare heap is listed (O(#rare)): this finds every
//     option value of the "hard" parity 1 XOR (e AND s AND 1) exactly;
//  2. v* is the least value of the hard parity (of every split digit) that is
//     not an option: nothing else can produce it;
//  3. the values below v* not yet seen have the other parity, which the
//     splits of two heaps of one label give in plenty; for each the split
//     that showed it last time is tried, then the splits are scanned from
//     both ends at once (the smallest heaps, and the most even splits, whose
//     parts lie in the regular stretch of the sequence), across the split
//     digits together, until each is seen, which takes a few steps, and then
//     g(n) = v*. If the scan runs through every split without seeing them
//     all, the full option set is known and its mex is g(n): that heap is
//     then rare.
//
// Whatever the mask, this gives the exact mex: the mask only decides how fast.
// The engine chooses m (below 1024) and e at checkpoints n = 128, 256, 512,
// ... from a histogram of the values so far, taking the labelling with the
// fewest rare heaps, and uses it while rare heaps are at most 1/8 of all.
// The rare label is e AND t AND 1 for a split digit t: a heap n of the other
// label has a value of the hard parity of its own splits (s = n-t), so that
// step 2 finds its mex. Otherwise, or for a game with no split digit, the
// engine takes the plain mex over every split, 64 values to a word.
//
// For e = 1 the hard parity depends on the parity of s, so it is used only
// when all split digits have the same parity. Some games have no sparse
// space: under every labelling a third of the heaps of Dawson's Kayles 0.07
// and of Dawson's chess 0.137 are rare. Kayles 0.77 has 9 rare heaps (m =
// 15, e = 0), the last at n = 70; 0.16 has 52 up to 10^7 (m = 30, e = 0),
// and the engine computes its 2^19 values in a fraction of a second, where
// the plain mex takes minutes; 0.127 has about 700 up to 10^5 (m = 1, e = 1).
//
// # Periodicity
//
// At the same checkpoints the engine asks whether the values so far prove,
// by the octal periodicity theorem, that the sequence is periodic for ever; if
// they do, the remaining values are copied one period back, which is exact.
// The theorem (Guy and Smith 1956; Winning Ways, ch. 4; Siegel, section IV.2):
// let t be the largest k with d_k != 0; if g(n+p) = g(n) for every n with
// n0 <= n < 2*n0 + p + t, then g(n+p) = g(n) for every n >= n0. The engine
// applies it with max(n0, 1) in place of n0 in the upper bound of the window:
// the induction maps a split (a, b) of n+p, b >= a, to the split (a, b-p) of
// n, which needs b-p >= 1; b-p >= n0 gives that only for n0 >= 1. (With
// n0 = 0 the plain statement fails: for 0.04, g = 0, 0, 0, 0, 1, ... repeats
// with p = 1 on the window 0 <= n < 3 but g(4) = 1.) The same induction covers
// d_0 = 4, a split that removes k = 0 tokens, so the theorem and t as defined
// hold for the codes with a digit before the point as well.
//
// Kayles and Dawson's chess are proven at the checkpoint 256, 0.127 (period
// 4 after a last exception at n = 46577) at 131072 and 0.16 (period 149459
// after n = 105350; both found by Gangolli and Plambeck) at 2^19 = 524288.

// OctalCode is a parsed octal game code d0.d1d2...; the zero value is the game
// 0.0, which has no moves.
type OctalCode struct {
	d string // d[k] is digit d_k (0..7) for 0 <= k <= t; len >= 1, last digit non-zero unless len == 1
}

// OctalCodeError reports a malformed octal game code.
type OctalCodeError struct {
	Code   string // the code as given
	Pos    int    // 0-based byte index of the offending character, or -1
	Char   rune   // the character at Pos (utf8.RuneError if not UTF-8)
	Reason string // what is wrong and what is allowed
}

// Error reads like `octal code "0.08": character '8' at position 3
// (0-based): only digits 0-7 and one point are allowed, as in "0.07"`.
func (e *OctalCodeError) Error() string {
	if e.Pos < 0 {
		return fmt.Sprintf("octal code %q: %s", e.Code, e.Reason)
	}
	return fmt.Sprintf("octal code %q: character %q at position %d (0-based): %s", e.Code, e.Char, e.Pos, e.Reason)
}

// ParseOctal parses an octal game code "d0.d1d2d3...": digits 0-7 and one
// point, the digit before the point optional (default 0) and only 0 or 4
// ("0.07", ".07", "0.77", "0.137", "4.07"). Trailing zeros after the point
// are dropped ("0.070" is 0.07); "4." is 4.0. A malformed code gives an
// *OctalCodeError naming the first offending character and what is allowed.
func ParseOctal(code string) (OctalCode, error) {
	bad := func(pos int, reason string) (OctalCode, error) {
		e := &OctalCodeError{Code: code, Pos: pos, Reason: reason}
		if pos >= 0 {
			e.Char, _ = utf8.DecodeRuneInString(code[pos:])
		}
		return OctalCode{}, e
	}
	if code == "" {
		return bad(-1, `empty: write the code as d0.d1d2..., digits 0-7 and one point, as in "0.07"`)
	}
	point := -1
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '.':
			if point >= 0 {
				return bad(i, fmt.Sprintf("a second point (the first is at position %d): a code has exactly one point, as in \"0.07\"", point))
			}
			point = i
		case c >= '0' && c <= '7':
		default:
			return bad(i, `only digits 0-7 and one point are allowed, as in "0.07"`)
		}
	}
	if point < 0 {
		return bad(-1, `no point: write the code as d0.d1d2..., digits 0-7 and one point, as in "0.07" or ".07"`)
	}
	if point > 1 {
		return bad(1, "only one digit, d0 (0 or 4), may stand before the point")
	}
	if len(code) == 1 {
		return bad(-1, `no digits: write the code as d0.d1d2..., as in "0.07"`)
	}
	d := make([]byte, 0, len(code))
	if point == 1 {
		d0 := code[0] - '0'
		if d0 != 0 && d0 != 4 {
			return bad(0, "the digit before the point, d0, may only be 0 or 4 (4: split a heap into two non-empty heaps without removing tokens; 1 and 2 would remove nothing, leaving no heap or the same heap)")
		}
		d = append(d, d0)
	} else {
		d = append(d, 0)
	}
	for i := point + 1; i < len(code); i++ {
		d = append(d, code[i]-'0')
	}
	for len(d) > 1 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return OctalCode{d: string(d)}, nil
}

// String returns the canonical code: d0, a point and the digits up to the
// last non-zero one, as in "0.07", "4.07" or "4.0".
func (c OctalCode) String() string {
	var b strings.Builder
	b.WriteByte('0' + byte(c.Digit(0)))
	b.WriteByte('.')
	if len(c.d) <= 1 {
		b.WriteByte('0')
		return b.String()
	}
	for k := 1; k < len(c.d); k++ {
		b.WriteByte('0' + c.d[k])
	}
	return b.String()
}

// Digit returns d_k, the digit for removing k tokens (0 beyond the code and
// for k < 0).
func (c OctalCode) Digit(k int) int {
	if k < 0 || k >= len(c.d) {
		return 0
	}
	return int(c.d[k])
}

// MaxRemove returns t for the octal periodicity theorem (analysis.ProveOctal):
// the largest k with d_k != 0, the most tokens one move removes (2 for 0.07
// and 0.77, 3 for 0.137, 2 for 4.07). For a code whose only non-zero digit is
// d_0 (4.0) or that has none (0.0), the theorem holds with t = 0, and with
// any larger t too (a larger t only widens the window it checks), so
// MaxRemove returns 1, the least value analysis.ProveOctal takes.
//
// The theorem holds as stated for codes with d_0 = 4 (see the file comment of
// octal.go for the argument), provided the preperiod n0 is at least 1 or the
// window is widened as OctalGrundy does.
func (c OctalCode) MaxRemove() int {
	return max(len(c.d)-1, 1)
}

// octalRules lists the moves of a code by kind.
type octalRules struct {
	t      int   // largest k with d_k != 0 (0 for 4.0 and 0.0)
	whole  []int // k >= 1 with bit 1: a heap of exactly k may be removed
	single []int // k >= 1 with bit 2: remove k from a heap > k, leaving one heap
	split  []int // k >= 0 with bit 4: remove k from a heap >= k+2, leaving two
}

// octalRulesOf returns the moves of c.
func octalRulesOf(c OctalCode) octalRules {
	r := octalRules{t: len(c.d) - 1}
	for k := 0; k < len(c.d); k++ {
		dk := c.d[k]
		if dk&1 != 0 && k >= 1 {
			r.whole = append(r.whole, k)
		}
		if dk&2 != 0 && k >= 1 {
			r.single = append(r.single, k)
		}
		if dk&4 != 0 {
			r.split = append(r.split, k)
		}
	}
	return r
}

// octalCheckMax rejects a negative max.
func octalCheckMax(c OctalCode, max int) error {
	if max < 0 {
		return fmt.Errorf("grundy: octal game %s: max %d is negative", c, max)
	}
	return nil
}

// OctalGrundyNaive returns g(0..max) of the octal game c by the plain
// definition: at each n the mex over every move, each split a+b = n-k with
// 1 <= a <= b listed once. It takes O(max^2) steps (about max^2/4 for each
// split digit) and serves as the reference for OctalGrundy in tests and
// benchmarks. When ctx is cancelled it returns ctx.Err().
func OctalGrundyNaive(ctx context.Context, c OctalCode, max int) ([]int32, error) {
	if err := octalCheckMax(c, max); err != nil {
		return nil, err
	}
	r := octalRulesOf(c)
	g := make([]int32, max+1)
	seen := make([]uint64, 2)
	for n := 1; n <= max; n++ {
		if n&63 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		clear(seen)
		mark := func(v int32) {
			for int(v)>>6 >= len(seen) {
				seen = append(seen, 0)
			}
			seen[v>>6] |= 1 << (v & 63)
		}
		for _, k := range r.whole {
			if n == k {
				mark(0)
			}
		}
		for _, k := range r.single {
			if n > k {
				mark(g[n-k])
			}
		}
		for _, k := range r.split {
			s := n - k
			for a := 1; a <= s/2; a++ {
				mark(g[a] ^ g[s-a])
			}
		}
		seen = append(seen, 0) // a clear bit past every option
		g[n] = int32(octalMexBits(seen))
		seen = seen[:len(seen)-1]
	}
	return g, nil
}

// octalHistBits bounds the masks the sparse-space engine tries: m < 1<<10.
const octalHistBits = 10

// octalSparseRatio is the largest share of rare heaps, 1/octalSparseRatio,
// at which the sparse-space engine is used.
const octalSparseRatio = 8

// octalFirstCheckpoint is the first n at which the engine chooses a mask and
// looks for a proven period; the next ones double it.
const octalFirstCheckpoint = 128

// octalOptions switches the parts of OctalGrundy; tests and benchmarks turn
// them off to measure or check one alone.
type octalOptions struct {
	noSparse   bool // never use the sparse-space method
	noPeriodic bool // never copy values by a proven period
}

// octalEngine is the state of one OctalGrundy computation.
type octalEngine struct {
	r    octalRules
	g    []int32
	vmax int32 // largest value so far

	// seen is the scratch bit set of option values: every option value
	// (an XOR of two values so far) is below 64*(len(seen)-2), and the
	// mex at most that.
	seen []uint64

	// The sparse-space labelling, when sparse is set: label(a) =
	// parity(g(a) & mask) ^ (dom & a & 1); rare lists, ascending, every
	// heap a >= 1 with label rho, and rareG their values.
	sparse bool
	mask   uint32
	dom    int
	rho    int
	rare   []int32
	rareG  []int32

	// hist[p][v] counts the heaps a >= 1 with a&1 == p and
	// g(a) & (1<<octalHistBits - 1) == v.
	hist [2][1 << octalHistBits]int64

	// wit[v] is the split that last showed value v in sparse mode.
	wit []octalWitness

	// Figures for tests: heaps whose mex needed a full scan in sparse mode.
	fullScans int64
}

// octalWitness is a split a + (n-k-a) by split digit split[ki].
type octalWitness struct {
	a, ki int32
}

// OctalGrundy returns the Grundy values g(0..max) of a single heap of the
// octal game c, exactly. It computes each value as the mex of its options,
// with the sparse-space method when the values so far show a sparse space and
// the plain mex over every split otherwise (see the comment of octal.go), and
// once the values computed prove by the octal periodicity theorem that the
// sequence is periodic, fills in the rest one period back. Kayles (0.77),
// Dawson's Kayles (0.07) and Dawson's chess (0.137) are proven after 256
// values, so any max costs little more than writing the result (10^7 values
// of 0.07 take about 40 ms and the 40 MB of the result). Until a period is
// proven, a game with a sparse space costs about the number of rare heaps
// per heap (0.16: 52), and a game with neither costs O(max^2), like
// OctalGrundyNaive but faster by a constant.
//
// progress, if not nil, receives (highest n computed, max) from time to time.
// When ctx is cancelled OctalGrundy returns ctx.Err() promptly. Memory is
// about OctalGrundyMemory(c, max).
func OctalGrundy(ctx context.Context, c OctalCode, max int, progress Progress) ([]int32, error) {
	return octalGrundy(ctx, c, max, progress, octalOptions{})
}

// OctalGrundyMemory estimates the peak bytes OctalGrundy(c, max) allocates:
// the result (4 bytes a value), the list of rare heaps (at most 1/8 of them
// at a checkpoint when in use, 8 bytes each, doubled for slice growth), the
// scratch of the period check (2 bytes a value) and a fixed 64 KiB. It
// returns 0 for a negative max.
func OctalGrundyMemory(c OctalCode, max int) int64 {
	if max < 0 {
		return 0
	}
	n := int64(max) + 1
	return 4*n + 2*8*n/octalSparseRatio + 2*n + 64<<10
}

// octalGrundy is OctalGrundy with options.
func octalGrundy(ctx context.Context, c OctalCode, max int, progress Progress, opt octalOptions) ([]int32, error) {
	e, err := octalRun(ctx, c, max, progress, opt)
	if err != nil {
		return nil, err
	}
	return e.g, nil
}

// octalRun runs the engine and returns its final state.
func octalRun(ctx context.Context, c OctalCode, max int, progress Progress, opt octalOptions) (*octalEngine, error) {
	if err := octalCheckMax(c, max); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e := &octalEngine{r: octalRulesOf(c), g: make([]int32, max+1), seen: make([]uint64, 2)}
	g := e.g
	checkpoint := octalFirstCheckpoint
	step := (max + 1) / 512 // progress granularity
	if step < 1 {
		step = 1
	}
	nextReport := step
	for n := 1; n <= max; n++ {
		if n == checkpoint {
			checkpoint *= 2
			if !opt.noPeriodic {
				if p, ok := octalProvenPeriod(g[:n], e.r.t); ok {
					for i := n; i <= max; i++ {
						g[i] = g[i-p]
					}
					break
				}
			}
			if !opt.noSparse {
				e.choose(n)
			}
		}
		if n&1023 == 0 || (!e.sparse && n&15 == 0 && n >= 1<<14) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var v int32
		if e.sparse {
			v = e.sparseMex(n)
		} else {
			v = e.fullMex(n)
		}
		e.add(n, v)
		if n >= nextReport {
			progress.report(int64(n), int64(max))
			nextReport = n + step
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress.report(int64(max), int64(max))
	return e, nil
}

// add records g(n) = v.
func (e *octalEngine) add(n int, v int32) {
	e.g[n] = v
	if v > e.vmax {
		e.vmax = v
		// Options of later heaps are XORs of values <= vmax, below the
		// next power of two; one more word holds a mex equal to it.
		if w := (1<<bits.Len32(uint32(v)))/64 + 2; w > len(e.seen) {
			e.seen = make([]uint64, w)
		}
	}
	e.hist[n&1][v&(1<<octalHistBits-1)]++
	if e.sparse && e.label(n) == e.rho {
		e.rare = append(e.rare, int32(n))
		e.rareG = append(e.rareG, v)
	}
}

// label returns the sparse-space label of heap a.
func (e *octalEngine) label(a int) int {
	return bits.OnesCount32(uint32(e.g[a])&e.mask)&1 ^ (e.dom & a & 1)
}

// fullMex returns the mex at n over every option.
func (e *octalEngine) fullMex(n int) int32 {
	g := e.g
	if e.vmax < 64 { // every option value is below 64: one word
		var s uint64
		for _, k := range e.r.whole {
			if n == k {
				s |= 1
			}
		}
		for _, k := range e.r.single {
			if n > k {
				s |= 1 << (uint32(g[n-k]) & 63)
			}
		}
		for _, k := range e.r.split {
			if n-k >= 2 {
				s |= octalSplits64(g, n-k)
			}
		}
		return int32(bits.TrailingZeros64(^s))
	}
	seen := e.seen
	clear(seen)
	for _, k := range e.r.whole {
		if n == k {
			seen[0] |= 1
		}
	}
	for _, k := range e.r.single {
		if n > k {
			v := uint32(g[n-k])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	for _, k := range e.r.split {
		s := n - k
		for a := 1; a <= s/2; a++ {
			v := uint32(g[a] ^ g[s-a])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	return int32(octalMexBits(seen))
}

// octalSplits64 returns the set, as bits of a word, of g(a) XOR g(s-a) over
// 1 <= a <= s/2, for values below 64.
func octalSplits64(g []int32, s int) uint64 {
	h := s / 2
	lo := g[1 : h+1]
	hi := g[s-h : s] // the partner of lo[i] (a = i+1) is g[s-1-i] = hi[h-1-i]
	var m0, m1, m2, m3 uint64
	j := len(hi) - 1
	i := 0
	for ; i+3 < len(lo) && j >= 3; i, j = i+4, j-4 {
		m0 |= 1 << (uint32(lo[i]^hi[j]) & 63)
		m1 |= 1 << (uint32(lo[i+1]^hi[j-1]) & 63)
		m2 |= 1 << (uint32(lo[i+2]^hi[j-2]) & 63)
		m3 |= 1 << (uint32(lo[i+3]^hi[j-3]) & 63)
	}
	for ; i < len(lo) && j >= 0; i, j = i+1, j-1 {
		m0 |= 1 << (uint32(lo[i]^hi[j]) & 63)
	}
	return m0 | m1 | m2 | m3
}

// octalMexBits returns the least value whose bit is clear in seen, which
// must have a clear bit.
func octalMexBits(seen []uint64) int {
	w := 0
	for seen[w] == ^uint64(0) {
		w++
	}
	return w*64 + bits.TrailingZeros64(^seen[w])
}

// sparseMex returns the mex at n by the sparse-space method.
func (e *octalEngine) sparseMex(n int) int32 {
	g := e.g
	seen := e.seen
	clear(seen)
	mark := func(v int32) { seen[uint32(v)>>6] |= 1 << (uint32(v) & 63) }
	has := func(v int) bool { return v < 64*len(seen) && seen[v>>6]&(1<<(uint(v)&63)) != 0 }
	for _, k := range e.r.whole {
		if n == k {
			mark(0)
		}
	}
	for _, k := range e.r.single {
		if n > k {
			mark(g[n-k])
		}
	}
	// 1. Every split with a rare heap.
	for _, k := range e.r.split {
		s := n - k
		for i, r := range e.rare {
			if int(r) >= s {
				break
			}
			mark(e.rareG[i] ^ g[s-int(r)])
		}
	}
	// 2. The least value of the hard parity that is not an option. With
	// split digits of one parity when dom == 1, the hard parity is the same
	// for each of them.
	hard := 1
	if len(e.r.split) > 0 {
		hard = 1 ^ (e.dom & (n - e.r.split[0]) & 1)
	}
	vstar := 0
	for has(vstar) || bits.OnesCount32(uint32(vstar)&e.mask)&1 != hard {
		vstar++
	}
	// 3. The values below v* not seen yet, all of the other parity.
	need := 0
	for v := 0; v < vstar; v++ {
		if !has(v) {
			need++
		}
	}
	if need == 0 {
		return int32(vstar)
	}
	// First the split that showed each value last time, then every split,
	// from both ends at once (the smallest heaps, and the most even
	// splits, whose parts lie in the regular part of the sequence), and
	// across the split digits together: a value missing from the splits of
	// one digit may be among those of another.
	if len(e.wit) < vstar {
		e.wit = append(e.wit, make([]octalWitness, vstar-len(e.wit))...)
	}
	uv := uint32(vstar)
	hit := func(a, ki int, v int32) bool { // v < v*, not seen yet
		mark(v)
		e.wit[v] = octalWitness{a: int32(a), ki: int32(ki)}
		need--
		return need == 0
	}
	for v := 0; v < vstar; v++ {
		w := e.wit[v]
		if w.a == 0 || has(v) {
			continue
		}
		if a, s := int(w.a), n-e.r.split[w.ki]; 2*a <= s {
			if x := g[a] ^ g[s-a]; uint32(x) < uv && !has(int(x)) && hit(a, int(w.ki), x) {
				return int32(vstar)
			}
		}
	}
	const blk = 32 // splits taken from each end in turn
	for i := 0; ; i += blk {
		more := false
		for ki, k := range e.r.split {
			s := n - k
			h := s / 2
			loA, loB := 1+i, min(i+blk, h-i)
			if loA > loB {
				continue // every split of this digit has been looked at
			}
			more = true
			hiA, hiB := max(h-i-blk+1, loB+1), h-i
			for a := loA; a <= loB; a++ {
				if x := g[a] ^ g[s-a]; uint32(x) < uv && seen[uint32(x)>>6]&(1<<(uint32(x)&63)) == 0 && hit(a, ki, x) {
					return int32(vstar)
				}
			}
			for a := hiB; a >= hiA; a-- {
				if x := g[a] ^ g[s-a]; uint32(x) < uv && seen[uint32(x)>>6]&(1<<(uint32(x)&63)) == 0 && hit(a, ki, x) {
					return int32(vstar)
				}
			}
		}
		if !more {
			break
		}
	}
	// Every option is known and a value below v* is not one.
	e.fullScans++
	return int32(octalMexBits(seen))
}

// choose picks, from the values of heaps 1..n-1, the sparse-space labelling
// with the fewest rare heaps, and turns the sparse-space method on if they are
// few enough, or off.
func (e *octalEngine) choose(n int) {
	if len(e.r.split) == 0 {
		return // no splits: the plain mex is O(t) already
	}
	sameParity := true
	for _, k := range e.r.split {
		if (k-e.r.split[0])&1 != 0 {
			sameParity = false
		}
	}
	vbits := min(bits.Len32(uint32(e.vmax)), octalHistBits)
	nv := 1 << vbits
	bestCount, bestMask, bestDom := int64(-1), uint32(0), 0
	for dom := 0; dom <= 1; dom++ {
		if dom == 1 && !sameParity {
			continue
		}
		rho := dom & e.r.split[0] & 1
		for m := uint32(1); m < uint32(nv); m++ {
			var cnt int64
			for p := 0; p <= 1; p++ {
				for v := 0; v < nv; v++ {
					// hist folds values modulo 1<<octalHistBits, and
					// m has no higher bit.
					if bits.OnesCount32(uint32(v)&m)&1^(dom&p) == rho {
						cnt += e.hist[p][v]
					}
				}
			}
			if bestCount < 0 || cnt < bestCount {
				bestCount, bestMask, bestDom = cnt, m, dom
			}
		}
	}
	use := bestCount >= 0 && bestCount*octalSparseRatio <= int64(n)
	if !use {
		e.sparse = false
		e.rare, e.rareG = nil, nil
		return
	}
	if e.sparse && e.mask == bestMask && e.dom == bestDom {
		return
	}
	e.sparse, e.mask, e.dom, e.rho = true, bestMask, bestDom, bestDom&e.r.split[0]&1
	e.rare, e.rareG = e.rare[:0], e.rareG[:0]
	for a := 1; a < n; a++ {
		if e.label(a) == e.rho {
			e.rare = append(e.rare, int32(a))
			e.rareG = append(e.rareG, e.g[a])
		}
	}
}

// octalProvenPeriod reports whether g, the Grundy values g(0..len(g)-1) of
// an octal game whose largest move removes t tokens, proves by the octal
// periodicity theorem that the sequence is periodic, and with which period p:
// the smallest p for which, with n0 the least index such that g(n+p) = g(n)
// for n0 <= n < len(g)-p, the window of the theorem, n0 <= n < 2*max(n0, 1)
// + p + t, lies inside the values (2*max(n0, 1) + 2*p + t <= len(g)), as
// analysis.ProveOctal requires.
func octalProvenPeriod(g []int32, t int) (int, bool) {
	n := len(g)
	if n < 4 {
		return 0, false
	}
	p := analysis.FindPeriodWhere(g, func(period, preperiod int) bool {
		return 2*max(preperiod, 1)+2*period+t <= n
	})
	return p.Period, p.Found
}
