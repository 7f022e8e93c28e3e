package takebreak

import (
	"context"
	"math/bits"
	"slices"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The engine. A heap's Grundy value is the mex of the values of its
// options, an option of several heaps having the XOR of their values. At
// heap n, with s = n-k for each k the code allows:
//
//	bit 1 of d_k (k >= 1, n == k): the value 0 (no heap left);
//	bit 2 (k >= 1, s >= 1):        g(s);
//	bit 4 (s >= 2):                P(s) = { g(a) ^ g(b) : a+b = s, a, b >= 1 };
//	bit 8 (s >= 3):                T(s) = { g(a) ^ g(b) ^ g(c) : a+b+c = s, a, b, c >= 1 };
//	bits 16, 32 (s >= 4, 5):       the splits into four and five heaps, built
//	                               from T and from those of four as T is from P.
//
// The plain mex lists the triples of T(s) one by one: about s^2/12 of them
// (a <= b <= c), n^3/36 in all up to n. Values lists none of them. Every
// triple has a largest heap c >= s/3, and the other two are a pair of sum
// s-c, so
//
//	T(s) = union over c from ceil(s/3) to s-2 of  g(c) XOR P(s-c),
//
// where "v XOR P" is the set P with every member XORed with v. The engine
// keeps each P(s) as a bit set over the values, built once (s/2 XORs, at
// heap s), so T(s) costs about 2s/3 translations of a bit set. Translating
// a bit set by v moves word w to word w XOR (v >> 6) and permutes the bits
// inside each word by x -> x XOR (v & 63); the engine first ORs, for each of
// the 64 low parts u = v & 63, the word-moved sets into one accumulator
// (one OR a word: the word permutation is free), and permutes each
// accumulator's words once at the end (up to six block swaps a word, the
// standard "XOR-translate" of a bit set by swapping blocks of 2^j bits for
// each bit j of u). This is the suggestion of the issue (the set of values
// of the three-heap splits of s built from the two-heap sets of the pair
// sums); the bit-set XOR translation is the usual one (Knuth, TAOCP 4A,
// 7.1.3, on bit permutations by "delta swaps").
//
// Cost: with W = max(1, 2^B/64) words a set, B the bit length of the
// largest value so far, heap n costs n/2 XORs for P(n), about 2n/3 * W word
// ORs and at most 64 * W word permutations for T(n), and a scan of W words
// for each digit: O(n^2 * W) in all up to n, where the plain mex takes
// O(n^3). For games whose values stay small (most of them: B <= 6 gives W =
// 1) that is quadratic, like the plain mex of an octal game; for games whose
// values grow, such as the arithmetic-periodic 0.3F (g(n) about n/2), W
// grows like n/128 to n/64 and the engine is cubic, with a constant far
// below the plain mex's: 0.3F to 2000 takes 13 ms against 0.6 s, 0.F1
// (values 0 to 2) 4 ms against 0.8 s (BenchmarkValues, on a loaded
// machine; the figures are in docs/takebreak.md). Memory: the
// sets P(s) of every s up to n are kept when the code has a three-heap move
// (W(s) words each, the width when s was reached), and only the last t+1
// otherwise; the sets T(s) of the last t+1 heaps.
//
// Games without a three-heap move (the octal codes) run on the same engine,
// quadratic: package octal's sparse-space engine is far faster on them and
// gives the same values (the tests compare the two).

// ValuesMax is the largest heap Values computes: 2^20. The work grows at
// least like max^2 (about 10^12 word operations at 2^20 for a game with a
// three-heap move), so the bound is one of memory (see Memory), not of time.
const ValuesMax = 1 << 20

// Values returns the Grundy values g(0), ..., g(max) of a single heap of
// the take-and-break game c, exactly, 0 <= max <= ValuesMax (a
// *grundy.RangeError otherwise, before anything is allocated). It runs on
// the calling goroutine whatever opts.Workers says (the method has no
// second share of work yet). opts.Progress, if not nil, receives (highest n
// computed, max) from time to time. When ctx is cancelled Values returns
// ctx.Err() within a few heaps' work. Memory is about Memory(c, max) while
// the values stay below 256 (see Memory).
//
// Complexity (reason, cost and source in the comment of values.go):
// O(max^2 * W) word operations, W = max(1, 2^B/64) for B the bit length of
// the largest value, against O(max^3) for the plain mex over every split
// into three heaps.
func Values(ctx context.Context, c Code, max int, opts grundy.Options) ([]int32, error) {
	if err := engine.CheckRange("takebreak.Values", "max", int64(max), 0, ValuesMax); err != nil {
		return nil, err
	}
	e := newTBEngine(c, max)
	const every = 16 // heaps between checks of ctx
	for n := 0; n <= max; n++ {
		if n%every == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if n%(every*64) == 0 {
				opts.Progress.Report(int64(n), int64(max))
			}
		}
		e.step(n)
	}
	opts.Progress.Report(int64(max), int64(max))
	return e.g, nil
}

