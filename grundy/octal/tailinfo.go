package octal

import "encoding/binary"

// What a caller needs to decide whether a checkpoint belongs to the run it
// is asked for (package games refuses one of another configuration instead
// of resuming it): the settings the checkpoint was made with, and the
// defaults Tail would choose.

// TailDefaultStart is the start heap Tail uses when TailOptions.Start is 0
// (then min(max, TailDefaultStart)).
const TailDefaultStart = tailDefaultStart

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
		Window: t.w, Width: 8 * t.wb, Memory: t.size + (3*t.w+1)*int64(t.wb) + 2<<20}, nil
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
