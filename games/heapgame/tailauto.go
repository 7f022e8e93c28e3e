package heapgame

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/internal/sysmem"
	"github.com/tabulate-games/tabulate/output"
)

// Tail mode that picks its own start (tail: true without start and
// window; docs/tail-mode.md, "Choosing the start").
//
// Reason: the window of a tail is at most (start - t - 1)/2 and must hold
// D = t + R (R the last rare heap) and the splits that show each heap
// common, A(n), which no theorem bounds (measured for 0.6: under 54,000
// to 2^20, then 431,340 at heap 1,697,097 and 615,713 at 14,309,759). The
// user should not have to find the start. So a full-array probe to
// min(max, 2^20) gives R; the start is the least power of two, from the
// probe's end, whose window is tailAutoMargin times D; a start over the
// memory limit or the full array's is refused before the run (exit
// status 2), naming the start and the memory it needs. When the tail still
// stops (TailUnsettled: a heap the window did not settle, perhaps a new
// rare heap; TailWindow: the prefix's labelling has a later rare heap),
// the run starts again from the larger of twice the start and the power of
// two past the stop (so the full array passes the heap that stopped it),
// within the memory limit: the engine cannot lengthen a window from a
// checkpoint, whose ring holds only the window's values; but the restart
// goes on from the prefix the stopped run kept (octal.TailOptions.Prefix),
// computing only the heaps past it. Cost: the probe (seconds at 2^20) and,
// while the tail runs, the prefix's memory, kept only when it and the next
// start's prefix fit the memory limit together (else a restart computes
// the prefix again).

// tailAutoMin is the least start and the probe's length: the default
// start of tail mode (2^20). Tests lower it.
var tailAutoMin int64 = octal.TailDefaultStart

// tailAutoMargin is how many times D = t + R the window of an automatic
// start holds (0.6: D = 20,629, so a window of 660,128 and a start of
// 2^21, which runs past heap 14,309,759 where 2^20 stops; issue 34).
var tailAutoMargin int64 = 32

// tailAutoTries is how many times an automatic tail starts again after a
// stop.
const tailAutoTries = 6

// auto reports whether the section leaves the start and the window to the
// run: tail: true without start, window and values.
func (k *TailKeys) auto() bool { return k.Tail && k.Start == 0 && k.Window == 0 && k.Values == nil }

// memoryLimit returns the bytes a job may use: the soft limit the run set
// for the garbage collector (the plan's, pipeline), or the automatic
// limit of max_memory (sysmem.AutoLimit) when none is set.
func memoryLimit() int64 {
	if l := debug.SetMemoryLimit(-1); l > 0 && l < math.MaxInt64 {
		return l
	}
	l, _ := sysmem.AutoLimit()
	return l
}

// autoStart chooses the start of an automatic tail to max: the probe's
// prefix (a tail run to its own start, on one goroutine, whose full array
// is kept in prefix for the first run to go on from), then the least power
// of two whose window holds tailAutoMargin times D, at most max. A start
// whose prefix is over the full array's limit, or whose run (peak) over
// the memory limit, is a *KeyError naming it and its memory.
func (g TailGame) autoStart(ctx context.Context, max, limit int64, prefix *octal.Prefix) (int64, error) {
	probe := min(max, tailAutoMin)
	st, err := g.run(ctx, probe, octal.TailOptions{Start: probe, Workers: 1, Prefix: prefix, KeepPrefix: true})
	if err != nil {
		return 0, err
	}
	if probe == max || st.Period > 0 {
		return probe, nil // the prefix ends the run, or its period does
	}
	if st.Mask == 0 || 4*int64(st.Rare) > probe {
		// No sparse space: no labelling, or one whose rare heaps are more
		// than a quarter of the probe's (where the engine itself takes
		// the plain mex; 0.007 and 0.164 have 29% and 33% to 2^12, 0.6
		// 20%, and 5% to 2^15). No tail can start, and the starts tried
		// would grow to a full array to max, whose plain mex costs about
		// max^2/2 option checks (years at 2^30).
		return 0, &games.KeyError{Key: "start", Value: "0 (chosen by the run)",
			Problem: fmt.Sprintf("cannot be chosen for the %s to %d: it has no sparse space up to heap %d (the probe: %d rare heaps, more than a quarter, or no labelling), so no tail can start and the run would grow to a full array to %d, about %.2g option checks by the plain mex",
				g.title, max, probe, st.Rare, max, float64(max)*float64(max)/2),
			Allowed: fmt.Sprintf("a start of your own (start: N, up to %d) to try a tail from a longer prefix, or tail: false with max up to %d", g.limit, g.limit)}
	}
	need := 2*tailAutoMargin*(int64(g.t)+int64(st.LastRare)) + int64(g.t) + 1
	start := probe
	for start < need && start < max {
		start *= 2
	}
	return g.fits(min(start, max), max, limit, fmt.Sprintf("its window must hold %d times the last rare heap %d plus %d", tailAutoMargin, st.LastRare, g.t))
}

