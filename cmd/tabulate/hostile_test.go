package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/output"
)

// TestStrictNumbers checks that a number YAML would read differently from
// what the user meant is refused with the file, line and key: a fraction
// in a list of whole numbers (silently truncated before), a leading zero
// (read as octal before), a key set twice (the last one won before).
func TestStrictNumbers(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       []string
	}{
		{"fraction in a set", "games: [g]\nsubtraction:\n  g:\n    set: [2, 1.5]\n    max: 10\n", []string{":4:", "subtraction.g.set", `"1.5"`, "whole number"}},
		{"fraction in all_but", "games: [g]\nsubtraction:\n  g:\n    set: [1, 2, 3]\n    all_but: [2.9]\n", []string{":5:", "subtraction.g.all_but", `"2.9"`, "whole number"}},
		{"octal-looking bound", "squares:\n  grundy_max: 0100000\n", []string{":2:", "squares.grundy_max", `"0100000"`, "leading zero"}},
		{"octal-looking workers", "workers: 010\n", []string{":1:", "workers", `"010"`, "leading zero"}},
		{"octal-looking set element", "games: [g]\nsubtraction:\n  g: {set: [1, 07], max: 10}\n", []string{":3:", "subtraction.g.set", `"07"`, "leading zero"}},
		{"hex bound", "nim: {max_pile: 0x10}\n", []string{":1:", "nim.max_pile", "decimal"}},
		{"duplicate key", "squares:\n  grundy_max: 10\n  grundy_max: 20\n", []string{":3:", "squares.grundy_max", "set twice", "line 2"}},
		{"duplicate section", "nim: {max_pile: 3}\nnim: {max_pile: 4}\n", []string{":2:", "nim", "set twice"}},
		{"duplicate game", "octal:\n  k: {code: \"0.77\"}\n  k: {code: \"0.07\"}\n", []string{":3:", "octal.k", "set twice"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, tc.yaml), "--out", out, "-q")
			if code != 2 {
				t.Errorf("exit status %d, want 2; stderr: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message lacks %q: %s", w, stderr)
				}
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("output folder was created")
			}
		})
	}
	// Whole numbers in float notation stay accepted (1e6 is a common way
	// to write a bound), and so do _ separators.
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, "games: [nim]\nplots: []\nnim: {max_piles: 2, max_pile: 1e1}\nsquares: {grundy_max: 1_000}\n"), "--out", out, "-q"); code != 0 {
		t.Errorf("1e1 and 1_000: exit %d: %s", code, stderr)
	}
}

// runTimed runs the binary with a time limit and returns its exit status,
// standard error and how long it took.
func runTimed(t *testing.T, limit time.Duration, args ...string) (int, string, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, tabulateBinary(t), args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v (killed)", args, limit)
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stderr.String(), took
}

// TestPathTraversal plants manifest entries that point outside the output
// folder, with the right checksum, and checks that a complete rerun (which
// removes the files of its games no longer asked for) removes none of them
// and lists none of them.
func TestPathTraversal(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	config := writeConfig(t, smallConfig)
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--only", "nim", "--out", out, "-q"); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	victim := filepath.Join(root, "victim.txt")
	os.WriteFile(victim, []byte("not yours\n"), 0o644)
	_, sum, _ := ownSHA256(victim)
	linked := filepath.Join(out, "nim", "linked.csv")
	if err := os.Symlink(victim, linked); err != nil {
		linked = "" // no symbolic links here (Windows without the privilege)
	}
	var m map[string]any
	data, _ := os.ReadFile(filepath.Join(out, output.ManifestName))
	json.Unmarshal(data, &m)
	files := m["files"].([]any)
	for _, p := range []string{"../victim.txt", "nim/../../victim.txt", victim, "nim/linked.csv", "nim\\..\\..\\victim.txt"} {
		files = append(files, map[string]any{"path": p, "game": "nim", "table": "positions", "format": "csv", "rows": 0, "bytes": 10, "sha256": sum})
	}
	m["files"] = files
	data, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(out, output.ManifestName), data, 0o644)

	// Only CSV and no figures: the rerun removes the Parquet table of its
	// earlier run (and keeps its figure), and must remove nothing else.
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--only", "nim", "--formats", "csv", "--plots", "none", "--out", out, "-q"); code != 0 {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	if got, err := os.ReadFile(victim); err != nil || string(got) != "not yours\n" {
		t.Errorf("the file outside the output folder was touched: %q, %v", got, err)
	}
	if _, err := os.Lstat(linked); linked != "" && err != nil {
		t.Errorf("the symbolic link, which the tool did not write, was removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "nim", "positions.parquet")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("nim/positions.parquet, no longer asked for, is still there")
	}
	after := checkManifestTrue(t, out, "rerun")
	for _, f := range after.Files {
		// The figure of the first run stays: a run never removes a figure
		// it did not replace.
		if f.Path != "nim/positions.csv" && f.Path != "nim/nim_sum.png" {
			t.Errorf("manifest lists %q", f.Path)
		}
	}
}

