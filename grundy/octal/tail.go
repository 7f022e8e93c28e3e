package octal

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"github.com/tabulate-games/tabulate/grundy"
)

// Tail mode: octal games past the memory of a full array of values.
//
// Values keeps every value, 4 bytes a heap plus its scratch, which caps a run
// near 2^30 heaps on a machine of 24 GiB. But once the sparse space of a
// game is stable (the labelling no longer changes and no new rare heap
// appears), the sparse-space method (octal.go) reads only three kinds of
// values at heap n:
//
//  1. step 1, g(a) XOR g(s-a) for every rare heap a, s = n-k for each split
//     digit k: the rare heaps are listed with their values, and s-a lies at
//     distance k+a <= t+R from n, R the last rare heap;
//  2. the moves that leave one heap, g(n-k): distance k <= t;
//  3. step 3, splits of two common heaps until every value of the other
//     parity below v* is seen: the engine lists them from both ends, and
//     tail mode only from the small end, a <= W-k, where g(a) is in the
//     first values and g(s-a) at distance k+a <= W.
//
// So a ring buffer of the last W >= D = t+R values (D is the largest
// distance read; Window names it), the first W+1 values, the rare heaps
// and the histogram are all the state, whatever n. Tail runs the full-array
// engine (Values, with its helpers and its period check) to a start heap
// N0, takes its labelling and rare heaps, and goes on from N0+1 to max with
// that state alone, on one goroutine, or on several pipelined across heaps
// when TailOptions.Workers allows (tailpipe.go): memory flat in n (measured
// in tail_test.go). Each value is exact by the argument of octal.go, which holds
// for any labelling provided every rare heap is listed: a heap whose value
// is v* is common, so no rare heap is missed as long as every heap gets v*.
// When step 3 runs out of splits inside the window with a value below v*
// still unseen, the heap may be a new rare heap, or the window too short to
// show it is common: Tail does not guess but stops with a *TailError
// (TailUnsettled), after a checkpoint if one is asked. A value too large for
// the width of the buffer (8 or 16 bits) stops it the same way (TailWidth).
// When the prefix proves a period p (the octal periodicity theorem, as
// Values does), the tail copies g(n) = g(n-p) from the ring (W >= p).
//
// Values are kept in the smallest width that holds them, uint8 or uint16
// (type parameter V), which halves the buffer and its cache footprint for
// the games whose values stay below 256 (0.167 to 2^40: 64, 0.161 to 2^38:
// 158; 0.6 passes 256 before 2^18).
//
// The ring is stored twice, each value written at slot n mod W and W + n
// mod W, so that the last W values are the one slice ring[p : p+W], p = n
// mod W, for any W (no power of two needed, no division in the loops):
// g(n-d) = ring[p+W-d] for 1 <= d <= W. Cost: 2W values and a second store
// per heap. The loops read through the slice ring[p : p+W], so that a read
// at distance W+1 or more is out of its bounds; Tail checks W >= D before it
// starts, and TestTailWindowBoundary pins D (W = D runs, W = D-1 reads past
// the ring).
//
// Source: the Rust solver of rogalski-wmii-uni-lodz-pl/octal (its README:
// 0.167 to 2^40, 0.161 to 2^38 with 16-bit values) keeps the first values and
// a window of the last ones once every rare heap lies behind it, and writes
// value frequencies at every power of two; this is the same idea written from
// the description, not its code.

// TailMax is the largest max Tail and Resume take, 2^48 heaps: a heap index
// and every count fit in 64 bits with room to spare, and 2^48 is far past
// any run a single machine finishes (0.6 at 10^6 values a second: 9 years).
const TailMax = 1 << 48

// tailDefaultStart is the prefix the full-array engine computes when
// TailOptions.Start is 0: 2^20 heaps, 7 MiB and a few seconds; far enough
// for the rare heaps of 0.6 (last at 20627), 0.161 (23784), 0.014 (64126),
// 0.172 (51381) and 0.034 (374473).
const tailDefaultStart = 1 << 20