// Memory estimates the peak bytes Values(c, max) allocates: the result (4
// bytes a value), and for a code with a three-heap move the pair sets P(s)
// of every heap, each a slice header (24 bytes) and W(s) words, W(s) =
// max(1, 2^B/64) for B the bit length of the largest value when P(s) is
// built. While the values stay below 64 that is 32 bytes a heap; a game
// whose values grow takes more: 0.3F, whose values grow like n/2, takes
// between max^2/32 and max^2/16 bytes (6 MB at 10^4, 600 MB at 10^5, 34 to
// 69 GB at 2^20). Whether the values grow is read from the values
// themselves, computed up to memoryProbe (milliseconds): when the largest
// value at memoryProbe is at least 64 and half as large again as at
// memoryProbe/2, the values are taken to grow linearly at that rate
// (vmax/memoryProbe a heap) and W(s) follows them; otherwise W stays at
// its width at memoryProbe. Plus a fixed 64 KiB for the scratch and up to
// 512 KiB of the last arena block. It returns 0 for a max Values rejects.
func Memory(c Code, max int) int64 {
	if max < 0 || max > ValuesMax {
		return 0
	}
	n := int64(max) + 1
	m := 4*n + 64<<10 + 512<<10
	if h := c.MaxHeaps(); h >= 3 {
		m += int64(h-2) * setBytes(c, max) // the kept sets of 2 .. h-1 heaps
	}
	return m
}

// memoryProbe is how many values Memory computes to see whether they grow.
const memoryProbe = 2048

// setBytes is the bytes of the sets P(s), s = 0..max, of one kind (see
// Memory).
func setBytes(c Code, top int) int64 {
	probe := min(top, memoryProbe)
	g, err := Values(context.Background(), c, probe, grundy.Options{})
	if err != nil {
		return 32 * (int64(top) + 1)
	}
	vmax, half := slices.Max(g), slices.Max(g[:probe/2+1])
	words := func(v int64) int64 { return max(1, (int64(1)<<bits.Len64(uint64(v)))/64) }
	if vmax < 64 || 2*int64(vmax) < 3*int64(half) {
		return (24 + 8*words(int64(vmax))) * (int64(top) + 1)
	}
	var total int64
	for s := int64(0); s <= int64(top); s++ {
		total += 24 + 8*words(s*int64(vmax)/int64(probe))
	}
	return total
}

// tbEngine is the state of one computation.
type tbEngine struct {
	g []int32

	whole  []int               // k >= 1 with bit 1: a heap of exactly k may be removed
	single []int               // k >= 1 with bit 2: remove k, leave one heap
	split  [HeapsMax + 1][]int // split[i], i >= 2: k >= 0 with bit 2^i: remove k, leave i heaps
	h      int                 // the most heaps a split leaves (0 without splits)
	ring   int                 // t+1: the heaps s = n-k, 0 <= k <= t, are in distinct slots s % ring

	vmax  int32 // largest value so far
	words int   // W: words of a value set, max(1, 2^B/64), a power of two

	// The value sets of the splits of s into i non-empty heaps, 2 <= i <=
	// h: for i < h every set is kept (all[i][s], carved from arena), as
	// the sets of i+1 heaps are built from them; for i = h only the last
	// ring ones (last[s % ring]). A set is as wide as words was when it
	// was built; the words past its end are zero.
	all   [HeapsMax + 1][][]uint64
	arena []uint64
	last  [][]uint64

	acc  [64][]uint64 // the accumulators of a set of i >= 3 heaps, by the low 6 bits of g(c)
	seen []uint64     // the option values of one heap, words+1 words
}

// newTBEngine returns an engine for heaps 0..max.
func newTBEngine(c Code, top int) *tbEngine {
	e := &tbEngine{g: make([]int32, top+1), words: 1}
	t := c.MaxRemove()
	e.ring = t + 1
	for k := 0; k <= t; k++ {
		d := c.Digit(k)
		if d&1 != 0 && k >= 1 {
			e.whole = append(e.whole, k)
		}
		if d&2 != 0 && k >= 1 {
			e.single = append(e.single, k)
		}
		for i := 2; i <= HeapsMax; i++ {
			if d&(1<<i) != 0 {
				e.split[i] = append(e.split[i], k)
				e.h = max(e.h, i)
			}
		}
	}
	for i := 2; i < e.h; i++ {
		e.all[i] = make([][]uint64, top+1)
	}
	if e.h >= 2 {
		e.last = make([][]uint64, e.ring)
	}
	e.seen = make([]uint64, 2)
	return e
}