// fits returns start when its prefix is within the full array's limit and
// a run from it (its prefix and the tail's buffers beside it: peak) within
// the memory limit (bytes), and otherwise the *KeyError that says why.
func (g TailGame) fits(start, max, limit int64, why string) (int64, error) {
	if start > g.limit || g.peak(start, max) > limit {
		return 0, g.refuse(start, max, limit, why)
	}
	return start, nil
}

// refuse is the *KeyError of an automatic tail that needs a start of
// start heaps (max: a full array), with its memory.
func (g TailGame) refuse(start, max, limit int64, why string) error {
	need := g.peak(min(start, g.limit), max)
	what := "full-array prefix and the tail's buffers beside it need"
	if start >= max {
		what = "full-array prefix needs"
	}
	problem := fmt.Sprintf("cannot be chosen for the %s to %d: %s; the start that would work is %d, whose %s %s (memory limit %s)",
		g.title, max, why, start, what, sysmem.Format(need), sysmem.Format(limit))
	if start > g.limit {
		problem = fmt.Sprintf("cannot be chosen for the %s to %d: %s; the start that would work, %d, is past a full array's limit %d", g.title, max, why, start, g.limit)
	}
	return &games.KeyError{Key: "start", Value: "0 (chosen by the run)", Problem: problem,
		Allowed: "a larger max_memory, or a smaller max"}
}

// retryStart returns the start an automatic tail takes after err stopped
// the run from start, within limit (bytes), or false when err is not such
// a stop.
func (g TailGame) retryStart(err error, start, max, limit int64) (int64, bool, error) {
	var te *octal.TailError
	if !errors.As(err, &te) {
		return 0, false, nil
	}
	next := 2 * start
	switch te.Stop {
	case octal.TailUnsettled:
		next = max64(next, int64(1)<<bits.Len64(uint64(te.Heap)))
	case octal.TailWindow:
		next = max64(next, 2*te.Need+int64(g.t)+1)
	default:
		return 0, false, nil
	}
	next, ferr := g.fits(min(next, max), max, limit, fmt.Sprintf("the tail from %d stopped (%v)", start, err))
	return next, ferr == nil, ferr
}

// prepare chooses the start of an automatic tail before the run's folder
// is opened (Job.Prepare), so that a start that cannot work is refused
// with nothing written, and so that the plan counts the tail at the start
// it will take. A checkpoint an earlier run left in the game's folder
// (resumable) decides it, and nothing is probed: the plan counts the run
// from its start as it counts a fresh one from there (need: the prefix a
// restart computes again, and the tail), or what the engine's Resume
// takes to read it (octal.CheckpointInfo.Memory: the file and the
// values it decodes, about 5 bytes a heap of start for 16-bit values,
// more than Grundy's game's prefix of 4) when that is more. Otherwise
// the probe (autoStart: a full array to min(max, 2^20), seconds for a
// game with a sparse space, about 75 s of CPU for one without; the run
// goes on from its prefix, so it costs no more than the probe the run
// would make) gives the start, which runJob takes, or the *KeyError that
// names the start that would work and its memory; the probe's prefix,
// held until the job runs, is Prepared.Held. It returns the heap the run
// takes from that start (need). It probes even when a full array to max
// fits the limit: counting such a tail at max would refuse tails that fit
// together (two of 0.6 to 2^30 under 10 GiB: 7 GiB each at max, 30 MiB
// each at the start chosen).
func (g TailGame) prepare(ctx context.Context, max int64, in games.Preparing) (games.Prepared, error) {
	limit := in.MemoryLimit
	info, path, err := g.resumable(in, max)
	if err != nil {
		return games.Prepared{}, err
	}
	if info.Heap > 0 {
		*g.chosen = tailChosen{start: info.Start}
		return games.Prepared{Memory: max64(g.need(info.Start, 0, max, limit), info.Memory),
			MemoryFor: fmt.Sprintf("start %d, resuming %s", info.Start, path)}, nil
	}
	prefix := &octal.Prefix{}
	start, err := g.autoStart(ctx, max, limit, prefix)
	if err != nil {
		return games.Prepared{}, err
	}
	*g.chosen = tailChosen{start: start, prefix: prefix}
	p := games.Prepared{Memory: g.need(start, prefix.Heaps(), max, limit), MemoryFor: fmt.Sprintf("start %d", start)}
	if h := prefix.Heaps(); h > 0 {
		p.Held = g.memory(int(h))
	}
	return p, nil
}

