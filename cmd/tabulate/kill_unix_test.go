//go:build unix

package main

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/output"
)

// killConfigs are the runs the kill -9 loop alternates between, into one
// folder: different bounds (so that every rerun replaces files), different
// formats (so that a complete run removes what is no longer asked for) and
// different games (so that files of games not rerun must be kept).
var killConfigs = []string{
	"formats: [parquet, csv]\nplots: []\n" +
		"squares: {grundy_max: 3000, win_max: 5000}\nflip: {run_max: 200, position_max: 18, count_max: 30, board_max: 8}\n" +
		"caniwin: {max_choosable: 8, max_total: 40}\nnim: {max_piles: 3, max_pile: 4}\n",
	"formats: [csv, bfile]\nplots: []\n" +
		"squares: {grundy_max: 20000, win_max: 60000}\nflip: {run_max: 300, position_max: 20, count_max: 40, board_max: 10}\n" +
		"caniwin: {max_choosable: 10, max_total: 50}\nnim: {max_piles: 4, max_pile: 5}\n",
	"games: [nim, caniwin]\nformats: [parquet]\nplots: [svg]\n" +
		"caniwin: {max_choosable: 9, max_total: 45}\nnim: {max_piles: 3, max_pile: 6}\n",
}

// TestKillNineLoop kills real runs with SIGKILL after random delays, all
// into one folder, and checks the promise after every trial with the
// test's own hashes and row counts: every file the manifest lists is whole
// and as listed, and no file listed before is lost from sight. A last run
// must then complete, list every file of the folder, and leave no
// temporary file.
func TestKillNineLoop(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGKILL and flock are tested on unix; Windows has TerminateProcess, not exercised here")
	}
	bin := tabulateBinary(t)
	dir := t.TempDir()
	var configs []string
	for i, text := range killConfigs {
		path := filepath.Join(dir, fmt.Sprintf("kill%d.yaml", i))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		configs = append(configs, path)
	}
	out := filepath.Join(dir, "out")
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	// Delays span a whole run of the configuration drawn and half as much
	// again (so that some runs finish and remove what they replace): time
	// each configuration three times and keep its fastest, so that one slow
	// timing run (a cold cache, a burst of load) does not stretch the delays
	// of every trial past the runs they are meant to interrupt.
	took := make([]time.Duration, len(configs))
	for i, c := range configs {
		for range 3 {
			start := time.Now()
			if msg, err := exec.Command(bin, "run", "--config", c, "--out", filepath.Join(dir, "timing"), "-q").CombinedOutput(); err != nil {
				t.Fatalf("timing run: %v: %s", err, msg)
			}
			if d := time.Since(start); took[i] == 0 || d < took[i] {
				took[i] = d
			}
		}
	}
	t.Logf("fastest runs %v", took)
	// 60 trials, fewer if a loaded machine makes them slow: the loop stays
	// short, and each trial checks the same thing.
	const minTrials = 20
	trials := 60
	killed, finished := 0, 0
	deadline := time.Now().Add(45 * time.Second)
	for i := 0; i < trials; i++ {
		if i >= minTrials && time.Now().After(deadline) {
			t.Logf("%d trials in 45 s; stopping there", i)
			trials = i
			break
		}
		before, _ := readManifestJSON(out)
		which := rng.IntN(len(configs))
		args := []string{"run", "--config", configs[which], "--out", out, "-q", "--workers", fmt.Sprint(1 + rng.IntN(3))}
		if rng.IntN(3) == 0 {
			args = append(args, "--only", []string{"squares", "flip", "nim,caniwin", "squares,nim"}[rng.IntN(4)])
		}
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		delay := time.Duration(rng.Int64N(int64(took[which]) * 3 / 2)) // about two thirds killed, one third finishing
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil && !strings.Contains(err.Error(), "exit status 2") {
				// The other configs' games may be refused for being unknown
				// to --only; anything else is a failure.
				t.Errorf("trial %d %v: %v: %s", i, args, err, stderr.String())
			}
			finished++
		case <-time.After(delay):
			cmd.Process.Signal(syscall.SIGKILL)
			<-done
			killed++
		}
		when := fmt.Sprintf("trial %d (killed after %v, %v)", i, delay, args[1:])
		after := checkManifestTrue(t, out, when)
		checkNothingForgotten(t, before, after, when)
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d runs killed, %d finished", killed, finished)
	if killed < trials/3 {
		t.Errorf("only %d of %d runs were killed mid-way; the delays are too long for the runs", killed, trials)
	}
	// A last run completes: the folder holds what the manifest lists.
	cmd := exec.Command(bin, "run", "--config", configs[0], "--out", out, "-q")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("final run: %v: %s", err, msg)
	}
	m := checkManifestTrue(t, out, "final run")
	if m.Status != output.StatusComplete {
		t.Errorf("final manifest status %s, want complete", m.Status)
	}
	checkNoTemps(t, out, "final run")
	// Every file of the folder is listed: those of the formats and figures
	// the last run no longer writes, and those a killed run put in place in
	// its last second before its manifest listed them, are gone (a
	// complete run leaves no unlisted file in the folders it owns), and the
	// report is listed with its own sha256.
	checkAllListed(t, out, m, "final run")
}

