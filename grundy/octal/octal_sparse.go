package octal

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// This file holds the sparse-space engine behind Values and
// GrundysGame; octal.go's file comment describes the method, and each
// trick below says why it is there, what it costs and where it comes from.

const (
	// octalFirstCheckpoint is the first n at which the engine chooses a
	// labelling and looks for a proven period; the next ones double it.
	octalFirstCheckpoint = 128

	// octalRechoose: the labelling is also chosen again every this many
	// heaps (a Walsh-Hadamard transform of 2^17 counts and, if the mask
	// changes, one pass over the values: under 1 ms, against about 0.1 s
	// of work on 2^16 heaps of any game with a split move).
	octalRechoose = 1 << 16

	// octalHistBits bounds the masks tried: m < 1<<octalHistBits. Values
	// are folded modulo 2^16 in the histogram, which is exact for masks
	// below it; the values of the games of issue 14 stay far below (0.007
	// to 3*10^5: 1066).
	octalHistBits = 16

	// octalBlock is the number of heaps in a block of the two-core
	// pipeline. It divides every checkpoint and octalRechoose.
	octalBlock = 128

	// octalParallelScan is the chunk of step 3 from which each chunk is
	// listed on two cores (see markRanges2).
	octalParallelScan = 1 << 13
)

// octalOptions switches the parts of the engine; tests and benchmarks turn
// them off to measure or check one alone.
type octalOptions struct {
	noSparse   bool        // never use the sparse-space method
	noPeriodic bool        // never copy values by a proven period
	grow       func() int  // grundy.Options.Grow: more goroutines for the plain mex (plainpar.go)
	plain      int         // 0: the cost rule of choose; 1: always the cached plain mex; -1: never
	workers    int         // goroutines: 1 one, W >= 2 the main one and W-1 helpers (octalPipe); 0 means runtime.GOMAXPROCS(0)
	pipeTop    int         // > 0: the helpers' step 3 stops at pipeTop splits from each end (tests)
	uncapped   bool        // workers-1 helpers even past GOMAXPROCS-1 (tests)
	scanPar    int         // > 0: step 3's chunks from this many splits on go to markRanges2 (tests; else octalParallelScan)
	packedRows bool        // the helpers hand over packed rows whatever the marks' length (tests; else octalByteRow and octalPackedRows)
	clock      *octalClock // tests: no helper goroutine, the far parts run at dispatch and the blocks are timed (octalClock)
	spin       int         // 0: octalSpins' rule for the main goroutine's wait; 1: always spin first; -1: never (tests)
}

// octalClock is the measure of the main goroutine's in-order share
// (TestOctalSerialShare, TABULATE_OCTAL_SERIAL): with it, octalRunFrom
// starts no helper; dispatch lists each part of a block's far part at
// once, on the one goroutine, and times it (far, by block), and every block
// the loop computes is timed less the far parts listed during it (serial,
// by block: the near part, step 3 in order, v*, the mex, add, dispatch's
// own work). Blocks without a far part (before the pipeline starts, at a
// change of labelling) and the checks between blocks go to unpiped: the
// main goroutine does them alone at any W. The rows do not depend on who
// lists them, so the values are those of any W. Cost: nothing without it
// (a nil test a block); with it, three readings of the clock a block.
type octalClock struct {
	now         func() time.Duration // the clock: the test's reading of its thread's CPU time
	serial, far []time.Duration      // by block index start/octalBlock; far: the far part dispatched for that block
	unpiped     time.Duration
	inFar       time.Duration // far parts listed during the current block
}

// at grows serial and far to hold block b.
func (c *octalClock) at(b int) {
	for len(c.serial) <= b {
		c.serial = append(c.serial, 0)
		c.far = append(c.far, 0)
	}
}

// octalRare is a rare heap and its value, side by side so that the inner
// loop reads one cache line for both.
type octalRare struct{ a, g int32 }

// octalEngine is the state of one computation.
type octalEngine struct {
	r      octalRules
	g      []int32
	vmax   int32 // largest value so far
	vmaxAt int   // least n with g(n) = vmax
	vbits  int   // bits.Len32(vmax): every option value is below 1<<vbits

	// seen is the bit set of option values at one heap, 2<<vbits values
	// (at least 128): a value of either parity lies in [1<<vbits,
	// 2<<vbits) whatever the mask, so the search for v* ends inside it.
	seen []uint64
	// mk is one byte per value below 64*len(seen), the marks of the
	// loops over splits (see octalMarkRare), zero between heaps.
	mk []byte

	// The labelling, when sparse is set: label(a) = parity(g(a) & mask)
	// ^ (dom & a & 1); rare lists, ascending, every heap a >= 1 with
	// label rho; par has bit v set iff parity(v & mask) = 1.
	sparse bool
	mask   uint32
	dom    int
	rho    int
	rare   []octalRare
	par    []uint64

	// ring16 is the 16-bit shadow of the last 2^16 values for the rare
	// loop, g(m) at m mod 2^16 and 2^16 + m mod 2^16, and rare16 the rare
	// heaps as offsets in it, index for index as rare (see markRareRing);
	// both nil for a run below 2^14 heaps and once a value passes 2^15.
	ring16 []uint16
	rare16 []nearRare

	// hist[(v mod 2^16)<<1 | a&1] counts the heaps a >= 1 with value v,
	// for 2^min(vbits, 16) values.
	hist []int64

	bot, top []int    // step 3: splits listed from each end, by split digit
	hole     [][2]int // step 3: the least of the known splits the helpers listed (octalPipe.heap), by split digit

	parallel bool          // a second core is used
	scanPar  int           // step 3's chunk from which markRanges2 lists it on two cores (octalParallelScan)
	mk2      []byte        // the marks of the other core in markRanges2
	done     chan struct{} // markRanges2's other goroutine has finished
	walsh    []int64       // best's scratch: the transform of hist
	ranges   [][3]int      // step 3: the ranges of splits of one chunk
	miss     []int32       // step 3: the values below v* not seen yet

	// The cached plain mex (see plainMex): when plain is set, fs holds the
	// split sets F(s) of the last len(fsAt) heaps s, fsWords words each, F(s)
	// in slot s % len(fsAt), fsAt[slot] = s (-1 if none).
	plain      bool
	forcePlain int
	fs         []uint64
	fsAt       []int
	fsWords    int
	mk16       *[1 << 16]byte // the marks of octalMarkSplits16, made at first use

	// The plain mex on several goroutines (plainpar.go): the goroutines it
	// may use, Grow and the heap of its last call, and the pipeline of the
	// far parts its helpers list.
	workers int
	grow    func() int
	grewAt  int
	ahead   *plainAhead

	// The splits the sparse-space method listed since chose, the heap of
	// the last choice of labelling, counted the same on any number of
	// goroutines: step 1's splits with a rare heap on the 16-bit ring
	// (ringWork) and from the whole array (farWork), and the splits of its
	// full scans (scanWork); measured is set when every heap since chose
	// went through it (see plainPays).
	ringWork  int64
	farWork   int64
	scanWork  int64
	chose     int
	choseRare int64 // the rare heaps below chose
	measured  bool

	fullScans int64 // heaps whose mex needed every split (rare heaps)
	helped    int   // blocks whose far part the helpers listed (octalPipe)
	computed  int   // heaps 0..computed were computed by the mex
	period    int   // period proven by the theorem, 0 if none
	preperiod int   // its preperiod
}

// newOctalEngine returns an engine for heaps 0..max.
func newOctalEngine(r octalRules, max int) *octalEngine {
	e := &octalEngine{r: r, g: make([]int32, max+1)}
	if max >= 1<<14 {
		e.ring16 = make([]uint16, 2<<16)
	}
	e.bot = make([]int, r.t+1)
	e.top = make([]int, r.t+1)
	e.hole = make([][2]int, r.t+1)
	e.resize()
	return e
}

// resize sizes seen, mk, par and hist for vbits.
func (e *octalEngine) resize() {
	w := max((2<<e.vbits)/64, 2)
	if w > len(e.seen) {
		e.seen = make([]uint64, w)
		e.mk = octalMarksGrow(e.mk, 64*w)
	}
	hb := min(e.vbits, octalHistBits)
	if h := 2 << hb; h > len(e.hist) {
		e.hist = append(e.hist, make([]int64, h-len(e.hist))...)
	}
	e.buildPar()
}

// buildPar fills par for the mask and the size of seen.
func (e *octalEngine) buildPar() {
	e.par = slices.Grow(e.par[:0], len(e.seen))[:len(e.seen)]
	var low uint64
	for v := range 64 {
		if bits.OnesCount32(uint32(v)&e.mask)&1 == 1 {
			low |= 1 << v
		}
	}
	for w := range e.par {
		e.par[w] = low
		if bits.OnesCount32(uint32(64*w)&e.mask)&1 == 1 {
			e.par[w] = ^low
		}
	}
}

// add records g(n) = v.
func (e *octalEngine) add(n int, v int32) {
	e.g[n] = v
	if v > e.vmax {
		e.vmax, e.vmaxAt = v, n
		if b := bits.Len32(uint32(v)); b > e.vbits {
			e.vbits = b
			e.resize()
		}
	}
	e.hist[(int(v)&(len(e.hist)/2-1))<<1|n&1]++
	if e.sparse && e.label(n) == e.rho {
		e.rare = append(e.rare, octalRare{int32(n), v})
		if e.ring16 != nil {
			e.rare16 = append(e.rare16, newNearRare(n&(1<<16-1), int(v)))
		}
	}
	if e.ring16 != nil {
		if e.vbits > 15 {
			e.ring16, e.rare16 = nil, nil // a value past 2^15: the int32 loops
			return
		}
		i := n & (1<<16 - 1)
		e.ring16[i], e.ring16[i+1<<16] = uint16(v), uint16(v)
	}
}

