package octal

import (
	"context"
	"fmt"
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

// TailDefaultStart is the prefix the full-array engine computes when
// TailOptions.Start is 0 (then min(max, TailDefaultStart)): 2^20 heaps,
// 7 MiB and a few seconds; far enough for the rare heaps of 0.6 (last at
// 20627), 0.161 (23784), 0.014 (64126), 0.172 (51381) and 0.034 (374473).
const TailDefaultStart = 1 << 20

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
