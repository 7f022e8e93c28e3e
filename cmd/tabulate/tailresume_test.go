package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestTailAutoResumeMemory checks that tabulate run with tail: true on a
// checkpoint an earlier run left plans the run from the checkpoint's
// start, before anything is computed or written. The checkpoint: 0.167 to
// 2,621,440 from start 2^21 (made by the engine, stopped past 2^21 + 2^18;
// an automatic run's probe to 2^20 would choose 2^20: its rare heaps end
// at 1303). The plan counts the run from 2^21 as it counts a fresh one
// from there: its prefix, 7 bytes a heap and 1 MiB (octal.Memory), 15.0
// MiB, and beside it the tail's buffers filled from it (3W+1 values of 2
// bytes, W = (2^21 - 4)/2, and 2 MiB of marks: octal.TailMemory), 8.0
// MiB, and the writers' 72.0 MiB: 95.0 MiB, and with 64 MiB of base and
// 8 of the job's, 167.0 MiB. Under --max-memory 160MiB (which the probe's
// start 2^20 would fit: 157 MiB) the run is
// refused with exit status 2, naming the checkpoint, its start, the
// memory and the limit; the folder keeps the checkpoint byte for byte and
// nothing else. Under 400MiB the same command resumes it, from 2^21, and
// writes the frequencies and the checkpoint of an uninterrupted run from
// start 2^21.
func TestTailAutoResumeMemory(t *testing.T) {
	const start, max = 1 << 21, 1<<21 + 1<<19
	out := t.TempDir()
	ckpt := filepath.Join(out, "g", "tail.checkpoint")
	if err := os.Mkdir(filepath.Dir(ckpt), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _ := octal.Parse("0.167")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := octal.Tail(ctx, code, max, octal.TailOptions{Start: start, Workers: 1, Checkpoint: ckpt,
		Progress: func(done, total int64) {
			if done >= start+1<<18 {
				cancel()
			}
		}})
	info, ierr := octal.ReadCheckpointInfo(ckpt)
	if ctx.Err() == nil || ierr != nil || info.Start != start || info.Heap <= start+1<<18 || info.Heap > max {
		t.Fatalf("stopped run: %v; checkpoint %+v, %v; want it stopped past %d", err, info, ierr, start+1<<18)
	}
	before, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	auto := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 2621440, tail: true}\n")

	exit, _, stderr := runTabulate(t, "run", "-q", "--config", auto, "--out", out, "--max-memory", "160MiB")
	for _, want := range []string{"the run needs an estimated 167.0 MiB", "g/frequencies 95.0 MiB for start 2097152, resuming " + ckpt, "over the limit of 160.0 MiB (--max-memory)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("under 160MiB: stderr %q lacks %q", stderr, want)
		}
	}
	if exit != 2 {
		t.Errorf("under 160MiB: exit %d, want 2", exit)
	}
	after, err := os.ReadFile(ckpt)
	if err != nil || !bytes.Equal(after, before) {
		t.Errorf("the refused run changed the checkpoint (%v)", err)
	}
	for _, dir := range []string{out, filepath.Dir(ckpt)} {
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
			t.Errorf("%s after the refused run: %v, %v; want only what was there", dir, entries, err)
		}
	}

	exit, _, stderr = runTabulate(t, "run", "-q", "--config", auto, "--out", out, "--max-memory", "400MiB")
	if exit != 0 {
		t.Fatalf("under 400MiB: exit %d, %s", exit, stderr)
	}
	whole := t.TempDir()
	given := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 2621440, tail: true, start: 2097152}\n")
	if exit, _, stderr := runTabulate(t, "run", "-q", "--config", given, "--out", whole); exit != 0 {
		t.Fatalf("uninterrupted run from 2^21: exit %d, %s", exit, stderr)
	}
	for _, name := range []string{"frequencies.csv", "tail.checkpoint"} {
		want, err := os.ReadFile(filepath.Join(whole, "g", name))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(filepath.Join(out, "g", name)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("g/%s of the resumed run differs from the uninterrupted run's from 2^21 (%v)", name, err)
		}
	}
}
