package grundy

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"strconv"
	"sync"

	"golang.org/x/sync/errgroup"
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

// CanIWinMaxChoosable is the largest pool size M that SolveCanIWin accepts.
// The engine visits all 2^M subsets of the pool.
const CanIWinMaxChoosable = 25

// CanIWinMaxTotal is the largest desired total T that SolveCanIWin accepts:
// 1+2+...+CanIWinMaxChoosable. A pair whose T exceeds 1+...+M is unreachable,
// so a table may hold such totals (the default table has M <= 20, T <= 300)
// but any larger bound would only add unreachable rows.
const CanIWinMaxTotal = CanIWinMaxChoosable * (CanIWinMaxChoosable + 1) / 2

// caniwinChunk is how many sets one task of the worker pool handles.
const caniwinChunk = 8192

// CanIWinTable answers every Can I Win pair 1 <= M <= MaxChoosable(),
// 0 <= T <= MaxTotal(): the outcome and the winning first picks. It is
// read-only once built and safe for concurrent use.
type CanIWinTable struct {
	maxChoosable int
	maxTotal     int
	outcomes     []Outcome // index (m-1)*(maxTotal+1) + total
	moves        []uint32  // same index; bit x-1 set when first pick x wins
}

// MaxChoosable returns the largest pool size M in the table.
func (t *CanIWinTable) MaxChoosable() int { return t.maxChoosable }

// MaxTotal returns the largest desired total T in the table.
func (t *CanIWinTable) MaxTotal() int { return t.maxTotal }

// caniwinIndex returns the slot of pair (m, total) or panics when the pair
// lies outside the table, which is a programmer error.
func (t *CanIWinTable) caniwinIndex(method string, m, total int) int {
	if m < 1 || m > t.maxChoosable || total < 0 || total > t.maxTotal {
		panic(fmt.Sprintf("grundy: CanIWinTable.%s(%d, %d) outside the table: M in 1..%d, T in 0..%d",
			method, m, total, t.maxChoosable, t.maxTotal))
	}
	return (m-1)*(t.maxTotal+1) + total
}

// Outcome returns the outcome of the pair with pool 1..m and desired total
// total. It panics if the pair is outside the table.
func (t *CanIWinTable) Outcome(m, total int) Outcome {
	return t.outcomes[t.caniwinIndex("Outcome", m, total)]
}

// WinningMoves returns every first pick x in 1..m that wins for the first
// player, ascending: x wins when x >= total (the pick reaches the total at
// once) or when the second player cannot force a win from the pool without
// x and the total total-x. For total <= m these are exactly the picks
// x >= total, so for total = 0 every pick 1..m is listed. The slice is empty,
// not nil, when there is none: always for OutcomeSecond and
// OutcomeUnreachable. It panics if the pair is outside the table.
func (t *CanIWinTable) WinningMoves(m, total int) []int32 {
	mv := t.moves[t.caniwinIndex("WinningMoves", m, total)]
	out := make([]int32, 0, bits.OnesCount32(mv))
	for ; mv != 0; mv &= mv - 1 {
		out = append(out, int32(bits.TrailingZeros32(mv)+1))
	}
	return out
}

// caniwinCheck validates the bounds of SolveCanIWin.
func caniwinCheck(maxChoosable, maxTotal int) error {
	if maxChoosable < 1 || maxChoosable > CanIWinMaxChoosable {
		return fmt.Errorf("grundy: can i win: max_choosable %d outside the allowed range 1..%d",
			maxChoosable, CanIWinMaxChoosable)
	}
	if maxTotal < 0 || maxTotal > CanIWinMaxTotal {
		return fmt.Errorf("grundy: can i win: max_total %d outside the allowed range 0..%d",
			maxTotal, CanIWinMaxTotal)
	}
	return nil
}

// caniwinWords returns the number of 64-bit words in one bitset: totals
// above 1+...+maxChoosable are unreachable and need no bits.
func caniwinWords(maxChoosable, maxTotal int) int {
	return min(maxTotal, maxChoosable*(maxChoosable+1)/2)/64 + 1
}

// caniwinBinomials returns C(n, k) for 0 <= n, k <= CanIWinMaxChoosable+1.
func caniwinBinomials() *[CanIWinMaxChoosable + 2][CanIWinMaxChoosable + 2]int {
	var c [CanIWinMaxChoosable + 2][CanIWinMaxChoosable + 2]int
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return &c
}

