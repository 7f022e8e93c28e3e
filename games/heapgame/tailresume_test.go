package heapgame

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// dirSink is a memSink with the game's folder under root (Folder), where a
// tail run keeps its checkpoint.
type dirSink struct {
	*memsink.Sink
	root, game string
}

func (d dirSink) Folder() (string, error) { return output.MkdirIn(d.root, d.game) }

// autoRun is one automatic tail job of 0.167 to max, as a process makes it
// (Prepare, Budget, Run), with the engine's calls counted: probes (runs to
// the probe's own end, not to max) and the starts of the runs to max.
type autoRun struct {
	job      games.Job
	probes   int
	starts   []int64
	prepared games.Prepared
}

// newAutoRun plans the job of an automatic tail of 0.167 to max into
// root/g; Prepare is not run yet.
func newAutoRun(t *testing.T, max int64) *autoRun {
	t.Helper()
	code, err := octal.Parse("0.167")
	if err != nil {
		t.Fatal(err)
	}
	r := &autoRun{}
	g := OctalTail(code, &TailKeys{Tail: true})
	engine := g.run
	g.run = func(ctx context.Context, to int64, opts octal.TailOptions) (octal.TailResult, error) {
		if to != max {
			r.probes++
		} else {
			r.starts = append(r.starts, opts.Start)
		}
		return engine(ctx, to, opts)
	}
	r.job = g.Plan("g", max)[0]
	return r
}

// run prepares the job against root (a limit of 1 TiB), hands it its
// prepared memory as its budget, and runs it into a sink on root/g.
func (r *autoRun) run(ctx context.Context, root string) (*memsink.Sink, error) {
	p, err := r.job.Prepare(ctx, games.Preparing{MemoryLimit: 1 << 40, Out: root, Game: "g"})
	if err != nil {
		return nil, err
	}
	r.prepared = p
	r.job.Budget(p.Memory)
	sink := memsink.New()
	return sink, r.job.Run(ctx, dirSink{sink, root, "g"})
}

