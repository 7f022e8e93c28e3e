package heapgame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// Tail mode in a configuration: an octal game (octal: {officers: {code:
// "0.6", max: 4294967296, tail: true}}) or Grundy's game (grundy-game:
// {max: ..., tail: true}) computed by the engine's tail mode (octal.Tail,
// docs/tail-mode.md) instead of a full array of values. Such a run writes no
// GAME/grundy (2^40 values do not fit a disk) but GAME/frequencies, the
// number of heaps of each value at every power of two, and its findings
// (the checksum of the whole sequence, the sparse space, a proven period);
// it keeps its state in OUT/GAME/tail.checkpoint, written every few minutes
// and when it stops, so that the same command run again resumes it.

// TailKeys are the keys of tail mode in the section of an octal game or
// Grundy's game (inline: tail, start, window, width, checkpoint_every,
// checkpoint_heaps beside code and max). Without tail, the others must be
// unset and max keeps the limit of a full array.
type TailKeys struct {
	// Tail computes the values in tail mode; max may then reach
	// octal.TailMax (2^48).
	Tail bool `yaml:"tail" json:"tail,omitempty"`
	// Start is the last heap of the full-array prefix; 0 means
	// min(max, 2^20).
	Start int64 `yaml:"start" json:"start,omitempty"`
	// Window is the number of recent values kept; 0 means the largest the
	// start allows, (start - t - 1)/2.
	Window int64 `yaml:"window" json:"window,omitempty"`
	// Width is the bits of a value in the buffer, 8 or 16; 0 means the
	// smallest that holds the values to start.
	Width int `yaml:"width" json:"width,omitempty"`
	// CheckpointEvery is how often the checkpoint is written, a duration
	// such as "2m" or "90s" (1s to 24h); empty means 2 minutes. It does not
	// change any result, so it is not recorded with the tables.
	CheckpointEvery string `yaml:"checkpoint_every" json:"-"`
	// CheckpointHeaps, when set, also writes the checkpoint every so many
	// heaps (tests use it: a count, not the clock); 0 means 2^28. Not
	// recorded either.
	CheckpointHeaps int64 `yaml:"checkpoint_heaps" json:"-"`
	// Values, [lo, hi], writes NAME/values, the values g(lo..hi) (at most
	// TailValuesMax of them), which a tail run does not keep otherwise.
	Values []int `yaml:"values" json:"values,omitempty"`
}

// TailValuesMax is the most values a tail run writes to NAME/values.
const TailValuesMax = 10_000_000

// TailCheckpointName is the checkpoint's file in the game's folder.
const TailCheckpointName = "tail.checkpoint"

// DefaultCheckpointEvery is how often a tail run writes its checkpoint
// when checkpoint_every is not set.
const DefaultCheckpointEvery = 2 * time.Minute

// Folder is implemented by a Sink that gives a job its game's folder under
// OUT (created if needed), for state that is not a table: a tail run's
// checkpoint. A Sink without it runs tail mode without a checkpoint.
type Folder interface {
	Folder() (string, error)
}

// setKeys lists the tail keys set, for Check without tail.
func (k *TailKeys) setKeys() []games.KeyError {
	var set []games.KeyError
	add := func(key, value string, isSet bool) {
		if isSet {
			set = append(set, games.KeyError{Key: key, Value: value})
		}
	}
	add("start", fmt.Sprint(k.Start), k.Start != 0)
	add("window", fmt.Sprint(k.Window), k.Window != 0)
	add("width", fmt.Sprint(k.Width), k.Width != 0)
	add("checkpoint_every", fmt.Sprintf("%q", k.CheckpointEvery), k.CheckpointEvery != "")
	add("checkpoint_heaps", fmt.Sprint(k.CheckpointHeaps), k.CheckpointHeaps != 0)
	add("values", fmt.Sprint(k.Values), k.Values != nil)
	return set
}