// rebuildRare16 makes rare16 the list of rare as offsets in the window of
// the ring (wrapped for a rare heap past 2^16, which ringOK then refuses).
func (e *octalEngine) rebuildRare16() {
	e.rare16 = make([]nearRare, len(e.rare), cap(e.rare))
	for i, x := range e.rare {
		e.rare16[i] = newNearRare(int(x.a)&(1<<16-1), int(x.g))
	}
}

// ringOK reports whether the rare loop may take markRareRing: there is a
// ring (no value past 2^15, a run of 2^14 heaps or more) and no rare heap
// a past 2^16 - t (the ring holds heaps n-2^16..n-1 at heap n, and the
// loop reads s-a = n-k-a).
func (e *octalEngine) ringOK() bool {
	return e.ring16 != nil && (len(e.rare) == 0 || int(e.rare[len(e.rare)-1].a)+e.r.t <= 1<<16)
}

// markRareRing sets mk[g(a) XOR g(s-a)] = 1 for the rare heaps a < s of
// index lo <= i < hi (a != s-a when unequal) by markRareNear16 on the
// 16-bit ring, s = n-k at heap n, when ringOK.
//
// Trick: the rare loop reads the values g(s-a) of the last 2^16 heaps from
// a 16-bit copy of them (ring16), kept as a ring stored twice (as the
// tail's, tail.go) so that the window of any s is one array, and the rare
// heaps as offsets in it (rare16, nearRare). Reason and source: see
// markRareNear16. Cost: 256 KiB allocated once (runs of 2^14 heaps or
// more), two stores a heap.
func (e *octalEngine) markRareRing(mk *[1 << 16]byte, s, lo, hi int) {
	markRareRing16(mk, e.ring16, e.rare, e.rare16, s, lo, hi, e.r.unequal)
}

// markRareRing16 is markRareRing on the ring ring16 and the rare heaps
// rare (rare16 their offsets), which the helpers of octalPipe take as they
// were at dispatch.
func markRareRing16(mk *[1 << 16]byte, ring16 []uint16, rare []octalRare, rare16 []nearRare, s, lo, hi int, unequal bool) {
	for hi > lo && int(rare[hi-1].a) >= s {
		hi--
	}
	p := s & (1<<16 - 1)
	near := (*[1 << 16]uint16)(ring16[p : p+1<<16])
	if unequal && s&1 == 0 {
		if j, ok := slices.BinarySearchFunc(rare[lo:hi], int32(s/2), func(x octalRare, t int32) int { return int(x.a - t) }); ok {
			markRareNear16(mk, near, rare16[lo:lo+j])
			markRareNear16(mk, near, rare16[lo+j+1:hi])
			return
		}
	}
	markRareNear16(mk, near, rare16[lo:hi])
}

// label returns the sparse-space label of heap a.
func (e *octalEngine) label(a int) int {
	return bits.OnesCount32(uint32(e.g[a])&e.mask)&1 ^ (e.dom & a & 1)
}

// markWords is the number of words of seen that the marks of mk can reach:
// every option value is below 1<<vbits.
func (e *octalEngine) markWords() int {
	return ((1 << e.vbits) + 63) / 64
}

// octalMarkRare sets mk[g(a) XOR g(s-a)] = 1 for every heap a of rare with
// a < s (rare ascending), leaving out a = s-a when unequal.
//
// Trick: one byte a value instead of one bit. A bit set needs a
// read-modify-write of a word, and successive marks that fall in one word
// wait for each other (a dependency through memory of about 5 cycles); byte
// stores do not depend on each other, and this loop, the engine's hot spot,
// runs at about one mark a cycle. Cost: 8 bytes of scratch a value and a
// pass of octalPack over them at every heap, small next to the loop (0.6:
// 1584 marks a heap against 64 loads). The loop is unrolled by four (the
// Go compiler does not unroll), which lets the loads of four marks overlap:
// a fifth off the time of 0.6 and 0.007 on one core. The C++ solver of
// tczajka/octal-games marks a std::vector<bool>, a bit set.
func octalMarkRare(mk []byte, g []int32, rare []octalRare, s int, unequal bool) {
	end := len(rare)
	for end > 0 && int(rare[end-1].a) >= s {
		end--
	}
	rare = rare[:end]
	if unequal && s&1 == 0 {
		if j, ok := slices.BinarySearchFunc(rare, int32(s/2), func(x octalRare, t int32) int { return int(x.a - t) }); ok {
			octalMarkRare(mk, g, rare[:j], s, false)
			octalMarkRare(mk, g, rare[j+1:], s, false)
			return
		}
	}
	if m16, ok := octalMarks16(mk); ok {
		octalMarkRare16(m16, g, rare, s)
		return
	}
	gs := g[:s]
	i := 0
	for ; i+4 <= len(rare); i += 4 { // unrolled: four independent marks
		r := rare[i : i+4 : i+4]
		v0 := r[0].g ^ gs[s-int(r[0].a)]
		v1 := r[1].g ^ gs[s-int(r[1].a)]
		v2 := r[2].g ^ gs[s-int(r[2].a)]
		v3 := r[3].g ^ gs[s-int(r[3].a)]
		mk[uint32(v0)] = 1
		mk[uint32(v1)] = 1
		mk[uint32(v2)] = 1
		mk[uint32(v3)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint32(x.g^gs[s-int(x.a)])] = 1
	}
}

// octalMarks returns the marks of n values (n bytes), with a capacity of at
// least 2^16 so that octalMarks16 can take them as an array.
func octalMarks(n int) []byte {
	return make([]byte, n, max(n, 1<<16))
}

// octalMarksGrow returns mk grown to n marks, all zero: mk itself when its
// capacity allows (its marks are zero between heaps and none lies past its
// length), so that the 64 KiB are allocated once, not at every new bit of
// the largest value.
func octalMarksGrow(mk []byte, n int) []byte {
	if cap(mk) >= n {
		return mk[:n]
	}
	return octalMarks(n)
}

// octalMarks16 returns mk as an array of 2^16 marks when every value marked
// in it is below 2^16, that is when len(mk) <= 2^16 (the marks of a value
// lie below len(mk)) and its capacity allows (octalMarks).
//
// Trick: the mark loops (octalMarkRare16, octalMarkSplits16) then index an
// array of 2^16 bytes by a uint16, which needs no bounds check, where a
// slice indexed by a value compares and branches at every mark. Reason:
// these loops are nearly all of the engine's time (0.6 to 2^20 on one
// worker: octalMarkSplits 47% of the CPU, octalMarkRare 32%). Cost: the
// marks take 64 KiB even when the values are small (they stay in the L2
// cache; only the first 2^vbits bytes are touched). Every game of the
// census has values far below 2^16; the slice loops remain for the others.
func octalMarks16(mk []byte) (*[1 << 16]byte, bool) {
	if len(mk) > 1<<16 || cap(mk) < 1<<16 {
		return nil, false
	}
	return (*[1 << 16]byte)(mk[:1<<16]), true
}

// octalMarkRare16 is the loop of octalMarkRare on the marks of
// octalMarks16, every part of a split of s listed in rare being below s
// (octalMarkRare trims rare), eight marks a step.
func octalMarkRare16(mk *[1 << 16]byte, g []int32, rare []octalRare, s int) {
	if s >= octalNear && len(rare) > 0 && rare[len(rare)-1].a < octalNear {
		octalMarkRareNear(mk, (*[octalNear]int32)(g[s-octalNear:s]), rare)
		return
	}
	gs := g[:s]
	i := 0
	for ; i+8 <= len(rare); i += 8 { // unrolled: eight independent marks
		r := rare[i : i+8 : i+8]
		v0 := r[0].g ^ gs[s-int(r[0].a)]
		v1 := r[1].g ^ gs[s-int(r[1].a)]
		v2 := r[2].g ^ gs[s-int(r[2].a)]
		v3 := r[3].g ^ gs[s-int(r[3].a)]
		v4 := r[4].g ^ gs[s-int(r[4].a)]
		v5 := r[5].g ^ gs[s-int(r[5].a)]
		v6 := r[6].g ^ gs[s-int(r[6].a)]
		v7 := r[7].g ^ gs[s-int(r[7].a)]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
		mk[uint16(v4)] = 1
		mk[uint16(v5)] = 1
		mk[uint16(v6)] = 1
		mk[uint16(v7)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^gs[s-int(x.a)])] = 1
	}
}

// octalNear bounds the rare heaps of octalMarkRareNear: 2^17 covers the
// last rare heap of every game of the census with a sparse space (0.6:
// 20627, Grundy's game: 82860, 0.014: 64126).
const octalNear = 1 << 17

// octalMarkRareNear is the loop of octalMarkRare16 when every rare heap a is
// below octalNear: near holds g(s-octalNear..s-1), so g(s-a) = near[octalNear
// - a].
//
// Trick: the values read are those of an array of octalNear values, indexed
// by octalNear-a masked to its bits (which leaves it unchanged, 1 <= a <
// octalNear), so the loop has no bounds check at all. Reason: the load of
// g(s-a) was the last checked access of the rare loop, a third of the
// engine's time on 0.6. Cost: none (a heap below octalNear, or a game with a
// rare heap past it, takes octalMarkRare16's loop).
func octalMarkRareNear(mk *[1 << 16]byte, near *[octalNear]int32, rare []octalRare) {
	const m = octalNear - 1
	i := 0
	for ; i+8 <= len(rare); i += 8 { // unrolled: eight independent marks
		r := rare[i : i+8 : i+8]
		v0 := r[0].g ^ near[(octalNear-r[0].a)&m]
		v1 := r[1].g ^ near[(octalNear-r[1].a)&m]
		v2 := r[2].g ^ near[(octalNear-r[2].a)&m]
		v3 := r[3].g ^ near[(octalNear-r[3].a)&m]
		v4 := r[4].g ^ near[(octalNear-r[4].a)&m]
		v5 := r[5].g ^ near[(octalNear-r[5].a)&m]
		v6 := r[6].g ^ near[(octalNear-r[6].a)&m]
		v7 := r[7].g ^ near[(octalNear-r[7].a)&m]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
		mk[uint16(v4)] = 1
		mk[uint16(v5)] = 1
		mk[uint16(v6)] = 1
		mk[uint16(v7)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^near[(octalNear-x.a)&m])] = 1
	}
}

