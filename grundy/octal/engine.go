package octal

import (
	"math/bits"
	"slices"
)

// The state of the sparse-space engine behind Values and GrundysGame:
// its constants, options, the values and histogram it keeps, the list of
// rare heaps and its 16-bit ring. octal.go's file comment describes the
// method; each trick in this package says why it is there, what it costs
// and where it comes from.

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
	// below it; the values of the census's octal games stay far below (0.007
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
	noSparse     bool        // never use the sparse-space method
	noPeriodic   bool        // never copy values by a proven period
	grow         func() int  // grundy.Options.Grow: more goroutines for the plain mex (plainpar.go)
	plain        int         // 0: the cost rule of choose; 1: always the cached plain mex; -1: never
	workers      int         // goroutines: 1 one, W >= 2 the main one and W-1 helpers (octalPipe); 0 means runtime.GOMAXPROCS(0)
	pipeTop      int         // > 0: the helpers' step 3 stops at pipeTop splits from each end (tests)
	uncapped     bool        // workers-1 helpers even past policy.Running()-1 (tests)
	scanPar      int         // > 0: step 3's chunks from this many splits on go to markRanges2 (tests; else octalParallelScan)
	packedRows   bool        // the helpers hand over packed rows whatever the marks' length (tests; else octalByteRow and octalPackedRows)
	clock        *octalClock // tests: no helper goroutine, the far parts run at dispatch and the blocks are timed (octalClock)
	spin         int         // 0: octalSpins' rule for the main goroutine's wait; 1: always spin first; -1: never (tests)
	experimental bool        // the pipe's rules for many cores on whatever policy.Of says (tests)
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

// label returns the sparse-space label of heap a.
func (e *octalEngine) label(a int) int {
	return bits.OnesCount32(uint32(e.g[a])&e.mask)&1 ^ (e.dom & a & 1)
}

// markWords is the number of words of seen that the marks of mk can reach:
// every option value is below 1<<vbits.
func (e *octalEngine) markWords() int {
	return ((1 << e.vbits) + 63) / 64
}