// start is the prefix Tail computes for max.
func (k *TailKeys) start(max int64) int64 {
	if k.Start == 0 {
		return min(max, octal.TailDefaultStart)
	}
	return min(k.Start, max)
}

// every is the checkpoint interval (checked by check).
func (k *TailKeys) every() time.Duration {
	d, err := time.ParseDuration(k.CheckpointEvery)
	if k.CheckpointEvery == "" || err != nil {
		return DefaultCheckpointEvery
	}
	return d
}

// check checks max and the tail keys: without tail, max within fullLimit
// (a full array) and no other tail key; with it, max up to octal.TailMax,
// start within a full array, window within what the start allows
// (window(start), the default), width 8 or 16.
func (k *TailKeys) check(max, fullLimit int64, window func(start int64) int64) error {
	if !k.Tail {
		if set := k.setKeys(); len(set) > 0 {
			e := set[0]
			return &games.KeyError{Key: e.Key, Value: e.Value, Problem: "is a key of tail mode, which is off", Allowed: "only with tail: true"}
		}
		if max > fullLimit && max <= octal.TailMax {
			return &games.KeyError{Key: "max", Value: fmt.Sprint(max), Problem: "is out of range",
				Allowed: fmt.Sprintf("1 to %d for a full array of values; tail: true allows up to %d (2^48)", fullLimit, int64(octal.TailMax))}
		}
		return games.CheckRange("max", max, 1, fullLimit)
	}
	if max < 1 || max > octal.TailMax {
		return &games.KeyError{Key: "max", Value: fmt.Sprint(max), Problem: "is out of range",
			Allowed: fmt.Sprintf("1 to %d (2^48) in tail mode", int64(octal.TailMax))}
	}
	if k.Start != 0 && (k.Start < 1 || k.Start > fullLimit) {
		return &games.KeyError{Key: "start", Value: fmt.Sprint(k.Start), Problem: "is out of range",
			Allowed: fmt.Sprintf("0 (min(max, 2^20)) or 1 to %d (the values of the prefix are a full array)", fullLimit)}
	}
	start := k.start(max)
	if top := window(start); k.Window != 0 && (k.Window < 1 || k.Window > top) {
		allowed := fmt.Sprintf("0 (the largest the start allows) or 1 to %d, (start - t - 1)/2 for start %d", top, start)
		if top < 1 {
			allowed = fmt.Sprintf("0: start %d leaves no room for a window", start)
		}
		return &games.KeyError{Key: "window", Value: fmt.Sprint(k.Window), Problem: "is out of range", Allowed: allowed}
	}
	if k.Width != 0 && k.Width != 8 && k.Width != 16 {
		return &games.KeyError{Key: "width", Value: fmt.Sprint(k.Width), Problem: "is not a width of the buffer",
			Allowed: "0 (the smallest that holds the values to start), 8 or 16"}
	}
	if k.CheckpointEvery != "" {
		d, err := time.ParseDuration(k.CheckpointEvery)
		if err != nil || d < time.Second || d > 24*time.Hour {
			return &games.KeyError{Key: "checkpoint_every", Value: fmt.Sprintf("%q", k.CheckpointEvery), Problem: "is not a duration in range",
				Allowed: `a duration from 1s to 24h, such as "2m" or "90s" (empty: 2m)`}
		}
	}
	if k.Values != nil {
		if len(k.Values) != 2 || k.Values[0] < 0 || k.Values[0] > k.Values[1] || int64(k.Values[1]) > max || k.Values[1]-k.Values[0] >= TailValuesMax {
			return &games.KeyError{Key: "values", Value: strings.ReplaceAll(fmt.Sprint(k.Values), " ", ", "), Problem: "is not a range of heaps to write",
				Allowed: fmt.Sprintf("[lo, hi] with 0 <= lo <= hi <= max (%d) and at most %d values", max, TailValuesMax)}
		}
	}
	if k.CheckpointHeaps < 0 || k.CheckpointHeaps > octal.TailMax {
		return &games.KeyError{Key: "checkpoint_heaps", Value: fmt.Sprint(k.CheckpointHeaps), Problem: "is out of range",
			Allowed: fmt.Sprintf("0 (2^28) or 1 to %d", int64(octal.TailMax))}
	}
	return nil
}