// TailOptions are the settings of Tail.
type TailOptions struct {
	// Start is the last heap the full-array engine computes before tail
	// mode takes over (N0); 0 means min(max, 2^20). The window must fit
	// twice below it: 2*Window + t < Start.
	Start int64
	// Window is W, the number of recent values kept; 0 chooses the largest
	// the start allows, (Start - t - 1)/2, so that the tail's 3W values
	// take less memory than the prefix did (7 bytes a heap) and step 3 has
	// as many splits as can be had. A Window below the largest distance
	// read, D (see the comment of tail.go), is a *TailError (TailWindow):
	// it would read values it no longer has.
	Window int64
	// Width is the bits a value is kept in, 8 or 16; 0 means the smallest
	// that holds the values to Start (8 if they are below 256).
	Width int
	// Workers is the goroutines of the full-array engine before the tail
	// (see Values) and of the tail: with W >= 2 (0: GOMAXPROCS) and
	// GOMAXPROCS at least 2, the tail runs on the calling goroutine and
	// min(W, GOMAXPROCS)-1 helpers, pipelined across heaps (tailpipe.go);
	// otherwise on the
	// calling goroutine alone. The values, results and checkpoints are the
	// same for every W.
	Workers int
	// Progress, if not nil, receives (heap, max) from time to time.
	Progress grundy.Progress
	// OnFrequencies, if not nil, receives each FrequencyTable as it is made
	// (heaps 0..2^k-1), on the calling goroutine; TailResult lists them too.
	OnFrequencies func(FrequencyTable)
	// Checkpoint, if not empty, is the file the tail state is written to
	// (see checkpoint.go): every CheckpointEvery heaps (0: 2^28), every
	// CheckpointInterval (0: 5 minutes), when ctx is cancelled, when the
	// run stops on a *TailError and when it ends. If the file exists when
	// Tail starts, Tail resumes from it (see Resume) instead of starting
	// over, so that the same call after a kill -9 goes on where the last
	// checkpoint was.
	Checkpoint         string
	CheckpointEvery    int64
	CheckpointInterval time.Duration
	// OnValues, if not nil, receives the values g(ValuesFrom..ValuesTo)
	// in order, a run of them at a time (first is the heap of v[0]; v is
	// reused after the call), on the calling goroutine: the values of a
	// chosen range, which the run does not keep. Every value is handed
	// over before a checkpoint that lies past it is written, and
	// BeforeCheckpoint is called then, so that a caller that makes them
	// durable there loses none on a stop; a resumed run hands over those
	// from the checkpoint's heap on. An error from either stops the run.
	ValuesFrom, ValuesTo int64
	OnValues             func(first int64, v []int32) error
	BeforeCheckpoint     func() error
	// Prefix, if not nil, holds the full-array prefix of an earlier run
	// of the same game (see Prefix): when it has at most Start+1 heaps
	// and no period, this run computes only the heaps past it, with the
	// same values, labelling and results as from heap 0
	// (TailResult.PrefixFrom says from where). When KeepPrefix is set,
	// the run leaves its own prefix in it for the next run (a restart
	// from a larger start after a stop), holding that memory (Memory of
	// Start heaps) while the tail runs; otherwise it empties it.
	Prefix     *Prefix
	KeepPrefix bool
}

// Prefix is the full-array engine's state after a tail run's prefix, heaps
// 0..Start (TailOptions.Prefix): a run from a larger start of the same
// game goes on from it instead of computing those heaps again. The zero
// value is empty.
type Prefix struct {
	key string       // the game's (tailGame.key)
	e   *octalEngine // nil: empty
}

// Heaps is the number of heaps the prefix holds (0 when empty).
func (p *Prefix) Heaps() int64 {
	if p == nil || p.e == nil {
		return 0
	}
	return int64(len(p.e.g))
}

// prefix computes the full array of c to start: none when opts.Prefix
// holds heaps 0..start of c, from its end when it holds fewer, without a
// period, and from heap 0 otherwise. It returns the engine and the first
// heap it computed (start+1: none; 0: all), and leaves the engine in
// opts.Prefix when opts.KeepPrefix.
func prefix(ctx context.Context, c tailGame, start int64, progress grundy.Progress, opts TailOptions, in tailInternal) (*octalEngine, int64, error) {
	o := octalOptions{workers: opts.Workers, noPeriodic: in.noPeriodic}
	p := opts.Prefix
	var e *octalEngine
	var from int64
	var err error
	switch {
	case p != nil && p.e != nil && p.key == c.key && int64(len(p.e.g)) == start+1:
		e, from = p.e, start+1 // the whole prefix (a probe's, tailauto.go)
		p.e = nil
	case p != nil && p.e != nil && p.key == c.key && p.e.period == 0 && int64(len(p.e.g)) <= start:
		e, from = p.e, int64(len(p.e.g))
		p.e = nil
		e.g = append(e.g, make([]int32, start+1-from)...)
		e, err = octalRunFrom(ctx, e, int(from), int(start), progress, o)
	default:
		if p != nil {
			p.e = nil // the earlier prefix is garbage before this one is made
		}
		e, err = octalRun(ctx, c.r, int(start), progress, o)
	}
	if err == nil && p != nil && opts.KeepPrefix {
		p.key, p.e = c.key, e
	}
	return e, from, err
}

// TailResult is what a Tail run finds; the values themselves are not kept.
type TailResult struct {
	Code string // the game, canonical ("0.6")
	Max  int64  // the last heap computed
	// Tables are the frequencies of the heaps 0..2^k-1 for every 2^k <=
	// Max+1, in order; Final those of all heaps 0..Max, whose Checksum is
	// the checksum of the whole sequence (see Checksum).
	Tables []FrequencyTable
	Final  FrequencyTable
	// TailFrom is the first heap computed in tail mode, or -1 when the run
	// ended within the full-array prefix (Max <= Start).
	TailFrom int64
	// Window and Width are the ring buffer's length and the bits of a value
	// in it (0 when the tail did not run).
	Window int64
	Width  int
	// The labelling of the tail (see Stats): Rare is the number of rare
	// heaps (all below LastRare, all in the prefix), Mask and HeapParity
	// the labelling; Period and Preperiod a period the prefix proved, or
	// the tail (PeriodInTail; see tailperiod.go).
	Mask       uint32
	HeapParity bool
	Rare       int
	LastRare   int64
	Period     int64
	Preperiod  int64
	// PeriodInTail: the tail, not the prefix, proved Period, from heap
	// Preperiod on, once it had computed heap PeriodProvenAt (the last the
	// octal periodicity theorem reads). PreperiodBound: the agreement ran
	// back to the start of the window when the period was found, so the
	// least preperiod may be smaller than Preperiod (it is not larger).
	PeriodInTail   bool
	PeriodProvenAt int64
	PreperiodBound bool
	// Largest is the largest value, first at heap LargestAt.
	Largest   int32
	LargestAt int64
	// PrefixFrom is the first heap of the full-array prefix this run
	// computed: 0, or the heaps below it came from TailOptions.Prefix
	// (and a resumed run, which computes no prefix, says 0 too).
	PrefixFrom int64
}