// CanIWinMemory estimates the peak memory in bytes of
// SolveCanIWin(ctx, maxChoosable, maxTotal, ...), or returns 0 for bounds that
// SolveCanIWin rejects. The engine keeps two adjacent layers of subsets, each
// subset with a bitset of ceil((min(maxTotal, 1+...+maxChoosable)+1)/64)
// words; the largest pair of
// layers at M = 25 holds 2 × C(25,12) = 10,400,600 sets, so M = 25, T = 325
// needs about 500 MB (M = 20, T = 300 about 12 MB). Callers should refuse
// bounds whose estimate exceeds their limit.
func CanIWinMemory(maxChoosable, maxTotal int) int64 {
	if caniwinCheck(maxChoosable, maxTotal) != nil {
		return 0
	}
	c := caniwinBinomials()
	words := int64(caniwinWords(maxChoosable, maxTotal))
	layers := 2 * int64(c[maxChoosable][maxChoosable/2]) * words * 8
	pairs := int64(maxChoosable) * int64(maxTotal+1) * 5
	return layers + pairs + 64<<10
}

// SolveCanIWin solves every Can I Win pair with pool size 1 <= M <=
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
// are NOT(W_{A\x}) shifted up by x. Only bits up to min(maxTotal, sum(A)) are
// computed, the rest are zero (a total above sum(A) cannot be reached); pairs
// with T above 1+...+M are OutcomeUnreachable. A pool
// 1..M' is the big pool with M'+1..maxChoosable already used, so every pair
// comes out of the same pass. Sets are processed by size, a layer depending
// only on the layer below, so only two layers are held at a time (see
// CanIWinMemory); each layer is split across workers goroutines (workers <= 0
// means runtime.GOMAXPROCS(0)).
//
// It returns an error naming the allowed range when maxChoosable is outside
// 1..CanIWinMaxChoosable or maxTotal is outside 0..CanIWinMaxTotal, and
// ctx.Err() promptly when ctx is cancelled. progress, if not nil, is told
// the number of sets finished out of 2^maxChoosable.
func SolveCanIWin(ctx context.Context, maxChoosable, maxTotal int, workers int, progress Progress) (*CanIWinTable, error) {
	if err := caniwinCheck(maxChoosable, maxTotal); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	m := maxChoosable
	words := caniwinWords(m, maxTotal)
	c := caniwinBinomials()
	rk := newCaniwinRanks(c)
	widest := c[m][m/2]
	prev := make([]uint64, widest*words) // layer k-1; layer 0 is the empty set, all zero
	cur := make([]uint64, widest*words)
	t := &CanIWinTable{
		maxChoosable: m,
		maxTotal:     maxTotal,
		outcomes:     make([]Outcome, m*(maxTotal+1)),
		moves:        make([]uint32, m*(maxTotal+1)),
	}

	var mu sync.Mutex
	total := int64(1) << m
	done := int64(1) // the empty set
	progress.report(done, total)
	for k := 1; k <= m; k++ {
		size := c[m][k]
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(workers)
		for lo := 0; lo < size && gctx.Err() == nil; lo += caniwinChunk {
			hi := min(lo+caniwinChunk, size)
			g.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err
				}
				caniwinLayer(prev, cur, c, rk, m, k, lo, hi, words, maxTotal)
				mu.Lock()
				done += int64(hi - lo)
				progress.report(done, total)
				mu.Unlock()
				return nil
			})
		}
		err := g.Wait()
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		if err != nil {
			return nil, err
		}
		t.caniwinExtract(k, cur, prev, words)
		prev, cur = cur, prev
	}
	return t, nil
}

// caniwinRanks holds the binomial coefficients that rank child sets, laid
// out for indexing by e<<5|i without bounds checks.
type caniwinRanks struct {
	up   [1024]int // C(e, i+1): the term of element e at index i of a set
	diff [1024]int // C(e, i) - C(e, i+1): how that term changes when the index drops to i-1
}

