package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// plainOctal returns g(0..max) of the octal game 0.d1d2... (digits[k] =
// d_k, digits[0] = 0) by the plain definition, sharing no code with the
// engine: from a heap of n, remove k tokens when d_k has bit 1 and k = n
// (nothing left), bit 2 and k < n (one heap left), bit 4 and k <= n-2 (two
// non-empty heaps a, n-k-a left); g(n) is the mex of the options' values.
func plainOctal(digits []int, max int) []int32 {
	g := make([]int32, max+1)
	seen := make([]bool, 1024) // the values stay below 64: their XORs below 1024
	for n := 1; n <= max; n++ {
		clear(seen)
		for k := 1; k < len(digits); k++ {
			d := digits[k]
			if d&1 != 0 && n == k {
				seen[0] = true
			}
			if d&2 != 0 && n > k {
				seen[g[n-k]] = true
			}
			if d&4 != 0 {
				for a := 1; 2*a <= n-k; a++ {
					seen[g[a]^g[n-k-a]] = true
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// plainGrundysGame returns g(0..max) of Grundy's game by its rule: split a
// heap into two non-empty heaps of different sizes.
func plainGrundysGame(max int) []int32 {
	g := make([]int32, max+1)
	seen := make([]bool, 1024)
	for n := 3; n <= max; n++ {
		clear(seen)
		for a := 1; 2*a < n; a++ {
			seen[g[a]^g[n-a]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// frequencyRows renders what NAME/frequencies must hold for g: for every
// power of two 2^k <= len(g), then len(g) itself unless a power of two
// (partial), the count of each value 0..largest among g(0..heaps-1).
func frequencyRows(g []int32) [][]string {
	var rows [][]string
	add := func(heaps int, partial bool) {
		counts := map[int32]int{}
		var top int32
		for _, v := range g[:heaps] {
			counts[v]++
			top = max(top, v)
		}
		for v := int32(0); v <= top; v++ {
			rows = append(rows, []string{strconv.Itoa(heaps), strconv.Itoa(int(v)), strconv.Itoa(counts[v]), strconv.FormatBool(partial)})
		}
	}
	for h := 1; h <= len(g); h *= 2 {
		add(h, false)
	}
	if bits.OnesCount(uint(len(g))) != 1 {
		add(len(g), true)
	}
	return rows
}

// fnvChecksum is the checksum of docs/tail-mode.md by hash/fnv: 64-bit
// FNV-1a over the values as 16-bit little-endian words.
func fnvChecksum(g []int32) string {
	h := fnv.New64a()
	for _, v := range g {
		h.Write(binary.LittleEndian.AppendUint16(nil, uint16(v)))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// runTail loads yaml, runs it into out with ctx and returns the result.
func runTail(t *testing.T, ctx context.Context, yaml, out string) (*Result, error) {
	t.Helper()
	cfg, err := configs.Load("tail.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = out
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return plan.Run(ctx, Options{})
}

// manifestFinding returns the finding key of game in OUT/manifest.json.
func manifestFinding(t *testing.T, out, game, key string, v any) {
	t.Helper()
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	e := m.Games[game]
	if e == nil {
		t.Fatalf("manifest: no game %s", game)
	}
	raw, err := json.Marshal(e.Findings[key])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("manifest: %s finding %s = %s: %v", game, key, raw, err)
	}
}

// TestTailRun runs three games in tail mode through configs and the
// pipeline and checks NAME/frequencies and the checksum against the plain
// definition of each game: 0.167 past its prefix through the sparse-space
// tail (its 59 rare heaps end at 1303 < the window), Kayles (0.77) through
// the copy of its proven period, and Grundy's game within its prefix (max
// below the default start). Kayles' period 12 from heap 71 (its last
// exceptional value at 70) is Guy and Smith's (Winning Ways, ch. 4).
func TestTailRun(t *testing.T) {
	const yaml = `
games: [o167, kayles, grundy-game]
formats: [csv, parquet]
plots: []
octal:
  o167: {code: "0.167", max: 24999, tail: true, start: 16384, values: [100, 20000]}
  kayles: {code: "0.77", max: 4096, tail: true, start: 1024, width: 16}
grundy-game: {max: 3000, tail: true}
`
	out := t.TempDir()
	if _, err := runTail(t, context.Background(), yaml, out); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		game string
		g    []int32
		from int64 // the tail's first heap, -1: none
	}{
		{"o167", plainOctal([]int{0, 1, 6, 7}, 24999), 16385},
		{"kayles", plainOctal([]int{0, 7, 7}, 4096), 1025},
		{"grundy-game", plainGrundysGame(3000), -1},
	}
	for _, c := range cases {
		rows := readCSV(t, filepath.Join(out, c.game, "frequencies.csv"))
		want := frequencyRows(c.g)
		if len(rows) != len(want) {
			t.Errorf("%s/frequencies: %d rows, want %d", c.game, len(rows), len(want))
		}
		for i := range min(len(rows), len(want)) {
			if strings.Join(rows[i], ",") != strings.Join(want[i], ",") {
				t.Errorf("%s/frequencies row %d: %v, want %v", c.game, i, rows[i], want[i])
				break
			}
		}
		var run heapgame.TailRun
		manifestFinding(t, out, c.game, "tail", &run)
		if run.Checksum != fnvChecksum(c.g) || run.Heaps != int64(len(c.g)) || run.TailFrom != c.from {
			t.Errorf("%s: tail finding %d heaps, checksum %s, tail from %d; want %d, %s, %d", c.game, run.Heaps, run.Checksum, run.TailFrom, len(c.g), fnvChecksum(c.g), c.from)
		}
		for _, tab := range run.Tables {
			if tab.Checksum != fnvChecksum(c.g[:tab.Heaps]) {
				t.Errorf("%s: checksum of %d heaps %s, want %s", c.game, tab.Heaps, tab.Checksum, fnvChecksum(c.g[:tab.Heaps]))
			}
		}
		if _, err := os.Stat(filepath.Join(out, c.game, "grundy.csv")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: a tail run wrote grundy.csv (%v)", c.game, err)
		}
	}
	values := readCSV(t, filepath.Join(out, "o167", "values.csv"))
	g := cases[0].g
	if len(values) != 20000-100+1 {
		t.Errorf("o167/values: %d rows, want %d", len(values), 20000-100+1)
	}
	for i, r := range values {
		if n := 100 + i; r[0] != strconv.Itoa(n) || r[1] != strconv.Itoa(int(g[n])) {
			t.Errorf("o167/values row %d: %v, want %d,%d", i, r, n, g[n])
			break
		}
	}
	var p heapgame.TailPeriod
	manifestFinding(t, out, "kayles", "period", &p)
	if !p.Proven || p.Period != 12 || p.Preperiod != 71 {
		t.Errorf("kayles: period finding %+v, want period 12 from 71, proven", p)
	}
}

// tailResumeConfig runs 0.167 to 300000 in tail mode from 2^14, with a
// checkpoint every 20000 heaps (a count, not the clock), and writes the
// values of 10000..250000, across the prefix and both stops.
const tailResumeConfig = `
games: [o167]
formats: [csv, parquet]
plots: []
octal:
  o167: {code: "0.167", max: 300000, tail: true, start: 16384, checkpoint_heaps: 20000, values: [10000, 250000]}
`

// cancelAfter returns a context cancelled by the run's own progress once
// heap n is done: a stop at a heap that depends on nothing but n.
func cancelAfter(n int64) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	return games.WithProgress(ctx, func(phase, unit string) grundy.Progress {
		return func(done, total int64) {
			if done >= n {
				cancel()
			}
		}
	}), cancel
}

// outputSums returns the sha256 of every file under out but the manifest,
// by path.
func outputSums(t *testing.T, out string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == output.ManifestName {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		sum := sha256.Sum256(data)
		sums[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// TestTailResume stops a tail run twice midway (cancelled, as SIGINT or
// SIGTERM cancel a run), reruns the same configuration into the same
// folder each time, and compares every file of the finished run (the
// tables and the checkpoint, not the manifest's timings) with those of an
// uninterrupted run: byte for byte the same.
func TestTailResume(t *testing.T) {
	whole := t.TempDir()
	if _, err := runTail(t, context.Background(), tailResumeConfig, whole); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	ckpt := filepath.Join(out, "o167", heapgame.TailCheckpointName)
	var last int64
	for _, stop := range []int64{100000, 200000} {
		ctx, cancel := cancelAfter(stop)
		res, err := runTail(t, ctx, tailResumeConfig, out)
		cancel()
		if !errors.Is(err, context.Canceled) || res.Status != output.StatusInterrupted {
			t.Fatalf("stopped at %d: %v, status %s; want cancelled, interrupted", stop, err, res.Status)
		}
		info, err := octal.ReadCheckpointInfo(ckpt)
		if err != nil {
			t.Fatal(err)
		}
		if info.Heap <= last || info.Heap <= stop || info.Heap > 300000 {
			t.Fatalf("stopped after %d: checkpoint at heap %d (the last at %d), want past both and before the end", stop, info.Heap, last)
		}
		last = info.Heap
		// The tables of the powers of two it passed are written (exact:
		// every row's heaps a power of two at most the checkpoint's heap).
		rows := readCSV(t, filepath.Join(out, "o167", "frequencies.csv"))
		if len(rows) == 0 {
			t.Fatalf("stopped at %d: no frequency tables written", stop)
		}
		for _, r := range rows {
			h, err := strconv.ParseInt(r[0], 10, 64)
			if err != nil || bits.OnesCount64(uint64(h)) != 1 || h > info.Heap || r[3] != "false" {
				t.Fatalf("stopped at %d: frequencies row %v, want heaps a power of two up to %d, not partial", stop, r, info.Heap)
			}
		}
	}
	if _, err := runTail(t, context.Background(), tailResumeConfig, out); err != nil {
		t.Fatal(err)
	}
	want, got := outputSums(t, whole), outputSums(t, out)
	if len(want) != 6 { // frequencies and values (csv, parquet), tail.checkpoint, tail.values
		t.Errorf("uninterrupted run wrote %v", want)
	}
	for path, sum := range want {
		if got[path] != sum {
			t.Errorf("%s: sha256 %s after two stops and resumes, %s uninterrupted", path, got[path], sum)
		}
	}
	for path := range got {
		if _, ok := want[path]; !ok {
			t.Errorf("%s: left by the resumed run only", path)
		}
	}
}

// TestTailCheckpointRefused checks that a checkpoint this configuration
// did not make is refused with a *heapgame.TailCheckpointError naming what
// differs, and nothing is computed: another start, another game under the
// same name, a damaged file, a symbolic link.
func TestTailCheckpointRefused(t *testing.T) {
	const made = "games: [g]\nformats: [csv]\nplots: []\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 16384}\n"
	out := t.TempDir()
	if _, err := runTail(t, context.Background(), made, out); err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(out, "g", heapgame.TailCheckpointName)
	good, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	refused := func(what, yaml, says string) {
		t.Helper()
		os.Remove(filepath.Join(out, "g", "frequencies.csv"))
		_, err := runTail(t, context.Background(), yaml, out)
		var ce *heapgame.TailCheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want a *heapgame.TailCheckpointError saying %q", what, err, says)
		}
		if _, err := os.Stat(filepath.Join(out, "g", "frequencies.csv")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: frequencies.csv written (%v)", what, err)
		}
	}
	refused("another start", strings.Replace(made, "start: 16384", "start: 8192", 1), "start 16384 (this configuration: 8192)")
	refused("another max", strings.Replace(made, "max: 20000", "max: 30000", 1), "max 20000 (this configuration: 30000)")
	refused("another game", strings.Replace(made, `"0.167"`, `"0.77"`, 1), "of the octal game 0.167, not the octal game 0.77")
	refused("another width", strings.Replace(made, "tail: true", "tail: true, width: 16", 1), "width 8 (this configuration: 16)")
	bad := append([]byte(nil), good...)
	bad[len(bad)/2] ^= 1
	if err := os.WriteFile(ckpt, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	refused("damaged", made, "sha256")
	if err := os.Remove(ckpt); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.WriteFile(elsewhere, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, ckpt); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	refused("a link", made, "is a symbolic link, not a regular file")

	// The values of a range beside a checkpoint, cut short.
	out = t.TempDir()
	withValues := strings.Replace(made, "tail: true", "tail: true, values: [100, 19000]", 1)
	if _, err := runTail(t, context.Background(), withValues, out); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(filepath.Join(out, "g", "tail.values"), 2*1000); err != nil {
		t.Fatal(err)
	}
	_, err = runTail(t, context.Background(), withValues, out)
	var ce *heapgame.TailCheckpointError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "values of heaps 100..19000") {
		t.Errorf("values cut short: %v, want a *heapgame.TailCheckpointError", err)
	}
}

// TestTailStop runs 0.6 from a prefix too short for its sparse space (2^16:
// the window of 32767 values cannot settle every heap) and checks that the
// run ends with the engine's *octal.TailError, says where the results are
// kept and what to change, writes the frequency tables of the powers of
// two it passed (and no other), and that the checkpoint holds the heaps
// before the one it stopped at.
func TestTailStop(t *testing.T) {
	const yaml = "games: [officers]\nformats: [csv]\nplots: []\noctal:\n  officers: {code: \"0.6\", max: 200000, tail: true, start: 65536}\n"
	out := t.TempDir()
	res, err := runTail(t, context.Background(), yaml, out)
	var te *octal.TailError
	if !errors.As(err, &te) || te.Stop != octal.TailUnsettled {
		t.Fatalf("%v, want an unsettled *octal.TailError", err)
	}
	ckpt := filepath.Join(out, "officers", heapgame.TailCheckpointName)
	for _, says := range []string{"larger start", "kept in " + ckpt, "remove it before"} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("message %q does not say %q", err, says)
		}
	}
	if res.Status != output.StatusFailed {
		t.Errorf("status %s, want failed", res.Status)
	}
	info, err := octal.ReadCheckpointInfo(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if info.Heap != te.Heap || te.Heap <= 65536 || te.Heap > 200000 {
		t.Errorf("stopped at heap %d, checkpoint at %d: want the checkpoint to hold the heaps before it", te.Heap, info.Heap)
	}
	// The tables of the powers of two it passed (heaps 0..2^k-1 for 2^k
	// <= the heap it stopped at) are written, each the counts of a full
	// array's values; no partial table.
	b, err := os.ReadFile(filepath.Join(out, "officers", "frequencies.csv"))
	if err != nil {
		t.Fatal(err)
	}
	top := int64(1) << (bits.Len64(uint64(te.Heap)) - 1)
	officers, _ := octal.Parse("0.6")
	g, err := octal.Values(context.Background(), officers, int(top), grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for p := int64(1); p <= top; p *= 2 {
		counts := map[int32]int64{}
		largest := int32(0)
		for _, v := range g[:p] {
			counts[v]++
			largest = max(largest, v)
		}
		for v := int32(0); v <= largest; v++ {
			want[fmt.Sprintf("%d,%d,%d,false", p, v, counts[v])] = true
		}
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")[1:]
	if len(lines) != len(want) {
		t.Errorf("frequencies.csv of the stopped run: %d rows, want %d (the powers of two to %d)", len(lines), len(want), top)
	}
	for _, l := range lines {
		if !want[l] {
			t.Errorf("frequencies.csv of the stopped run: row %q is not a count of the full array's values", l)
			break
		}
	}
}

// TestTailGrundysGame runs Grundy's game in tail mode past its prefix
// (2^18: its rare heaps end below the window) and compares NAME/frequencies
// with the counts of the values a run without tail writes to
// grundy-game/grundy (the full-array engine, checked against the plain
// recursion and OEIS A002188 in grundy/octal), counted here.
func TestTailGrundysGame(t *testing.T) {
	const max = 300000
	full := t.TempDir()
	if _, err := runTail(t, context.Background(), "games: [grundy-game]\nformats: [csv]\nplots: []\ngrundy-game: {max: 300000}\n", full); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, filepath.Join(full, "grundy-game", "grundy.csv"))
	g := make([]int32, len(rows))
	for i, r := range rows {
		v, err := strconv.Atoi(r[1])
		if err != nil || r[0] != strconv.Itoa(i) {
			t.Fatalf("grundy-game/grundy row %d: %v", i, r)
		}
		g[i] = int32(v)
	}
	if len(g) != max+1 {
		t.Fatalf("grundy-game/grundy: %d rows", len(g))
	}
	out := t.TempDir()
	if _, err := runTail(t, context.Background(), "games: [grundy-game]\nformats: [csv]\nplots: []\ngrundy-game: {max: 300000, tail: true, start: 262144}\n", out); err != nil {
		t.Fatal(err)
	}
	got, want := readCSV(t, filepath.Join(out, "grundy-game", "frequencies.csv")), frequencyRows(g)
	if len(got) != len(want) {
		t.Fatalf("grundy-game/frequencies: %d rows, want %d", len(got), len(want))
	}
	for i := range got {
		if strings.Join(got[i], ",") != strings.Join(want[i], ",") {
			t.Fatalf("grundy-game/frequencies row %d: %v, want %v", i, got[i], want[i])
		}
	}
	var run heapgame.TailRun
	manifestFinding(t, out, "grundy-game", "tail", &run)
	if run.TailFrom != 262145 || run.Checksum != fnvChecksum(g) {
		t.Errorf("grundy-game: tail from %d, checksum %s; want 262145, %s", run.TailFrom, run.Checksum, fnvChecksum(g))
	}
}