// octalHalf returns the largest a of a split a + (s-a), a <= s-a (a < s-a
// when unequal).
func octalHalf(s int, unequal bool) int {
	if unequal {
		return (s - 1) / 2
	}
	return s / 2
}

// octalMarkSplits sets mk[g(a) XOR g(s-a)] = 1 for lo <= a <= hi.
func octalMarkSplits(mk []byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	if m16, ok := octalMarks16(mk); ok {
		octalMarkSplits16(m16, g, s, lo, hi)
		return
	}
	x := g[lo : hi+1]
	y := g[s-hi : s-lo+1] // the partner of x[i] is y[len(y)-1-i]
	y = y[:len(x)]
	j := len(y) - 1
	i := 0
	for ; i+4 <= len(x) && j >= 3; i, j = i+4, j-4 { // unrolled
		v0 := x[i] ^ y[j]
		v1 := x[i+1] ^ y[j-1]
		v2 := x[i+2] ^ y[j-2]
		v3 := x[i+3] ^ y[j-3]
		mk[uint32(v0)] = 1
		mk[uint32(v1)] = 1
		mk[uint32(v2)] = 1
		mk[uint32(v3)] = 1
	}
	for ; i < len(x); i, j = i+1, j-1 {
		mk[uint32(x[i]^y[j])] = 1
	}
}

// octalPack ORs into dst the marks of mk, a byte a value; it leaves mk as
// it is (clear it with clear, a vectorised store, once a heap).
//
// Trick: eight 0/1 bytes read as one little-endian word q become eight bits
// by one multiplication, (q * 0x0102040810204080) >> 56: byte i lands on
// bit 56+i and every other product falls below bit 56 or past bit 63, on
// distinct bits, so nothing carries (the classic SWAR gather; see e.g.
// Warren, Hacker's Delight, 2nd ed., ch. 7). Cost: a load and a
// multiplication for 8 values, without a branch.
func octalPack(dst []uint64, mk []byte) {
	for w := range dst {
		dst[w] |= octalPackWord(mk[64*w : 64*w+64])
	}
}

// octalPackWord returns the 64 marks of b (a byte each, 0 or 1) as the
// bits of one word, b[i] at bit i (octalPack's trick).
func octalPackWord(b []byte) uint64 {
	var x uint64
	for i := 0; i < 64; i += 8 {
		x |= (binary.LittleEndian.Uint64(b[i:]) * 0x0102040810204080 >> 56) << i
	}
	return x
}