// TailGame is a game tail mode runs.
type TailGame struct {
	key    string // the game a checkpoint names: the canonical code or "grundy-game"
	title  string // for messages: "octal game 0.6"
	rules  string // the finding "rules" and the table's metadata
	run    func(ctx context.Context, max int64, opts octal.TailOptions) (octal.TailResult, error)
	memory func(max int) int64 // the full-array engine's, for the prefix
	// peak is the engine's memory of a fresh tail run from start to max
	// (octal.TailMemory): the prefix and, beside it, the tail's buffers.
	peak   func(start, max int64) int64
	window func(start int64) int64 // the default window
	cost   func(max int64) float64 // relative work
	keys   *TailKeys               // the section's
	limit  int64                   // a full array's limit (Check)
	// t is the largest split digit or move, the t of the window
	// (start - t - 1)/2.
	t int
	// chosen holds the start an automatic tail's Prepare chose before the
	// run (tailauto.go); nil or 0: runJob chooses it.
	chosen *tailChosen
}

// tailChosen is the start Prepare chose for runJob, with its probe's
// full array (or a checkpoint's start, without).
type tailChosen struct {
	start  int64
	prefix *octal.Prefix
	// budget is the heap the job's prefix and tail may use (Job.Budget:
	// its share of the plan's limit); 0: the run's whole limit.
	budget int64
}

// OctalTail is tail mode for the octal game code.
func OctalTail(code octal.Code, keys *TailKeys) TailGame {
	return TailGame{key: code.String(), title: "octal game " + code.String(), rules: "octal " + code.String(),
		run: func(ctx context.Context, max int64, opts octal.TailOptions) (octal.TailResult, error) {
			return octal.Tail(ctx, code, max, opts)
		},
		memory: func(max int) int64 { return octal.Memory(code, max) },
		peak:   func(start, max int64) int64 { return octal.TailMemory(code, start, max) },
		window: func(start int64) int64 { return octal.TailDefaultWindow(code, start) },
		cost:   func(max int64) float64 { return float64(max) / 1e6 },
		keys:   keys, limit: int64(Octal(code).Limit),
		t: code.MaxRemove()}
}

// GrundysGameTail is tail mode for Grundy's game, whose rules (Heap.Rules)
// its tables record.
func GrundysGameTail(keys *TailKeys, rules string) TailGame {
	return TailGame{key: "grundy-game", title: "Grundy's game", rules: rules,
		run: func(ctx context.Context, max int64, opts octal.TailOptions) (octal.TailResult, error) {
			return octal.GrundysGameTail(ctx, max, opts)
		},
		memory: octal.GrundysGameMemory,
		peak:   octal.GrundysGameTailMemory,
		window: octal.GrundysGameTailDefaultWindow,
		cost:   func(max int64) float64 { return float64(max) / 3e5 },
		keys:   keys, limit: octal.GrundysGameMax}
}

// Check checks the section's max and tail keys.
func (g TailGame) Check(max int64) error { return g.keys.check(max, g.limit, g.window) }

