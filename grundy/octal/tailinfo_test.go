package octal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReadCheckpointInfo reads back the settings of the checkpoints of
// finished and stopped runs: those the run was asked for, or the defaults
// TailDefaultWindow and the width Tail chose, and the memory Resume
// takes to read one.
func TestReadCheckpointInfo(t *testing.T) {
	dir := t.TempDir()
	c, _ := Parse("0.167")
	cases := []struct {
		opts TailOptions
		max  int64
	}{
		{TailOptions{Start: 1 << 14}, 20000},
		{TailOptions{Start: 1 << 14, Window: 5000, Width: 16}, 30001},
	}
	for i, tc := range cases {
		tc.opts.Checkpoint = filepath.Join(dir, "c"+string(rune('0'+i)))
		res, err := Tail(context.Background(), c, tc.max, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		info, err := ReadCheckpointInfo(tc.opts.Checkpoint)
		if err != nil {
			t.Fatal(err)
		}
		window := tc.opts.Window
		if window == 0 {
			window = TailDefaultWindow(c, tc.opts.Start)
		}
		fi, err := os.Stat(tc.opts.Checkpoint)
		if err != nil {
			t.Fatal(err)
		}
		// Memory: the file read whole, the first W+1 and the ring of 2W
		// values it decodes into, and 2 MiB of marks.
		want := CheckpointInfo{Game: "0.167", Max: tc.max, Heap: tc.max + 1, Start: tc.opts.Start, Window: window, Width: res.Width,
			Memory: fi.Size() + (3*window+1)*int64(res.Width/8) + 2<<20}
		if info != want || res.Window != window || (tc.opts.Width != 0 && res.Width != tc.opts.Width) {
			t.Errorf("case %d: %+v, want %+v (the run: window %d, width %d)", i, info, want, res.Window, res.Width)
		}
	}

	// Grundy's game, stopped by its context after the first checkpoint.
	path := filepath.Join(dir, "grundy")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const start = 1 << 18
	_, err := GrundysGameTail(ctx, 1<<20, TailOptions{Start: start, Checkpoint: path, CheckpointEvery: 4096,
		Progress: func(done, total int64) {
			if done > start+10000 {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Grundy's game: %v, want cancelled", err)
	}
	info, err := ReadCheckpointInfo(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Game != "grundy-game" || info.Max != 1<<20 || info.Start != start || info.Heap <= start+10000 || info.Heap > 1<<20 ||
		info.Window != GrundysGameTailDefaultWindow(start) {
		t.Errorf("Grundy's game: %+v", info)
	}

	// A damaged checkpoint.
	b, _ := os.ReadFile(path)
	b[len(b)-1] ^= 1
	os.WriteFile(path, b, 0o600)
	var ce *CheckpointError
	if _, err := ReadCheckpointInfo(path); !errors.As(err, &ce) {
		t.Errorf("damaged: %v, want a *CheckpointError", err)
	}
}
