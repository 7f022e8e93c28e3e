//go:build unix

package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// folderFiles is every entry under dir (links not followed) with its
// size, mode and modification time, to see that a command changed nothing.
func folderFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		files[p] = info.Mode().String() + " " + info.ModTime().String() + " " + jsonInt(info.Size())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

// statusOf runs tabulate status on out, text and --json, checks that it
// changes nothing in out and exits 0, and returns the text and the
// decoded JSON.
func statusOf(t *testing.T, out string) (string, folderStatus) {
	t.Helper()
	before := folderFiles(t, out)
	code, text, stderr := runTabulate(t, "status", out)
	if code != 0 || stderr != "" {
		t.Fatalf("status %s: exit %d, %s", out, code, stderr)
	}
	code, js, stderr := runTabulate(t, "status", out, "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("status %s --json: exit %d, %s", out, code, stderr)
	}
	var st folderStatus
	if err := json.Unmarshal([]byte(js), &st); err != nil {
		t.Fatalf("status --json: %v in %s", err, js)
	}
	after := folderFiles(t, out)
	if len(after) != len(before) {
		t.Errorf("status changed the folder's files: %v, then %v", before, after)
	}
	for p, v := range before {
		if after[p] != v {
			t.Errorf("status changed %s: %s, then %s", p, v, after[p])
		}
	}
	return text, st
}

