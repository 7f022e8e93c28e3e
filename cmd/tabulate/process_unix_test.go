//go:build unix

package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/output"
)

// TestBoundedReads checks that a configuration or an earlier manifest that
// is not a regular file of bounded size is refused at once with status 2,
// instead of hanging on a FIFO or reading /dev/zero until memory runs out.
func TestBoundedReads(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("FIFOs and /dev/zero are unix")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	huge := filepath.Join(dir, "huge.yaml")
	if f, err := os.Create(huge); err == nil {
		f.Truncate(64 << 20) // sparse: no disk used
		f.Close()
	}
	manifestFIFO := filepath.Join(dir, "out-fifo")
	os.MkdirAll(manifestFIFO, 0o755)
	syscall.Mkfifo(filepath.Join(manifestFIFO, output.ManifestName), 0o644)
	manifestZero := filepath.Join(dir, "out-zero")
	os.MkdirAll(manifestZero, 0o755)
	os.Symlink("/dev/zero", filepath.Join(manifestZero, output.ManifestName))
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"config /dev/zero", []string{"--config", "/dev/zero", "--out", filepath.Join(dir, "o1")}, []string{"/dev/zero", "not a regular file", "character device"}},
		{"config FIFO", []string{"--config", fifo, "--out", filepath.Join(dir, "o2")}, []string{fifo, "not a regular file", "FIFO"}},
		{"config too large", []string{"--config", huge, "--out", filepath.Join(dir, "o3")}, []string{huge, "too large"}},
		{"config folder", []string{"--config", dir, "--out", filepath.Join(dir, "o4")}, []string{"not a regular file", "folder"}},
		{"manifest FIFO", []string{"--only", "nim", "--out", manifestFIFO}, []string{"manifest", "not a regular file", "FIFO"}},
		{"manifest link to /dev/zero", []string{"--only", "nim", "--out", manifestZero}, []string{"manifest", "symbolic link", "never follows"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The message says the file was refused by its kind or size,
			// before reading from it; the time limit only ends a run that
			// blocks on the FIFO or reads /dev/zero forever.
			code, stderr, took := runTimed(t, time.Minute, append([]string{"run", "-q"}, tc.args...)...)
			if code != 2 {
				t.Errorf("exit status %d, want 2: %s", code, stderr)
			}
			t.Logf("refused in %v", took)
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message lacks %q: %s", w, stderr)
				}
			}
		})
	}
	for _, out := range []string{manifestFIFO, manifestZero} {
		entries, _ := os.ReadDir(out)
		if len(entries) != 1 {
			t.Errorf("%s: %d entries after a refused run, want only the manifest", out, len(entries))
		}
	}
}

// lockedBuffer is a bytes.Buffer safe to read while the child writes to it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// longRun is a run started by startLong: the command and what it has
// written to standard error so far.
type longRun struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
	exited chan struct{} // closed when Wait returns
	err    error         // Wait's result, once exited is closed
}

// wait waits up to 30 s for the signalled run to end, and kills it (failing
// the test) if it does not.
func (r *longRun) wait(t *testing.T) error {
	t.Helper()
	select {
	case <-r.exited:
		return r.err
	case <-time.After(30 * time.Second):
		r.cmd.Process.Kill()
		t.Fatalf("still running 30 s after the signal; standard error:\n%s", r.stderr)
		return nil
	}
}

// startLong starts a run that lasts far longer than the tests wait (the
// take-a-square sieve to 10^11 streams its table into temporary files) and
// returns once the nim table is listed and the sieve is writing. A run that
// ends before that, or does not get there in two minutes, fails the test
// with its exit status and standard error: a bare timeout told nothing when
// it happened once in CI.
func startLong(t *testing.T, out string) *longRun {
	t.Helper()
	config := writeConfig(t, "games: [squares, nim]\nplots: []\nsquares: {grundy_max: 1000, win_max: 100000000000}\n")
	r := &longRun{
		cmd:    exec.Command(tabulateBinary(t), "run", "--config", config, "--out", out, "--workers", "2"),
		stderr: &lockedBuffer{},
		exited: make(chan struct{}),
	}
	r.cmd.Stderr = r.stderr
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { r.err = r.cmd.Wait(); close(r.exited) }()
	t.Cleanup(func() { r.cmd.Process.Kill(); <-r.exited })
	sieveWriting := func() bool {
		if m, _ := readManifestJSON(out); m == nil || len(m.Files) < 2 {
			return false
		}
		found := false
		filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			found = found || err == nil && strings.HasPrefix(d.Name(), output.TempPrefix)
			return nil
		})
		return found
	}
	for deadline := time.Now().Add(2 * time.Minute); !sieveWriting(); time.Sleep(20 * time.Millisecond) {
		select {
		case <-r.exited:
			t.Fatalf("the run ended (%v) before its sieve was writing; standard error:\n%s", r.err, r.stderr)
		default:
		}
		if time.Now().After(deadline) {
			entries := []string{}
			filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
				entries = append(entries, path)
				return nil
			})
			t.Fatalf("the run's sieve was not writing after 2 minutes; files: %v; standard error:\n%s", entries, r.stderr)
		}
	}
	return r
}

// checkStopped checks a run stopped by signals: exit status, no temporary
// file, the manifest says interrupted and is true.
func checkStopped(t *testing.T, err error, out string, want int) {
	t.Helper()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != want {
		t.Errorf("exit: %v, want status %d", err, want)
	}
	checkNoTemps(t, out, "after the signal")
	m := checkManifestTrue(t, out, "after the signal")
	if m == nil {
		t.Errorf("no manifest, want one with status interrupted")
	} else if m.Status != output.StatusInterrupted {
		t.Errorf("manifest status %s, want interrupted", m.Status)
	}
}