// TestTailAutoResumePlanned checks that an automatic tail run again on
// the checkpoint a stopped run left is planned from that checkpoint, before
// anything runs, and probes nothing: 0.167 to 40,000 with the probe
// lowered to 2^12 and the margin to 4 (its rare heaps end at 1303, t = 3:
// a window of 4 x 1306 heaps, start 2^14) is stopped past heap 30,000;
// run again with the margin at 2 (a probe would choose 2^13), its Prepare
// must count start 16,384 from the checkpoint (the larger of its memory
// as a fresh run from there counts it, 7 bytes a heap and 1 MiB to the
// start, octal.Memory, beside the tail's buffers filled from it: the
// 3W+1 values of 2 bytes of the window W = (16384 - t - 1)/2 = 8190 and
// 2 MiB of marks, the larger at this start; and what reading the
// checkpoint takes, octal.CheckpointInfo.Memory; and the writers' 72 MiB;
// nothing held), the engine must run once from that start and
// never to a probe's end, and its tables and findings must equal those of
// an uninterrupted run, whose frequencies are checked against the plain
// mex of 0.167 (pipeline's TestTailRun checks the engine the same way).
func TestTailAutoResumePlanned(t *testing.T) {
	defer func(m, k int64) { tailAutoMin, tailAutoMargin = m, k }(tailAutoMin, tailAutoMargin)
	tailAutoMin, tailAutoMargin = 1<<12, 4
	const max = 40000
	ctx := context.Background()

	whole := newAutoRun(t, max)
	want, err := whole.run(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if whole.probes != 1 || !reflect.DeepEqual(whole.starts, []int64{1 << 14}) {
		t.Fatalf("uninterrupted run: %d probes, runs from %v; want 1 probe and one run from 16384", whole.probes, whole.starts)
	}
	checkFrequencies167(t, want, max)

	root := t.TempDir()
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	stop = games.WithProgress(stop, func(phase, unit string) grundy.Progress {
		return func(done, total int64) {
			if done >= 30000 {
				cancel()
			}
		}
	})
	if _, err := newAutoRun(t, max).run(stop, root); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v, want cancelled", err)
	}
	ckpt := filepath.Join(root, "g", TailCheckpointName)
	info, err := octal.ReadCheckpointInfo(ckpt)
	if err != nil || info.Start != 1<<14 || info.Width != 8 || info.Heap <= 30000 || info.Heap > max {
		t.Fatalf("checkpoint %+v, %v; want start 16384, 8-bit values, stopped past 30000", info, err)
	}

	fi, err := os.Stat(ckpt) // as the resumed run's Prepare finds it
	if err != nil {
		t.Fatal(err)
	}
	tailAutoMargin = 2
	again := newAutoRun(t, max)
	got, err := again.run(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	// What a fresh run from the start counts (here more: the prefix and
	// the tail's buffers beside it, 3W+1 values of 16 bits, the wider
	// width, at the default window for t = 3, and 2 MiB of marks), or
	// what the engine's Resume reads and decodes: the file, the first W+1
	// and the ring of 2W values of 8 bits, and 2 MiB of marks.
	const start, window = 1 << 14, (1<<14 - 3 - 1) / 2
	memory := max64(int64(7*(start+1)+1<<20)+(3*window+1)*2+2<<20, fi.Size()+3*info.Window+1+2<<20) + games.WriteMemory(49*(1<<16), 24)
	if p := again.prepared; p.Memory != memory || p.MemoryFor != "start 16384, resuming "+ckpt || p.Held != 0 {
		t.Errorf("Prepare on the checkpoint: %+v; want memory %d for start 16384 resuming %s, nothing held", p, memory, ckpt)
	}
	if again.probes != 0 || !reflect.DeepEqual(again.starts, []int64{start}) {
		t.Errorf("resumed run: %d probes, runs from %v; want no probe and one run from 16384", again.probes, again.starts)
	}
	if !reflect.DeepEqual(got.Tables, want.Tables) || !reflect.DeepEqual(got.Findings, want.Findings) {
		t.Errorf("the resumed run's tables or findings differ from the uninterrupted run's:\n%v\n%v", got.Findings, want.Findings)
	}
}

// checkFrequencies167 compares the frequency tables in sink with the
// counts of the plain mex of 0.167 to max (heaps 0..2^k-1 for every power
// of two, then all of them): from a heap of n, remove 1 token when n = 1;
// 2 when n >= 2, leaving one heap or two non-empty heaps; 3 when n >= 3,
// leaving nothing, one heap or two.
func checkFrequencies167(t *testing.T, sink *memsink.Sink, max int) {
	t.Helper()
	g := make([]int32, max+1)
	seen := make([]bool, 256)
	for n := 1; n <= max; n++ {
		clear(seen)
		if n == 1 || n == 3 {
			seen[0] = true
		}
		for k := 2; k <= 3 && k < n; k++ {
			seen[g[n-k]] = true
			for a := 1; 2*a <= n-k; a++ { // two heaps a, n-k-a
				seen[g[a]^g[n-k-a]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	want := map[[2]int64]int64{}
	add := func(heaps int) {
		for _, v := range g[:heaps] {
			want[[2]int64{int64(heaps), int64(v)}]++
		}
	}
	for p := 1; p <= max+1; p *= 2 {
		add(p)
	}
	add(max + 1)
	got := sinkFrequencies(sink)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("frequencies: %d (heaps, value) counts, the plain mex %d; they differ", len(got), len(want))
	}
}

// sinkFrequencies returns the counts of sink's GAME/frequencies that are
// not 0, by (heaps, value).
func sinkFrequencies(sink *memsink.Sink) map[[2]int64]int64 {
	got := map[[2]int64]int64{}
	for _, b := range sink.Tables["frequencies"] {
		heaps, values, counts := b[0].([]int64), b[1].([]int32), b[2].([]int64)
		for i := range heaps {
			if counts[i] != 0 {
				got[[2]int64{heaps[i], int64(values[i])}] = counts[i]
			}
		}
	}
	return got
}

// TestTailAutoResumeRefusals checks what an automatic tail's Prepare does
// with what it finds in the game's folder, before anything is computed:
// a checkpoint of another configuration, a damaged one, a link and a FIFO
// in its place are refused with the *TailCheckpointError the run gives
// them; a game folder that is a link to a folder holding a good
// checkpoint is refused (*output.UnsafeError) without reading it; and
// nothing in either folder is changed.
func TestTailAutoResumeRefusals(t *testing.T) {
	defer func(m, k int64) { tailAutoMin, tailAutoMargin = m, k }(tailAutoMin, tailAutoMargin)
	tailAutoMin = 1 << 12
	ctx := context.Background()
	code, _ := octal.Parse("0.167")
	good := filepath.Join(t.TempDir(), "good")
	// A checkpoint of 0.167 to 20,000 from 2^14, stopped at its end.
	if _, err := octal.Tail(ctx, code, 20000, octal.TailOptions{Start: 1 << 14, Workers: 1, Checkpoint: good}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	prepare := func(root string, max int64) error {
		r := newAutoRun(t, max)
		_, err := r.job.Prepare(ctx, games.Preparing{MemoryLimit: 1 << 40, Out: root, Game: "g"})
		if r.probes != 0 {
			t.Errorf("%s: %d probes before the refusal", root, r.probes)
		}
		return err
	}
	folder := func(write func(path string) error) string { // "" when it cannot be made here
		root := t.TempDir()
		if err := os.Mkdir(filepath.Join(root, "g"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := write(filepath.Join(root, "g", TailCheckpointName)); err != nil {
			t.Log("not checked:", err)
			return ""
		}
		return root
	}
	copyGood := func(path string) error { return os.WriteFile(path, data, 0o644) }
	damaged := func(path string) error {
		bad := append([]byte(nil), data...)
		bad[len(bad)/2] ^= 1
		return os.WriteFile(path, bad, 0o644)
	}
	link := func(path string) error { return os.Symlink(good, path) }
	for _, tc := range []struct {
		what string
		root string
		max  int64
		says string
	}{
		{"another max", folder(copyGood), 30000, "max 20000 (this configuration: 30000)"},
		{"damaged", folder(damaged), 20000, "sha256"},
		{"a link", folder(link), 20000, "is a symbolic link, not a regular file"},
		{"a FIFO", folder(mkfifo), 20000, "not a regular file"},
	} {
		if tc.root == "" {
			continue
		}
		err := prepare(tc.root, tc.max)
		var ce *TailCheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want a *TailCheckpointError saying %q", tc.what, err, tc.says)
		}
	}
	// The game's folder a link to one that holds a good checkpoint.
	root, elsewhere := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, TailCheckpointName), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(root, "g")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	var unsafe *output.UnsafeError
	if err := prepare(root, 20000); !errors.As(err, &unsafe) || !errors.Is(err, output.ErrLink) {
		t.Errorf("game folder a link: %v, want an *output.UnsafeError for the link", err)
	}
	if after, err := os.ReadFile(good); err != nil || string(after) != string(data) {
		t.Errorf("the checkpoint changed (%v)", err)
	}
}