// Plan plans the one job of a tail run: GAME/frequencies and the findings.
func (g TailGame) Plan(game string, max int64) []games.Job {
	start := g.keys.start(max)
	// The prefix's full array and the tail's 3 windows of 2-byte values
	// beside it (the engine's TailMemory: the tail's buffers are filled
	// from the prefix before it is freed); the frequency tables are at
	// most 49 tables of 2^16 counts.
	writes := games.WriteMemory(49*(1<<16), 24)
	if v := g.keys.Values; len(v) == 2 {
		writes += games.WriteMemory(int64(v[1]-v[0]+1), 12)
	}
	job := games.Job{Table: "frequencies", Memory: g.peak(start, max) + writes, Cost: g.cost(max)}
	if g.keys.auto() {
		g.chosen = &tailChosen{}
		job.Prepare = func(ctx context.Context, in games.Preparing) (games.Prepared, error) {
			p, err := g.prepare(ctx, max, in)
			p.Memory += writes
			return p, err
		}
		job.Budget = func(bytes int64) { g.chosen.budget = bytes - writes }
	} else {
		job.Prepare = func(ctx context.Context, in games.Preparing) (games.Prepared, error) {
			return games.Prepared{}, g.prepareResume(in, max)
		}
	}
	job.Run = func(ctx context.Context, s games.Sink) error { return g.runJob(ctx, s, game, max) }
	return []games.Job{job}
}

func max64(a, b int64) int64 { return max(a, b) }

// runJob runs tail mode to max, resuming from the checkpoint when there is
// one of this configuration, and writes GAME/frequencies and the findings.
func (g TailGame) runJob(ctx context.Context, s games.Sink, game string, max int64) error {
	k := g.keys
	opts := octal.TailOptions{Start: k.Start, Window: k.Window, Width: k.Width, Workers: s.Workers(),
		CheckpointEvery: k.CheckpointHeaps, CheckpointInterval: k.every()}
	sinkProgress := s.Progress("computing", "n")
	watch := games.ProgressOf(ctx, "computing", "n")
	opts.Progress = func(done, total int64) {
		sinkProgress.Report(done, total)
		watch.Report(done, total)
	}
	var vals *tailValues
	var chosen tailChosen // an automatic tail's start, read from its checkpoint or chosen by Prepare
	if f, ok := s.(Folder); ok {
		dir, err := f.Folder()
		if err != nil {
			return err
		}
		opts.Checkpoint = filepath.Join(dir, TailCheckpointName)
		// A run killed outright leaves the checkpoint's temporary file.
		if leftovers, err := filepath.Glob(opts.Checkpoint + ".tmp-*"); err == nil {
			for _, p := range leftovers {
				os.Remove(p)
			}
		}
		info, err := g.matches(opts.Checkpoint, max)
		if err != nil {
			return err
		}
		resumeAt := info.Heap // 0: no checkpoint
		if resumeAt > 0 && k.auto() {
			// Prepare read it too, before the folder was opened, and
			// planned this start; read again here, under the folder's
			// lock, it decides.
			chosen.start = info.Start
			if g.chosen != nil {
				chosen.budget = g.chosen.budget
			}
		}
		if k.Values != nil {
			if vals, err = openTailValues(dir, g.key, k.Values, resumeAt); err != nil {
				return err
			}
		}
	} else if k.Values != nil {
		vals = &tailValues{lo: int64(k.Values[0]), hi: int64(k.Values[1])}
	}
	if vals != nil {
		defer vals.close()
		opts.ValuesFrom, opts.ValuesTo, opts.OnValues, opts.BeforeCheckpoint = vals.lo, vals.hi, vals.add, vals.sync
	}
	start := k.start(max)
	var res octal.TailResult
	var err error
	if k.auto() {
		if g.chosen != nil {
			if chosen.start == 0 {
				chosen = *g.chosen // chosen by Prepare, before the run
			}
			// The probe's prefix is the run's alone from here: freed
			// when it has no more use for it (runAuto), not held by the
			// job to its end.
			g.chosen.prefix = nil
		}
		var restarts []string
		res, start, err = g.runAuto(ctx, max, opts, chosen, func(line string) {
			restarts = append(restarts, line)
			s.Finding("tail_restart", games.Note(strings.Join(restarts, "; then ")))
		})
	} else {
		res, err = g.run(ctx, max, opts)
	}
	if err != nil {
		var ke *games.KeyError
		if errors.As(err, &ke) {
			return err // refused before computing: nothing written
		}
		// A stopped run's tables of the powers of two it passed are
		// exact: write them, with the error, also when a signal or
		// --max-seconds stopped it (then past the cancelled context: the
		// folder is closed only after the job returns).
		if len(res.Tables) > 0 {
			passed := res
			passed.Final = octal.FrequencyTable{}
			if werr := g.writeTable(context.WithoutCancel(ctx), s, game, passed); werr != nil {
				return errors.Join(g.explain(err, opts.Checkpoint, res), werr)
			}
		}
		if ctx.Err() != nil && opts.Checkpoint != "" {
			// Stopped (a signal, --max-seconds): say where it got to.
			if info, ierr := octal.ReadCheckpointInfo(opts.Checkpoint); ierr == nil && info.Heap > 0 {
				return &TailStoppedError{Game: game, Checkpoint: opts.Checkpoint, Heap: info.Heap, Max: max, Err: err}
			}
		}
		return g.explain(err, opts.Checkpoint, res)
	}
	if err := g.writeTable(ctx, s, game, res); err != nil {
		return err
	}
	if vals != nil {
		if err := vals.write(ctx, s, game, g.rules); err != nil {
			return err
		}
	}
	s.Finding("rules", games.Note(g.rules))
	s.Finding("tail", newTailRun(res, start))
	if res.Period > 0 {
		p := TailPeriod{Found: true, Period: res.Period, Preperiod: res.Preperiod, Proven: true,
			Status: "proven", Within: start}
		if res.PeriodInTail {
			p.InTail, p.Within, p.PreperiodIsBound = true, res.PeriodProvenAt, res.PreperiodBound
		}
		s.Finding("period", p)
	}
	return nil
}

