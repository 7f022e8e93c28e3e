package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tabulate-games/tabulate/games/heapgame"
)

// tailStartYAML is a tail with its start given: 0.167 to 20000 from 2^14.
const tailStartYAML = "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 16384}\n"

// TestTailDamagedCheckpointUntouched (issue 49, A9): a damaged checkpoint
// of a tail with its start given is refused with exit status 2 before the
// folder is touched: the manifest keeps its bytes (it said complete; it
// is not rewritten as failed), as an automatic start's refusal leaves it.
func TestTailDamagedCheckpointUntouched(t *testing.T) {
	config := writeConfig(t, tailStartYAML)
	out := t.TempDir()
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	ckpt := filepath.Join(out, "g", "tail.checkpoint")
	data, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(ckpt, data, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q")
	if code != 2 || !strings.Contains(stderr, "tail.checkpoint cannot be resumed") {
		t.Errorf("exit %d, %s; want 2 and the checkpoint refused", code, stderr)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "manifest.json")); !bytes.Equal(after, manifest) {
		t.Errorf("the refused run rewrote the manifest:\n%s", after)
	}
}

// TestTailCheckpointLinkSaid (A12): a checkpoint that is a symbolic link
// is refused saying so, not with the system's "too many levels of
// symbolic links".
func TestTailCheckpointLinkSaid(t *testing.T) {
	config := writeConfig(t, tailStartYAML)
	out := t.TempDir()
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	ckpt := filepath.Join(out, "g", "tail.checkpoint")
	aside := filepath.Join(t.TempDir(), "checkpoint")
	if err := os.Rename(ckpt, aside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(aside, ckpt); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q")
	if code != 2 || !strings.Contains(stderr, "is a symbolic link, not a regular file") || strings.Contains(stderr, "too many levels") {
		t.Errorf("exit %d, %s; want 2 and the link named as such", code, stderr)
	}
}

// TestPlotIntoEmpty (A10): plot OUT --into "" is refused with exit status
// 2, as --out ” is, and nothing under OUT changes.
func TestPlotIntoEmpty(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	out := t.TempDir()
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	before := folderBytes(t, out)
	code, _, stderr := runTabulate(t, "plot", out, "--into", "", "-q")
	if code != 2 || !strings.Contains(stderr, `--into: "" is empty`) {
		t.Errorf("exit %d, %s; want 2 and --into named", code, stderr)
	}
	after := folderBytes(t, out)
	for p, b := range before {
		if after[p] != b {
			t.Errorf("%s changed", p)
		}
	}
	if len(after) != len(before) {
		t.Errorf("files under OUT: %d before, %d after", len(before), len(after))
	}
}

// folderBytes returns the bytes of every file under dir, by path.
func folderBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestMergeFolderThenFlags (A12): tabulate merge OUT -q is accepted, as
// tabulate plot OUT -q is.
func TestMergeFolderThenFlags(t *testing.T) {
	sharded := makeShards(t, writeConfig(t, outsideConfig))
	code, _, stderr := runTabulate(t, "merge", sharded, "-q")
	if code != 0 {
		t.Fatalf("merge OUT -q: exit %d: %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("merge OUT -q printed %q; -q prints only errors", stderr)
	}
	if code, _, _ := runTabulate(t, "merge", sharded, "extra"); code != 2 {
		t.Errorf("merge OUT extra: exit %d, want 2", code)
	}
}

// TestDeepBoundAtTheLargestBound (A12): deep_rows with bound already at
// its largest says so, not "allowed: 268435457 to 268435456".
func TestDeepBoundAtTheLargestBound(t *testing.T) {
	config := writeConfig(t, "games: [wythoff-rows]\nwythoff-rows: {bound: 268435456, deep_rows: 1, deep_bound: 100}\n")
	code, _, stderr := runTabulate(t, "run", "--config", config, "--out", filepath.Join(t.TempDir(), "o"), "-q")
	if code != 2 || strings.Contains(stderr, "268435457 to 268435456") || !strings.Contains(stderr, "already the largest") {
		t.Errorf("exit %d, %s; want 2 and a range that exists", code, stderr)
	}
}

// TestReadOnlyOut (A12): an output folder the user may not write to
// exits 2 with a sentence that says so.
func TestReadOnlyOut(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes to a read-only folder")
	}
	out := t.TempDir()
	if err := os.Chmod(out, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(out, 0o755)
	code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, outsideConfig), "--out", out, "-q")
	if code != 2 || !strings.Contains(stderr, "cannot be written") {
		t.Errorf("exit %d, %s; want 2 and the folder named unwritable", code, stderr)
	}
}

// TestReportBoundsFindings (A11): a finding of 4 MiB (a manifest edited,
// or a huge list) is shown cut, with how much is left in manifest.json,
// so the page stays small; before, the page copied it whole.
func TestReportBoundsFindings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, outsideConfig), "--out", out, "-q", "--no-report"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	p := filepath.Join(out, "manifest.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	findings := m["games"].(map[string]any)["nim"].(map[string]any)["findings"].(map[string]any)
	findings["huge"] = strings.Repeat("x", 4<<20)
	list := map[string]any{}
	for i := range 5000 {
		list[fmt.Sprintf("k%05d", i)] = i
	}
	findings["many"] = list
	if data, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runTabulate(t, "report", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if len(page) > 1<<20 || !strings.Contains(string(page), "more bytes in manifest.json") || !strings.Contains(string(page), "4800 more fields in manifest.json") {
		t.Errorf("index.html: %d bytes; want under 1 MiB, the huge finding cut and the many fields counted", len(page))
	}
}

// TestStoppedTailLastLine (item 4): a tail stopped by a signal ends its
// output with a line naming the heap reached, the checkpoint and how to
// resume, after the line of the signal.
func TestStoppedTailLastLine(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&signalError{syscall.SIGINT})
	err := fmt.Errorf("g: %w", &heapgame.TailStoppedError{Game: "g", Checkpoint: "out/g/tail.checkpoint", Heap: 21001, Max: 30000, Err: context.Canceled})
	var stderr bytes.Buffer
	if code := exitCode(ctx, err, &stderr); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	for _, says := range []string{"out/g/tail.checkpoint", "resume from heap 21001", "heaps 0..21000 of 0..30000"} {
		if !strings.Contains(last, says) {
			t.Errorf("last line %q does not say %q", last, says)
		}
	}
}