// TailStop says why a tail run stopped or could not start.
type TailStop int

const (
	// TailUnsettled: the splits inside the window did not show that heap
	// Heap is common; it may be a new rare heap, or the window too short.
	TailUnsettled TailStop = iota + 1
	// TailWidth: g(Heap) = Value does not fit the Width bits of the buffer.
	TailWidth
	// TailWindow: the window asked for, Window, is below the largest
	// distance the method reads, Need, or does not fit below Start.
	TailWindow
	// TailNoSparse: the prefix found no sparse-space labelling (the game
	// has no split move, or every value so far is 0), and no period.
	TailNoSparse
)

// TailError reports why Tail or Resume stopped or did not start; nothing is
// guessed. The run's results up to Heap-1 are in the TailResult returned
// with it (and in the checkpoint, if one was asked).
type TailError struct {
	Code   string
	Stop   TailStop
	Heap   int64 // the heap at which it stopped (TailUnsettled, TailWidth)
	Value  int64 // the value that did not fit (TailWidth)
	Width  int   // the bits of a value (TailWidth)
	Window int64 // the window (TailUnsettled, TailWindow)
	Need   int64 // the least window (TailWindow)
	Start  int64 // the prefix (TailWindow)
}

func (e *TailError) Error() string {
	switch e.Stop {
	case TailUnsettled:
		return fmt.Sprintf("%s, tail mode: heap %d is not shown common by the splits inside the window of %d values: it may be a new rare heap or need a longer window; stopped there without guessing (rerun with a larger start: the window is at most (start - t - 1)/2, its default, so only the start lengthens it)", tailTitle(e.Code), e.Heap, e.Window)
	case TailWidth:
		return fmt.Sprintf("%s, tail mode: g(%d) = %d does not fit the %d-bit values of the buffer; stopped there (rerun with width 16)", tailTitle(e.Code), e.Heap, e.Value, e.Width)
	case TailWindow:
		return fmt.Sprintf("%s, tail mode: window %d is too short: it must be at least %d (the last rare heap plus the largest split digit, or the proven period) and 2*window + t must stay below the start %d", tailTitle(e.Code), e.Window, e.Need, e.Start)
	case TailNoSparse:
		return fmt.Sprintf("%s, tail mode: no sparse space and no period by the start heap: tail mode needs one (use Values)", tailTitle(e.Code))
	}
	return fmt.Sprintf("%s, tail mode: stopped at heap %d", tailTitle(e.Code), e.Heap)
}

// tailValue is the width of a value in the buffer.
type tailValue interface{ ~uint8 | ~uint16 }

// tailRare is a rare heap and its value.
type tailRare[V tailValue] struct {
	a int32
	g V
}

// tailState is the whole state of a tail run past heap n-1.
type tailState[V tailValue] struct {
	code  string
	r     octalRules
	max   int64 // the last heap to compute
	n     int64 // the next heap to compute
	w     int   // the window W
	head  []V   // g(0..w)
	ring  []V   // 2w values: g(m) at m mod w and w + m mod w, m in n-w..n-1
	pos   int   // n mod w
	rare  []tailRare[V]
	near  []nearRare // rare as offsets for markRareNear16 (nearOK)
	mask  uint32
	dom   int
	per   int64 // a proven period (then the ring is copied), or 0
	pre   int64 // its preperiod
	lastR int64 // the last rare heap

	// a period the tail watches and proves (tailperiod.go): the candidate,
	// the heap whose computation makes the next search due, and the proof
	watch      tailWatch
	searchAt   int64
	tailPeriod *tailPeriodFound

	limit  int64 // values must stay below it: 2^(bits of V)
	vmax   int32
	vmaxAt int64
	vbits  int
	seen   []uint64
	mk     []byte
	par    []uint64
	miss   []int32 // step 3: the values below v* not seen yet (stillMissing)
	step3  int64   // chunks of step 3 settle listed (tailPipe.adapt reads it)

	meta     TailResult // the prefix's findings (labelling, period; relabel's mask)
	tally    *Tally
	tables   []FrequencyTable
	tailFrom int64
	onFreq   func(FrequencyTable)

	// OnValues: the next heap whose value it gets (values at most w
	// behind n are in the ring), and a buffer.
	handed int64
	vbuf   []int32

	workers    int            // goroutines of the tail if not 0 (tailInternal.tailWorkers), else opts.Workers
	pipeChunks int            // tailInternal.pipeChunks
	clock      *tailClock     // tailInternal.clock: tests only, nil in production
	stats      *tailPipeStats // tailInternal.stats: tests only, nil in production
	tap        tapMarks       // tailInternal.tapMarks: tests only, nil in production
	nearEnd    int            // the pipe's near splits of A's chunks for settle to list if needed (tailPipe.mex)
}

// Tail computes the Grundy values g(0..max) of the octal game c without
// keeping them, and returns their frequencies at every power of two, the
// checksum of the whole sequence and the sparse-space findings. It runs the
// full-array engine to opts.Start, then the tail mode described above to
// max, in memory flat in max (about 3*Window values, the rare heaps and the
// histogram). max is at most TailMax (a *grundy.RangeError otherwise). A run
// that cannot go on exactly stops with a *TailError and the results so far;
// when ctx is cancelled Tail writes a checkpoint (if asked) and returns
// ctx.Err() with the results so far.
func Tail(ctx context.Context, c Code, max int64, opts TailOptions) (TailResult, error) {
	return tailRun(ctx, tailOctal(c), max, opts, tailInternal{})
}