// TestOneRunPerFolder checks the lock: a second run into a folder in use is
// refused with status 2 naming the holder's PID and changes nothing; a lock
// left by a killed run is taken over.
func TestOneRunPerFolder(t *testing.T) {
	t.Run("held", func(t *testing.T) {
		out := t.TempDir()
		lock, err := output.LockDir(out)
		if err != nil {
			t.Fatal(err)
		}
		defer lock.Unlock()
		code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, smallConfig), "--out", out, "-q")
		if code != 2 || !strings.Contains(stderr, fmt.Sprintf("PID %d", os.Getpid())) || !strings.Contains(stderr, "in use") {
			t.Errorf("exit %d, stderr %q; want 2 naming PID %d", code, stderr, os.Getpid())
		}
		if entries, _ := os.ReadDir(out); len(entries) != 1 {
			t.Errorf("the refused run wrote into the folder: %d entries", len(entries))
		}
	})
	t.Run("two processes", func(t *testing.T) {
		bin := tabulateBinary(t)
		out := t.TempDir()
		long := writeConfig(t, "games: [squares]\nplots: []\nsquares: {grundy_max: 1000, win_max: 100000000000}\n")
		first := exec.Command(bin, "run", "--config", long, "--out", out, "-q")
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		defer first.Process.Kill()
		waitFor(t, func() bool { _, err := os.Stat(filepath.Join(out, output.LockName)); return err == nil })
		waitFor(t, func() bool { m, _ := readManifestJSON(out); return m != nil })
		code, stderr, _ := runTimed(t, 10*time.Second, "run", "--config", writeConfig(t, smallConfig), "--out", out, "-q")
		if code != 2 || !strings.Contains(stderr, fmt.Sprintf("PID %d", first.Process.Pid)) {
			t.Errorf("second run: exit %d, stderr %q; want 2 naming PID %d", code, stderr, first.Process.Pid)
		}
		// The killed run's lock is released by the kernel: the next run
		// takes it over and completes.
		first.Process.Signal(syscall.SIGKILL)
		first.Wait()
		if code, stderr, _ := runTimed(t, 30*time.Second, "run", "--config", writeConfig(t, smallConfig), "--out", out, "-q"); code != 0 {
			t.Fatalf("run after the holder was killed: exit %d: %s", code, stderr)
		}
		checkManifestTrue(t, out, "after takeover")
		checkNoTemps(t, out, "after takeover")
		if _, err := os.Stat(filepath.Join(out, output.LockName)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the lock file is left after a run that ended normally")
		}
	})
}

// waitFor polls cond for up to 2 minutes.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	// The bound only ends a test whose condition never comes: a run that
	// needs 1 s on an idle machine took over 30 s under a load of 18 (eight
	// test processes on two cores), so it is generous.
	for deadline := time.Now().Add(2 * time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 2 minutes")
		}
	}
}

// TestOutNotAFolder checks --out naming an existing file or a dangling
// symbolic link: status 2, a clear message, nothing written.
func TestOutNotAFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "nowhere"), dangling)
	for _, tc := range []struct{ out, want string }{
		{file, "exists and is not a folder"},
		{dangling, "which does not exist"},
	} {
		code, _, stderr := runTabulate(t, "run", "--only", "nim", "--out", tc.out, "-q")
		if code != 2 || !strings.Contains(stderr, tc.out) || !strings.Contains(stderr, tc.want) {
			t.Errorf("--out %s: exit %d, stderr %q; want 2 saying %q", tc.out, code, stderr, tc.want)
		}
		if strings.Count(stderr, "--out") > 2 {
			t.Errorf("message repeats itself: %s", stderr)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link's target was created")
	}
}

// TestAnswerLost checks that an answer or help written to a full device
// is a failure: tabulate solve ... > /dev/full and tabulate run --help >
// /dev/full exited 0 before.
func TestAnswerLost(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"solve", "nim", "3", "4", "5"}, {"solve", "flip", "++++"}, {"version"},
		{"--help"}, {"run", "--help"}, {"census", "--help"}, {"solve", "--help"}, {"merge", "-h"}} {
		cmd := exec.Command(tabulateBinary(t), args...)
		cmd.Stdout = full
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("%v > /dev/full: %v, stderr %q; want status 1 saying why", args, err, stderr.String())
		}
	}
}

// TestUnreadableManifestKeptAside checks that an earlier manifest that is
// not valid JSON is reported and kept under another name, not silently
// replaced.
func TestUnreadableManifestKeptAside(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, output.ManifestName), []byte("{ this is not json"), 0o644)
	code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, smallConfig), "--only", "nim", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "unreadable") {
		t.Errorf("stderr does not mention the unreadable manifest: %s", stderr)
	}
	aside, _ := filepath.Glob(filepath.Join(out, output.ManifestName+".unreadable-*"))
	if len(aside) != 1 {
		t.Fatalf("kept aside: %v, want one file", aside)
	}
	if data, _ := os.ReadFile(aside[0]); string(data) != "{ this is not json" {
		t.Errorf("the kept copy holds %q", data)
	}
}

// TestPlantedGameLink: a game folder that is a symbolic link out of OUT is
// refused; nothing is written where it leads.
func TestPlantedGameLink(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	victim := t.TempDir()
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(out, "nim")); err != nil {
		t.Skip("cannot make a symbolic link here:", err)
	}
	code, _, stderr := runTabulate(t, "run", "--only", "nim", "--out", out, "-q")
	if code == 0 || !strings.Contains(stderr, "symbolic link") {
		t.Errorf("exit %d, stderr %q; want a failure naming the symbolic link", code, stderr)
	}
	if entries, _ := os.ReadDir(victim); len(entries) != 0 {
		t.Errorf("wrote through the link: %v", entries)
	}
}
