package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/pipeline"
)

// TestCensusOutNotAFolder checks tabulate census --out naming an existing
// file or a dangling symbolic link: status 2 (it was 1, the error of
// mkdir), a message naming the folder and what is wrong, nothing written.
func TestCensusOutNotAFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	cfg := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 3, max: 100}\n")
	for _, tc := range []struct{ out, want string }{
		{file, "exists and is not a folder"},
		{dangling, "which does not exist"},
	} {
		code, stdout, stderr := runTabulate(t, "census", "--config", cfg, "--out", tc.out, "-q")
		usageShaped(t, "census --out "+tc.out, code, stdout, stderr, tc.want)
		if !strings.Contains(stderr, tc.out) {
			t.Errorf("message does not name %s: %s", tc.out, stderr)
		}
	}
	if data, _ := os.ReadFile(file); string(data) != "x" {
		t.Errorf("the file given as --out was changed: %q", data)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link's target was created")
	}
}

// TestCensusSecondsRange checks --max-seconds-per-game and
// census.max_seconds_per_game: NaN failed every comparison and 1e-300
// rounded to a zero duration, both read as no bound before. Each is
// refused with the allowed range stated, and nothing written.
func TestCensusSecondsRange(t *testing.T) {
	cfg := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 3, max: 100}\n")
	for _, tc := range []struct{ value, want string }{
		{"NaN", "NaN is not a number of seconds"},
		{"Inf", "+Inf is not a number of seconds"},
		{"1e-300", "1e-300 is too small to bound anything"},
		{"0.0009", "0.0009 is too small to bound anything"},
		{"-1", "-1 is out of range"},
		{"604801", "604801 is out of range"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := runTabulate(t, "census", "--config", cfg, "--out", out, "--max-seconds-per-game", tc.value)
		usageShaped(t, "--max-seconds-per-game "+tc.value, code, stdout, stderr, tc.want)
		if !strings.Contains(stderr, "allowed: 0 (no bound), or 0.001 to 604800 seconds") {
			t.Errorf("--max-seconds-per-game %s: range not stated: %s", tc.value, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--max-seconds-per-game %s: the output folder was created", tc.value)
		}
	}
	// The same rule in the file.
	out := filepath.Join(t.TempDir(), "out")
	tiny := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 3, max: 100}\n  max_seconds_per_game: 1e-300\n")
	code, stdout, stderr := runTabulate(t, "census", "--config", tiny, "--out", out)
	usageShaped(t, "max_seconds_per_game: 1e-300", code, stdout, stderr, "census.max_seconds_per_game: 1e-300 is too small")
	// The least bound is accepted.
	code, _, stderr = runTabulate(t, "census", "--config", cfg, "--out", out, "--max-seconds-per-game", "0.001", "-q", "--no-report")
	if code != 0 {
		t.Errorf("--max-seconds-per-game 0.001: exit %d: %s", code, stderr)
	}
}

// TestMaxMemoryRange checks --max-memory of run and census: 0 meant auto
// and 1EiB disabled the plan's check before; both are refused with the
// range (64 MiB to the machine's memory), and nothing written. auto and a
// size in the range are accepted.
func TestMaxMemoryRange(t *testing.T) {
	phys := pipeline.PhysicalMemory()
	if phys == 0 {
		t.Skip("the machine's memory is unknown: the upper end of the range is 4 EiB")
	}
	censusCfg := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 3, max: 100}\n")
	for _, value := range []string{"0", "1EiB", "1KiB", "63MiB", fmt.Sprint(phys + 1)} {
		for _, cmd := range [][]string{{"run", "--only", "nim"}, {"census", "--config", censusCfg}} {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, stderr := runTabulate(t, append(cmd, "--out", out, "--max-memory", value, "-q")...)
			usageShaped(t, cmd[0]+" --max-memory "+value, code, stdout, stderr, fmt.Sprintf("--max-memory: %q is out of range", value))
			if want := "64.0 MiB to " + pipeline.Bytes(phys); !strings.Contains(stderr, want) {
				t.Errorf("%s --max-memory %s: range %q not stated: %s", cmd[0], value, want, stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s --max-memory %s: the output folder was created", cmd[0], value)
			}
		}
	}
	for _, value := range []string{"auto", "128MiB", fmt.Sprint(phys)} { // the least a census needs is about 90 MiB
		out := filepath.Join(t.TempDir(), "out")
		if code, _, stderr := runTabulate(t, "census", "--config", censusCfg, "--out", out, "--max-memory", value, "-q", "--no-report"); code != 0 {
			t.Errorf("census --max-memory %s: exit %d: %s", value, code, stderr)
		}
	}
}

