package octal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestResumeEqualsUninterrupted cancels tail runs at several heaps (from
// the progress callback, so the point does not depend on timing), resumes
// each from its checkpoint, and compares the whole TailResult (every
// frequency table, the checksum, the findings) with an uninterrupted run:
// 0.167 in 8-bit values, 0.6 in 16-bit, and 0.16 through the period copy.
// One run is cancelled twice and resumed twice; one is resumed by calling
// Tail again with the same options, as the command after a kill -9 would.
func TestResumeEqualsUninterrupted(t *testing.T) {
	cases := []struct {
		code       string
		start, max int64
	}{
		{"0.167", 1 << 16, 1 << 20},
		{"0.6", 1 << 17, 400_000},
		{"0.16", 1 << 20, 1_500_000},
	}
	for _, tc := range cases {
		c, _ := Parse(tc.code)
		ref, err := Tail(context.Background(), c, tc.max, TailOptions{Start: tc.start})
		if err != nil {
			t.Fatal(err)
		}
		span := tc.max - tc.start
		points := [][]int64{
			{tc.start + 5000},
			{tc.start + span/2},
			{tc.start + span/3, tc.start + 2*span/3},
		}
		for i, stops := range points {
			path := filepath.Join(t.TempDir(), "ck")
			opts := TailOptions{Start: tc.start, Checkpoint: path}
			var res TailResult
			for j, stop := range stops {
				ctx, cancel := context.WithCancel(context.Background())
				opts.Progress = func(done, total int64) {
					if done >= stop {
						cancel()
					}
				}
				if j == 0 {
					res, err = Tail(ctx, c, tc.max, opts)
				} else {
					res, err = Resume(ctx, path, c, tc.max, opts)
				}
				cancel()
				if !errors.Is(err, context.Canceled) || res.Max < stop || res.Max >= tc.max {
					t.Fatalf("%s: cancel at %d: %v, results to %d", tc.code, stop, err, res.Max)
				}
			}
			opts.Progress = nil
			if i == 1 {
				res, err = Tail(context.Background(), c, tc.max, opts) // finds the checkpoint
			} else {
				res, err = Resume(context.Background(), path, c, tc.max, opts)
			}
			if err != nil {
				t.Fatalf("%s: resume: %v", tc.code, err)
			}
			if !reflect.DeepEqual(res, ref) {
				t.Errorf("%s: cancelled at %v and resumed: result differs from the uninterrupted run:\n got  %+v\n want %+v", tc.code, stops, brief(res), brief(ref))
			}
		}
	}
}

// brief is a TailResult without its tables, for messages.
func brief(r TailResult) TailResult {
	r.Tables = nil
	r.Final.Counts = nil
	return r
}

// TestCheckpointEvery copies the checkpoint file while a run goes on (as a
// kill -9 would leave it: the last periodic checkpoint), lets the run end,
// and resumes from the copy: the result equals the finished run's.
func TestCheckpointEvery(t *testing.T) {
	c, _ := Parse("0.167")
	dir := t.TempDir()
	path, saved := filepath.Join(dir, "ck"), filepath.Join(dir, "saved")
	var copied bool
	opts := TailOptions{Start: 1 << 16, Checkpoint: path, CheckpointEvery: 100_000}
	opts.Progress = func(done, total int64) {
		if done > 600_000 && !copied {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("no checkpoint at heap %d with CheckpointEvery 100000: %v", done, err)
			}
			copied = os.WriteFile(saved, b, 0o600) == nil
		}
	}
	ref, err := Tail(context.Background(), c, 1<<20, opts)
	if err != nil || !copied {
		t.Fatalf("%v (copied: %v)", err, copied)
	}
	res, err := Resume(context.Background(), saved, c, 1<<20, TailOptions{Checkpoint: filepath.Join(dir, "other")})
	if err != nil || !reflect.DeepEqual(res, ref) {
		t.Errorf("resumed from a periodic checkpoint: %v, %+v, want %+v", err, brief(res), brief(ref))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 { // ck, saved, other: no temporary file left
		t.Errorf("folder holds %d files after the runs, want 3", len(ents))
	}
}

// TestCheckpointRefused checks that damaged, foreign or odd files are
// refused with a *CheckpointError naming the cause, and nothing is run.
func TestCheckpointRefused(t *testing.T) {
	c, _ := Parse("0.167")
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	if _, err := Tail(context.Background(), c, 1<<17, TailOptions{Start: 1 << 16, Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 0x10
	longer := append(append([]byte(nil), good...), 0)
	version := append([]byte(nil), good...)
	version[8] = 9
	hugeWindow := append([]byte(nil), good...)
	hugeWindow[22] = 0x7f // window past 2^34
	link := filepath.Join(dir, "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		fifo = dir // no FIFOs here: the folder case again
	}
	six, _ := Parse("0.6")
	cases := []struct {
		name, path string
		code       Code
		want       string
	}{
		{"one byte flipped", write("flipped", flipped), c, "sha256 mismatch"},
		{"one byte more", write("longer", longer), c, "but its header describes"},
		{"truncated", write("short", good[:len(good)-40]), c, "but its header describes"},
		{"empty", write("empty", nil), c, "not a tail checkpoint"},
		{"other version", write("version", version), c, "format version 9"},
		{"huge window", write("huge", hugeWindow), c, "window of"},
		{"other game", path, six, "of the octal game 0.167, not the octal game 0.6"},
		{"symbolic link", link, c, "cannot open"},
		{"FIFO", fifo, c, "not a regular file"},
		{"folder", dir, c, "not a regular file"},
	}
	for _, tc := range cases {
		ran := false
		_, err := Resume(context.Background(), tc.path, tc.code, 1<<18, TailOptions{Checkpoint: filepath.Join(dir, "out"), Progress: func(int64, int64) { ran = true }})
		var ce *CheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) || ran {
			t.Errorf("%s: %v (ran: %v), want a *CheckpointError with %q", tc.name, err, ran, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Errorf("a refused resume wrote a checkpoint")
	}
}