// TestSignals checks every way a run is stopped from outside: the terminal
// closed (SIGHUP), standard error a pipe whose reader is gone (SIGPIPE),
// and a second Ctrl-C or SIGTERM while the first is being handled. Each
// exits with 128+signal, leaves no temporary file and a manifest saying
// interrupted.
func TestSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix signals")
	}
	for _, tc := range []struct {
		name string
		sigs []syscall.Signal
		code int
	}{
		{"SIGHUP", []syscall.Signal{syscall.SIGHUP}, 129},
		{"SIGPIPE", []syscall.Signal{syscall.SIGPIPE}, 141},
		{"second SIGINT", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, 130},
		{"second SIGTERM", []syscall.Signal{syscall.SIGTERM, syscall.SIGTERM}, 143},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			run := startLong(t, out)
			for _, sig := range tc.sigs {
				run.cmd.Process.Signal(sig)
				time.Sleep(time.Millisecond)
			}
			checkStopped(t, run.wait(t), out, tc.code)
		})
	}
	t.Run("stderr to a closed pipe", func(t *testing.T) {
		// As in `tabulate run 2>&1 | head -1`: the reader goes away after
		// the first line; the next progress line meets a broken pipe.
		out := filepath.Join(t.TempDir(), "out")
		config := writeConfig(t, "games: [squares, nim]\nplots: []\nsquares: {grundy_max: 1000, win_max: 100000000000}\n")
		cmd := exec.Command(tabulateBinary(t), "run", "--config", config, "--out", out, "--workers", "2")
		pipe, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() })
		bufio.NewReader(pipe).ReadString('\n')
		pipe.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			checkStopped(t, err, out, 141)
		case <-time.After(30 * time.Second):
			t.Fatal("still running 30 s after its standard error was closed")
		}
	})
}

// TestStopWithinASecond starts each engine at bounds where it runs for
// many seconds (flip runs to 10^6, the largest allowed, took 14-33 s to stop
// before) and checks that Ctrl-C stops it promptly. The promise is a
// second on an idle machine; the test allows stopBound, because CI shares
// its two cores with other work and no test may depend on wall-clock speed:
// an engine that never checks its context (the 14-33 s of before, or for
// ever) still fails it, and each stop's time is logged.
func TestStopWithinASecond(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix signals")
	}
	bin := tabulateBinary(t)
	for _, tc := range []struct {
		name, yaml string
		after      time.Duration // when SIGINT is sent after the folder is opened; 0: 1.5 s
	}{
		{"flip runs", "games: [flip]\nflip: {run_max: 1000000, position_max: 2, count_max: 2, board_max: 2}\n", 0},
		{"squares grundy", "games: [squares]\nsquares: {grundy_max: 50000000, win_max: 1}\n", 0},
		{"squares sieve", "games: [squares]\nsquares: {grundy_max: 1, win_max: 1000000000000}\n", 0},
		// The largest Can I Win table takes only about a second on a quiet
		// machine: its signal comes sooner.
		{"caniwin", "games: [caniwin]\ncaniwin: {max_choosable: 25, max_total: 325}\n", 100 * time.Millisecond},
		{"nim", "games: [nim]\nnim: {max_piles: 16, max_pile: 15}\n", 0},
		// Games whose period cannot cut the run short (a finite set or
		// Kayles is proven periodic early and the rest is filled in a
		// moment): the squares (an infinite set: 10^7 heaps take tens of seconds,
		// where the cubes took about one), the primes, and 0.6, still unsolved.
		{"subtraction", "games: [s]\nsubtraction: {s: {set: squares, max: 10000000}}\n", 0},
		{"subtraction primes", "games: [p]\nsubtraction: {p: {set: primes, max: 1000000}}\n", 0},
		{"octal", "games: [k]\noctal: {k: {code: \"0.6\", max: 100000000}}\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := writeConfig(t, "plots: [png]\n"+tc.yaml)
			// On a machine shared by many processes (load 15 on 2 cores
			// was seen) a stop can miss the second by scheduling alone:
			// one more try before calling it slow.
			took := stopTime(t, bin, config, cmp.Or(tc.after, 1500*time.Millisecond))
			t.Logf("stopped %v after SIGINT", took)
			if took > stopBound {
				t.Errorf("stopped %v after SIGINT, want within %v (a second on an idle machine)", took, stopBound)
			}
		})
	}
}

// stopBound is how long TestStopWithinASecond lets a stop take: generous
// for a loaded machine, far below an engine that does not stop.
const stopBound = 10 * time.Second

// stopTime starts a run of config, sends SIGINT after the given time, checks
// that it stopped cleanly and returns how long it took to stop.
func stopTime(t *testing.T, bin, config string, after time.Duration) time.Duration {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "run", "--config", config, "--out", out, "-q")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// The signal goes only once the run has opened its folder (its
	// manifest exists): its handler is installed by then, however slowly a
	// loaded machine started the process, so a SIGINT never meets Go's
	// default action (killed by the signal, not exit 130).
	for ready := false; !ready; {
		select {
		case err := <-done:
			t.Fatalf("finished before its folder was seen (%v): the bounds no longer test a long run", err)
		case <-time.After(10 * time.Millisecond):
			_, err := os.Stat(filepath.Join(out, "manifest.json"))
			ready = err == nil
		}
	}
	select {
	case err := <-done:
		t.Fatalf("finished within %v of opening its folder (%v): the bounds no longer test a long run", after, err)
	case <-time.After(after):
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-done:
		took := time.Since(sent)
		checkStopped(t, err, out, 130)
		return took
	case <-time.After(60 * time.Second):
		t.Fatal("still running 60 s after SIGINT")
	}
	return 0
}