// matches refuses a checkpoint at path that another configuration wrote
// (another game, max, start, window or width), or that cannot be read; no
// checkpoint is fine. It returns what the checkpoint says (its Heap, the
// heap the run resumes at; the zero CheckpointInfo when there is none).
func (g TailGame) matches(path string, max int64) (octal.CheckpointInfo, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return octal.CheckpointInfo{}, nil
	case err == nil && !fi.Mode().IsRegular():
		return octal.CheckpointInfo{}, &TailCheckpointError{Path: path,
			Problem: "is " + output.FileKind(fi.Mode()) + ", not a regular file (tabulate never follows a link, nor reads anything but a regular file, under an output folder)"}
	}
	info, err := octal.ReadCheckpointInfo(path)
	if err != nil {
		return octal.CheckpointInfo{}, &TailCheckpointError{Path: path, Problem: "cannot be resumed", Err: err}
	}
	k := g.keys
	start := k.start(max)
	window := k.Window
	if window == 0 {
		window = g.window(start)
	}
	var diff []string
	if info.Game != g.key {
		gameTitle := "octal game " + info.Game
		if info.Game == "grundy-game" {
			gameTitle = "Grundy's game"
		}
		diff = append(diff, fmt.Sprintf("it is of the %s, not the %s", gameTitle, g.title))
	} else {
		if info.Max != max {
			diff = append(diff, fmt.Sprintf("max %d (this configuration: %d)", info.Max, max))
		}
		if k.auto() { // the run chose the start: the checkpoint's, with its window
			start, window = info.Start, g.window(info.Start)
		}
		if info.Start != start {
			diff = append(diff, fmt.Sprintf("start %d (this configuration: %d)", info.Start, start))
		}
		if info.Window != window && (k.Window != 0 || info.Start == start) { // else it follows from start
			diff = append(diff, fmt.Sprintf("window %d (this configuration: %d)", info.Window, window))
		}
		if k.Width != 0 && info.Width != k.Width {
			diff = append(diff, fmt.Sprintf("width %d (this configuration: %d)", info.Width, k.Width))
		}
	}
	if len(diff) == 0 {
		return info, nil
	}
	return octal.CheckpointInfo{}, &TailCheckpointError{Path: path, Problem: "was made by another configuration: " + strings.Join(diff, ", ")}
}