// GrundysGameTail is Tail for Grundy's game (see GrundysGame): the same
// prefix (without a period check: none is known for Grundy's game) and the
// same tail, whose splits never meet the forbidden equal split (every rare
// heap and every split listed lies below a third of the heap). Its results
// and checkpoints name the game "grundy-game".
func GrundysGameTail(ctx context.Context, max int64, opts TailOptions) (TailResult, error) {
	return tailRun(ctx, tailGrundy, max, opts, tailInternal{})
}

// tailGame is a game tail mode runs: its key in results and checkpoints (the
// canonical octal code, or "grundy-game") and its rules.
type tailGame struct {
	key string
	r   octalRules
}

// tailGrundy is Grundy's game.
var tailGrundy = tailGame{key: "grundy-game", r: grundysRules}

// tailOctal is the octal game c.
func tailOctal(c Code) tailGame { return tailGame{key: c.String(), r: octalRulesOf(c)} }

// tailTitle names the game of key in messages.
func tailTitle(key string) string {
	if key == tailGrundy.key {
		return "Grundy's game"
	}
	return "octal game " + key
}

// tailInternal holds the switches the tests use.
type tailInternal struct {
	noWindowCheck bool           // let the window be shorter than the largest distance read
	noPeriodic    bool           // never prove a period in the prefix
	valueLimit    int64          // stop (TailWidth) at a value this large, not 2^width
	tailWorkers   int            // goroutines of the tail alone (1, 2), not from opts.Workers
	pipeChunks    int            // stage A's chunks of step 3, fixed (-1: none; 0: adaptive)
	clock         *tailClock     // the in-order share measured on one goroutine (TestTailSerialShare)
	stats         *tailPipeStats // the pipe's waits and wake-ups, filled in when it stops
	tapMarks      tapMarks       // sees the pipe's marks of a heap once settle has listed B's near splits
}

// tapMarks is a test's look at the marks of heap n in the pipelined tail
// (TestTailPipeNearMarks) at a heap where the marks leave a value below v*
// missing, once settle has listed B's near splits of A's chunks and before
// it checks them (tailState.nearEnd): B's marks mk (bytes), A's packed
// marks extra, A's chunks of step 3 listed up to bot from each end, and
// the window w.
type tapMarks func(n int64, bot, w int, mk []byte, extra []uint64)

