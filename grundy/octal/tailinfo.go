package octal

import "encoding/binary"

// What a caller needs to decide whether a checkpoint belongs to the run it
// is asked for (package games refuses one of another configuration instead
// of resuming it): the settings the checkpoint was made with, and the
// defaults Tail would choose.

// CheckpointInfo is what a tail checkpoint says of the run that wrote it.
type CheckpointInfo struct {
	// Game is the canonical octal code ("0.6") or "grundy-game".
	Game string
	// Max is the last heap the run was asked for; Heap the next heap it
	// computes (Heap = Max+1 when the run was finished).
	Max, Heap int64
	// Start is the last heap of the full-array prefix (TailOptions.Start
	// as Tail applied it).
	Start int64
	// Window and Width are the ring buffer's length and the bits of a
	// value in it.
	Window int64
	Width  int
	// Memory estimates the peak bytes Resume allocates for it: the file,
	// read whole, beside what it decodes it into (the first Window+1
	// values and the ring of 2*Window, of Width bits; resumeGame,
	// decodeTail), and 2 MiB for the marks of the tail's goroutines
	// (docs/tail-mode.md, "Rate").
	Memory int64
}

// ReadCheckpointInfo reads the checkpoint at path with the checks of
// Resume (a regular file, not followed through a link, of the size its
// header gives, with a matching sha256) and returns its settings. A
// checkpoint that fails them is a *CheckpointError.
func ReadCheckpointInfo(path string) (CheckpointInfo, error) {
	b, t, err := readTailCheckpoint(path)
	if err != nil {
		return CheckpointInfo{}, err
	}
	st := b[t.stateOff:t.headOff]
	i64 := func(i int) int64 { return int64(binary.LittleEndian.Uint64(st[8*i:])) }
	return CheckpointInfo{Game: string(b[t.codeOff:t.stateOff]), Max: i64(0), Heap: i64(1), Start: i64(2) - 1,
		Window: t.w, Width: 8 * t.wb, Memory: t.size + tailBuffers(t.w, int64(t.wb))}, nil
}

// TailDefaultWindow is the window Tail chooses for the octal game c when
// TailOptions.Window is 0 and the prefix ends at start: (start - t - 1)/2,
// t the largest digit of c.
func TailDefaultWindow(c Code, start int64) int64 {
	return (start - int64(octalRulesOf(c).t) - 1) / 2
}

// GrundysGameTailDefaultWindow is TailDefaultWindow for Grundy's game.
func GrundysGameTailDefaultWindow(start int64) int64 {
	return (start - int64(grundysRules.t) - 1) / 2
}

// TailMemory estimates the peak bytes Tail(ctx, c, max, opts) allocates on
// a fresh run with opts.Start = start (0: the default start), no Prefix
// and no checkpoint to resume: the full-array prefix to min(start, max)
// (Memory) and, when the tail runs (start < max), the tail's buffers
// beside it (tailBuffers at the default window, the largest allowed, of
// 16-bit values, the wider width). Reason: newTailState fills the
// buffers from the prefix's values, so both are live until the prefix is
// released, and the garbage collector does not give that peak back; the
// tail's later scratch (the period search's W/2 int32, tailperiod.go)
// comes after the release. Measured (docs/tail-mode.md, "Memory of a
// fresh tail"): Grundy's game from 2^23, 24 MiB more resident with the
// tail than the prefix alone.
func TailMemory(c Code, start, max int64) int64 {
	start = tailStart(start, max)
	return tailPeak(Memory(c, int(start)), TailDefaultWindow(c, start), start, max)
}

// GrundysGameTailMemory is TailMemory for Grundy's game (GrundysGameTail):
// its prefix is GrundysGameMemory, 4 bytes a heap, so a tail from start
// peaks at about 7 bytes a heap of start.
func GrundysGameTailMemory(start, max int64) int64 {
	start = tailStart(start, max)
	return tailPeak(GrundysGameMemory(int(start)), GrundysGameTailDefaultWindow(start), start, max)
}

// tailStart is the start Tail applies (tailRun, and the memory
// estimates here): opts.Start, or the default for 0, at most max.
func tailStart(start, max int64) int64 {
	if start == 0 {
		start = TailDefaultStart
	}
	return max64(min(start, max), 0)
}

// tailPeak is the peak of a fresh tail run from start to max whose prefix
// takes prefix bytes and whose window is w: the prefix alone when the run
// ends in it, else the prefix and the tail's buffers of 16-bit values.
func tailPeak(prefix, w, start, max int64) int64 {
	if start >= max {
		return prefix
	}
	return prefix + tailBuffers(w, 2)
}

// tailBuffers is the memory of the tail's state for a window of w values
// of b bytes: the first w+1 values and the ring of 2w (tailState's head
// and ring), and 2 MiB for the marks of the tail's goroutines (tailPipe's
// bits: tailPipeAhead rows of 2^16 bits) and the rest of its small state.
func tailBuffers(w, b int64) int64 { return (3*w+1)*b + 2<<20 }