// prepareResume refuses, before the run's folder is touched (the Prepare
// of a tail with its start given), a checkpoint in the game's folder that
// this configuration cannot resume (resumable: a link, damaged, another
// configuration's) and a values file that lacks what a resume from that
// checkpoint needs (valuesResume). The run checks both again under the
// folder's lock.
func (g TailGame) prepareResume(in games.Preparing, max int64) error {
	info, _, err := g.resumable(in, max)
	if err != nil || g.keys.Values == nil || in.Out == "" {
		return err
	}
	rel := in.Game + "/" + tailValuesName
	f, err := output.OpenIn(in.Out, rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f = nil
	case err != nil:
		return err
	default:
		defer f.Close()
		if err := output.Unshared(f); err != nil {
			return err // the run would write through it
		}
	}
	_, _, err = valuesResume(nonEmpty(f), filepath.Join(in.Out, filepath.FromSlash(rel)), g.key, g.keys.Values, info.Heap)
	return err
}

// explain adds to an error of the engine what happened to the results and
// what to change.
func (g TailGame) explain(err error, checkpoint string, res octal.TailResult) error {
	var ce *octal.CheckpointError
	if errors.As(err, &ce) {
		return &TailCheckpointError{Path: checkpoint, Problem: "cannot be resumed", Err: err}
	}
	var te *octal.TailError
	if !errors.As(err, &te) {
		return err
	}
	switch {
	case te.Stop == octal.TailWindow || te.Stop == octal.TailNoSparse:
		return fmt.Errorf("%w; nothing past the prefix was computed: set a larger start in the game's section (the window is at most (start - t - 1)/2, its default), or leave start and window unset and the run picks them", err)
	case checkpoint == "":
		return fmt.Errorf("%w; the results to heap %d were not kept (no checkpoint)", err, res.Max)
	default:
		return fmt.Errorf("%w; the results to heap %d are kept in %s: remove it before rerunning with another start, window or width", err, res.Max, checkpoint)
	}
}

// TailStoppedError is a tail run stopped before max (a signal,
// --max-seconds) whose checkpoint holds the heaps before Heap: what it
// reached, where it is kept, and that the same command resumes it.
type TailStoppedError struct {
	Game       string
	Checkpoint string
	Heap       int64 // the checkpoint's: g(0..Heap-1) are done
	Max        int64
	Err        error // why it stopped
}

func (e *TailStoppedError) Error() string {
	return fmt.Sprintf("%s stopped (%v) with heaps 0..%d of 0..%d done, kept in the checkpoint %s; run the same command again to resume from heap %d",
		e.Game, e.Err, e.Heap-1, e.Max, e.Checkpoint, e.Heap)
}

// Unwrap returns why it stopped.
func (e *TailStoppedError) Unwrap() error { return e.Err }

// TailCheckpointError is a tail checkpoint that this configuration cannot
// resume: damaged, of another game, or made with another max, start, window
// or width. Nothing is computed; it is a configuration error (exit status
// 2 at the command line).
type TailCheckpointError struct {
	Path    string
	Problem string
	Err     error // the engine's reason, if any
}

func (e *TailCheckpointError) Error() string {
	s := "tail checkpoint " + e.Path + " " + e.Problem
	if e.Err != nil {
		s += " (" + e.Err.Error() + ")"
	}
	return s + "; remove it to start over, or run the configuration it was made with to resume it"
}

// Unwrap returns the engine's reason.
func (e *TailCheckpointError) Unwrap() error { return e.Err }

// frequencyColumns are the columns of GAME/frequencies.
var frequencyColumns = []output.Column{
	{Name: "heaps", Type: output.Int64, Sorted: true},
	{Name: "value", Type: output.Int32},
	{Name: "count", Type: output.Int64},
	{Name: "partial", Type: output.Bool},
}

