package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// tailValuesYAML is 0.167 to 30000 in tail mode from 2^14, with a
// checkpoint every 4000 heaps, and the keys extra (values: [lo, hi]).
func tailValuesYAML(code, extra string) string {
	return fmt.Sprintf("games: [g]\nformats: [csv]\nplots: []\noctal:\n  g: {code: %q, max: 30000, tail: true, start: 16384, checkpoint_heaps: 4000%s}\n", code, extra)
}

// checkValues checks OUT/g/values.csv against g(lo..hi) of the plain
// definition of 0.167 (plainOctal, no code shared with the engine).
func checkValues(t *testing.T, out string, g []int32, lo, hi int) {
	t.Helper()
	rows := readCSV(t, filepath.Join(out, "g", "values.csv"))
	if len(rows) != hi-lo+1 {
		t.Fatalf("g/values: %d rows, want %d", len(rows), hi-lo+1)
	}
	for i, r := range rows {
		if n := lo + i; r[0] != strconv.Itoa(n) || r[1] != strconv.Itoa(int(g[n])) {
			t.Fatalf("g/values row %d: %v, want %d,%d", i, r, n, g[n])
		}
	}
}

// TestTailValuesResume checks that a resume never writes NAME/values from
// a values file that lacks the values before the checkpoint's heap: with
// values added after a checkpoint exists, changed after one, with
// GAME/tail.values deleted, and with another game's file in its place,
// the run is refused with a *heapgame.TailCheckpointError before the folder
// is touched (the manifest and an earlier g/values.csv byte for byte as
// they were, no g/values.csv written), and a range that lies wholly past
// the checkpoint's heap is written right. The values are checked against
// the plain definition of 0.167 (plainOctal).
func TestTailValuesResume(t *testing.T) {
	g := plainOctal([]int{0, 1, 6, 7}, 30000)
	refused := func(what, out, yaml, says string) {
		t.Helper()
		manifest, _ := os.ReadFile(filepath.Join(out, output.ManifestName))
		values, verr := os.ReadFile(filepath.Join(out, "g", "values.csv"))
		_, err := runTail(t, context.Background(), yaml, out)
		var ce *heapgame.TailCheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want a *heapgame.TailCheckpointError saying %q", what, err, says)
		}
		if after, _ := os.ReadFile(filepath.Join(out, output.ManifestName)); !bytes.Equal(after, manifest) {
			t.Errorf("%s: the refused run changed the manifest", what)
		}
		after, aerr := os.ReadFile(filepath.Join(out, "g", "values.csv"))
		if (verr == nil) != (aerr == nil) || !bytes.Equal(after, values) {
			t.Errorf("%s: the refused run changed g/values.csv (before: %v, after: %v)", what, verr, aerr)
		}
	}

	// Values added after the run finished (its checkpoint at heap 30001).
	out := t.TempDir()
	if _, err := runTail(t, context.Background(), tailValuesYAML("0.167", ""), out); err != nil {
		t.Fatal(err)
	}
	refused("values added", out, tailValuesYAML("0.167", ", values: [20000, 20099]"), "needs the 100 values of heaps 20000..20099")

	// Values changed after a run with values.
	out = t.TempDir()
	if _, err := runTail(t, context.Background(), tailValuesYAML("0.167", ", values: [20000, 20099]"), out); err != nil {
		t.Fatal(err)
	}
	checkValues(t, out, g, 20000, 20099)
	refused("values changed", out, tailValuesYAML("0.167", ", values: [20050, 20149]"), "which holds the values of 20000..20099 of the octal game 0.167")

	// The values file deleted, then another game's in its place.
	vals := filepath.Join(out, "g", "tail.values")
	if err := os.Remove(vals); err != nil {
		t.Fatal(err)
	}
	refused("tail.values deleted", out, tailValuesYAML("0.167", ", values: [20000, 20099]"), "which is missing")
	other := t.TempDir()
	if _, err := runTail(t, context.Background(), tailValuesYAML("0.77", ", values: [20000, 20099]"), other); err != nil {
		t.Fatal(err)
	}
	foreign, err := os.ReadFile(filepath.Join(other, "g", "tail.values"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(vals, foreign, 0o644); err != nil {
		t.Fatal(err)
	}
	refused("another game's tail.values", out, tailValuesYAML("0.167", ", values: [20000, 20099]"), "which holds the values of 20000..20099 of the octal game 0.77")

	// A range past the checkpoint of a stopped run: begun anew, and right.
	out = t.TempDir()
	ctx, cancel := cancelAfter(21000)
	_, err = runTail(t, ctx, tailValuesYAML("0.167", ""), out)
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v, want cancelled", err)
	}
	info, err := octal.ReadCheckpointInfo(filepath.Join(out, "g", heapgame.TailCheckpointName))
	if err != nil || info.Heap <= 16384 || info.Heap >= 30000 {
		t.Fatalf("stopped run: checkpoint %+v, %v; want one in the tail", info, err)
	}
	lo := int(info.Heap)
	if err := os.WriteFile(filepath.Join(out, "g", "tail.values"), foreign, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runTail(t, context.Background(), tailValuesYAML("0.167", fmt.Sprintf(", values: [%d, 30000]", lo)), out); err != nil {
		t.Fatal(err)
	}
	checkValues(t, out, g, lo, 30000)
	if _, err := os.Stat(filepath.Join(other, "g", "values.csv")); errors.Is(err, fs.ErrNotExist) {
		t.Errorf("0.77's run wrote no g/values.csv")
	}
}

// TestTailStoppedSaysWhere (issue 49, item 4, its last line): a tail
// stopped midway (cancelled, as a signal or --max-seconds stops it) ends
// with a *heapgame.TailStoppedError naming the heap its checkpoint
// reached, the checkpoint, and that the same command resumes it.
func TestTailStoppedSaysWhere(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := cancelAfter(21000)
	_, err := runTail(t, ctx, tailValuesYAML("0.167", ""), out)
	cancel()
	ckpt := filepath.Join(out, "g", heapgame.TailCheckpointName)
	info, ierr := octal.ReadCheckpointInfo(ckpt)
	var se *heapgame.TailStoppedError
	if !errors.As(err, &se) || !errors.Is(err, context.Canceled) || ierr != nil || se.Heap != info.Heap || se.Checkpoint != ckpt {
		t.Fatalf("%v (checkpoint %+v, %v); want a *heapgame.TailStoppedError at the checkpoint's heap", err, info, ierr)
	}
	for _, says := range []string{ckpt, fmt.Sprintf("resume from heap %d", info.Heap), fmt.Sprintf("heaps 0..%d of 0..30000 done", info.Heap-1)} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("%v: does not say %q", err, says)
		}
	}
}