func newCaniwinRanks(c *[CanIWinMaxChoosable + 2][CanIWinMaxChoosable + 2]int) *caniwinRanks {
	r := new(caniwinRanks)
	for e := 0; e < CanIWinMaxChoosable; e++ {
		for i := 0; i <= CanIWinMaxChoosable; i++ {
			r.up[e<<5|i] = c[e][i+1]
			r.diff[e<<5|i] = c[e][i] - c[e][i+1]
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
func caniwinLayer(prev, cur []uint64, c *[CanIWinMaxChoosable + 2][CanIWinMaxChoosable + 2]int, rk *caniwinRanks, m, k, lo, hi, words, maxTotal int) {
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

	var offs [32]int // offset in prev of each child's bitset
	var shift [32]uint
	for rank := lo; rank < hi; rank++ {
		// Word 0 of every child on the way down: NOT(child) shifted up by
		// x = e+1, whose low bits R <= x are set below anyway.
		var acc uint64
		sum, d := 0, 0
		i := uint(k - 1)
		for b := mask; b != 0; i-- {
			e := uint(31 - bits.LeadingZeros32(b))
			b ^= 1 << e
			at := (e<<5 | i) & 1023
			off := (rank - rk.up[at] + d) * words
			d += rk.diff[at]
			acc |= ^prev[off] << (e + 1)
			offs[i&31], shift[i&31] = off, e+1
			sum += int(e) + 1
		}
		top := min(maxTotal, sum)
		nw := top>>6 + 1
		out := cur[rank*words : rank*words+words : rank*words+words]
		out[0] = acc | (uint64(1)<<(shift[(k-1)&31]+1) - 1) // bits 0..max(A): an immediate win

		// Higher words: the low bits of word w come from the child's word w,
		// the high ones from its word w-1. The usual widths are spelt out so
		// the accumulators stay in registers.
		switch nw {
		case 1:
		case 2:
			var a1 uint64
			for j := range k {
				o, x := offs[j&31], shift[j&31]
				c := prev[o : o+2 : o+2]
				a1 |= ^c[1]<<x | ^c[0]>>(64-x)
			}
			out[1] = a1
		case 3:
			var a1, a2 uint64
			for j := range k {
				o, x := offs[j&31], shift[j&31]
				c := prev[o : o+3 : o+3]
				v0, v1, v2 := ^c[0], ^c[1], ^c[2]
				a1 |= v1<<x | v0>>(64-x)
				a2 |= v2<<x | v1>>(64-x)
			}
			out[1], out[2] = a1, a2
		case 4:
			var a1, a2, a3 uint64
			for j := range k {
				o, x := offs[j&31], shift[j&31]
				c := prev[o : o+4 : o+4]
				v0, v1, v2, v3 := ^c[0], ^c[1], ^c[2], ^c[3]
				a1 |= v1<<x | v0>>(64-x)
				a2 |= v2<<x | v1>>(64-x)
				a3 |= v3<<x | v2>>(64-x)
			}
			out[1], out[2], out[3] = a1, a2, a3
		default:
			for w := 1; w < nw; w++ {
				acc = 0
				for j := range k {
					o, x := offs[j&31]+w, shift[j&31]
					acc |= ^prev[o]<<x | ^prev[o-1]>>(64-x)
				}
				out[w] = acc
			}
		}
		out[nw-1] &= ^uint64(0) >> (63 - top&63) // nothing above min(maxTotal, sum(A))
		clear(out[nw:])

		// The next mask with the same number of bits (Gosper's hack, in its
		// form without division).
		t := mask | (mask - 1)
		mask = (t + 1) | (((^t & -^t) - 1) >> (bits.TrailingZeros32(mask) + 1))
	}
}

// caniwinExtract records the pairs with M = k once layer k is in cur and
// layer k-1 in prev. The pool 1..k is the set {0..k-1}, colex rank 0 of its
// layer; the pool without x has rank k-x in the layer below.
func (t *CanIWinTable) caniwinExtract(k int, cur, prev []uint64, words int) {
	bit := func(set []uint64, r int) bool { return set[r>>6]>>(r&63)&1 != 0 }
	full := cur[:words]
	sum := k * (k + 1) / 2
	for total := 0; total <= t.maxTotal; total++ {
		i := (k-1)*(t.maxTotal+1) + total
		switch {
		case total <= k:
			t.outcomes[i] = OutcomeFirst
		case total > sum:
			t.outcomes[i] = OutcomeUnreachable
			continue
		case bit(full, total):
			t.outcomes[i] = OutcomeFirst
		default:
			t.outcomes[i] = OutcomeSecond
		}
		var mv uint32
		for x := 1; x <= k; x++ {
			if x >= total || !bit(prev[(k-x)*words:], total-x) {
				mv |= 1 << (x - 1)
			}
		}
		t.moves[i] = mv
	}
}