// writeTable writes GAME/frequencies: for each table of res (heaps
// 0..2^k-1), then the final one when max+1 is not a power of two (partial),
// one row for each value from 0 to the largest among those heaps (with
// the values no heap has: count 0), as the Rust solver of
// rogalski-wmii-uni-lodz-pl/octal lists its files.
func (g TailGame) writeTable(ctx context.Context, s games.Sink, game string, res octal.TailResult) error {
	tables := res.Tables
	if h := res.Final.Heaps; h > 0 && bits.OnesCount64(uint64(h)) != 1 {
		tables = append(tables[:len(tables):len(tables)], res.Final)
	}
	var rows int64
	for _, f := range tables {
		rows += int64(len(f.Counts))
	}
	t := output.Table{Game: game, Name: "frequencies", Columns: frequencyColumns,
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: g.rules}}}
	return s.Table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		for _, f := range tables {
			n := len(f.Counts)
			heaps, values, partial := make([]int64, n), make([]int32, n), make([]bool, n)
			p := bits.OnesCount64(uint64(f.Heaps)) != 1
			for v := range n {
				heaps[v], values[v], partial[v] = f.Heaps, int32(v), p
			}
			if err := emit(output.Batch{heaps, values, f.Counts, partial}); err != nil {
				return err
			}
		}
		return nil
	})
}

// TailRun is what a tail run found: the checksum of the whole sequence and
// at every power of two, the labelling of the sparse space it ran under,
// and its largest value.
type TailRun struct {
	// Heaps is the number of values, g(0..Heaps-1); Checksum their 64-bit
	// FNV-1a over 16-bit little-endian words (octal.Checksum), in hex.
	Heaps    int64  `json:"heaps"`
	Checksum string `json:"checksum"`
	// Start is the full-array prefix; TailFrom the first heap of the tail
	// (-1 when the run ended within the prefix), with its Window and the
	// Width of a value.
	Start    int64 `json:"start"`
	TailFrom int64 `json:"tail_from"`
	Window   int64 `json:"window,omitempty"`
	Width    int   `json:"width,omitempty"`
	// The labelling: label(a) = parity(g(a) AND Mask), XOR the parity of
	// a when HeapParity; RareHeaps of the rare label, the last LastRare.
	Mask       uint32 `json:"mask"`
	MaskHex    string `json:"mask_hex"`
	HeapParity bool   `json:"heap_parity"`
	RareHeaps  int    `json:"rare_heaps"`
	LastRare   int64  `json:"last_rare_heap"`
	// Largest is the largest value, first at LargestAt.
	Largest   int32 `json:"largest_value"`
	LargestAt int64 `json:"largest_value_first_n"`
	// Tables lists, for each power of two, the checksum and the largest
	// value of the heaps 0..Heaps-1: how the sequence evolved.
	Tables []TailTable `json:"tables"`
}

// TailTable is the checksum and the largest value of the heaps
// 0..Heaps-1.
type TailTable struct {
	Heaps    int64  `json:"heaps"`
	Checksum string `json:"checksum"`
	Largest  int    `json:"largest_value"`
}

func newTailRun(res octal.TailResult, start int64) TailRun {
	r := TailRun{Heaps: res.Final.Heaps, Checksum: fmt.Sprintf("%016x", res.Final.Checksum), Start: start,
		TailFrom: res.TailFrom, Window: res.Window, Width: res.Width,
		Mask: res.Mask, MaskHex: fmt.Sprintf("0x%x", res.Mask), HeapParity: res.HeapParity,
		RareHeaps: res.Rare, LastRare: res.LastRare, Largest: res.Largest, LargestAt: res.LargestAt,
		Tables: []TailTable{}}
	for _, f := range res.Tables {
		r.Tables = append(r.Tables, TailTable{Heaps: f.Heaps, Checksum: fmt.Sprintf("%016x", f.Checksum), Largest: len(f.Counts) - 1})
	}
	return r
}