// TestFileMaxMemoryRange checks max_memory of a configuration file against
// the same range as --max-memory: 1EiB in the file was accepted and
// disabled the plan's check; 0 there is auto.
func TestFileMaxMemoryRange(t *testing.T) {
	phys := pipeline.PhysicalMemory()
	if phys == 0 {
		t.Skip("the machine's memory is unknown: the upper end of the range is 4 EiB")
	}
	for _, value := range []string{"1EiB", "1KiB", fmt.Sprint(phys + 1)} {
		for _, c := range []struct{ cmd, section string }{{"run", "games: [nim]\n"}, {"census", "census:\n  subtraction: {max_element: 3, max: 100}\n"}} {
			cfg := writeConfig(t, "plots: []\nmax_memory: "+value+"\n"+c.section)
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, stderr := runTabulate(t, c.cmd, "--config", cfg, "--out", out, "-q")
			usageShaped(t, c.cmd+" max_memory "+value, code, stdout, stderr, "max_memory: "+value+" is out of range")
			if want := "64.0 MiB to " + pipeline.Bytes(phys); !strings.Contains(stderr, want) || !strings.Contains(stderr, cfg) {
				t.Errorf("%s max_memory %s: range %q or the file not stated: %s", c.cmd, value, want, stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s max_memory %s: the output folder was created", c.cmd, value)
			}
		}
	}
	cfg := writeConfig(t, "plots: []\nmax_memory: 0\ngames: [nim]\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", filepath.Join(t.TempDir(), "out"), "-q", "--no-report"); code != 0 {
		t.Errorf("max_memory: 0 (auto): exit %d: %s", code, stderr)
	}
}

// TestLongMessagesCut checks that an error quoting what it refuses stays
// short: a merge of a split into 100,000 shards with one shard run listed
// every missing one (6.9 MB on one line), and a 16 MiB line of standard
// input that is not a number was echoed whole. The message keeps its start
// (what is wrong) and its end (what is allowed) and says how much was cut.
func TestLongMessagesCut(t *testing.T) {
	out := t.TempDir()
	if err := os.MkdirAll(filepath.Join(out, "shards", "0-of-100000"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTabulate(t, "merge", out)
	usageShaped(t, "merge of 0-of-100000", code, stdout, stderr, "shard 1/100000 is missing")
	if len(stderr) > 2*maxMessage || !strings.Contains(stderr, "more problems") || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("merge message: %d bytes, want at most %d with the count of problems left out and the hint: %.300s", len(stderr), 2*maxMessage, stderr)
	}

	line := strings.Repeat("1", 16<<20-100)
	for _, args := range [][]string{{"solve", "squares", "-"}, {"solve", "--keep-going", "squares", "-"}, {"solve", "--json", "--keep-going", "squares", "-"}} {
		var code int
		var stdout, stderr string
		withStdin(t, strings.NewReader(line+"\n"), func() { code, stdout, stderr = runTabulate(t, args...) })
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		all := stdout + stderr
		if len(all) > 3*maxMessage || !strings.Contains(all, "bytes cut") || !strings.Contains(all, "111111") {
			t.Errorf("%v: %d bytes of output, want at most %d quoting the start of the line with a note of the cut: %.300s", args, len(all), 3*maxMessage, all)
		}
	}
}

// TestClip checks the rule that cuts long messages: whole up to n bytes,
// otherwise n bytes or so around a note, never splitting a character.
func TestClip(t *testing.T) {
	if got := clip("short", 10); got != "short" {
		t.Errorf("clip of a short message: %q", got)
	}
	long := strings.Repeat("é", 100) // 200 bytes
	got := clip(long, 41)
	if !strings.Contains(got, "bytes cut") || !strings.HasPrefix(got, "éé") || !strings.HasSuffix(got, "éé") || len(got) > 41+40 {
		t.Errorf("clip: %q", got)
	}
	for _, r := range strings.ReplaceAll(got, "é", "") {
		if r == '\uFFFD' {
			t.Errorf("clip split a character: %q", got)
		}
	}
	// 30 bytes kept (15 + 15 characters' worth, cut on boundaries): the
	// note counts the rest.
	head, tail := strings.Count(strings.SplitN(got, " [", 2)[0], "é"), strings.Count(strings.SplitN(got, "] ", 2)[1], "é")
	if want := fmt.Sprintf("[... %d bytes cut ...]", 200-2*(head+tail)); !strings.Contains(got, want) {
		t.Errorf("clip: %q lacks %q", got, want)
	}
}
