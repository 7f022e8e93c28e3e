//go:build unix

package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// censusStopBound is how long a census may take to stop after SIGINT
// before TestCensusStops fails: generous for a loaded machine (the promise
// is a second on an idle one, and each stop's time is logged), far below a
// census that does not stop (58 s before, for ever inside an engine that
// never looks at its context).
const censusStopBound = 60 * time.Second

// TestCensusStops starts a census whose hexadecimal codes to 65,536
// values take minutes (0.8 to 0.F leave three heaps: their engine runs
// are long), waits until its journal holds a finished game, and sends
// SIGINT while its engines are inside their runs: the census exits with
// 130, the folder says interrupted with no temporary file, and a second
// census of the same configuration resumes from the journal (it reports
// the games found there before it computes) and stops in turn. Nothing
// here waits for a time: the test acts on what the census reports.
func TestCensusStops(t *testing.T) {
	bin := tabulateBinary(t)
	out := filepath.Join(t.TempDir(), "out")
	config := writeConfig(t, "plots: []\ncensus:\n  takebreak: {digits: 1, max: 65536}\n")
	journal := func() []string {
		files, _ := filepath.Glob(filepath.Join(out, ".census", "takebreak-*", "0.*.json"))
		return files
	}

	// The first run: stopped once a game is in the journal.
	cmd, lines := startCensus(t, bin, config, out)
	waitLine(t, lines, "15 to compute")
	waitFor(t, func() bool { return len(journal()) > 0 })
	err, took := interrupt(t, cmd)
	t.Logf("first census stopped %v after SIGINT", took)
	checkStopped(t, err, out, 130)
	done := len(journal())
	if done == 0 || done == 15 {
		t.Fatalf("%d of 15 games in the journal after the stop; want some, not all", done)
	}

	// The second run finds them all and computes only the others.
	cmd, lines = startCensus(t, bin, config, out)
	waitLine(t, lines, fmt.Sprintf("15 games, %d in the journal", done))
	err, took = interrupt(t, cmd)
	t.Logf("resumed census stopped %v after SIGINT", took)
	checkStopped(t, err, out, 130)
	if again := len(journal()); again < done {
		t.Errorf("%d games in the journal after the second stop, fewer than the %d before", again, done)
	}
}

// startCensus starts tabulate census and returns it with its standard
// error, line by line.
func startCensus(t *testing.T, bin, config, out string) (*exec.Cmd, <-chan string) {
	t.Helper()
	cmd := exec.Command(bin, "census", "--config", config, "--out", out, "--workers", "2", "--no-report")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default: // nobody is reading: drop
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	return cmd, lines
}

// waitLine waits for a line of lines holding want, and fails if the
// command ends first.
func waitLine(t *testing.T, lines <-chan string, want string) {
	t.Helper()
	var seen []string
	for line := range lines {
		if strings.Contains(line, want) {
			return
		}
		seen = append(seen, line)
	}
	t.Fatalf("the census ended without saying %q:\n%s", want, strings.Join(seen, "\n"))
}

// interrupt sends SIGINT to cmd and waits for it to end, up to
// censusStopBound, returning its exit and how long the stop took.
func interrupt(t *testing.T, cmd *exec.Cmd) (error, time.Duration) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		return err, time.Since(sent)
	case <-time.After(censusStopBound):
		cmd.Process.Kill()
		t.Fatalf("the census was still running %v after SIGINT", censusStopBound)
	}
	return nil, 0
}