// String summarises the run on one line.
func (r TailRun) String() string {
	tail := "within the full-array prefix"
	if r.TailFrom >= 0 {
		tail = fmt.Sprintf("tail mode from %d, window %d, %d-bit", r.TailFrom, r.Window, r.Width)
	}
	space := "no sparse space"
	if r.Mask != 0 {
		space = fmt.Sprintf("sparse space mask %s, %d rare heaps, the last at %d", r.MaskHex, r.RareHeaps, r.LastRare)
	}
	return fmt.Sprintf("%d values, checksum %s; largest value %d, first at n = %d; %s; %s",
		r.Heaps, r.Checksum, r.Largest, r.LargestAt, tail, space)
}

// TailPeriod is a period a tail run proved (the octal periodicity theorem,
// as octal.Values checks it), from which the tail copied every later value:
// proved by the full-array prefix, or by the tail itself when the prefix
// was too short for the proof (InTail; see grundy/octal/tailperiod.go).
type TailPeriod struct {
	Found     bool   `json:"found"`
	Period    int64  `json:"period"`
	Preperiod int64  `json:"preperiod"`
	Proven    bool   `json:"proven"`
	Status    string `json:"status"`
	// Within is the last heap the proof read: the prefix's last heap, or
	// in the tail the last heap the theorem needs (2*n0 + 2*p + t - 1).
	Within int64 `json:"proven_within"`
	// InTail: the tail proved it. PreperiodIsBound: the period was found
	// agreeing back to the start of the tail's window, so the least
	// preperiod is at most Preperiod, not known to equal it.
	InTail           bool `json:"in_tail,omitempty"`
	PreperiodIsBound bool `json:"preperiod_is_bound,omitempty"`
}

// String says what was proven, and no more.
func (p TailPeriod) String() string {
	if !p.InTail {
		return fmt.Sprintf("period %d from n = %d, proven (octal periodicity theorem) within the first %d heaps", p.Period, p.Preperiod, p.Within+1)
	}
	from := fmt.Sprintf("from n = %d (the last exception is at n = %d)", p.Preperiod, p.Preperiod-1)
	if p.PreperiodIsBound {
		from = fmt.Sprintf("from n = %d at the latest (the window began there: the least preperiod may be smaller)", p.Preperiod)
	}
	return fmt.Sprintf("period %d %s, proven (octal periodicity theorem) by the tail within the first %d heaps", p.Period, from, p.Within+1)
}

// TailDef is the Def of a member in tail mode: it answers a heap by
// computing it as any member does, but its run has no GAME/grundy to
// answer from or to draw figures again from.
func TailDef(d games.Def) games.Def {
	d.TableLookup, d.Redraw = nil, nil
	return d
}

// RedrawUnlessTail is redraw for a game whose run may have been in tail
// mode: such a run has no GAME/grundy to draw from, and tabulate plot
// lists its figures as skipped.
func RedrawUnlessTail(redraw games.RedrawFunc) games.RedrawFunc {
	return func(game string, bounds json.RawMessage, cols games.Columns) (func(ctx context.Context, s games.Sink) error, []string, error) {
		var k TailKeys
		if json.Unmarshal(bounds, &k) == nil && k.Tail {
			return nil, []string{game + ": a tail-mode run keeps no values to draw its figures from"}, nil
		}
		return redraw(game, bounds, cols)
	}
}

// checkWith refuses, in tail mode, the keys of a section that need the
// full array of values: misère play and candidate_tables.
func (k *TailKeys) CheckWith(p Play, candidateTables bool) error {
	switch {
	case !k.Tail:
		return nil
	case p.Misere():
		return &games.KeyError{Key: "play", Value: p.Play, Problem: "has no tail mode (misère values need the full array)", Allowed: "normal (or unset) with tail: true"}
	case candidateTables:
		return &games.KeyError{Key: "candidate_tables", Value: "true", Problem: "needs the values of a full array, which tail mode does not keep", Allowed: "false with tail: true"}
	}
	return nil
}