func tailRun(ctx context.Context, c tailGame, max int64, opts TailOptions, in tailInternal) (TailResult, error) {
	name := tailTitle(c.key)
	if max < 0 || max > TailMax {
		return TailResult{}, &grundy.RangeError{Func: "octal.Tail", Arg: "max", Value: max, Min: 0, Max: TailMax}
	}
	if opts.Width != 0 && opts.Width != 8 && opts.Width != 16 {
		return TailResult{}, fmt.Errorf("%s: tail mode: width %d: allowed are 8, 16 and 0 (the smallest that holds the values)", name, opts.Width)
	}
	if opts.Window < 0 || opts.Start < 0 {
		return TailResult{}, fmt.Errorf("%s: tail mode: window %d and start %d must not be negative", name, opts.Window, opts.Start)
	}
	if opts.Checkpoint != "" && tailCheckpointExists(opts.Checkpoint) {
		return resumeGame(ctx, opts.Checkpoint, c, max, opts)
	}
	start := tailStart(opts.Start, max)
	r := c.r
	var prefixProgress grundy.Progress // the prefix reports against max too
	if opts.Progress != nil {
		prefixProgress = func(done, _ int64) { opts.Progress(done, max) }
	}
	e, prefixFrom, err := prefix(ctx, c, start, prefixProgress, opts, in)
	if err != nil {
		return TailResult{}, fmt.Errorf("%s: tail mode, prefix to %d: %w", name, start, err)
	}
	res := TailResult{Code: c.key, TailFrom: -1, PrefixFrom: prefixFrom}
	tally := NewTally(func(f FrequencyTable) {
		res.Tables = append(res.Tables, f)
		if opts.OnFrequencies != nil {
			opts.OnFrequencies(f)
		}
	})
	for _, v := range e.g {
		if err := tally.Add(v); err != nil {
			return TailResult{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	if opts.OnValues != nil && opts.ValuesFrom <= start && opts.ValuesFrom <= opts.ValuesTo {
		lo, hi := max64(opts.ValuesFrom, 0), opts.ValuesTo
		if hi > start {
			hi = start
		}
		if err := opts.OnValues(lo, e.g[lo:hi+1]); err != nil {
			return TailResult{}, err
		}
	}
	st := e.stats()
	res.Mask, res.HeapParity, res.Rare, res.LastRare = st.Mask, st.HeapParity, st.Rare, int64(st.LastRare)
	res.Period, res.Preperiod = int64(st.Period), int64(st.Preperiod)
	res.Largest, res.LargestAt = st.Largest, int64(st.LargestAt)
	if start == max {
		tally.Finish()
		res.Max, res.Final = max, tally.Table()
		return res, nil
	}

	// The labelling and the largest distance read.
	t := int64(r.t)
	var need int64
	var lastRare int64
	if e.period > 0 {
		need = int64(e.period)
	} else {
		if !e.sparse {
			return res, &TailError{Code: c.key, Stop: TailNoSparse}
		}
		if len(e.rare) > 0 {
			lastRare = int64(e.rare[len(e.rare)-1].a)
		}
		for _, k := range r.split {
			need = max64(need, int64(k)+lastRare)
		}
		for _, k := range r.single {
			need = max64(need, int64(k))
		}
		need = max64(need, 1)
		// The labelling the tail uses (Stats gives the best over all heaps).
		res.Mask, res.HeapParity, res.Rare, res.LastRare = e.mask, e.dom == 1, len(e.rare), lastRare
	}
	w := opts.Window
	limit := (start - t - 1) / 2 // 2w + t < start: every split read lies past the rare heaps
	if w == 0 {
		w = limit
	}
	if (w < need && !in.noWindowCheck) || w > limit || w < 1 {
		return res, &TailError{Code: c.key, Stop: TailWindow, Window: w, Need: need, Start: start}
	}
	width := opts.Width
	if width == 0 {
		width = 16
		if st.Largest < 256 {
			width = 8
		}
	}
	if int64(st.Largest) >= 1<<width {
		h := slices.IndexFunc(e.g, func(v int32) bool { return int64(v) >= 1<<width })
		return res, &TailError{Code: c.key, Stop: TailWidth, Heap: int64(h), Value: int64(e.g[h]), Width: width}
	}
	res.Window, res.Width = w, width
	if width == 8 {
		s := newTailState[uint8](c, r, e, start, max, int(w), res.LastRare, tally, res.Tables, opts.OnFrequencies)
		e = nil
		if in.valueLimit > 0 {
			s.limit = in.valueLimit
		}
		s.internal(in)
		return s.finish(ctx, opts, res)
	}
	s := newTailState[uint16](c, r, e, start, max, int(w), res.LastRare, tally, res.Tables, opts.OnFrequencies)
	e = nil
	if in.valueLimit > 0 {
		s.limit = in.valueLimit
	}
	s.internal(in)
	return s.finish(ctx, opts, res)
}

func max64(a, b int64) int64 { return max(a, b) }

// internal takes the tests' switches that act in the tail itself.
func (s *tailState[V]) internal(in tailInternal) {
	s.workers, s.pipeChunks, s.clock, s.stats, s.tap = in.tailWorkers, in.pipeChunks, in.clock, in.stats, in.tapMarks
}

// newTailState takes the state of the full-array engine e, which computed
// heaps 0..start, for a tail with window w.
func newTailState[V tailValue](c tailGame, r octalRules, e *octalEngine, start, max int64, w int, lastRare int64, tally *Tally, tables []FrequencyTable, onFreq func(FrequencyTable)) *tailState[V] {
	s := &tailState[V]{code: c.key, r: r, max: max, n: start + 1, w: w, mask: e.mask, dom: e.dom,
		per: int64(e.period), pre: int64(e.preperiod), lastR: lastRare, vmax: e.vmax, vmaxAt: int64(e.vmaxAt),
		tally: tally, tables: tables, tailFrom: start + 1, onFreq: onFreq}
	s.head = make([]V, w+1)
	for a := range s.head {
		s.head[a] = V(e.g[a])
	}
	s.ring = make([]V, 2*w)
	for m := start + 1 - int64(w); m <= start; m++ {
		i := int(m % int64(w))
		s.ring[i], s.ring[i+w] = V(e.g[m]), V(e.g[m])
	}
	s.pos = int(s.n % int64(w))
	s.limit = 1 << (8 * tailBytes[V]())
	if s.per == 0 {
		for _, x := range e.rare {
			s.rare = append(s.rare, tailRare[V]{x.a, V(x.g)})
		}
	}
	s.resize()
	return s
}

// resize sizes seen, mk and par for vbits, as octalEngine.resize does.
func (s *tailState[V]) resize() {
	s.vbits = bits.Len32(uint32(s.vmax))
	words := max((2<<s.vbits)/64, 2)
	if words > len(s.seen) {
		s.seen = make([]uint64, words)
		s.mk = make([]byte, max(64*words, 1<<16)) // an array for the mark loops
	}
	s.par = slices.Grow(s.par[:0], len(s.seen))[:len(s.seen)]
	var low uint64
	for v := range 64 {
		if bits.OnesCount32(uint32(v)&s.mask)&1 == 1 {
			low |= 1 << v
		}
	}
	for i := range s.par {
		s.par[i] = low
		if bits.OnesCount32(uint32(64*i)&s.mask)&1 == 1 {
			s.par[i] = ^low
		}
	}
}

// finish runs the tail to max and fills in the result.
func (s *tailState[V]) finish(ctx context.Context, opts TailOptions, res TailResult) (TailResult, error) {
	runtime.GC() // the prefix's values are garbage now
	s.meta = TailResult{Mask: res.Mask, HeapParity: res.HeapParity, Rare: res.Rare, LastRare: res.LastRare,
		Period: res.Period, Preperiod: res.Preperiod}
	err := s.run(ctx, opts)
	return s.result(res), err
}

// result fills res with the state's findings.
func (s *tailState[V]) result(res TailResult) TailResult {
	res.Code, res.Max = s.code, s.n-1
	res.Tables = s.tables
	res.TailFrom, res.Window, res.Width = s.tailFrom, int64(s.w), int(8*tailBytes[V]())
	res.Largest, res.LargestAt = s.vmax, s.vmaxAt
	res.Mask = s.meta.Mask // relabel may have added a bit
	if p := s.tailPeriod; p != nil {
		res.Period, res.Preperiod = s.per, s.pre
		res.PeriodInTail, res.PeriodProvenAt, res.PreperiodBound = true, p.at, p.bound
	}
	if s.n-1 == s.max {
		s.tally.Finish()
		res.Tables = s.tables
	}
	res.Final = s.tally.Table()
	return res
}

// tailBytes returns the bytes of a V.
func tailBytes[V tailValue]() int {
	var v V
	v--
	return bits.Len64(uint64(v)) / 8
}

// tailBlock is the heaps the tail computes between two looks at its
// context, checkpoint and period watch.
const tailBlock = 4096

// run computes heaps n..max.
func (s *tailState[V]) run(ctx context.Context, opts TailOptions) error {
	s.tally.report = func(f FrequencyTable) {
		s.tables = append(s.tables, f)
		if s.onFreq != nil {
			s.onFreq(f)
		}
	}
	ck := newTailCheckpointer(opts, s.n)
	ck.before = func() error {
		if err := s.handOver(opts); err != nil {
			return err
		}
		if opts.BeforeCheckpoint != nil {
			return opts.BeforeCheckpoint()
		}
		return nil
	}
	s.handed = s.n
	if s.searchAt == 0 { // a new run, or a checkpoint before its first block
		s.searchAt = s.tailFrom
		if s.n > s.tailFrom {
			s.searchAt = tailNextSearch(s.n)
		}
	}
	var pipe *tailPipe[V]
	// Trick: no more helpers than the Ps can run beside B (GOMAXPROCS-1;
	// one P: none, stage A would only add handoffs). Reason: a helper
	// without a P of its own adds no throughput, only parking and waking:
	// 0.6's tail from 2^20 to 1.5*2^20 at W = 16 on two cores took 1.12
	// times the CPU of W = 2 (whole run, load 14, farm-bench). Cost: none;
	// the values do not depend on W.
	workers := min(grundy.Goroutines(opts.Workers), runtime.GOMAXPROCS(0))
	if s.workers > 0 {
		workers = s.workers // the tests' choice, also on one P
	}
	if s.clock != nil {
		s.clock.begin()
		defer s.clock.end()
		if s.clock.piped {
			workers = 2 // the pipe's split, both stages on this goroutine (tailClock)
		}
	}
	if workers >= 2 && s.per == 0 && s.n <= s.max {
		pipe = newTailPipe(s, workers-1) // W-1 helpers (tailpipe.go)
	}
	defer func() {
		if pipe != nil {
			pipe.stop()
		}
	}()
	step := max64(s.max/512, 1)
	next := s.n + step
	for s.n <= s.max {
		from := s.n
		end := min(s.n+tailBlock, s.max+1)
		if opts.OnValues != nil && s.n <= opts.ValuesTo && end > opts.ValuesFrom {
			end = min(end, s.n+int64(s.w)) // the block's values are still in the ring
		}
		if err := ctx.Err(); err != nil {
			return s.stop(ck, err)
		}
		for s.n < end {
			var v int32
			if s.per > 0 {
				v = int32(s.ring[s.pos+s.w-int(s.per)])
			} else {
				var ok bool
				if pipe != nil {
					v, ok = pipe.mex()
				} else {
					v, ok = s.mex()
				}
				if !ok {
					return s.stop(ck, s.handOverStop(opts, &TailError{Code: s.code, Stop: TailUnsettled, Heap: s.n, Window: int64(s.w)}))
				}
			}
			if err := s.add(v); err != nil {
				return s.stop(ck, s.handOverStop(opts, err))
			}
			if pipe != nil {
				pipe.finished(s.n - 1)
			}
		}
		s.watchPeriod(from)
		if s.per > 0 && pipe != nil { // a period proven: copies from now on, no mex
			pipe.stop()
			pipe = nil
		}
		if err := s.handOver(opts); err != nil {
			return s.stop(ck, err)
		}
		if s.n >= next {
			opts.Progress.Report(s.n-1, s.max)
			next = s.n + step
		}
		if err := ck.maybe(s); err != nil {
			return err
		}
	}
	opts.Progress.Report(s.max, s.max)
	return ck.final(s)
}

// handOver gives opts.OnValues the values of the range computed since the
// last call (at most w heaps: run keeps its blocks that short in the range).
func (s *tailState[V]) handOver(opts TailOptions) error {
	if opts.OnValues == nil {
		return nil
	}
	lo, hi := max(s.handed, opts.ValuesFrom), min(s.n-1, opts.ValuesTo)
	s.handed = s.n
	if lo > hi {
		return nil
	}
	s.vbuf = s.vbuf[:0]
	for m := lo; m <= hi; m++ {
		s.vbuf = append(s.vbuf, int32(s.ring[s.pos+s.w-int(s.n-m)]))
	}
	return opts.OnValues(lo, s.vbuf)
}

// handOverStop hands OnValues the values computed before a stop (exact, up
// to the heap before the one that stopped the run), and returns err.
func (s *tailState[V]) handOverStop(opts TailOptions, err error) error {
	if herr := s.handOver(opts); herr != nil {
		return fmt.Errorf("%w (and handing over the values failed: %v)", err, herr)
	}
	return err
}

// stop writes a checkpoint (if asked) and returns err.
func (s *tailState[V]) stop(ck *tailCheckpointer, err error) error {
	if cerr := ck.write(s); cerr != nil {
		return fmt.Errorf("%w (and the checkpoint failed: %v)", err, cerr)
	}
	return err
}

// add records g(n) = v and moves to heap n+1.
func (s *tailState[V]) add(v int32) error {
	if int64(v) >= s.limit {
		return &TailError{Code: s.code, Stop: TailWidth, Heap: s.n, Value: int64(v), Width: 8 * tailBytes[V]()}
	}
	if err := s.tally.Add(v); err != nil {
		return err
	}
	s.ring[s.pos], s.ring[s.pos+s.w] = V(v), V(v)
	s.pos++
	if s.pos == s.w {
		s.pos = 0
	}
	if v > s.vmax {
		s.vmax, s.vmaxAt = v, s.n
		if bits.Len32(uint32(v)) > s.vbits {
			s.resize()
		}
	}
	s.n++
	return nil
}

// mex returns g(n) by the sparse-space method inside the window (see the
// comment at the top of this file), and false if the splits inside the
// window do not settle it.
func (s *tailState[V]) mex() (int32, bool) {
	// 1. Every split with a rare heap, into s.mk.
	s.markRare((*[1 << 16]byte)(s.mk[:1<<16]), s.ring[s.pos:s.pos+s.w], nil)
	return s.settle(s.mk, 0, nil)
}

// markRare is step 1 for the heap whose last w values are rec (g(n-d) =
// rec[w-d]): it sets mk[g(a) XOR g(s-a)] for every rare heap a and split
// digit k, s = n-k; the rare heaps of the i-th split digit are those of
// part.rare[i] (and part.near[i]) if part is not nil (the pipelined tail's
// share, tailpipe.go), all of them otherwise.
func (s *tailState[V]) markRare(mk *[1 << 16]byte, rec []V, part *tailPart[V]) {
	w := s.w
	for i, k := range s.r.split {
		// base ends just before heap s = n-k, g(s-a) = base[len(base)-a].
		if base := rec[:w-k]; s.nearOK(len(base)) {
			nr := s.near
			if part != nil {
				nr = part.near[i]
			}
			markRareNear16(mk, (*[1 << 16]V)(base[len(base)-1<<16:]), nr)
		} else {
			r := s.rare
			if part != nil {
				r = part.rare[i]
			}
			tailMarkRare(mk, base, r)
		}
	}
}

// settle finishes g(n) from the marks in mkb and the bit set extra (step 1
// done, and step 3's splits listed up to bot from each end, but for those
// at distance below tailPipeAhead from 0 to s.nearEnd, which it lists
// only if v* leaves a value below it missing; tailPipe.mex): it adds the
// moves that leave one heap, computes v* (step 2) and lists step 3's
// splits from bot on until no value below v* is missing, then clears mkb.
// It returns false if the splits inside the window do not settle g(n)
// (after relabel).
func (s *tailState[V]) settle(mkb []byte, bot int, extra []uint64) (int32, bool) {
	w := s.w
	rec := s.ring[s.pos : s.pos+w] // g(n-d) = rec[w-d]
	nearEnd := s.nearEnd           // this heap's alone: never carried to the next
	s.nearEnd = 0
	seen := s.seen
	clear(seen)
	for _, k := range s.r.single {
		v := uint32(rec[w-k])
		seen[v>>6] |= 1 << (v & 63)
	}
	mk := (*[1 << 16]byte)(mkb[:1<<16]) // every value fits 16 bits (V)
	mw := ((1 << s.vbits) + 63) / 64
	for i, x := range extra {
		seen[i] |= x
	}
	defer clear(mkb[:64*mw])
	// 2. v*, as in sparseMex.
	var flip uint64
	if s.dom&int((s.n-int64(s.r.split[0]))&1) == 1 {
		flip = ^uint64(0)
	}
	// Trick: the marks of mkb are packed only up to v*'s word, as the
	// full-array engine does (octalPackVstar, which has the argument):
	// missingBelow reads seen below v* only, stillMissing reads mkb, and
	// relabel's path packs every word again first. Reason: at every heap
	// the tail packed all 2^vbits marks (0.6 from 2^20: 1,024, v* mostly in
	// the first words), about half of settle and a sixth of stage B's
	// in-order time (TestTailSerialShare, docs/performance.md). Cost: none.
	vstar, need := octalPackVstar(seen, mkb, mw, s.par, flip)
	if vstar < 0 {
		panic(fmt.Sprintf("octal: tail: no value of the hard parity below %d at n = %d", 64*len(seen), s.n))
	}
	if need == 0 {
		return int32(vstar), true
	}
	// 3. The splits (a, s-a) with a <= w-k, listed in growing chunks (octalNextChunk)
	// from both ends of that range at once (the smallest heaps, and the
	// largest a, whose values and partners' lie in the regular part of the
	// sequence, as the most even splits do for sparseMex), across the split
	// digits together, until no value below v* is missing.
	s.miss = missingBelow(s.miss[:0], seen, s.par, flip, vstar)
	if nearEnd > 0 {
		s.step3Chunk(mk, rec, 0, nearEnd, 0, tailPipeAhead-1)
		if s.tap != nil {
			s.tap(s.n, bot, w, mkb, extra)
		}
		if s.miss = stillMissing(mkb, s.miss); len(s.miss) == 0 {
			return int32(vstar), true
		}
	}
	chunk := 32
	if bot > 0 { // the first chunks are listed (tailPipe): go on as the loop would
		chunk = octalNextChunk(bot)
	}
	for ; ; chunk = octalNextChunk(bot) { // bot: listed from each end
		more := s.step3Chunk(mk, rec, bot, chunk, 0, w)
		bot += chunk
		s.step3++
		if !more {
			break
		}
		if s.miss = stillMissing(mkb, s.miss); len(s.miss) == 0 { // as sparseMex
			return int32(vstar), true
		}
	}
	// Every split inside the window is listed and a value below v* is
	// not seen: perhaps a labelling with one more mask bit settles it.
	octalPack(seen[:mw], mkb)
	return s.relabel(flip)
}

// step3Chunk lists, for each split digit k, the splits (a, s-a) with bot <
// a <= bot+chunk and with w-k-bot-chunk < a <= w-k-bot (a chunk from each
// end of a <= w-k, the range inside the window), those with lo <= k+a <=
// hi only (the distance of g(s-a) from n; lo = 0, hi = w: all of them; the
// pipelined tail's two stages take d >= D and d < D, tailpipe.go), into
// mk, rec being the window of the heap (g(n-d) = rec[w-d]). It reports
// false if no digit had a split left to list.
func (s *tailState[V]) step3Chunk(mk *[1 << 16]byte, rec []V, bot, chunk, lo, hi int) bool {
	w, top := s.w, bot // listed: a <= bot and a > w-k-top
	more := false
	for _, k := range s.r.split {
		h := w - k // the largest a inside the window
		b, t := min(bot, h), min(top, h-min(bot, h))
		if b+t >= h {
			continue
		}
		more = true
		least, most := max(lo-k, 1), min(hi-k, h)
		loB := min(b+chunk, h-t)
		if a, z := max(b+1, least), min(loB, most); a <= z {
			tailMarkSplits(mk, s.head, rec[:w-k], a, z)
		}
		if a, z := max(h-t-chunk+1, loB+1, least), min(h-t, most); a <= z {
			tailMarkSplits(mk, s.head, rec[:w-k], a, z)
		}
	}
	return more
}

// nearOK reports whether the rare loop of a split digit whose window holds
// l values may take markRareNear16, making the list of offsets at first
// use: every rare heap below 2^16, l >= 2^16.
func (s *tailState[V]) nearOK(l int) bool {
	if l < 1<<16 || len(s.rare) > 0 && s.rare[len(s.rare)-1].a >= 1<<16 {
		return false
	}
	if s.near == nil {
		s.near = make([]nearRare, len(s.rare))
		for i, x := range s.rare {
			s.near[i] = newNearRare(int(x.a), int(x.g))
		}
	}
	return true
}

// relabel is tried at a heap n that the splits inside the window do not
// settle: the labelling with mask bit b = vbits set as well. Every value
// so far is below 2^b, so that bit changes the label of no heap below n:
// the rare heaps are the same and the method stays exact (octal.go), but
// the values from 2^b on change parity, so v* may change. If every value
// below the new v* is seen (seen holds every option listed), g(n) = v*, n
// is common under the new labelling, and the tail keeps it. Reason: a
// value past every value so far is where the full-array engine, choosing
// again, sets that bit (Grundy's game's first 256, at heap 7,250,049, is
// rare under mask 0xfe and common under a mask with bit 8), and the tail
// cannot choose again over values it no longer has. Cost: one pass over
// seen at the heaps that would otherwise stop the run. No source.
func (s *tailState[V]) relabel(flip uint64) (int32, bool) {
	b := s.vbits
	if b < 6 || b >= 16 || s.mask>>b != 0 || len(s.seen) < (2<<b)/64 {
		return 0, false
	}
	vstar, need := -1, 0
	for i, x := range s.seen {
		p := s.par[i]
		if 64*i >= 1<<b { // values 2^b to 2^(b+1)-1: bit b flips their parity
			p = ^p
		}
		hard := p ^ flip
		if free := hard &^ x; free != 0 {
			tz := bits.TrailingZeros64(free)
			vstar = 64*i + tz
			need += bits.OnesCount64(^x &^ hard & (1<<tz - 1))
			break
		}
		need += bits.OnesCount64(^x &^ hard)
	}
	if vstar < 0 || need != 0 {
		return 0, false
	}
	s.mask |= 1 << b
	s.meta.Mask = s.mask
	s.resize()
	return int32(vstar), true
}

// tailMarkRare sets mk[g(a) XOR g(s-a)] = 1 for every rare heap a, base
// ending just before heap s (g(s-a) = base[len(base)-a]; every a < len(base)
// by the window's check), by a loop unrolled by four on an array of 2^16
// marks indexed by a uint16 (as octalMarks16). When every rare heap is
// below 2^16 and the window holds 2^16 values, mex takes markRareNear16
// instead (kernels.go, the full-array engine's loop).
func tailMarkRare[V tailValue](mk *[1 << 16]byte, base []V, rare []tailRare[V]) {
	l := len(base)
	i := 0
	for ; i+4 <= len(rare); i += 4 {
		r := rare[i : i+4 : i+4]
		v0 := r[0].g ^ base[l-int(r[0].a)]
		v1 := r[1].g ^ base[l-int(r[1].a)]
		v2 := r[2].g ^ base[l-int(r[2].a)]
		v3 := r[3].g ^ base[l-int(r[3].a)]
		mk[uint16(v0)] = 1
		mk[uint16(v1)] = 1
		mk[uint16(v2)] = 1
		mk[uint16(v3)] = 1
	}
	for _, x := range rare[i:] {
		mk[uint16(x.g^base[l-int(x.a)])] = 1
	}
}

// tailMarkSplits sets mk[g(a) XOR g(s-a)] = 1 for lo <= a <= hi, g(a) =
// head[a] and g(s-a) = base[len(base)-a], by markPairs (kernels.go, the
// full-array engine's loop).
func tailMarkSplits[V tailValue](mk *[1 << 16]byte, head, base []V, lo, hi int) {
	markPairs(mk, head[lo:hi+1], base[len(base)-hi:len(base)-lo+1])
}
