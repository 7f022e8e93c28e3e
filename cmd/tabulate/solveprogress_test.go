package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// solveOut runs tabulate solve with args in process, standard error a
// buffer (progress in Lines mode).
func solveOut(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), append([]string{"solve"}, args...), &out, &errb); err != nil {
		t.Fatalf("tabulate solve %s: %v (stderr %q)", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), errb.String()
}

// A long solve shows progress lines on standard error while standard output
// holds only the answer; a quick one, and -q, write nothing to standard error.
func TestSolveProgress(t *testing.T) {
	after, every := solveProgressAfter, solveProgressEvery
	defer func() { solveProgressAfter, solveProgressEvery = after, every }()
	solveProgressAfter, solveProgressEvery = 100*time.Millisecond, 100*time.Millisecond

	quiet, _ := solveOut(t, "-q", "squares", "2000000")
	for _, args := range [][]string{{"squares", "2000000"}, {"--json", "squares", "2000000"}} {
		start := time.Now()
		stdout, stderr := solveOut(t, args...)
		if args[0] != "--json" && stdout != quiet {
			t.Errorf("solve %v: standard output %q, want the answer alone %q", args, stdout, quiet)
		}
		if args[0] == "--json" && (strings.Count(stdout, "\n") != 1 || !strings.HasPrefix(stdout, `{"game":"squares","position":2000000,`)) {
			t.Errorf("solve %v: standard output %q, want one JSON answer", args, stdout)
		}
		if time.Since(start) < 300*time.Millisecond {
			t.Logf("solve %v took %v, too quick for progress", args, time.Since(start))
			continue
		}
		if !strings.Contains(stderr, "solve squares") || !strings.Contains(stderr, "% (") {
			t.Errorf("solve %v: standard error %q, want progress lines", args, stderr)
		}
	}
	if !strings.HasPrefix(quiet, "squares, position 2000000\n") {
		t.Errorf("solve -q squares 2000000: standard output %q", quiet)
	}

	solveProgressAfter = after
	for _, args := range [][]string{{"squares", "1000"}, {"caniwin", "10", "40"}, {"grundy-game", "100"}} {
		if _, stderr := solveOut(t, args...); stderr != "" {
			t.Errorf("solve %v: standard error %q, want nothing for a quick answer", args, stderr)
		}
	}
	solveProgressAfter = 0
	if _, stderr := solveOut(t, "-q", "squares", "2000000"); stderr != "" {
		t.Errorf("solve -q: standard error %q, want nothing", stderr)
	}
}