// checkListed checks that st lists every file of out's manifest with its
// rows and format, and that text shows each.
func checkListed(t *testing.T, out, text string, st folderStatus) {
	t.Helper()
	m, err := output.ReadManifestIn(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Status != m.Status || !strings.HasPrefix(text, out+": "+m.Status+" (") {
		t.Errorf("status %q, text %q; the manifest says %q", st.Status, text, m.Status)
	}
	shown := 0
	for _, g := range st.Games {
		for _, tb := range g.Tables {
			f, ok := m.Entry(tb.Path)
			if !ok || f.Rows != tb.Rows || f.Format != tb.Format || f.Game != g.Name {
				t.Errorf("table %+v of %s; the manifest lists %+v (%v)", tb, g.Name, f, ok)
			}
			shown++
		}
	}
	if shown != len(m.Files) || len(m.Files) == 0 {
		t.Errorf("%d tables shown, the manifest lists %d", shown, len(m.Files))
	}
	for _, f := range m.Files {
		if want := "  " + f.Path + "  " + jsonInt(f.Rows) + " rows  " + f.Format + "\n"; !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

// checkpointOf reads the checkpoint of game in out with the engine's own
// reader.
func checkpointOf(t *testing.T, out, game string) octal.CheckpointInfo {
	t.Helper()
	info, err := octal.ReadCheckpointInfo(filepath.Join(out, game, "tail.checkpoint"))
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// TestStatusComplete checks tabulate status on the folder of a complete
// tail run: complete, its table as the manifest lists it, the checkpoint
// finished at max, nothing to resume; and with a lock file a killed run
// left, the PID and command it wrote.
func TestStatusComplete(t *testing.T) {
	out := t.TempDir()
	cfg := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 16384}\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", cfg, "--out", out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	text, st := statusOf(t, out)
	checkListed(t, out, text, st)
	info := checkpointOf(t, out, "g")
	if len(st.Games) != 1 || st.Games[0].Checkpoint == nil || !st.Games[0].Checkpoint.Finished || st.Games[0].Checkpoint.Heap != info.Heap || info.Heap != 20001 {
		t.Errorf("games %+v; want g with its checkpoint finished at heap %d", st.Games, info.Heap)
	}
	for _, want := range []string{"game g: computed to 20000 (tail finished, start 16384)\n", "resume: nothing to resume: the run is complete\n",
		"command: tabulate run -q --config " + cfg + " --out " + out + "\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if st.Lock != nil {
		t.Errorf("lock %+v; none is there", st.Lock)
	}
	if err := os.WriteFile(filepath.Join(out, output.LockName), []byte("4242 tabulate run\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text, st = statusOf(t, out)
	if st.Lock == nil || st.Lock.PID != "4242" || st.Lock.Holder != "tabulate run" || !strings.Contains(text, "lock: .tabulate.lock, written by PID 4242 tabulate run: a run holds it, or a killed run left it") {
		t.Errorf("stale lock: %+v, %s", st.Lock, text)
	}
}

// TestStatusStoppedTails checks tabulate status on a failed tail run (0.6
// from 65536 stops without guessing, exit 1, TestTailExitStatus) and on an
// interrupted one (a SIGINT before it computes anything): the heap the
// checkpoint reached, as the engine's reader gives it, and that the same
// command resumes from it.
func TestStatusStoppedTails(t *testing.T) {
	out := t.TempDir()
	cfg := writeConfig(t, "games: [officers]\nplots: []\nformats: [csv]\noctal:\n  officers: {code: \"0.6\", max: 200000, tail: true, start: 65536}\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", cfg, "--out", out); code != 1 {
		t.Fatalf("run: exit %d, want 1: %s", code, stderr)
	}
	text, st := statusOf(t, out)
	checkListed(t, out, text, st)
	info := checkpointOf(t, out, "officers")
	c := st.Games[0].Checkpoint
	if st.Status != output.StatusFailed || c == nil || c.Finished || c.Heap != info.Heap || c.Start != 65536 || c.Max != 200000 || info.Heap > 200000 {
		t.Fatalf("failed run: %+v, checkpoint %+v; the engine reads %+v", st, c, info)
	}
	for _, want := range []string{
		"game officers: tail stopped: checkpoint at heap " + jsonInt(info.Heap) + " of 200000 (start 65536)\n",
		"resume: running the same command again resumes officers from heap " + jsonInt(info.Heap) + " (of 200000) (the run failed",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}

	// The same command stopped by a signal as it starts: it resumes the
	// checkpoint, and the folder is left interrupted.
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&signalError{syscall.SIGINT})
	err := Run(ctx, []string{"run", "-q", "--config", cfg, "--out", out}, new(strings.Builder), new(strings.Builder))
	if m, merr := output.ReadManifestIn(out); merr != nil || m.Status != output.StatusInterrupted {
		t.Fatalf("interrupted run: %v; manifest %+v, %v", err, m, merr)
	}
	text, st = statusOf(t, out)
	if again := checkpointOf(t, out, "officers"); again.Heap != info.Heap || st.Games[0].Checkpoint.Heap != info.Heap {
		t.Errorf("interrupted run: checkpoint at %d, status says %+v; want %d", again.Heap, st.Games[0].Checkpoint, info.Heap)
	}
	for _, want := range []string{out + ": interrupted (stopped by a signal", "game officers: tail stopped: checkpoint at heap " + jsonInt(info.Heap),
		"resume: running the same command again resumes officers from heap " + jsonInt(info.Heap) + " (of 200000)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("interrupted: text lacks %q:\n%s", want, text)
		}
	}
}

// TestStatusRefused checks that tabulate status refuses, with exit status
// 2, a plain sentence and nothing on standard output, what is not the
// output folder of a run, and follows no link: a missing folder, a folder
// without a manifest, a manifest that is a FIFO or a link to /dev/zero, a
// folder that is a link, a checkpoint that is a link; and that it leaves
// each as it was.
func TestStatusRefused(t *testing.T) {
	base := t.TempDir()
	realDir := filepath.Join(base, "realDir")
	if err := os.Mkdir(realDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(realDir, output.ManifestName), []byte(`{"tool":"tabulate","status":"complete","games":{},"files":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mk := func(name string, make func(dir string) error) string {
		dir := filepath.Join(base, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := make(dir); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	noManifest := mk("empty", func(string) error { return nil })
	fifo := mk("fifo", func(d string) error { return syscall.Mkfifo(filepath.Join(d, output.ManifestName), 0o644) })
	zero := mk("zero", func(d string) error { return os.Symlink("/dev/zero", filepath.Join(d, output.ManifestName)) })
	linked := filepath.Join(base, "linked")
	if err := os.Symlink(realDir, linked); err != nil {
		t.Fatal(err)
	}
	ckpt := mk("ckpt", func(d string) error {
		data, err := os.ReadFile(filepath.Join(realDir, output.ManifestName))
		if err == nil {
			err = os.WriteFile(filepath.Join(d, output.ManifestName), data, 0o644)
		}
		if err == nil {
			err = os.Mkdir(filepath.Join(d, "g"), 0o755)
		}
		if err == nil {
			err = os.Symlink("/dev/zero", filepath.Join(d, "g", "tail.checkpoint"))
		}
		return err
	})
	for _, tc := range []struct{ out, want string }{
		{filepath.Join(base, "missing"), "does not exist: give the output folder of a tabulate run"},
		{noManifest, "has no manifest.json: it is not the output folder of a tabulate run"},
		{fifo, "cannot be read as a manifest"},
		{zero, "cannot be read as a manifest"},
		{linked, "is a symbolic link: give the folder it leads to"},
		{ckpt, "tail.checkpoint is refused"},
	} {
		before := map[string]string{}
		if _, err := os.Lstat(tc.out); err == nil {
			before = folderFiles(t, tc.out)
		}
		code, stdout, stderr := runTabulate(t, "status", tc.out, "--json")
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("status %s: exit %d, %q, %q; want 2 and one line saying %q", tc.out, code, stdout, stderr, tc.want)
		}
		if _, err := os.Lstat(tc.out); err == nil {
			after := folderFiles(t, tc.out)
			for p, v := range before {
				if after[p] != v {
					t.Errorf("status %s changed %s", tc.out, p)
				}
			}
			if len(after) != len(before) {
				t.Errorf("status %s changed the folder: %v, then %v", tc.out, before, after)
			}
		}
	}
	if _, err := os.Lstat(filepath.Join(base, "missing")); err == nil {
		t.Errorf("status created the missing folder")
	}
	if code, _, stderr := runTabulate(t, "status"); code != 2 || !strings.Contains(stderr, "tabulate status takes one output folder") {
		t.Errorf("no folder: exit %d, %s", code, stderr)
	}
}