// mountTmpfs mounts a tmpfs of size bytes at a new folder, or skips the test
// saying why it cannot.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("a small full disk is made with a tmpfs mount, which needs Linux")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs to fill needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s)", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// fill writes a file that leaves about free bytes on the file system of
// dir.
func fill(t *testing.T, dir string, free int64) string {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	avail := int64(st.Bavail) * int64(st.Bsize)
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for n := avail - free; n > 0; n -= int64(len(chunk)) {
		if _, err := f.Write(chunk[:min(int64(len(chunk)), n)]); err != nil {
			break // full already: as full as it gets
		}
	}
	return path
}

// TestDiskFullRerun reruns into a folder on a nearly full 2 MiB tmpfs with
// bigger bounds, at several amounts of free space, so that the rerun fails
// at different points (the manifest, a Parquet file, a CSV file, a figure).
// After each, the manifest must be true and must still account for every
// good file; the message must name the file without repeating itself.
func TestDiskFullRerun(t *testing.T) {
	longtest.Skip(t, "twenty-one reruns into a nearly full tmpfs")
	bin := tabulateBinary(t)
	mnt := mountTmpfs(t, "2m")
	small := writeConfig(t, "formats: [parquet, csv]\nplots: []\nsquares: {grundy_max: 3000, win_max: 5000}\n"+
		"flip: {run_max: 200, position_max: 14, count_max: 30, board_max: 8}\ncaniwin: {max_choosable: 8, max_total: 40}\nnim: {max_piles: 3, max_pile: 4}\n")
	big := writeConfig(t, "formats: [parquet, csv]\nplots: []\nsquares: {grundy_max: 6000, win_max: 9000}\n"+
		"flip: {run_max: 300, position_max: 16, count_max: 40, board_max: 9}\ncaniwin: {max_choosable: 9, max_total: 45}\nnim: {max_piles: 4, max_pile: 6}\n")
	failures := 0
	for _, free := range []int64{0, 8 << 10, 32 << 10, 64 << 10, 128 << 10, 256 << 10, 512 << 10} {
		for _, extra := range [][]string{{"--only", "nim"}, {"--only", "nim,caniwin", "--plots", "png"}, {"--only", "squares,flip,caniwin,nim"}} {
			name := fmt.Sprintf("free %d KiB, %v", free>>10, extra)
			out := filepath.Join(mnt, "out")
			os.RemoveAll(out)
			if msg, err := exec.Command(bin, "run", "--config", small, "--out", out, "-q").CombinedOutput(); err != nil {
				t.Fatalf("%s: first run: %v: %s", name, err, msg)
			}
			before := checkManifestTrue(t, out, name+", first run")
			filler := fill(t, mnt, free)
			cmd := exec.Command(bin, append([]string{"run", "--config", big, "--out", out, "-q"}, extra...)...)
			msg, err := cmd.CombinedOutput()
			os.Remove(filler)
			after := checkManifestTrue(t, out, name)
			checkNothingForgotten(t, before, after, name)
			if err == nil {
				continue // there was room enough
			}
			failures++
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Errorf("%s: %v, want exit status 1", name, err)
			}
			if after == nil {
				t.Errorf("%s: the manifest is gone", name)
			} else if after.Status == output.StatusComplete && !maps.Equal(listedSums(after), listedSums(before)) {
				// Failing to save its first manifest, a run stops before
				// touching anything: the earlier manifest stays, unchanged.
				// A run whose tables are all written and listed is complete
				// even when its report (OUT/index.html, not listed) did not
				// fit: it says so, and no stale report is left.
				if !strings.Contains(string(msg), "the run is complete but its report was not written") {
					t.Errorf("%s: the run failed, the manifest says complete and differs from the earlier one: %s", name, msg)
				} else if _, err := os.Lstat(filepath.Join(out, "index.html")); !os.IsNotExist(err) {
					t.Errorf("%s: the report was not written, but an index.html is there (%v): the earlier run's, stale", name, err)
				}
			}
			checkNoTemps(t, out, name)
			checkNoRepeats(t, string(msg), name)
			// The earlier files still listed are the earlier ones or whole new ones:
			// checkManifestTrue has hashed them. Rerun with room: everything
			// is back to complete.
			if msg, err := exec.Command(bin, append([]string{"run", "--config", big, "--out", out, "-q"}, extra...)...).CombinedOutput(); err != nil {
				t.Fatalf("%s: rerun with room: %v: %s", name, err, msg)
			}
			checkManifestTrue(t, out, name+", rerun with room")
		}
	}
	if failures < 4 {
		t.Errorf("only %d reruns ran out of space; the test does not exercise what it should", failures)
	}
}

// checkNoRepeats checks that an error message does not say the same thing
// twice ("flip/boards: flip/boards: write X: write X: ...").
func checkNoRepeats(t *testing.T, msg, when string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(msg), "\n") {
		parts := strings.Split(line, ": ")
		seen := map[string]bool{}
		for _, p := range parts {
			if seen[p] {
				t.Errorf("%s: message repeats %q: %s", when, p, line)
			}
			seen[p] = true
		}
	}
}