// markMoves sets in seen the values of the options of heap n that are not
// splits: taking the whole heap (value 0) and leaving one smaller heap.
func (e *octalEngine) markMoves(seen []uint64, n int) {
	for _, k := range e.r.whole {
		if n == k {
			seen[0] |= 1
		}
	}
	for _, k := range e.r.single {
		if n > k {
			v := uint32(e.g[n-k])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
}

// fullMex returns the mex at n over every option.
func (e *octalEngine) fullMex(n int) int32 {
	g := e.g
	if e.vmax < 64 && !e.r.unequal { // every option value is below 64: one word
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
	e.markMoves(seen, n)
	for _, k := range e.r.split {
		s := n - k
		h := s / 2
		if e.r.unequal {
			h = (s - 1) / 2
		}
		for a := 1; a <= h; a++ {
			v := uint32(g[a] ^ g[s-a])
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	return int32(engine.MexBits(seen))
}

// plainMex returns the mex at n over every option, each split set F(s) =
// {g(a) XOR g(s-a)} computed once and kept for the other split digits.
//
// Trick: the set of values of the splits of s depends on s alone, not on
// the heap n = s + k it is an option of, so a game with several split
// digits k needs it at several heaps. In a game without a sparse space
// (more than an eighth of the heaps rare under every labelling: 0.164,
// 0.604, 0.414 ...) the sparse-space method lists, for each split digit,
// the splits with a rare heap (step 1: #rare of them, a third or more of
// s) and, for the many heaps whose mex needs them all (rare heaps and late
// missing values: nearly half the heaps of 0.164), every split (step 3);
// here each heap lists the s/2 splits of one new s, in one branch-free,
// sequential pass (octalMarkSplits16), and ORs the kept bit sets of the
// others: 0.164 (split digits 2 and 3, 38% of its heaps rare) to 2^18
// took 28 s of CPU by the sparse-space method and takes 4.8 s here (docs/performance.md,
// octal section). choose picks this path by a cost rule (plainPays).
// Cost: a bit set of 2^vbits bits for each of the last max(k)-min(k)+1
// values of s (a few kB). On several workers (from 2^15 splits of an s on)
// the far part of each new F(s), its splits with both parts below the
// heaps already computed, is listed ahead by helpers and only the near
// part here (splitSet16, plainpar.go: about the CPU of one goroutine). No
// source: the plain mex of the C++ solver of
// tczajka/octal-games and of Flammenkamp's programs lists the splits of each
// split digit at each heap.
func (e *octalEngine) plainMex(n int) int32 {
	mw := e.markWords()
	if e.fsWords != mw || len(e.fsAt) == 0 {
		lo, hi := e.r.split[0], e.r.split[0]
		for _, k := range e.r.split {
			lo, hi = min(lo, k), max(hi, k)
		}
		e.fsWords = mw
		e.fsAt = slices.Grow(e.fsAt[:0], hi-lo+1)[:hi-lo+1]
		for i := range e.fsAt {
			e.fsAt[i] = -1 // every kept set is stale once vbits grows
		}
		e.fs = make([]uint64, (hi-lo+1)*mw)
	}
	seen := e.seen
	clear(seen)
	e.markMoves(seen, n)
	for _, k := range e.r.split {
		s := n - k
		if s < 2 {
			continue
		}
		slot := s % len(e.fsAt)
		f := e.fs[slot*mw : (slot+1)*mw]
		if e.fsAt[slot] != s {
			clear(f)
			if e.vbits <= 16 {
				if e.mk16 == nil {
					e.mk16 = new([1 << 16]byte)
				}
				h := octalHalf(s, e.r.unequal)
				e.splitSet16(f, s, h, n)
			} else {
				octalMarkSplits(e.mk, e.g, s, 1, octalHalf(s, e.r.unequal))
				octalPack(f, e.mk)
				clear(e.mk[:64*mw])
			}
			e.fsAt[slot] = s
		}
		for w, x := range f {
			seen[w] |= x
		}
	}
	e.fullScans++
	return int32(engine.MexBits(seen))
}

// octalMarkSplits16 is octalMarkSplits for values below 2^16 (vbits <= 16),
// by markPairs (kernels.go), eight splits a step without a bounds check.
func octalMarkSplits16(mk *[1 << 16]byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	markPairs(mk, g[lo:hi+1], g[s-hi:s-lo+1])
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

// sparseMex returns the mex at n by the sparse-space method. far, if not
// nil, is the block of n whose far part the helpers listed (octalPipe): the
// row of n holds (as bits) the values of the splits with a rare heap of
// index far.lo <= i < far.hi and of the known splits of step 3 that they
// listed, far.bot and far.top of them from each end of each split digit's
// known splits (from octalKnownFrom); the others are listed here.
func (e *octalEngine) sparseMex(n int, far *octalTask) int32 {
	g := e.g
	seen := e.seen
	lo, hi, fi := 0, 0, 0
	if far != nil {
		lo, hi, fi = far.lo, far.hi, n-far.start
		if rb := far.rb; rb > 0 {
			clear(seen)
			copy(e.mk, far.bytes[fi*rb:(fi+1)*rb])
		} else {
			copy(seen, far.buf[fi*far.words:(fi+1)*far.words])
			clear(seen[far.words:])
		}
	} else {
		clear(seen)
	}
	e.markMoves(seen, n)
	// 1. Every split with a rare heap.
	for _, k := range e.r.split {
		s := n - k
		if s < 2 {
			continue
		}
		if mk, ok := octalMarks16(e.mk); ok && e.ringOK() {
			if far != nil {
				e.markRareRing(mk, s, 0, lo)
				e.markRareRing(mk, s, hi, len(e.rare))
			} else {
				e.markRareRing(mk, s, 0, len(e.rare))
			}
			e.ringWork += int64(len(e.rare))
			continue
		}
		if far != nil {
			octalMarkRare(e.mk, g, e.rare[:lo], s, e.r.unequal)
			octalMarkRare(e.mk, g, e.rare[hi:], s, e.r.unequal)
		} else {
			octalMarkRare(e.mk, g, e.rare, s, e.r.unequal)
		}
		e.farWork += int64(len(e.rare))
	}
	mw := e.markWords()
	defer clear(e.mk[:64*mw])
	// 2. v*, the least value of the hard parity that is not an option,
	// and need, the values of the other parity below v* not seen yet
	// (octalPackVstar, which packs the marks up to v*).
	var flip uint64 // hard parity 1 ^ (dom & s & 1): par, or its complement
	if e.dom&(n-e.r.split[0])&1 == 1 {
		flip = ^uint64(0)
	}
	vstar, need := octalPackVstar(seen, e.mk, mw, e.par, flip)
	if vstar < 0 {
		panic(fmt.Sprintf("octal: engine: no value of the hard parity below %d at n = %d", 64*len(seen), n))
	}
	if need == 0 {
		return int32(vstar)
	}
	// 3. The values below v* not seen yet, all of the other parity, which
	// the splits of two common heaps give in plenty: the splits are listed
	// in chunks from both ends at once (the smallest heaps, and the most
	// even splits, whose parts lie in the regular part of the sequence),
	// across the split digits together (a value missing from the splits of
	// one digit may be among those of another), the chunks growing
	// (octalNextChunk), until none is missing; g(n) = v* then. If every
	// split is listed first, the mex of all options is g(n) (a rare heap).
	//
	// Trick: each chunk is marked without a test a split (octalMarkSplits,
	// a byte a value as in step 1) and the values still missing checked
	// after it (stillMissing), where a scan that tests each split against
	// the missing values, as the C++ solver of tczajka/octal-games does,
	// takes a branch a split. Cost: up to a chunk of splits more than
	// needed (the first chunk is 32 from each end) and a check a chunk; the
	// chunks' geometric growth keeps the checks of a full scan to O(log n).
	e.miss = missingBelow(e.miss[:0], seen, e.par, flip, vstar)
	for j, k := range e.r.split { // what the helpers listed
		e.bot[k], e.top[k] = 0, 0
		if far != nil {
			x := fi*len(e.r.split) + j
			a0 := octalKnownFrom(n-k, far.known)
			e.top[k] = int(far.top[x])
			e.hole[k][0], e.hole[k][1] = a0, a0+int(far.bot[x])-1
		}
	}
	for chunk, listed := 32, 0; ; listed, chunk = listed+chunk, octalNextChunk(listed+chunk) {
		par := e.parallel && chunk >= e.scanPar
		more := false
		e.ranges = e.ranges[:0]
		for _, k := range e.r.split {
			s := n - k
			h := octalHalf(s, e.r.unequal)
			b, t := e.bot[k], e.top[k]
			if b+t >= h {
				continue // every split of this digit has been listed
			}
			more = true
			loB := min(b+chunk, h-t)
			hiA := max(h-t-chunk+1, loB+1)
			// The least splits less the helpers' (hole): up to two ranges
			// from the low end, each beside one from the high end (the
			// second empty), as markRanges2 takes them in pairs.
			if hl := e.hole[k]; hl[1] < hl[0] || far == nil {
				e.step3Pair(par, s, b+1, loB, hiA, h-t)
			} else {
				lo1, hi2 := min(loB, hl[0]-1), max(b+1, hl[1]+1)
				e.step3Pair(par, s, b+1, lo1, hiA, h-t)
				if hi2 <= loB {
					e.step3Pair(par, s, hi2, loB, 1, 0)
				}
			}
			e.bot[k], e.top[k] = loB, h-hiA+1
		}
		if par {
			e.markRanges2()
		}
		if e.miss = stillMissing(e.mk, e.miss); len(e.miss) == 0 {
			return int32(vstar)
		}
		if !more {
			break
		}
	}
	// Every option is known and a value below v* is not one.
	octalPack(seen[:mw], e.mk)
	e.fullScans++
	for _, k := range e.r.split {
		e.scanWork += int64(octalHalf(n-k, e.r.unequal))
	}
	return int32(engine.MexBits(seen))
}

// step3Pair marks the splits a + (s-a) of step 3 with lo1 <= a <= hi1 (from
// the low end) and lo2 <= a <= hi2 (from the high end) into mk, or, when
// par, queues the two ranges for markRanges2 (low end here, high end on
// the other goroutine).
//
// Trick: a chunk on one core is marked at once, not queued in e.ranges and
// marked after the loop over the split digits. Reason: the queue's appends
// and second loop were about 6% of the CPU of one worker on 0.6 to 2^21
// (pprof, lines of sparseMex), a chunk being 32 to a few hundred splits
// from each end, nine or so a heap. Cost: none. Ours.
func (e *octalEngine) step3Pair(par bool, s, lo1, hi1, lo2, hi2 int) {
	if par {
		e.ranges = append(e.ranges, [3]int{s, lo1, hi1}, [3]int{s, lo2, hi2})
		return
	}
	m16, _ := octalMarks16(e.mk)
	octalMarkRange(m16, e.mk, e.g, s, lo1, hi1)
	octalMarkRange(m16, e.mk, e.g, s, lo2, hi2)
}

// octalMarkRange is octalMarkSplits (lo <= a <= hi) with the caller's m16,
// the marks as octalMarks16 gives them (nil if it does not).
//
// Trick: step 3 calls markPairs itself on the 2^16 marks, not through
// octalMarkSplits and octalMarkSplits16, which took the array again at
// every range. Reason: a heap of 0.6 lists about twenty ranges, most of a
// few dozen splits, so the two calls and the checks a range were a
// measurable share: 0.6 to 2^22 on one worker took 0.977 times the CPU
// (farm-bench, 4 pairs, load 5.0). Cost: none. Ours.
func octalMarkRange(m16 *[1 << 16]byte, mk []byte, g []int32, s, lo, hi int) {
	if lo > hi {
		return
	}
	if m16 != nil {
		markPairs(m16, g[lo:hi+1], g[s-hi:s-lo+1])
		return
	}
	octalMarkSplits(mk, g, s, lo, hi)
}

// octalNextChunk returns the chunk of step 3 (splits from each end) after
// listed splits from each end: a quarter of them, at least 64.
//
// Trick: the chunks grow by a quarter of what was listed, not by doubling.
// Reason: step 3 stops at the end of the chunk in which the last missing
// value shows, so a chunk lists on average half its length past that
// point: on 0.6 from 5*10^5 to 10^6 (every 97th heap), step 3 needs 977
// splits from each end on average (57 values missing after step 1, found
// about as often from either end), and doubling chunks from 32 list 1,426,
// chunks of a quarter of what was listed 1,095, at 9.3 packs a heap
// against 5.1. Cost: about twice the checks of what is missing (cheap: see
// stillMissing); a full scan (a rare heap) takes about 35 chunks instead of
// 15 for 10^6 splits.
func octalNextChunk(listed int) int {
	return max(64, listed/4)
}

// markRanges2 marks the splits of e.ranges (s, lo, hi: a from lo to hi) on
// two cores: the ranges from the low end (even indices) here, those from the
// high end on another goroutine into a second set of marks, packed into
// seen. The values below n are final and the goroutine starts after they
// are written (go statement), so it may read them.
//
// Trick: from the chunk of octalParallelScan splits on, step 3 lists each
// chunk on both cores. Reason: a rare heap's mex needs every split (O(n)
// at one heap), and so do the heaps whose last missing values come late;
// games with a poor sparse space have many (0.007 to 6*10^5: 22,000 rare
// heaps and ten times as many long scans), which would leave the main
// goroutine the bottleneck of the pipeline. Cost: a goroutine start and a
// wait (a few microseconds) against at least 2*octalParallelScan splits a
// chunk, and a second pack.
func (e *octalEngine) markRanges2() {
	if len(e.mk2) < len(e.mk) {
		e.mk2 = make([]byte, len(e.mk)) // the slice loop: markRanges2 runs only at long scans
	}
	if e.done == nil {
		e.done = make(chan struct{}, 1)
	}
	mw := e.markWords()
	go e.markHigh()
	for i := 0; i < len(e.ranges); i += 2 {
		r := e.ranges[i]
		octalMarkSplits(e.mk, e.g, r[0], r[1], r[2])
	}
	<-e.done
	octalPack(e.seen[:mw], e.mk2)
	e.miss = stillMissing(e.mk2, e.miss) // stillMissing then reads mk alone
	clear(e.mk2[:64*mw])
}

// markHigh is the other goroutine of markRanges2: it marks the ranges from
// the high end (odd indices) into mk2 and signals done. (A channel made
// once and a method rather than a closure: markRanges2 runs at every long
// scan, and each allocation there was garbage.)
func (e *octalEngine) markHigh() {
	for i := 1; i < len(e.ranges); i += 2 {
		r := e.ranges[i]
		octalMarkSplits(e.mk2, e.g, r[0], r[1], r[2])
	}
	e.done <- struct{}{}
}

// octalWalsh replaces h, of length a power of two, by its Walsh-Hadamard
// transform: h'[i] = sum over j of (-1)^popcount(i&j) h[j].
func octalWalsh(h []int64) {
	for d := 1; d < len(h); d *= 2 {
		for i := 0; i < len(h); i += 2 * d {
			for j := i; j < i+d; j++ {
				h[j], h[j+d] = h[j]+h[j+d], h[j]-h[j+d]
			}
		}
	}
}

// best returns the labelling (mask m >= 1, dom) with the fewest rare heaps
// among heaps 1..n-1, and their number; ok is false when no labelling
// applies (no split move, or every value so far is 0).
//
// Trick: every labelling is counted at once by a Walsh-Hadamard transform
// of the histogram of (value, heap parity): the transform at index
// (m<<1 | dom) is the number of heaps of label 0 minus those of label 1,
// since the label is the parity of (v<<1 | a&1) AND (m<<1 | dom). Reason:
// trying each mask against each value costs 4^16 steps for 16-bit masks,
// the transform 17 * 2^17. Source: the C++ solver of tczajka/octal-games
// (MIT), recompute_rare in analyze_exec.cc and hadamard.cc.
func (e *octalEngine) best() (mask uint32, dom int, count int64, ok bool) {
	if len(e.r.split) == 0 {
		return 0, 0, 0, false
	}
	sameParity := true
	for _, k := range e.r.split {
		if (k-e.r.split[0])&1 != 0 {
			sameParity = false
		}
	}
	e.walsh = append(e.walsh[:0], e.hist...) // reused: best runs every 2^16 heaps
	h := e.walsh
	octalWalsh(h)
	total := h[0]
	count = -1
	consider := func(i int) {
		m, d := uint32(i>>1), i&1
		if m == 0 || d == 1 && !sameParity {
			return
		}
		label0 := (total + h[i]) / 2
		c := label0
		if d&e.r.split[0]&1 == 1 {
			c = total - label0
		}
		if count < 0 || c < count {
			mask, dom, count = m, d, c
		}
	}
	if e.sparse && int(e.mask)<<1|e.dom < len(h) {
		consider(int(e.mask)<<1 | e.dom) // the current one wins ties
	}
	for i := 2; i < len(h); i++ {
		consider(i)
	}
	return mask, dom, count, count >= 0
}

// choose turns the sparse-space method on with the labelling that has the
// fewest rare heaps among heaps 1..n-1, rebuilding the list of rare heaps
// if it changes, and decides whether the heaps up to the next choice take
// the cached plain mex instead (plainPays). Every labelling gives the exact
// mex (see octal.go); the method costs O(#rare + #values) at a common heap
// and O(n) at a rare one, never more than the plain O(n), and the plain mex
// is taken only where the rare heaps make it quadratic too, with a larger
// constant.
func (e *octalEngine) choose(n int) {
	mask, dom, count, ok := e.best()
	if !ok {
		return
	}
	e.plain = e.plainPays(n, count)
	e.chose, e.choseRare, e.measured = n, count, !e.plain
	e.ringWork, e.farWork, e.scanWork = 0, 0, 0
	if e.sparse && mask == e.mask && dom == e.dom {
		return
	}
	e.sparse, e.mask, e.dom, e.rho = true, mask, dom, dom&e.r.split[0]&1
	e.buildPar()
	// A new slice: the second core may still read the old list. Made at
	// its size, count, the number of rare heaps below n that best found,
	// rather than grown by append (whose copies would be garbage).
	e.rare = make([]octalRare, 0, count)
	for a := 1; a < n; a++ {
		if e.label(a) == e.rho {
			e.rare = append(e.rare, octalRare{int32(a), e.g[a]})
		}
	}
	if e.ring16 != nil {
		e.rebuildRare16()
	}
}

// plainPays reports whether choose should turn to the cached plain mex
// (plainMex) at heap n, count of the heaps below n being rare under the best
// labelling. With r = (number of split digits) * count / n, step 1 alone
// lists about r*s splits a heap where plainMex lists s/2, and a rare heap
// needs every split anyway. The rule: the plain mex when r >= 1/4; the
// sparse-space method when r < 1/8 or n <= plainPaysFrom; in between, the plain mex only if the
// sparse-space method cost more than plainMex would have since the last
// choice (sparseCost), or, where it did not compute those heaps, if step 1
// and the full scans would: r*n splits a heap at farRareWeight each past
// 2^16 heaps (the rare heaps no longer fit the ring), at one below, and
// split*n/2 at each heap that became rare since the last choice, against
// n/2 (2*r*w + split*full > 1: r > 0.19 past 2^16 with no new rare heap;
// without the full scans 0.314, r = 0.186 at 458,752 heaps and 9,037 new
// rare heaps since 393,216, went back to the sparse-space method). Games with a sparse
// space have r far below 1/8 past a few thousand heaps (0.6, 0.014, 0.172,
// 0.034: under 1/25 from 2^16 heaps on; 0.007, r = 0.31 at 2^13 and 0.21
// at 2^16, takes the plain mex to 2^16 and the sparse-space method after);
// the games without one that the census meets have r from 1/4 (0.163 at
// 2^17: 0.27, one split digit) to 0.8 (0.76: two split digits, 0.40 of the
// heaps rare).
//
// Reason for comparing costs, not splits: the rule was "more than twice
// the splits", the factor 2 for the second core, which the sparse-space
// method used and plainMex did not; since plainMex uses every worker too
// (plainpar.go) it was only a handicap of the plain mex, and the splits of
// step 1 read from the whole array cost about 2.7 plain splits each. So the
// games it kept on the sparse-space method in the band (0.314, 0.371: a
// fifth of their heaps rare, spread over the whole array) took 1.27 to 1.40
// times the CPU of a plain game (measured 2026-11-27, one goroutine, load
// 3 to 10; docs/census.md). Cost: three counters in sparseMex.
func (e *octalEngine) plainPays(n int, count int64) bool {
	switch e.forcePlain {
	case 1:
		return true
	case -1:
		return false
	}
	r := float64(len(e.r.split)) * float64(count) / float64(n)
	if r >= 1.0/4 {
		return true
	}
	if r < 1.0/8 || n <= plainPaysFrom {
		return false
	}
	if prev := e.chose; e.measured && n > prev {
		plainWork := float64(n-prev) * float64(n+prev-1) / 4 // the s/2 splits of each heap
		return e.sparseCost(n-prev) > plainWork
	}
	w := 1.0 // step 1 on the ring, while the rare heaps lie below 2^16
	if n > 1<<16 {
		w = farRareWeight
	}
	full := 0.0 // the new rare heaps since the last choice: full scans
	if prev := e.chose; n > prev && count > e.choseRare {
		full = float64(count-e.choseRare) / float64(n-prev)
	}
	return 2*r*w+float64(len(e.r.split))*full > 1
}

// plainPaysFrom is the heap up to which plainPays keeps a game in the band
// on the sparse-space method, as the rule did before it compared costs.
// Reason: to 2^14 heaps either method costs some 20 ms, and there step 3's
// sparseCommonSplits a heap, a guess, is more than the plain mex's n/2
// (Grundy's game, r = 0.19 at 256 heaps, went to the plain mex at 256 and
// back at 512, and allocated 60 KB more to 2^19, TestEngineAllocations).
const plainPaysFrom = 1 << 14

// farRareWeight is the cost of a split with a rare heap that step 1 reads
// from the whole array (octalMarkRare) in plain splits (markPairs): the
// ratio of CostOf's constants for them, 0.8 and 0.3 ns.
const farRareWeight = farRareSplitSeconds / plainSplitSeconds

// sparseCost returns the cost, in plain splits, of the heaps heaps the
// sparse-space method computed since the last choice: step 1's splits on
// the ring at one each (not measured apart: 0.007 and 0.371 on the ring to
// 2^16 list about 0.4 of the plain mex's splits there), those from
// the whole array at farRareWeight, the full scans' splits at one, and
// sparseCommonSplits a split digit a heap for step 3 at a common heap. The
// same on any number of goroutines (the helpers' share of step 3 depends on
// their number, so it is not counted as listed), so the method and the
// statistics are too.
func (e *octalEngine) sparseCost(heaps int) float64 {
	return float64(e.ringWork) + farRareWeight*float64(e.farWork) + float64(e.scanWork) +
		float64(sparseCommonSplits*len(e.r.split)*heaps)
}

// octalProvenPeriod reports whether g, the Grundy values g(0..len(g)-1) of
// an octal game whose largest move removes t tokens, proves by the octal
// periodicity theorem that the sequence is periodic, and with which period p
// and preperiod n0: the smallest p for which, with n0 the least index such
// that g(n+p) = g(n) for n0 <= n < len(g)-p, the window of the theorem,
// n0 <= n < 2*max(n0, 1) + p + t, lies inside the values
// (analysis.OctalNeeded(p, n0, t) <= len(g), the one statement of that
// window in the code base), as analysis.ProveOctal requires.
//
// It is the Z-algorithm of analysis.FindPeriodWhere (same result; zBackward), with its
// scratch allocated once at its final size, n/2 int32, where
// FindPeriodWhere grows it by append from 4096 (it is made for sequences
// whose period is usually found early). Reason: at a checkpoint of 2^23
// heaps append growth allocates about five times the final 16 MB, and the
// garbage doubled the engine's peak memory at 10^7 heaps (to 17 bytes a
// heap, against 7 for the C++ solver). Cost: 2 bytes a value at a
// checkpoint even when a period shows early.
func octalProvenPeriod(g []int32, t int) (p, n0 int, ok bool) {
	n := len(g)
	if n < 4 {
		return 0, 0, false
	}
	// g(m) = g(m+k) for every m >= n-k-z: the least preperiod for k is n-k-z.
	zBackward(g, n/2, func(k, z int) bool {
		if analysis.OctalNeeded(k, n-k-z, t) <= n {
			p, n0, ok = k, n-k-z, true
		}
		return ok
	})
	return p, n0, ok
}

// octalTask is a block of heaps [start, end) whose far part the helpers
// (and the main goroutine, while it waits) list, part by part.
type octalTask struct {
	start, end int
	lo, hi     int // the rare heaps of index lo <= i < hi are listed here
	words      int // words a heap in buf: len(seen) at dispatch
	mw         int // words the marks reach (markWords at dispatch)
	known      int // the heaps below known were known at dispatch
	cap        int // step 3: at most about this many splits from each end a heap
	rare       []octalRare
	ring16     []uint16   // e.ring16 when ringOK at dispatch, else nil: heap m's slots are not written while heaps below known are read
	rare16     []nearRare // e.rare16 with it
	par        []uint64   // the labelling's parity bits at dispatch (words words)
	dom        int
	buf        []uint64 // packed rows (rb = 0): the marks of heap n in words words at (n-start)*words
	rb         int      // > 0: the rows are bytes, rb = 64*mw a heap (octalByteRow)
	bytes      []byte   // byte rows (rb > 0): the marks of heap n, a byte a value, at (n-start)*rb
	bot, top   []int32  // step 3: splits listed from each end of the known ones, by heap and split digit
	remaining  atomic.Int32
	done       chan struct{} // capacity 1: the last part of the block is listed
}

// octalPartHeaps is the fewest heaps of one part of a block (octalPartOf):
// 16 parts of a block of 128 heaps (octalPartHeapsFor).
const octalPartHeaps = 8

// octalPartHeapsFor returns the heaps of one part of a block for a pipe of
// helpers goroutines: 16 (8 parts a block) while the octalPipeDepth
// blocks queued ahead hold at least two parts for each goroutine that
// lists them (the helpers and the main goroutine), else octalPartHeaps.
//
// Trick: parts of 16 heaps on few workers. Reason: each part is a channel
// send and receive and a wake-up of a parked helper; 0.6 to 2^22 at W = 2
// took 0.979 times the CPU with parts of 16 heaps against 8 on one P
// (farm-bench, 3 pairs, load 6.6 to 7.8; 0.81 on two cores, a noisy set).
// Cost: on many workers, parts of 8 heaps, so that none waits for a part
// while others are queued. Ours.
func octalPartHeapsFor(helpers int) int {
	if octalPipeDepth*octalBlock/(2*octalPartHeaps) >= 2*(helpers+1) {
		return 2 * octalPartHeaps
	}
	return octalPartHeaps
}

// octalPipe is the helper goroutines of the engine (workers - 1 of them).
//
// Trick: more cores on one sequence by pipelining across heaps. Heap n
// needs only values below n; the splits (a, s-a) of a heap of the block
// [N, N+B) whose larger part s-a lies below N-dB read values known when the
// block [N-dB, N-dB+B) starts, d = octalPipeDepth blocks before. That is
// the far part of the block: every split with a rare heap a >= (d+1)B
// (octalFarRare), and the splits a >= s-N+dB+1 of two known heaps
// (octalKnownFrom), among them the most even ones. While the main
// goroutine computes the blocks before, the helpers list the far part of
// each heap as the sparse-space method would with what they know: step 1
// over those rare heaps, then v* and the values below it that are missing
// (steps 2 and 3 with the far marks alone), and step 3 over the known
// splits, from both ends of them, only until none of those missing values
// is missing (octalPipe.heap). So they list what the heap needs and no
// more: no split is listed on speculation, and a heap that step 1 settles
// lists none. The main goroutine then adds, in order, the near part (the
// rare heaps below 2B, those found since dispatch, the moves that leave
// one heap), computes v*, and lists step 3 on only when a value is still
// missing: from the least splits (a < octalKnownFrom, whose larger part is
// fresh) and past the helpers' ranges (the hole of sparseMex). The marks
// of the near part can only add options: v* never falls, and a value the
// helpers found stays found, so the main goroutine lists step 3 only where
// the near part raised v* past a value no far split gives, or the helper's
// cap (below) stopped it. Every value is exact whatever the helpers
// listed.
//
// The block is split into parts of octalPartHeaps heaps, queued on one
// channel for every helper, each heap into its own rows, so the rows do not
// depend on W; the main goroutine, when it needs a block whose parts are
// not all listed, lists queued parts itself rather than wait (receive;
// from W = 3 on, a later block's part only when no helper is free, and it
// spins briefly before parking where every goroutine has a core: await),
// so on W workers the whole of the far part is shared by W goroutines and
// the main goroutine's in-order share is the near part and the mex
// (TestOctalSerialShare measures it: 7.7% of one worker's CPU on 0.6 to
// 2^22). Where a
// new labelling may be chosen (checkpoints) the pipeline is empty, so no
// block mixes two labellings.
//
// The helpers' step 3 stops at octalHelperCap splits from each end: a
// value that only the near part gives (a move to g(n-1), a split with a
// fresh part) would otherwise send a helper through every known split
// (0.6 to 2^20: 0.6% of the heaps reach the cap). The helpers are at most
// GOMAXPROCS-1: a helper without a P of its own holds a part that the main
// goroutine then waits for until the scheduler runs it again (0.6 to 2^21
// at W = 16 on two cores took 1.4 times the wall of W = 2 uncapped).
// Reason: the last design listed a fixed, adaptive number of the splits
// from each end for every heap, whether it needed them or not, and paid
// 1.4 times the CPU of one worker on two (0.6 to 2^22 on a 16-core node:
// 12.5 s of CPU on one worker, 17.2 s on two), which bounded the speed-up
// near 2 at 16 workers. Cost: a channel send and receive a part, the far
// part's step 2 and a second pack of its marks (since issue 33's fourth
// session a pack up to v* and a copy of the marks as bytes, heap), a mark
// array of 64 KiB a helper: W = 2 took 1.045 times the CPU of W = 1 on one
// P and 1.085 on two cores (0.6 to 2^21, farm-bench, load 10 to 15), the
// splits listed being the same (2.26*10^9 against 2.29*10^9 to 2^20); with
// the byte rows and parts of 16 heaps, 1.039 and 1.069 (0.6 to 2^22, load
// 6.7 to 8.9). Sources: the C++
// solver of tczajka/octal-games and the Rust solver of
// rogalski-wmii-uni-lodz-pl/octal are single-threaded; Grossman's program
// for 0.6 ("Searching for periodicity in Officers", Games of No Chance 5)
// uses two parallelization strategies, which its abstract does not detail
// (docs/performance.md).
type octalPipe struct {
	g       []int32
	split   []int
	unequal bool
	helpers int
	parts   chan octalPart
	exited  sync.WaitGroup
	slots   [octalPipeDepth + 1]octalTask // the tasks, in turn
	flip    int
	pending []*octalTask // dispatched, not yet received, in order
	next    int          // the start of the next block to dispatch
	own     octalScratch
	cap     int         // step 3's cap: octalHelperCap, or octalOptions.pipeTop
	heaps   int         // the heaps of a part (octalPartHeapsFor)
	packed  bool        // packed rows whatever their length (octalOptions.packedRows)
	clock   *octalClock // octalOptions.clock: no helper, dispatch lists and times the parts
	inline  octalScratch
	spin    bool // await spins before it parks (octalSpins)
}

// octalScratch is the marks and the list of missing values of one
// goroutine of the pipe.
type octalScratch struct {
	mk   []byte
	miss []int32
	seen []uint64 // the packed marks of a heap whose row is bytes
}

// octalPart is heaps [from, to) of the block of task t.
type octalPart struct {
	t        *octalTask
	from, to int
}

// octalPartOf returns part i of parts of the block [start, end): the heaps
// [start + i*len/parts, start + (i+1)*len/parts), len = end - start. The
// parts cover the block, in order, without overlap.
func octalPartOf(start, end, i, parts int) (from, to int) {
	n := end - start
	return start + i*n/parts, start + (i+1)*n/parts
}

// octalKnownFrom returns the least a >= 1 whose split a + (s-a) has its
// larger part known, s-a < known: the least split of heap s that the
// helpers may list for a block dispatched when the heaps below known were
// known.
func octalKnownFrom(s, known int) int {
	return max(s-known+1, 1)
}

// octalPipeDepth is the blocks the helpers' queue holds ahead of the block
// the main goroutine computes: at block [N, N+B) the blocks up to [N +
// octalPipeDepth*B, N + (octalPipeDepth+1)*B) are dispatched, each with
// the heaps below N known.
//
// Trick: the pipeline is two blocks deep, not one. Reason: one block deep,
// the helpers emptied the queue at every block and parked, the main
// goroutine waited in receive for the last part in flight and parked too,
// and the next dispatch woke the helpers again: a park and a wake-up of
// each side every 128 heaps (about 0.2 ms of 0.6 at 2^24), which left 22%
// of a core idle at W = 2 on an idle machine and took 1.20 times the CPU
// of one worker (docs/performance.md). Two deep, the queue holds the parts
// of the next block while the main goroutine finishes the near part of
// this one, so the helpers run on, and the main goroutine, waiting for a
// part in flight, lists a queued part of the next block instead. Cost: the
// far part starts at a rare heap 3B = 384 instead of 256 and at the known
// splits with their larger part below N instead of N+B (octalFarRare,
// octalKnownFrom), so the main goroutine's in-order share grows by the
// rare heaps in [256, 384) and 128 more of the least splits of step 3 at
// the heaps that list them; a third task's buffers. No source (the tail's
// helpers, tailpipe.go, run up to 256 heaps ahead for the same reason).
const octalPipeDepth = 2

// octalFarRare returns the least rare heap a whose splits the helpers list
// for the block [start, start+octalBlock) dispatched when the heaps below
// known were known: every split (a, s-a) of a heap n of the block, s = n-k
// <= n, with a >= octalFarRare has its larger part s-a < known.
func octalFarRare(start, known int) int {
	return start + octalBlock - known
}

// octalChoosesAt reports whether octalRun may choose a labelling (choose)
// at the block that starts at heap x: a checkpoint (a power of two from
// octalFirstCheckpoint on) or a multiple of octalRechoose. No block at or
// past such a heap is dispatched before it is reached, so no task mixes
// two labellings.
func octalChoosesAt(x int) bool {
	return x >= octalFirstCheckpoint && x&(x-1) == 0 || x%octalRechoose == 0
}

// octalByteRow is the longest row of marks, in bytes a heap, that the
// helpers hand over as bytes rather than packed (octalPipe.heap): marks
// of values below 1024.
const octalByteRow = 1024

// octalPackedFrom is the fewest workers at which the helpers hand over
// packed rows whatever the marks' length (octalPackedRows).
const octalPackedFrom = 12

// octalPackedRows reports whether a pipe of helpers goroutines on cpus CPUs
// hands over packed rows although the marks are short (octalByteRow): from
// octalPackedFrom workers on, each with a CPU of its own.
//
// Trick: on many cores the helpers pack their rows again. Reason: there the
// main goroutine's in-order work bounds the run (TestOctalSerialShare,
// 0.6 to 2^22: in-order share 7.7%, and the far part shared by P cores
// takes less than the in-order part of a block from about P = 14 on), and
// a byte row costs it a copy of 64*mw bytes a heap, eight cache lines
// written by another core (512 bytes on 0.6; the node's W = 16 profile:
// the copy 0.16 s and the pack 0.35 s of the main goroutine's 1.81 s in
// sparseMex), where a packed row is one line. Measured on one goroutine
// (the model's run, 0.6 to 2^22, two runs each, load 7 to 8): the in-order
// time S 0.46 and 0.48 s against 0.50 and 0.50 s with byte rows, the far
// part 6.49 and 6.65 s against 6.36 and 6.40 s (+2% to +4%), the other
// cores' lines not counted. Cost: that 2% to 4% more CPU in the helpers,
// which have time to spare on that many cores; below octalPackedFrom
// workers, or on fewer CPUs than goroutines (where that CPU is the wall
// time), the byte rows stay. Not measured on 16 cores yet: a prediction.
func octalPackedRows(helpers, cpus int) bool {
	return helpers+1 >= octalPackedFrom && cpus > helpers
}

// octalHelperCap is the most splits from each end of the known ones that a
// helper's step 3 lists for a heap (octalPipe).
const octalHelperCap = 4096

// newOctalPipe starts helpers goroutines (at least one); top > 0 fixes
// the cap of their step 3 (octalOptions.pipeTop).
func newOctalPipe(e *octalEngine, helpers, top int, packed bool, clock *octalClock, spin int) *octalPipe {
	helpers = max(helpers, 1)
	p := &octalPipe{g: e.g, split: e.r.split, unequal: e.r.unequal, helpers: helpers,
		parts: make(chan octalPart, (octalPipeDepth+1)*octalBlock/octalPartHeaps), cap: octalHelperCap, packed: packed,
		heaps: octalPartHeapsFor(helpers), clock: clock,
		spin: octalSpins(helpers, runtime.NumCPU(), runtime.GOMAXPROCS(0), spin)}
	p.packed = p.packed || octalPackedRows(helpers, runtime.NumCPU())
	if top > 0 {
		p.cap = top
	}
	for i := range p.slots {
		p.slots[i].done = make(chan struct{}, 1)
	}
	if clock != nil {
		return p
	}
	p.exited.Add(helpers)
	for range helpers {
		go p.loop()
	}
	return p
}

// loop lists each part it takes.
func (p *octalPipe) loop() {
	defer p.exited.Done()
	var sc octalScratch
	for part := range p.parts {
		p.run(part, &sc)
	}
}

// run lists the heaps of part and signals its block when it was the last.
func (p *octalPipe) run(part octalPart, sc *octalScratch) {
	t := part.t
	sc.mk = octalMarksGrow(sc.mk, 64*t.words)
	for n := part.from; n < part.to; n++ {
		p.heap(t, sc, n)
	}
	if t.remaining.Add(-1) == 0 {
		t.done <- struct{}{}
	}
}

// heap lists the far part of heap n of task t (octalPipe): step 1 over its
// rare heaps, then step 3 over the known splits from both ends while a
// value below the far part's v* is missing, up to the cap; its row of buf
// gets the marks, bot and top how far step 3 went for each split digit.
func (p *octalPipe) heap(t *octalTask, sc *octalScratch, n int) {
	i := n - t.start
	nd := len(p.split)
	var row []uint64 // the packed marks: the task's row, or a scratch when the row is bytes
	if t.rb > 0 {
		sc.seen = slices.Grow(sc.seen[:0], t.words)[:t.words]
		row = sc.seen
	} else {
		row = t.buf[i*t.words : (i+1)*t.words]
	}
	bot, top := t.bot[i*nd:(i+1)*nd], t.top[i*nd:(i+1)*nd]
	clear(row)
	clear(bot)
	clear(top)
	mk := sc.mk[:64*t.words] // stillMissing reads it below v*, which may pass 64*mw
	rare := t.rare[t.lo:t.hi]
	m16, ok16 := octalMarks16(mk)
	ring := ok16 && t.ring16 != nil
	for _, k := range p.split {
		if s := n - k; s < 2 {
			continue
		} else if ring {
			markRareRing16(m16, t.ring16, t.rare, t.rare16, s, t.lo, t.hi, p.unequal)
		} else {
			octalMarkRare(mk, p.g, rare, s, p.unequal)
		}
	}
	mw := min(t.mw, len(row))
	var flip uint64
	if t.dom&(n-p.split[0])&1 == 1 {
		flip = ^uint64(0)
	}
	if vstar, need := octalPackVstar(row, mk, mw, t.par, flip); need > 0 {
		sc.miss = missingBelow(sc.miss[:0], row, t.par, flip, vstar)
		for chunk, done := 32, 0; len(sc.miss) > 0 && done < t.cap; done, chunk = done+chunk, octalNextChunk(done+chunk) {
			more := false
			for j, k := range p.split {
				s := n - k
				a0, h := octalKnownFrom(s, t.known), octalHalf(s, p.unequal)
				free := h - a0 + 1 - int(bot[j]) - int(top[j])
				if free <= 0 {
					continue
				}
				more = true
				c := min(chunk, free)
				octalMarkRange(m16, mk, p.g, s, a0+int(bot[j]), a0+int(bot[j])+c-1)
				bot[j] += int32(c)
				if c = min(chunk, free-c); c > 0 {
					octalMarkRange(m16, mk, p.g, s, h-int(top[j])-c+1, h-int(top[j]))
					top[j] += int32(c)
				}
			}
			if !more {
				break
			}
			sc.miss = stillMissing(mk, sc.miss)
		}
	}
	// The row gets every mark of step 1 and step 3 (octalPackVstar packed
	// them up to v*).
	//
	// Trick: where the marks are short (64*mw <= octalByteRow), the row is
	// the marks themselves, a byte a value, copied out; the main goroutine
	// copies them into its own marks, adds the near part's and packs once
	// (sparseMex). Reason: the helper packed its marks twice a heap (for v*
	// after step 1, the row after step 3) and the main goroutine once more,
	// against one pack a heap on one worker (0.6 to 2^22: octalPack 0.50 s
	// of CPU on two workers, 0.14 s on one; pprof). Measured: W = 2 with
	// byte rows took 0.986 times the CPU of packed rows on one P and 0.962
	// on two cores (both with octalPackVstar; farm-bench, 3 pairs each,
	// load 7.5 to 8.7). Cost: a copy of 64*mw bytes on each side (512 on
	// 0.6) and rows four times as long as packed ones, at most
	// octalByteRow bytes a heap (3 tasks of 128 KiB).
	if t.rb > 0 {
		copy(t.bytes[i*t.rb:(i+1)*t.rb], mk[:t.rb])
	} else {
		octalPack(row[:mw], mk)
	}
	clear(mk[:64*mw]) // every mark is below 2^vbits
}

// dispatch queues the block [start, end) for the helpers, with the rare
// heaps known now (all below known, the start of the block before it).
func (p *octalPipe) dispatch(e *octalEngine, start, end, known int) {
	lo, _ := slices.BinarySearchFunc(e.rare, int32(octalFarRare(start, known)), func(x octalRare, t int32) int { return int(x.a - t) })
	t := &p.slots[p.flip]
	p.flip = (p.flip + 1) % len(p.slots)
	// Trick: octalPipeDepth+1 tasks, reused in turn with their buffers (the
	// one dispatched that many blocks ago has been received and its block
	// computed).
	// Reason: a task allocated a block was garbage every 128 heaps, which
	// Go's collector (GOGC = 100, the values being the live heap) let pile
	// up: a sixth of the peak memory of Grundy's game to 2^24. Cost: none.
	words, nd, heaps := len(e.seen), len(e.r.split), end-start
	t.rb = 64 * e.markWords()
	if t.rb > octalByteRow || p.packed {
		t.rb = 0
		t.buf = slices.Grow(t.buf[:0], heaps*words)[:heaps*words]
	} else {
		t.bytes = slices.Grow(t.bytes[:0], heaps*t.rb)[:heaps*t.rb]
	}
	t.par = append(t.par[:0], e.par[:words]...)
	t.bot = slices.Grow(t.bot[:0], heaps*nd)[:heaps*nd]
	t.top = slices.Grow(t.top[:0], heaps*nd)[:heaps*nd]
	t.start, t.end, t.lo, t.hi, t.words, t.mw, t.known, t.cap = start, end, lo, len(e.rare), words, e.markWords(), known, p.cap
	t.rare, t.dom, t.ring16, t.rare16 = e.rare, e.dom, nil, nil
	if e.ringOK() {
		t.ring16, t.rare16 = e.ring16, e.rare16
	}
	parts := (heaps + p.heaps - 1) / p.heaps
	t.remaining.Store(int32(parts))
	p.pending = append(p.pending, t)
	p.next = end
	if c := p.clock; c != nil {
		t0 := c.now()
		for i := range parts {
			from, to := octalPartOf(start, end, i, parts)
			p.run(octalPart{t: t, from: from, to: to}, &p.inline)
		}
		d := c.now() - t0
		c.at(start / octalBlock)
		c.far[start/octalBlock] += d
		c.inFar += d
		return
	}
	for i := range parts {
		from, to := octalPartOf(start, end, i, parts)
		p.parts <- octalPart{t: t, from: from, to: to}
	}
}

// receive returns the task of the block that starts at start, or nil if
// there is none, once every part of it is listed; while parts are queued
// the calling goroutine lists them too, into mk, the engine's marks (zero
// between heaps, and left zero: no second array of 64 KiB), but from two
// helpers on (W >= 3) a part of a later block only when no helper is free
// (octalTakesLater); then it waits for the block (await).
//
// Trick: from W = 3 on, the main goroutine gives a later block's part back
// to the queue unless every helper has another part queued. Reason: the
// main goroutine is the critical path of the pipeline, and a part it takes
// (8 heaps, about 36 µs on the 16-core node) delays its block while the
// parts it waits for end in a few: on the node at W = 16 (0.6 to 2^22,
// main at 62a20b3) it spent 1.35 s of a 4.71 s run (profiled) listing
// parts and 0.94 s blocked in receive, while the 15 helpers were blocked
// 14.9 s in all waiting for parts. With one helper (W = 2) the main
// goroutine is half the listing and takes every part, as before. Cost: at
// W = 3 to 8 the main goroutine may wait where it would have listed a part
// of the next block; TestOctalSerialShare's pipelined and no-steal models
// differ by 5% at 8 and 0.2% at 16 (0.6 to 2^22), and the rule takes the
// part whenever the helpers have enough queued. The queue is FIFO and a
// block's parts are queued before the next block's, so once a later part
// is at its head no part of this block is left queued; a part given back
// goes to the tail, behind its own block's others (the queue holds at most
// the two blocks dispatched ahead, 32 parts, under its capacity of 48).
func (p *octalPipe) receive(start int, mk []byte) *octalTask {
	if len(p.pending) == 0 || p.pending[0].start != start {
		return nil
	}
	t := p.pending[0]
	p.pending = append(p.pending[:0], p.pending[1:]...)
	p.own.mk = mk
	for {
		select {
		case <-t.done:
			return t
		default:
		}
		if p.helpers >= 2 {
			select {
			case part := <-p.parts:
				if part.t != t && !octalTakesLater(p.helpers, len(p.parts)) {
					p.parts <- part
					return p.await(t)
				}
				p.run(part, &p.own)
			default: // nothing queued, and only this goroutine queues parts
				return p.await(t)
			}
			continue
		}
		select {
		case part := <-p.parts:
			p.run(part, &p.own)
		case <-t.done:
			return t
		}
	}
}

// octalTakesLater reports whether the main goroutine of a pipe of helpers
// goroutines lists a part of a later block that it took from the queue
// while waiting for its own, queued parts being left behind it: with one
// helper always (W = 2), else when every helper has one of them to take
// (none is free; receive).
func octalTakesLater(helpers, queued int) bool {
	return helpers < 2 || queued >= helpers
}

// octalSpinFor is how long await spins before it parks.
const octalSpinFor = 50 * time.Microsecond

// await waits for the last part of t, which helpers are listing, and
// returns t: where each goroutine of the pipe has a core and a P of its
// own (spin, octalSpins), it checks t.done without blocking for up to
// octalSpinFor first.
//
// Trick: the main goroutine spins before it parks. Reason: a parked main
// goroutine is made ready by the helper that ends its block's last part,
// into that helper's P's next slot, which the helper does not leave while
// it takes the next part from the queue: the main goroutine then waits
// for another P to steal it (the scheduler waits about 3 µs before taking
// a P's next slot) and for an idle thread to wake; on the node at W = 16
// it was blocked 0.94 s of 4.71 s in receive, 29 µs a block. Cost: up to
// octalSpinFor of a core a block where the helpers are late, on a core no
// other goroutine of the run needs (W <= GOMAXPROCS and W <= the CPUs);
// never at W = 2 or on more workers than cores. Not measured on 16 cores
// yet (the 2-core machine never spins): a prediction until the node's
// scale-octal.sh.
func (p *octalPipe) await(t *octalTask) *octalTask {
	if p.spin {
		deadline := time.Now().Add(octalSpinFor)
		for i := 0; ; i++ {
			select {
			case <-t.done:
				return t
			default:
			}
			if i%64 == 63 && time.Now().After(deadline) {
				break
			}
		}
	}
	<-t.done
	return t
}

// octalSpins reports whether await spins, for a pipe of helpers goroutines
// on cpus CPUs and procs Ps (GOMAXPROCS): from two helpers on (W >= 3)
// and only when the main goroutine and every helper have a CPU and a P of
// their own. spin (octalOptions.spin) overrides it for tests: 1 always, -1
// never.
func octalSpins(helpers, cpus, procs, spin int) bool {
	switch spin {
	case 1:
		return true
	case -1:
		return false
	}
	return helpers >= 2 && cpus > helpers && procs > helpers
}

// stop ends the helpers and waits for them.
func (p *octalPipe) stop() {
	close(p.parts)
	p.exited.Wait()
}

// octalRun runs the engine on rules r for heaps 0..max and returns its final
// state.
func octalRun(ctx context.Context, r octalRules, max int, progress grundy.Progress, opt octalOptions) (*octalEngine, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return octalRunFrom(ctx, newOctalEngine(r, max), 1, max, progress, opt)
}

// octalRunFrom is octalRun on e, whose heaps below from are computed
// (from = 1: none but g(0); tail.go's Prefix.extend goes on from a
// prefix): heaps from..max, len(e.g) = max+1. The choices of labelling and
// the period checks fall on the heaps they fall on in one run from 1.
func octalRunFrom(ctx context.Context, e *octalEngine, from, max int, progress grundy.Progress, opt octalOptions) (*octalEngine, error) {
	r := e.r
	e.computed = max
	e.forcePlain = opt.plain
	workers := (grundy.Options{Workers: opt.workers}).Goroutines()
	e.workers, e.grow = workers, opt.grow
	parallel := workers >= 2 && !opt.noSparse &&
		len(r.split) > 0 && r.t < octalBlock/2
	e.parallel = parallel
	e.scanPar = octalParallelScan
	if opt.scanPar > 0 {
		e.scanPar = opt.scanPar
	}
	var pipe *octalPipe
	defer func() {
		if pipe != nil {
			pipe.stop()
		}
	}()
	checkpoint := octalFirstCheckpoint
	for checkpoint < from {
		checkpoint *= 2
	}
	step := max / 512 // progress granularity
	nextReport := step
	clock := opt.clock
	for start := from; start <= max; {
		end := min(start-start%octalBlock+octalBlock, max+1)
		var t0 time.Duration
		if clock != nil {
			t0, clock.inFar = clock.now(), 0
		}
		if start == checkpoint {
			checkpoint *= 2
			if !opt.noPeriodic && !r.unequal {
				p, n0, ok := octalProvenPeriod(e.g[:start], r.t)
				if start >= 1<<20 {
					// Trick: collect the period check's scratch (2 bytes a
					// value) now. Reason: the values are one pointer-free
					// block, so the heap grows little between checks and Go's
					// collector (GOGC = 100) would otherwise let the scratch
					// of several checks pile up before running, a third more
					// peak memory at 10^7 heaps. Cost: a collection at each
					// checkpoint from 2^20 on, well under a millisecond, as
					// it scans no values.
					runtime.GC()
				}
				if ok {
					e.period, e.preperiod, e.computed = p, n0, start-1
					for i := start; i <= max; i++ {
						e.g[i] = e.g[i-p]
					}
					break
				}
			}
		}
		if !opt.noSparse && (start == checkpoint/2 || start%octalRechoose == 0) {
			e.choose(start)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var far *octalTask
		if pipe != nil {
			far = pipe.receive(start, e.mk)
		}
		if parallel && e.sparse && !e.plain && end <= max && !octalChoosesAt(end) {
			if pipe == nil {
				helpers := workers - 1
				if !opt.uncapped {
					helpers = min(helpers, runtime.GOMAXPROCS(0)-1)
				}
				pipe = newOctalPipe(e, helpers, opt.pipeTop, opt.packedRows, opt.clock, opt.spin)
			}
			if pipe.next <= start {
				pipe.next = end // the pipeline is empty: from the next block
			}
			for b := pipe.next; b <= max && b <= end+(octalPipeDepth-1)*octalBlock && !octalChoosesAt(b); b += octalBlock {
				pipe.dispatch(e, b, min(b+octalBlock, max+1), start)
			}
		}
		for n := start; n < end; n++ {
			var v int32
			switch {
			case e.plain:
				v = e.plainMex(n)
			case !e.sparse:
				v = e.fullMex(n)
			case far != nil:
				v = e.sparseMex(n, far)
				e.helped += boolInt(n == far.start)
			default:
				v = e.sparseMex(n, nil)
			}
			e.add(n, v)
		}
		if end-1 >= nextReport {
			progress.Report(int64(end-1), int64(max))
			nextReport = end - 1 + step
		}
		if clock != nil {
			if d := clock.now() - t0 - clock.inFar; far != nil {
				clock.at(start / octalBlock)
				clock.serial[start/octalBlock] += d
			} else {
				clock.unpiped += d
			}
		}
		start = end
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress.Report(int64(max), int64(max))
	return e, nil
}

// stats returns the findings of a finished run.
func (e *octalEngine) stats() Stats {
	s := Stats{Computed: e.computed, Largest: e.vmax, LargestAt: e.vmaxAt,
		FullScans: e.fullScans, Period: e.period, Preperiod: e.preperiod}
	if e.period > 0 { // the copied values may hold the largest
		for n := e.computed + 1; n < len(e.g); n++ {
			if e.g[n] > s.Largest {
				s.Largest, s.LargestAt = e.g[n], n
			}
		}
	}
	// Count the rare heaps of the best labelling over the heaps computed.
	mask0, dom0, rho0 := e.mask, e.dom, e.rho
	if mask, dom, _, ok := e.best(); ok {
		e.mask, e.dom, e.rho = mask, dom, dom&e.r.split[0]&1
		s.Mask, s.HeapParity = mask, dom == 1
		for a := 1; a <= e.computed; a++ {
			if e.label(a) == e.rho {
				s.Rare++
				s.LastRare = a
			}
		}
	}
	e.mask, e.dom, e.rho = mask0, dom0, rho0
	return s
}

// boolInt is 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
