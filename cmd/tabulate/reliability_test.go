package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

// TestBadInput checks malformed configurations and command lines: each exits
// with status 2, says what is wrong and what is allowed, and writes nothing,
// not even the output folder.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	n := 0
	cfg := func(text string) string {
		n++
		path := filepath.Join(dir, fmt.Sprintf("bad%d.yaml", n))
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"unknown key", []string{"run", "--config", cfg("squares:\n  grundy_max: 10\n  bogus: 3\n")}, []string{":3:", "squares.bogus", "unknown key", "grundy_max, win_max, moves_max"}},
		{"wrong type", []string{"run", "--config", cfg("flip:\n  run_max: [1]\n")}, []string{":2:", "flip.run_max", "whole number"}},
		{"negative bound", []string{"run", "--config", cfg("nim:\n  max_pile: -3\n")}, []string{":2:", "nim.max_pile", "-3", "1 to 63"}},
		{"zero bound", []string{"run", "--config", cfg("squares: {win_max: 0}\n")}, []string{"squares.win_max", "0", "out of range"}},
		{"bound over maximum", []string{"run", "--config", cfg("caniwin:\n  max_choosable: 26\n")}, []string{"caniwin.max_choosable", "26", "1 to 25"}},
		{"empty formats", []string{"run", "--config", cfg("formats: []\n")}, []string{"formats", "empty", "parquet, csv, bfile"}},
		{"unknown format", []string{"run", "--config", cfg("formats: [json]\n")}, []string{"formats", `"json"`, "parquet, csv, bfile"}},
		{"unknown game", []string{"run", "--config", cfg("games: [go]\n")}, []string{"games", `"go"`, "squares, flip, caniwin, nim"}},
		{"malformed yaml", []string{"run", "--config", cfg("squares: [\n")}, []string{"not valid YAML", "line"}},
		{"missing config", []string{"run", "--config", filepath.Join(dir, "nope.yaml")}, []string{"nope.yaml", "does not exist"}},
		{"unknown command", []string{"frobnicate"}, []string{`unknown command "frobnicate"`, "run, solve"}},
		{"no command", nil, []string{"no command"}},
		{"unknown flag", []string{"run", "--colour"}, []string{"colour", "tabulate run --help"}},
		{"stray argument", []string{"run", "extra"}, []string{`unexpected argument "extra"`}},
		{"bad --workers", []string{"run", "--workers", "-4"}, []string{"--workers", "-4", "0 to 1024"}},
		{"bad --only", []string{"run", "--only", "squares,chess"}, []string{"--only", `"chess"`}},
		{"bad --formats", []string{"run", "--formats", "csv,xml"}, []string{"--formats", `"xml"`}},
		{"bad --max-memory", []string{"run", "--max-memory", "heaps"}, []string{"--max-memory", `"heaps"`}},
		{"plan over memory", []string{"run", "--only", "caniwin", "--config", cfg("caniwin: {max_choosable: 25, max_total: 325}\n"), "--max-memory", "64MiB"}, []string{"estimated", "caniwin/pairs", "over the limit of 64.0 MiB (--max-memory)"}},
		{"solve no game", []string{"solve"}, []string{"needs a game"}},
		{"solve unknown game", []string{"solve", "chess", "1"}, []string{`unknown game "chess"`}},
		{"solve squares not a number", []string{"solve", "squares", "ten"}, []string{`"ten"`, "whole number"}},
		{"solve squares negative", []string{"solve", "squares", "-1"}, []string{"-1", "out of range", "0 to"}},
		{"solve squares too large", []string{"solve", "squares", "99999999999999"}, []string{"out of range", "4294967296"}},
		{"solve squares overflow", []string{"solve", "squares", "99999999999999999999999"}, []string{"too large"}},
		{"solve flip bad char", []string{"solve", "flip", "++x-"}, []string{"'x'", "position 2"}},
		{"solve flip missing", []string{"solve", "flip"}, []string{"one board"}},
		{"solve caniwin M too big", []string{"solve", "caniwin", "26", "10"}, []string{"M = 26", "1 to 25"}},
		{"solve caniwin missing T", []string{"solve", "caniwin", "10"}, []string{"two numbers"}},
		{"solve nim negative", []string{"solve", "nim", "3", "-4"}, []string{"pile 2", "-4"}},
		{"solve nim not a number", []string{"solve", "nim", "x"}, []string{"pile 1", `"x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := tc.args
			if len(args) > 0 && args[0] == "run" {
				args = append(args, "--out", out)
			}
			code, _, stderr := runTabulate(t, args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2; stderr: %s", code, stderr)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 && !strings.Contains(stderr, "Usage") {
				t.Errorf("want a one-line message, got:\n%s", stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message lacks %q:\n%s", w, stderr)
				}
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("output folder was created")
			}
		})
	}
}

// TestOutputFolderProblems checks runs whose output folder cannot be
// written: they fail with status 1, naming the path, and leave no partial
// or temporary file.
func TestOutputFolderProblems(t *testing.T) {
	t.Run("file in place of the folder", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		os.WriteFile(out, []byte("not a folder"), 0o644)
		code, _, stderr := runTabulate(t, "run", "--only", "nim", "--out", out, "-q")
		if code != 2 || !strings.Contains(stderr, out) || !strings.Contains(stderr, "not a folder") {
			t.Errorf("exit %d, stderr %q; want 2 naming %s", code, stderr, out)
		}
	})
	t.Run("file in place of a game folder", func(t *testing.T) {
		out := t.TempDir()
		os.WriteFile(filepath.Join(out, "flip"), []byte("in the way"), 0o644)
		code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, smallConfig), "--out", out, "-q")
		if code != 1 || !strings.Contains(stderr, filepath.Join(out, "flip")) {
			t.Errorf("exit %d, stderr %q; want 1 naming the flip folder", code, stderr)
		}
		assertClean(t, out)
	})
	t.Run("read-only folder", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: permissions do not stop root from writing, so this test would prove nothing")
		}
		out := t.TempDir()
		os.Chmod(out, 0o555)
		defer os.Chmod(out, 0o755)
		code, _, stderr := runTabulate(t, "run", "--only", "nim", "--out", out, "-q")
		if code != 1 || !strings.Contains(stderr, out) {
			t.Errorf("exit %d, stderr %q; want 1 naming the folder", code, stderr)
		}
	})
}

// assertClean checks that out holds no temporary file and that the manifest
// (if any) lists only whole files that exist.
func assertClean(t *testing.T, out string) {
	t.Helper()
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), output.TempPrefix) {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		return
	}
	for _, f := range m.Files {
		if _, sum, err := output.FileSHA256(filepath.Join(out, f.Path)); err != nil || sum != f.SHA256 {
			t.Errorf("manifest lists %s, which is missing or differs", f.Path)
		}
	}
}

// checksums returns the SHA-256 of every table and figure under out.
func checksums(t *testing.T, out string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		// The report (index.html) is not a file of the manifest: it
		// holds the run's dates and workers.
		if err == nil && !d.IsDir() && d.Name() != output.ManifestName && d.Name() != output.LockName && !strings.HasPrefix(d.Name(), output.TempPrefix) &&
			path != filepath.Join(out, report.FileName) {
			_, sum, _ := output.FileSHA256(path)
			rel, _ := filepath.Rel(out, path)
			sums[rel] = sum
		}
		return nil
	})
	return sums
}

// TestDeterministic runs the same configuration with one worker and with
// several: every table and figure must have the same bytes.
func TestDeterministic(t *testing.T) {
	longtest.Skip(t, "every default game on one worker and on several")
	config := writeConfig(t, strings.Replace(smallConfig, "plots: [png]", "plots: [png, svg]", 1))
	var sums []map[string]string
	for _, workers := range []string{"1", "4"} {
		out := filepath.Join(t.TempDir(), "out")
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--workers", workers, "-q"); code != 0 {
			t.Fatalf("workers %s: exit %d: %s", workers, code, stderr)
		}
		sums = append(sums, checksums(t, out))
	}
	if len(sums[0]) < 30 {
		t.Errorf("only %d files written", len(sums[0]))
	}
	if !reflect.DeepEqual(sums[0], sums[1]) {
		for k := range sums[0] {
			if sums[0][k] != sums[1][k] {
				t.Errorf("%s differs between 1 and 4 workers", k)
			}
		}
	}
}

// TestRerun runs into a folder that already holds a run: what is rewritten
// is replaced, the rest is kept, and the manifest matches the folder.
func TestRerun(t *testing.T) {
	out := t.TempDir()
	config := writeConfig(t, smallConfig)
	for _, run := range [][]string{{"--only", "squares,nim"}, {"--only", "flip"}, {"--only", "nim", "--plots", "none", "--formats", "csv"}} {
		args := append([]string{"run", "--config", config, "--out", out, "-q"}, run...)
		if code, _, stderr := runTabulate(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", run, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "nim/positions.parquet")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("nim/positions.parquet, no longer asked for by the last run, is still there")
	}
	// A figure is never removed by a run that did not replace it: --plots
	// none keeps the earlier nim figure, listed with the bounds it was
	// drawn with.
	if _, err := os.Stat(filepath.Join(out, "nim/nim_sum.png")); err != nil {
		t.Errorf("nim/nim_sum.png, which the last run did not replace, was removed: %v", err)
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for g := range m.Games {
		games = append(games, g)
	}
	if len(games) != 3 {
		t.Errorf("manifest games %v, want squares, flip and nim", games)
	}
	var listed []string
	for _, f := range m.Files {
		listed = append(listed, f.Path)
	}
	if len(listed) != len(checksums(t, out)) {
		t.Errorf("manifest lists %d files, folder holds %d", len(listed), len(checksums(t, out)))
	}
	assertClean(t, out)
}

// TestInterrupt starts a run long enough to last many seconds, sends a
// signal once the first table is written and the sieve is writing its own,
// and checks the exit status and that only whole files remain.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it for several seconds")
	}
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	bin := tabulateBinary(t) // the one build of the package's process tests
	// Squares to 10^11 takes far longer than the test waits; flip and nim
	// finish first, so complete files exist when the signal comes.
	config := writeConfig(t, "games: [squares, nim]\nplots: []\nsquares: {grundy_max: 1000, win_max: 100000000000}\n")
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd := exec.Command(bin, "run", "--config", config, "--out", out, "--workers", "2")
			stderr, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The reader keeps every line and ends at EOF, when the process
			// has exited; Wait comes after it, as os/exec requires (Wait
			// closes the pipe, and lines still unread would be lost).
			var log []string
			readDone := make(chan struct{})
			go func() {
				defer close(readDone)
				s := bufio.NewScanner(stderr)
				for s.Scan() {
					log = append(log, s.Text())
				}
			}()
			// Wait until the nim table is complete and the sieve is writing
			// its table (its temporary file exists): events, waited for
			// however long a loaded machine takes, unless the run ends first.
			sieving := func() bool {
				m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
				temps, _ := filepath.Glob(filepath.Join(out, "squares", output.TempPrefix+"p_positions*"))
				return err == nil && len(m.Files) >= 2 && len(temps) > 0
			}
			for !sieving() {
				select {
				case <-readDone:
					cmd.Wait()
					t.Fatalf("the run ended before the sieve was writing; stderr:\n%s", strings.Join(log, "\n"))
				case <-time.After(20 * time.Millisecond):
				}
			}
			before := checksums(t, out)
			sent := time.Now()
			cmd.Process.Signal(tc.sig)
			<-readDone
			err := cmd.Wait()
			stopped := time.Since(sent)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != tc.code {
				t.Errorf("exit: %v, want status %d", err, tc.code)
			}
			// How fast a stop comes is TestStopWithinASecond's; here the
			// exit status says the run stopped rather than finished the
			// sieve (hours).
			t.Logf("stopped %v after %v", stopped, tc.sig)
			if !strings.Contains(strings.Join(log, "\n"), "interrupted") {
				t.Errorf("stderr does not say it was interrupted:\n%s", strings.Join(log, "\n"))
			}
			assertClean(t, out)
			after := checksums(t, out)
			for path, sum := range before {
				if after[path] != sum {
					t.Errorf("%s changed or vanished after the interrupt", path)
				}
			}
			if _, ok := after[filepath.Join("squares", "p_positions.parquet")]; ok {
				t.Errorf("the interrupted table exists under its final name")
			}
			m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
			if err != nil || m.Status != output.StatusInterrupted {
				t.Errorf("manifest status %v (%v), want interrupted", m, err)
			}
		})
	}
}

// TestLeftoverTempsRemoved checks that a run clears the temporary files a
// killed run left behind.
func TestLeftoverTempsRemoved(t *testing.T) {
	out := t.TempDir()
	os.MkdirAll(filepath.Join(out, "nim"), 0o755)
	leftover := filepath.Join(out, "nim", output.TempPrefix+"positions.parquet-123")
	os.WriteFile(leftover, []byte("half a table"), 0o644)
	if code, _, stderr := runTabulate(t, "run", "--only", "caniwin", "--config", writeConfig(t, smallConfig), "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(leftover); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("leftover temporary file still there")
	}
}
