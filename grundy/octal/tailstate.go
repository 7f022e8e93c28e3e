package octal

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/policy"
)

// The state of a tail run (tail.go) and its loop on one goroutine: the
// ring of the last W values, the first values, the rare heaps, and the
// run, hand-over of values and checkpoints from heap to heap.

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
	// Trick: no more helpers than the Ps can run beside B (policy.Running
	// - 1; one P: none, stage A would only add handoffs). Reason: a helper
	// without a P of its own adds no throughput, only parking and waking:
	// 0.6's tail from 2^20 to 1.5*2^20 at W = 16 on two cores took 1.12
	// times the CPU of W = 2 (whole run, A/B timing). Cost: none;
	// the values do not depend on W.
	workers := policy.Of(grundy.Goroutines(opts.Workers)).Running()
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