// resumable returns what the checkpoint an earlier run of this
// configuration left in the game's folder, in.Out/in.Game, says (its Heap
// 0: none, or in.Out unset), and its path. It reads the folder by the rule of
// output.OpenIn: a folder on the way that is a link is refused with its
// *output.UnsafeError, as the run's own output.MkdirIn refuses it; a
// checkpoint that is a link, not a regular file, damaged or of another
// configuration with the run's own *TailCheckpointError (matches), before
// anything is computed or written.
func (g TailGame) resumable(in games.Preparing, max int64) (octal.CheckpointInfo, string, error) {
	var none octal.CheckpointInfo
	if in.Out == "" {
		return none, "", nil
	}
	rel := in.Game + "/" + TailCheckpointName
	path := filepath.Join(in.Out, filepath.FromSlash(rel))
	f, err := output.OpenIn(in.Out, rel)
	var unsafe *output.UnsafeError
	var pe *fs.PathError
	switch {
	case err == nil:
		f.Close()
	case errors.Is(err, fs.ErrNotExist):
		return none, "", nil // no folder or no checkpoint: a fresh run
	case !(errors.As(err, &unsafe) && unsafe.Path == path) && !(errors.As(err, &pe) && pe.Path == path):
		return none, "", err // a folder on the way that is a link, or unreadable
	}
	info, err := g.matches(path, max) // the checkpoint itself: refused as the run refuses it
	return info, path, err
}

// need is the heap an automatic run from start to max takes under limit,
// as runAuto chooses: the prefix's full array, beside a kept prefix of
// from heaps that it extends when both fit (none when the kept prefix is
// the whole of it: from = start+1, octal's prefix); then the engine's peak
// of a fresh run from start (peak: the prefix and, when start < max, the
// tail's buffers filled from it while it is still held). A prefix kept
// for a restart is held through the tail, whose buffers stay at that peak.
func (g TailGame) need(start, from, max, limit int64) int64 {
	m := g.memory(int(start))
	prefix := m
	if from > 0 && from <= start && g.memory(int(from))+m <= limit {
		prefix += g.memory(int(from))
	}
	return max64(prefix, g.peak(start, max))
}

// keeps reports whether a run from start keeps its prefix through the
// tail for a restart: it and the next start's prefix fit limit together.
func (g TailGame) keeps(start, max, limit int64) bool {
	return g.memory(int(start))+g.memory(int(min(2*start, max))) <= limit
}

// runAuto runs g.run from an automatic start (chosen's: a checkpoint's,
// or Prepare's with its probe's prefix; else autoStart's) and starts
// again from a larger one after a stop (retryStart), the checkpoint of the
// stopped run removed, all within chosen's budget (the job's share of the
// plan's limit; else the run's whole limit). It returns the result, the
// start of the last run, and the last error.
func (g TailGame) runAuto(ctx context.Context, max int64, opts octal.TailOptions, chosen tailChosen, log func(string)) (octal.TailResult, int64, error) {
	start, prefix := chosen.start, chosen.prefix // what the probe or a stopped run computed, for the next
	if prefix == nil {
		prefix = &octal.Prefix{}
	}
	limit := chosen.budget
	if limit <= 0 {
		limit = memoryLimit()
	}
	if start == 0 {
		var err error
		if start, err = g.autoStart(ctx, max, limit, prefix); err != nil {
			return octal.TailResult{}, 0, err
		}
	}
	for try := 0; ; try++ {
		opts.Start = start
		if g.memory(int(prefix.Heaps()))+g.memory(int(start)) > limit {
			prefix = &octal.Prefix{} // no room to extend it: computed again
		}
		// A run keeps its prefix through the tail when a restart could
		// extend it within the limit (the kept prefix and the next one).
		opts.Prefix = prefix
		opts.KeepPrefix = try < tailAutoTries && g.keeps(start, max, limit)
		res, err := g.run(ctx, max, opts)
		if err == nil || ctx.Err() != nil || try == tailAutoTries {
			return res, start, err
		}
		next, ok, ferr := g.retryStart(err, start, max, limit)
		if ferr != nil {
			return res, start, fmt.Errorf("%w; no larger start: %v", err, ferr)
		}
		if !ok {
			return res, start, err
		}
		log(fmt.Sprintf("%v; starting again from start %d", err, next))
		if opts.Checkpoint != "" {
			if rerr := os.Remove(opts.Checkpoint); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				return res, start, fmt.Errorf("%w; remove the checkpoint to start again: %w", err, rerr)
			}
		}
		start = next
	}
}
