package octal

import (
	"context"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
	"github.com/tabulate-games/tabulate/grundy/internal/gamecode"
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
// so Parse accepts only 0 and 4 before the point. These are the
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
// The mex over every split costs O(n) at heap n, O(n^2) in all. Values
// avoids most of it with the sparse-space method (Winning Ways, ch. 4, "Sparse
// space spells speed", after Berlekamp; A. Gangolli and T. Plambeck, "A note
// on periodicity in some octal games", Int. J. Game Theory 18 (1989) 311-320;
// Flammenkamp, wwwhomes.uni-bielefeld.de/achim/octal_sparse.html). Fix a bit
// mask m >= 1 and e in {0, 1}, and call the parity of a value v the parity
// of the number of 1 bits of v AND m. Label each heap a >= 1 by
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
//     splits of two heaps of one label give in plenty: the splits are listed
//     in growing chunks from both ends at once (the smallest heaps, and the
//     most even splits), across the split digits together, until each is
//     seen, which takes about a thousand splits for 0.6, and then g(n) = v*.
//     If every split is listed without seeing them all, the full option set
//     is known and its mex is g(n): that heap is then rare.
//
// Whatever the labelling, this gives the exact mex: the labelling only decides
// how fast. A rare heap costs O(n) (step 3 lists every split), a common one
// O(#rare) plus step 3, so the method is never slower than the plain mex by
// more than a constant, and the engine uses it for every game with a split
// move and a sparse space, however poor: 0.007 has a tenth of its first
// 2*10^5 heaps rare (4% of 6*10^5), and 0.007 to 10^6 takes under a minute
// on two cores where the plain mex takes hours. The C++ solver of
// tczajka/octal-games does the same (its "rare" and "common" bit sets are
// the two parities). Where a quarter or more of the heaps are rare (times
// the number of split digits), both are quadratic, and the engine takes a
// plain mex that lists the splits of each s once for all split digits
// (plainMex; the rule is plainPays): the games without a sparse space of
// the census (0.164, 0.604, 0.414: 5 to 6 times less CPU at 2^18), and
// Dawson's Kayles 0.07 and Dawson's chess 0.137 (a third of their heaps
// rare) when no period stops them.
//
// The engine chooses m (below 2^16) and e at checkpoints n = 128, 256, 512,
// ... and every 2^16 heaps, taking the labelling with the fewest rare heaps
// so far, all counted at once by a Walsh-Hadamard transform of the histogram
// of values (after the C++ solver). The rare label is e AND t AND 1 for a
// split digit t: a heap n of the other label has a value of the hard parity
// of its own splits (s = n-t), so that step 2 finds its mex. For e = 1 the
// hard parity depends on the parity of s, so it is used only when all split
// digits have the same parity. Kayles 0.77 has 9 rare heaps (m = 15, e =
// 0), the last at n = 70; 0.16 has 52 up to 2^17 (m = 30, e = 0); 0.127
// about 700 (m = 1, e = 1); 0.6 1583 (m = 0x1ee), the last at 20627. The
// engine reports these in Stats; they equal the C++ solver's.
//
// The tricks that make the three steps fast (byte marks, packing by
// multiplication, chunked step 3, the second core) are described, each with
// its reason, cost and source, beside their code (doc.go says which file
// holds what).
// Grundy's game, which splits without removing and forbids equal heaps, runs
// on the same engine (octal_split.go).
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

// Code is a parsed octal game code d0.d1d2...; the zero value is the game
// 0.0, which has no moves.
type Code struct {
	d string // d[k] is digit d_k (0..7) for 0 <= k <= t; len >= 1, last digit non-zero unless len == 1
}

// CodeError reports a malformed octal game code; its Error reads like
// `octal code "0.08": character '8' at position 3 (0-based): the digit 8
// is 8, past 7: ...`. Octal codes are the take-and-break codes with digits
// 0-7, read by the same reader with the same messages
// (grundy/internal/gamecode; takebreak.CodeError is the same type).
type CodeError = gamecode.Error

// Parse parses an octal game code "d0.d1d2d3...": digits 0-7 and exactly
// one point, the digit before the point optional (default 0) and only 0
// or 4, zeros before it dropped ("0.07", ".07", "0.77", "0.137", "4.07",
// "04.07"), as takebreak.Parse reads a take-and-break code (CGSuite's
// long digit form too: "0.&#7;" is 0.7). Trailing zeros after the point
// are dropped ("0.070" is 0.07); "4." is 4.0. A malformed code gives a
// *CodeError naming the first offending character and what is allowed.
func Parse(code string) (Code, error) {
	d, err := gamecode.Parse(code, gamecode.Octal)
	if err != nil {
		return Code{}, err
	}
	return Code{d: string(d)}, nil
}

// String returns the canonical code: d0, a point and the digits up to the
// last non-zero one, as in "0.07", "4.07" or "4.0".
func (c Code) String() string {
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
func (c Code) Digit(k int) int {
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
// window is widened as Values does.
func (c Code) MaxRemove() int {
	return max(len(c.d)-1, 1)
}

// octalRules lists the moves of a code by kind.
type octalRules struct {
	t      int   // largest k with d_k != 0 (0 for 4.0 and 0.0)
	whole  []int // k >= 1 with bit 1: a heap of exactly k may be removed
	single []int // k >= 1 with bit 2: remove k from a heap > k, leaving one heap
	split  []int // k >= 0 with bit 4: remove k from a heap >= k+2, leaving two

	// unequal forbids splits into two equal heaps (Grundy's game, which
	// no octal code describes).
	unequal bool
}

// octalRulesOf returns the moves of c.
func octalRulesOf(c Code) octalRules {
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
func octalCheckMax(name string, max int) error {
	return engine.CheckRange("octal.Values", "max", int64(max), 0, ValuesMax)
}

// ValuesMax is the largest max Values accepts: 2^31-1, as the engine keeps
// its rare heaps as int32 (octalRare); the values alone then take 8 GiB, and
// Memory estimates the rest. A larger max is a *grundy.RangeError, refused
// before anything is allocated.
const ValuesMax = 1<<31 - 1

// Stats are the findings of the sparse-space engine on one sequence,
// the figures a researcher compares with the literature (Flammenkamp's
// tables list the mask, the number of rare values and the last one).
type Stats struct {
	// Computed is the last heap whose value the engine computed as a mex;
	// the values beyond it were copied one proven period back.
	Computed int
	// Mask and HeapParity are the sparse-space labelling with the fewest
	// rare heaps among 1..Computed: label(a) = parity(g(a) AND Mask), XOR
	// the parity of a when HeapParity is set. Mask is 0 when no labelling
	// applies (no split move, or every value is 0).
	Mask       uint32
	HeapParity bool
	// Rare is the number of heaps 1 <= a <= Computed of the rare label and
	// LastRare the largest of them (0 if none). Heap 0 is not counted (the
	// C++ solver of tczajka/octal-games counts it: its num_rare is Rare+1
	// when heap 0 has the rare label).
	Rare     int
	LastRare int
	// Largest is the largest value g(n), n <= max, first at LargestAt.
	Largest   int32
	LargestAt int
	// FullScans counts the heaps whose mex needed every split (rare heaps,
	// and every heap of the plain mex of games without a sparse space).
	FullScans int64
	// Period and Preperiod are the period the engine proved by the octal
	// periodicity theorem and its least start, or 0 and 0.
	Period, Preperiod int
}

// Values returns the Grundy values g(0..max) of a single heap of the
// octal game c, exactly. It computes each value as the mex of its options by
// the sparse-space method (see the comment of octal.go), on two cores when
// opts allows (see Workers below), and once the values computed prove by
// the octal periodicity theorem that the sequence is periodic, fills in the
// rest one period back. Kayles (0.77), Dawson's Kayles (0.07) and Dawson's
// chess (0.137) are proven after 256 values, so any max costs little more
// than writing the result. Until a period is proven, a heap costs about the
// number of rare heaps (0.6: 1584; 0.007: a sixth of the heaps so far).
//
// Workers: opts.Workers = 1 runs the whole computation on the calling
// goroutine. W >= 2 (0 means runtime.GOMAXPROCS(0), so on a machine of
// one CPU the default is one goroutine) adds min(W, GOMAXPROCS)-1 helpers
// (at least one), which list the far part of each heap of the next block
// of heaps while the caller computes this one, the caller listing queued
// parts too while it waits (the pipeline described in pipe.go),
// and for the long scans of step 3 a goroutine that lists half of each
// chunk while the caller lists the other half. The values are the same
// for every W.
// Games without a split move, or whose largest move removes half a block
// (64 tokens) or more, always run on one goroutine.
//
// opts.Progress, if not nil, receives (highest n computed, max) from time
// to time. When ctx is cancelled Values returns ctx.Err() promptly. Memory
// is about Memory(c, max).
func Values(ctx context.Context, c Code, max int, opts grundy.Options) ([]int32, error) {
	g, _, err := ValuesWithStats(ctx, c, max, opts)
	return g, err
}

// ValuesWithStats is Values that also returns the engine's findings.
func ValuesWithStats(ctx context.Context, c Code, max int, opts grundy.Options) ([]int32, Stats, error) {
	return octalSolve(ctx, octalRulesOf(c), "octal game "+c.String(), max, opts.Progress, octalOptions{workers: opts.Goroutines(), grow: opts.Grow})
}

// octalSolve runs the engine and returns the values and the findings.
func octalSolve(ctx context.Context, r octalRules, name string, max int, progress grundy.Progress, opt octalOptions) ([]int32, Stats, error) {
	if err := octalCheckMax(name, max); err != nil {
		return nil, Stats{}, err
	}
	e, err := octalRun(ctx, r, max, progress, opt)
	if err != nil {
		return nil, Stats{}, err
	}
	return e.g, e.stats(), nil
}

// octalGrundy is Values with options.
func octalGrundy(ctx context.Context, c Code, max int, progress grundy.Progress, opt octalOptions) ([]int32, error) {
	g, _, err := octalSolve(ctx, octalRulesOf(c), "octal game "+c.String(), max, progress, opt)
	return g, err
}

// Memory estimates the peak bytes Values(c, max) allocates:
// the result (4 bytes a value), the scratch of the period check at a
// checkpoint (2 bytes a value), the list of rare heaps (8 bytes each,
// budgeted at an eighth of the heaps: 0.007, the poorest sparse space of
// the census, has a tenth, most games far fewer) and a fixed 1 MiB: about 7
// bytes a heap. It returns 0 for a negative max.
func Memory(c Code, max int) int64 {
	if max < 0 {
		return 0
	}
	n := int64(max) + 1
	return 4*n + 2*n + 8*n/8 + 1<<20
}
