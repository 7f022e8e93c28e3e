package octal

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestTailOnValues hands over the values of a range across the prefix and
// the tail of 0.167 (window 8190, so that the range spans many windows),
// and those of a run cancelled midway and resumed, kept as a caller keeps
// them (durable at each BeforeCheckpoint, cut back to the checkpoint's
// heap on resume): both equal the full array of Values.
func TestTailOnValues(t *testing.T) {
	const code, start, max, lo, hi = "0.167", 1 << 14, 80000, 10000, 70000
	c, _ := Parse(code)
	want, err := Values(context.Background(), c, max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []int32
	collect := func(first int64, v []int32) error {
		if first != int64(lo+len(got)) {
			return errors.New("values out of order")
		}
		got = append(got, v...)
		return nil
	}
	if _, err := Tail(context.Background(), c, max, TailOptions{Start: start, ValuesFrom: lo, ValuesTo: hi, OnValues: collect}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want[lo:hi+1]) {
		t.Errorf("values %d..%d: %d handed over, not those of Values", lo, hi, len(got))
	}

	path := filepath.Join(t.TempDir(), "ckpt")
	got = nil
	durable := 0
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := TailOptions{Start: start, ValuesFrom: lo, ValuesTo: hi, OnValues: collect, Checkpoint: path, CheckpointEvery: 5000,
		BeforeCheckpoint: func() error { durable = len(got); return nil },
		Progress: func(done, total int64) {
			if done > 40000 {
				cancel()
			}
		}}
	if _, err := Tail(ctx, c, max, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("%v, want cancelled", err)
	}
	info, err := ReadCheckpointInfo(path)
	if err != nil {
		t.Fatal(err)
	}
	keep := int(info.Heap - lo)
	if info.Heap <= 40000 || durable < keep {
		t.Fatalf("checkpoint at heap %d with %d values durable, want past 40000 and at least %d", info.Heap, durable, keep)
	}
	got = got[:keep]
	opts.Progress = nil
	if _, err := Tail(context.Background(), c, max, opts); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want[lo:hi+1]) {
		t.Errorf("values %d..%d after a resume: %d, not those of Values", lo, hi, len(got))
	}
}
