package caniwin

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// Outcome is the result of a Can I Win pair (M, T) under best play.
type Outcome uint8

const (
	// OutcomeFirst means the first player can force a win. It is the
	// outcome of every pair with T <= M (T = 0 included), where the first
	// pick already reaches the total.
	OutcomeFirst Outcome = iota + 1
	// OutcomeSecond means the second player can force a win: every first
	// pick loses.
	OutcomeSecond
	// OutcomeUnreachable means 1+2+...+M < T: the total can never be
	// reached, nobody wins, and the answer to "can the first player force a
	// win" is false.
	OutcomeUnreachable
)

// String returns "first", "second" or "unreachable", the words of the
// caniwin/pairs outcome column.
func (o Outcome) String() string {
	switch o {
	case OutcomeFirst:
		return "first"
	case OutcomeSecond:
		return "second"
	case OutcomeUnreachable:
		return "unreachable"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// FirstPlayerWins reports whether o is OutcomeFirst: the answer to the
// original problem, "can the first player force a win".
func (o Outcome) FirstPlayerWins() bool { return o == OutcomeFirst }

// ChoosableMax is the largest pool size M that Tabulate accepts.
// The engine visits all 2^M subsets of the pool.
const ChoosableMax = 25

// TotalMax is the largest desired total T that Tabulate accepts:
// 1+2+...+ChoosableMax. A pair whose T exceeds 1+...+M is unreachable,
// so a table may hold such totals (the default table has M <= 20, T <= 300)
// but any larger bound would only add unreachable rows.
const TotalMax = ChoosableMax * (ChoosableMax + 1) / 2

// caniwinChunk is how many sets one task of the worker pool handles.
const caniwinChunk = 8192

// Table answers every Can I Win pair 1 <= M <= MaxChoosable(),
// 0 <= T <= MaxTotal(): the outcome and the winning first picks. It is
// read-only once built and safe for concurrent use.
type Table struct {
	maxChoosable int
	maxTotal     int
	outcomes     []Outcome // index (m-1)*(maxTotal+1) + total
	moves        []uint32  // same index; bit x-1 set when first pick x wins
}

// MaxChoosable returns the largest pool size M in the table.
func (t *Table) MaxChoosable() int { return t.maxChoosable }

// MaxTotal returns the largest desired total T in the table.
func (t *Table) MaxTotal() int { return t.maxTotal }

// caniwinIndex returns the slot of pair (m, total) or panics when the pair
// lies outside the table, which is a programmer error.
func (t *Table) caniwinIndex(method string, m, total int) int {
	if m < 1 || m > t.maxChoosable || total < 0 || total > t.maxTotal {
		panic(fmt.Sprintf("caniwin: Table.%s(%d, %d) outside the table: M in 1..%d, T in 0..%d",
			method, m, total, t.maxChoosable, t.maxTotal))
	}
	return (m-1)*(t.maxTotal+1) + total
}

// Outcome returns the outcome of the pair with pool 1..m and desired total
// total. It panics if the pair is outside the table.
func (t *Table) Outcome(m, total int) Outcome {
	return t.outcomes[t.caniwinIndex("Outcome", m, total)]
}

// WinningMoves returns every first pick x in 1..m that wins for the first
// player, ascending: x wins when x >= total (the pick reaches the total at
// once) or when the second player cannot force a win from the pool without
// x and the total total-x. For total <= m these are exactly the picks
// x >= total, so for total = 0 every pick 1..m is listed. The slice is empty,
// not nil, when there is none: always for OutcomeSecond and
// OutcomeUnreachable. It panics if the pair is outside the table.
func (t *Table) WinningMoves(m, total int) []int32 {
	mv := t.moves[t.caniwinIndex("WinningMoves", m, total)]
	out := make([]int32, 0, bits.OnesCount32(mv))
	for ; mv != 0; mv &= mv - 1 {
		out = append(out, int32(bits.TrailingZeros32(mv)+1))
	}
	return out
}

// caniwinCheck validates the bounds of Tabulate.
func caniwinCheck(maxChoosable, maxTotal int) error {
	if err := engine.CheckRange("caniwin.Tabulate", "maxChoosable", int64(maxChoosable), 1, ChoosableMax); err != nil {
		return err
	}
	return engine.CheckRange("caniwin.Tabulate", "maxTotal", int64(maxTotal), 0, TotalMax)
}

// caniwinMaxWords is the largest number of 64-bit words of one bitset.
const caniwinMaxWords = TotalMax/64 + 1

// caniwinLayerWords returns the number of 64-bit words per set in layer k
// (the sets of k numbers out of 1..m): enough for the totals 0..min(maxTotal,
// s) where s, the sum of the k largest numbers, bounds sum(A) in the layer.
// Higher totals cannot be reached.
func caniwinLayerWords(m, k, maxTotal int) int {
	return min(maxTotal, k*m-k*(k-1)/2)/64 + 1
}

// caniwinBufferLen returns the length in words of a buffer that holds any
// layer, plus caniwinMaxWords of slack: a set may have one word more than
// its children, and reading that word past a child's bitset is harmless
// (see caniwinLayer) but must stay inside the buffer.
func caniwinBufferLen(c *[ChoosableMax + 2][ChoosableMax + 2]int, m, maxTotal int) int {
	n := 0
	for k := 0; k <= m; k++ {
		n = max(n, c[m][k]*caniwinLayerWords(m, k, maxTotal))
	}
	return n + caniwinMaxWords
}

// caniwinBinomials returns C(n, k) for 0 <= n, k <= ChoosableMax+1.
func caniwinBinomials() *[ChoosableMax + 2][ChoosableMax + 2]int {
	var c [ChoosableMax + 2][ChoosableMax + 2]int
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return &c
}

// Memory estimates the peak memory in bytes of
// Tabulate(ctx, maxChoosable, maxTotal, ...), or returns 0 for bounds that
// Tabulate rejects. The engine keeps two buffers, each large enough for
// any layer of subsets of one size, with a bitset per subset of as many
// 64-bit words as the totals reachable in that layer need. At M = 25,
// T = 325 the widest layer is the sets of 14 numbers, 4,457,400 of them with
// 5 words each, so the engine needs about 360 MB (M = 20, T = 300 about
// 8 MB). Callers should refuse bounds whose estimate exceeds their limit.
func Memory(maxChoosable, maxTotal int) int64 {
	if caniwinCheck(maxChoosable, maxTotal) != nil {
		return 0
	}
	c := caniwinBinomials()
	layers := 2 * int64(caniwinBufferLen(c, maxChoosable, maxTotal)) * 8
	pairs := int64(maxChoosable) * int64(maxTotal+1) * 5
	return layers + pairs + 64<<10
}

// Tabulate solves every Can I Win pair with pool size 1 <= M <=
// maxChoosable and desired total 0 <= T <= maxTotal in one retrograde pass
// over the 2^maxChoosable subsets of the pool 1..maxChoosable.
//
// The outcome of a position depends only on the set A of numbers still
// available and on the total R still needed, and for each A the engine keeps
// a bitset W_A over R = 0..maxTotal with W_A[R] set when the player to move
// can force a win:
//
//	W_A[R] = OR over x in A of ( x >= R  or  not W_{A\x}[R-x] )
//
// computed a word at a time: the bits R <= x are all set and the bits R > x
// are NOT(W_{A\x}) shifted up by x (the engine stores NOT(W_A), which is what
// the parents shift). Only bits up to min(maxTotal, sum(A)) are computed (a
// total above sum(A) cannot be reached); pairs with T above 1+...+M are
// OutcomeUnreachable. A pool 1..M' is the big pool
// with M'+1..maxChoosable already used, so every pair comes out of the same
// pass. Sets are processed by size, a layer depending only on the layer
// below, so only two layers are held at a time, each set with only the words
// its layer can reach (see Memory); each layer is split across
// opts.Workers goroutines (0 means every CPU, grundy.Goroutines).
//
// It returns a *grundy.RangeError when maxChoosable is outside
// 1..MaxChoosable or maxTotal is outside 0..MaxTotal, and ctx.Err()
// promptly when ctx is cancelled. opts.Progress, if not nil, is told the
// number of sets finished out of 2^maxChoosable.
func Tabulate(ctx context.Context, maxChoosable, maxTotal int, opts grundy.Options) (*Table, error) {
	workers, progress := opts.Workers, opts.Progress
	if err := caniwinCheck(maxChoosable, maxTotal); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	workers = grundy.Goroutines(workers)
	m := maxChoosable
	c := caniwinBinomials()
	prev := make([]uint64, caniwinBufferLen(c, m, maxTotal)) // layer k-1
	cur := make([]uint64, len(prev))
	prev[0] = ^uint64(0) // layer 0, the empty set: no move, every total lost
	t := &Table{
		maxChoosable: m,
		maxTotal:     maxTotal,
		outcomes:     make([]Outcome, m*(maxTotal+1)),
		moves:        make([]uint32, m*(maxTotal+1)),
	}

	total := int64(1) << m
	done := int64(1) // the empty set
	progress.Report(done, total)
	for k := 1; k <= m; k++ {
		size := c[m][k]
		wPrev, wCur := caniwinLayerWords(m, k-1, maxTotal), caniwinLayerWords(m, k, maxTotal)
		rk := newCaniwinRanks(c, wPrev)
		err := engine.Chunks(ctx, workers, size, caniwinChunk, progress, &done, total, func(lo, hi int) {
			caniwinLayer(prev, cur, c, rk, m, k, lo, hi, wPrev, wCur, maxTotal)
		})
		if err != nil {
			return nil, err
		}
		t.caniwinExtract(k, cur, prev, wPrev, wCur)
		prev, cur = cur, prev
	}
	return t, nil
}

// caniwinRanks holds the binomial coefficients that rank child sets (see
// caniwinLayer), indexed by e<<5|i so that the index needs no bounds check,
// and multiplied by the number of words per child so that they give offsets
// into the children's layer directly.
type caniwinRanks struct {
	up   [1024]int // C(e, i+1): the term of element e at index i of a set
	diff [1024]int // C(e, i) - C(e, i+1): how that term changes when the index drops to i-1
}

// newCaniwinRanks returns the rank terms for children of words words.
func newCaniwinRanks(c *[ChoosableMax + 2][ChoosableMax + 2]int, words int) *caniwinRanks {
	r := new(caniwinRanks)
	for e := 0; e < ChoosableMax; e++ {
		for i := 0; i <= ChoosableMax; i++ {
			r.up[e<<5|i] = c[e][i+1] * words
			r.diff[e<<5|i] = (c[e][i] - c[e][i+1]) * words
		}
	}
	return r
}

// caniwinLayer computes the bitsets of the sets of size k with colex ranks
// lo..hi-1 into cur, from the bitsets of the sets of size k-1 in prev.
//
// A set is a bitmask over 0..m-1, bit e standing for the number e+1. Sets of
// one size are stored in colex order, which is increasing order of the masks;
// the colex rank of a set with elements e_0 < e_1 < ... < e_{k-1} is the sum
// of C(e_i, i+1). Removing e_j lowers the index of every larger element by
// one, so the child's rank is
//
//	rank - C(e_j, j+1) + sum over i > j of (C(e_i, i) - C(e_i, i+1)),
//
// which a walk from the largest element down computes in one pass.
//
// Only the bits R <= top = min(maxTotal, sum(A)) of a set mean anything.
// A child's bit R lands on bit R+x of the set, so the child's meaningless
// bits (R > its own top) land above the set's top too, and the answers read
// no bit above top. Sets of layer k have wCur words, their children wPrev,
// and a set may need one word more than its children have (nw = wPrev+1):
// that word is read past the child's bitset, from the next set or the
// buffer's slack, and since 64*wPrev exceeds every top in layer k-1, all of
// it is meaningless in the same way.
func caniwinLayer(prev, cur []uint64, c *[ChoosableMax + 2][ChoosableMax + 2]int, rk *caniwinRanks, m, k, lo, hi, wPrev, wCur, maxTotal int) {
	// Unrank lo: the largest e with C(e, i) <= r, for i = k down to 1.
	var mask uint32
	r := lo
	e := m - 1
	for i := k; i >= 1; i-- {
		for c[e][i] > r {
			e--
		}
		mask |= 1 << e
		r -= c[e][i]
		e--
	}

	for rank := lo; rank < hi; rank++ {
		// sum(A) = k + the sum of the bit positions e, taken one binary
		// digit of e at a time: digit j is set in the positions of the
		// mask 0xAAAAAAAA, 0xCCCCCCCC, ... and is worth 2^j.
		sum := k + bits.OnesCount32(mask&0xAAAAAAAA) + 2*bits.OnesCount32(mask&0xCCCCCCCC) +
			4*bits.OnesCount32(mask&0xF0F0F0F0) + 8*bits.OnesCount32(mask&0xFF00FF00) +
			16*bits.OnesCount32(mask&0xFFFF0000)
		top := min(maxTotal, sum)
		nw := top>>6 + 1
		base := rank * wPrev
		out := cur[rank*wCur : rank*wCur+wCur : rank*wCur+wCur]

		// W_A from the children (base is where rank would start in prev),
		// then L_A = NOT(W_A), which is what the parents shift. Bits
		// 0..max(A) of W_A are set: an immediate win. The words past nw are
		// cleared.
		switch nw {
		case 1:
			out[0] = caniwinSet1(prev, rk, mask, k, base)
		case 2:
			out[0], out[1] = caniwinSet2(prev, rk, mask, k, base)
		case 3:
			out[0], out[1], out[2] = caniwinSet3(prev, rk, mask, k, base)
		case 4:
			out[0], out[1], out[2], out[3] = caniwinSet4(prev, rk, mask, k, base)
		default:
			caniwinSetN(prev, rk, mask, k, base, out[:nw])
		}
		out[0] |= uint64(1)<<(bits.Len32(mask)+1) - 1
		for w := range nw {
			out[w] = ^out[w]
		}
		clear(out[nw:])

		// The next mask with the same number of bits (Gosper's hack, in its
		// form without division).
		t := mask | (mask - 1)
		mask = (t + 1) | (((^t & -^t) - 1) >> (bits.TrailingZeros32(mask) + 1))
	}
}

// caniwinSet1 to caniwinSet4 and caniwinSetN compute W_A for the set mask
// of k elements from the complements L = NOT(W) of its children in prev,
// for A needing 1, 2, 3, 4 or any number of words: they OR in L_{A\x}
// shifted up by x. They walk the elements e from the largest down, i being
// the index of e and d the change of rank of the larger elements (times the
// children's words), so that base - up[e, i] + d is the child's offset in
// prev. The bits R <= x come out 0 here and are set by the caller. The
// usual widths are spelt out so that the accumulators stay in registers;
// the walk is the same in each.
func caniwinSet1(prev []uint64, rk *caniwinRanks, mask uint32, k, base int) uint64 {
	var a0 uint64
	d := 0
	i := uint(k - 1)
	for b := mask; b != 0; i-- {
		e := uint(31 - bits.LeadingZeros32(b))
		b ^= 1 << e
		at := (e<<5 | i) & 1023
		off := base - rk.up[at] + d
		d += rk.diff[at]
		a0 |= prev[off] << ((e + 1) & 63)
	}
	return a0
}

// caniwinSet2 is caniwinSet1 for two words.
func caniwinSet2(prev []uint64, rk *caniwinRanks, mask uint32, k, base int) (a0, a1 uint64) {
	d := 0
	i := uint(k - 1)
	for b := mask; b != 0; i-- {
		e := uint(31 - bits.LeadingZeros32(b))
		b ^= 1 << e
		at := (e<<5 | i) & 1023
		off := base - rk.up[at] + d
		d += rk.diff[at]
		x := (e + 1) & 63
		ch := prev[off : off+2 : off+2]
		v0, v1 := ch[0], ch[1]
		a0 |= v0 << x
		a1 |= v1<<x | v0>>((64-x)&63)
	}
	return a0, a1
}

// caniwinSet3 is caniwinSet1 for three words.
func caniwinSet3(prev []uint64, rk *caniwinRanks, mask uint32, k, base int) (a0, a1, a2 uint64) {
	d := 0
	i := uint(k - 1)
	for b := mask; b != 0; i-- {
		e := uint(31 - bits.LeadingZeros32(b))
		b ^= 1 << e
		at := (e<<5 | i) & 1023
		off := base - rk.up[at] + d
		d += rk.diff[at]
		x := (e + 1) & 63
		ch := prev[off : off+3 : off+3]
		v0, v1, v2 := ch[0], ch[1], ch[2]
		a0 |= v0 << x
		a1 |= v1<<x | v0>>((64-x)&63)
		a2 |= v2<<x | v1>>((64-x)&63)
	}
	return a0, a1, a2
}

// caniwinSet4 is caniwinSet1 for four words.
func caniwinSet4(prev []uint64, rk *caniwinRanks, mask uint32, k, base int) (a0, a1, a2, a3 uint64) {
	d := 0
	i := uint(k - 1)
	for b := mask; b != 0; i-- {
		e := uint(31 - bits.LeadingZeros32(b))
		b ^= 1 << e
		at := (e<<5 | i) & 1023
		off := base - rk.up[at] + d
		d += rk.diff[at]
		x := (e + 1) & 63
		ch := prev[off : off+4 : off+4]
		v0, v1, v2, v3 := ch[0], ch[1], ch[2], ch[3]
		a0 |= v0 << x
		a1 |= v1<<x | v0>>((64-x)&63)
		a2 |= v2<<x | v1>>((64-x)&63)
		a3 |= v3<<x | v2>>((64-x)&63)
	}
	return a0, a1, a2, a3
}

// caniwinSetN is caniwinSet1 for len(out) words, any number.
func caniwinSetN(prev []uint64, rk *caniwinRanks, mask uint32, k, base int, out []uint64) {
	var offs [32]int // offset in prev of each child's bitset
	var shift [32]uint
	d := 0
	i := uint(k - 1)
	for b := mask; b != 0; i-- {
		e := uint(31 - bits.LeadingZeros32(b))
		b ^= 1 << e
		at := (e<<5 | i) & 1023
		offs[i&31], shift[i&31] = base-rk.up[at]+d, e+1
		d += rk.diff[at]
	}
	var acc uint64
	for j := range k {
		acc |= prev[offs[j&31]] << shift[j&31]
	}
	out[0] = acc
	for w := 1; w < len(out); w++ {
		acc = 0
		for j := range k {
			o, x := offs[j&31]+w, shift[j&31]
			acc |= prev[o]<<x | prev[o-1]>>((64-x)&63)
		}
		out[w] = acc
	}
}

// caniwinExtract records the pairs with M = k once layer k is in cur and
// layer k-1 in prev. The pool 1..k is the set {0..k-1}, colex rank 0 of its
// layer; the pool without x has rank k-x in the layer below. The layers hold
// L = NOT(W): lost reports whether the player to move loses.
func (t *Table) caniwinExtract(k int, cur, prev []uint64, wPrev, wCur int) {
	lost := func(set []uint64, r int) bool { return set[r>>6]>>(r&63)&1 != 0 }
	full := cur[:wCur]
	sum := k * (k + 1) / 2
	for total := 0; total <= t.maxTotal; total++ {
		i := (k-1)*(t.maxTotal+1) + total
		switch {
		case total <= k:
			t.outcomes[i] = OutcomeFirst
		case total > sum:
			t.outcomes[i] = OutcomeUnreachable
			continue
		case !lost(full, total):
			t.outcomes[i] = OutcomeFirst
		default:
			t.outcomes[i] = OutcomeSecond
		}
		var mv uint32
		for x := 1; x <= k; x++ {
			if x >= total || lost(prev[(k-x)*wPrev:], total-x) {
				mv |= 1 << (x - 1)
			}
		}
		t.moves[i] = mv
	}
}