// step computes g(n); every g(a), a < n, is known.
func (e *tbEngine) step(n int) {
	for i := 2; i <= e.h; i++ {
		e.build(i, n)
	}
	seen := e.seen[:e.words+1]
	clear(seen)
	for _, k := range e.whole {
		if n == k {
			seen[0] |= 1
		}
	}
	for _, k := range e.single {
		if s := n - k; s >= 1 {
			v := e.g[s]
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	for i := 2; i <= e.h; i++ {
		for _, k := range e.split[i] {
			if s := n - k; s >= i {
				orInto(seen, e.set(i, s))
			}
		}
	}
	v := int32(engine.MexBits(seen))
	e.g[n] = v
	if v > e.vmax {
		e.vmax = v
		if w := max(1, (1<<bits.Len32(uint32(v)))/64); w > e.words {
			e.words = w
			e.seen = make([]uint64, w+1)
			for u := range e.acc {
				e.acc[u] = nil // reallocated at the new width when used
			}
		}
	}
}

// orInto ORs src into the first len(src) words of dst.
func orInto(dst, src []uint64) {
	dst = dst[:len(src)]
	for i, x := range src {
		dst[i] |= x
	}
}

// set returns the value set of the splits of s into i heaps, built by
// build.
func (e *tbEngine) set(i, s int) []uint64 {
	if i < e.h {
		return e.all[i][s]
	}
	return e.last[s%e.ring]
}

// row returns the cleared set, at the current width, that build fills
// for i heaps and heap n: carved from the arena when every set of i is
// kept, the ring's slot otherwise.
func (e *tbEngine) row(i, n int) []uint64 {
	if i < e.h {
		if len(e.arena) < e.words {
			e.arena = make([]uint64, max(1<<16, e.words))
		}
		var row []uint64
		row, e.arena = e.arena[:e.words:e.words], e.arena[e.words:]
		e.all[i][n] = row
		return row
	}
	slot := n % e.ring
	if cap(e.last[slot]) < e.words {
		e.last[slot] = make([]uint64, e.words)
	}
	row := e.last[slot][:e.words]
	clear(row)
	e.last[slot] = row
	return row
}

// build builds the value set of the splits of n into i non-empty heaps:
// for i = 2, { g(a) ^ g(n-a) : 1 <= a <= n/2 }; for i >= 3, the union
// over the largest heap c of g(c) XOR (the set of i-1 heaps of n-c), see
// the comment of values.go (empty for n < i).
func (e *tbEngine) build(i, n int) {
	out := e.row(i, n)
	if n < i {
		return
	}
	g := e.g
	if i == 2 {
		for a := 1; a <= n/2; a++ {
			v := g[a] ^ g[n-a]
			out[v>>6] |= 1 << (v & 63)
		}
		return
	}
	var used uint64
	for c := (n + i - 1) / i; c <= n-(i-1); c++ {
		v := g[c]
		u := v & 63
		a := e.acc[u]
		if a == nil {
			a = make([]uint64, e.words)
			e.acc[u] = a
		}
		used |= 1 << u
		row := e.all[i-1][n-c]
		if wu := int(v >> 6); wu == 0 {
			a = a[:len(row)]
			for w, x := range row {
				a[w] |= x
			}
		} else {
			for w, x := range row {
				a[w^wu] |= x
			}
		}
	}
	for used != 0 {
		u := bits.TrailingZeros64(used)
		used &= used - 1
		a := e.acc[u][:e.words]
		for w, x := range a {
			out[w] |= xorBits(x, uint(u))
			a[w] = 0
		}
	}
}

// xorBits returns the word whose bit i ^ u is bit i of x (u < 64): for each
// bit j of u it swaps the neighbouring blocks of 2^j bits.
func xorBits(x uint64, u uint) uint64 {
	if u&1 != 0 {
		x = (x&0x5555555555555555)<<1 | (x>>1)&0x5555555555555555
	}
	if u&2 != 0 {
		x = (x&0x3333333333333333)<<2 | (x>>2)&0x3333333333333333
	}
	if u&4 != 0 {
		x = (x&0x0f0f0f0f0f0f0f0f)<<4 | (x>>4)&0x0f0f0f0f0f0f0f0f
	}
	if u&8 != 0 {
		x = (x&0x00ff00ff00ff00ff)<<8 | (x>>8)&0x00ff00ff00ff00ff
	}
	if u&16 != 0 {
		x = (x&0x0000ffff0000ffff)<<16 | (x>>16)&0x0000ffff0000ffff
	}
	if u&32 != 0 {
		x = x<<32 | x>>32
	}
	return x
}
