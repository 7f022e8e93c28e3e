package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// takebreak03F is g(0..n) of the take-and-break code 0.3F by its literal
// rules, a plain search apart from the engine: digit 3 at k = 1 removes one
// token leaving no heap or one; digit F at k = 2 removes two leaving no
// heap, one, two or three (any sizes >= 1 adding up to what is left).
func takebreak03F(n int) []int {
	g := make([]int, n+1)
	for m := 1; m <= n; m++ {
		seen := map[int]bool{}
		if m == 1 {
			seen[0] = true
		}
		if m > 1 {
			seen[g[m-1]] = true
		}
		if r := m - 2; r == 0 {
			seen[0] = true
		} else if r > 0 {
			seen[g[r]] = true
			for a := 1; 2*a <= r; a++ {
				seen[g[a]^g[r-a]] = true
				for b := a; a+2*b <= r; b++ {
					seen[g[a]^g[b]^g[r-a-b]] = true
				}
			}
		}
		g[m] = mexOf(seen)
	}
	return g
}

// TestSolveRefusesUnprovenAtOnce: tabulate solve takebreak:0.3F 10^15
// (a growing code whose candidate arithmetic period its theorem does not
// prove) is refused with exit status 2, naming the candidate and how far it
// was checked, instead of computing 2^20 values (hours; before, it never
// answered). The candidate, period 6 with saltus 3 from n = 0, is checked
// here on the literal rules.
func TestSolveRefusesUnprovenAtOnce(t *testing.T) {
	g := takebreak03F(150)
	for n := 0; n+6 < len(g); n++ {
		if g[n+6] != g[n]+3 {
			t.Fatalf("0.3F by its rules: g(%d) = %d, g(%d) = %d: not period 6 with saltus 3", n, g[n], n+6, g[n+6])
		}
	}
	code, _, stderr := runTabulate(t, "solve", "-q", "takebreak:0.3F", "10^15")
	for _, want := range []string{"no proven period", "period 6 with saltus 3 from n = 0", "checked on 4096 values"} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("solve takebreak:0.3F 10^15: exit %d, %s; want 2 and %q", code, stderr, want)
		}
	}
}

// TestRunRefusesGrowingTakebreak: the memory plan charges 0.3F's kept
// sets at the width its growing values reach (docs/takebreak.md: at least
// n^2/32 bytes, 34 GB at 2^20), so the run is refused before anything is
// written, with exit status 2.
func TestRunRefusesGrowingTakebreak(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runTabulate(t, "run", "-q", "--game", "takebreak:0.3F", "--max", "1048575", "--max-memory", "16GiB", "--out", out)
	if code != 2 || !strings.Contains(stderr, "takebreak-0_3f/grundy") || !strings.Contains(stderr, "--max-memory") {
		t.Errorf("run --game takebreak:0.3F --max 1048575: exit %d, %s; want 2, naming the table and --max-memory", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("run refused, but %s exists (%v)", out, err)
	}
}

// TestSolveMaxSeconds: a search that can run for minutes (the misère
// search of 0.54's sums, heaps 500 and 400: over 60 s before issue 36) is
// refused with exit status 2 at --max-seconds, naming the flag; a negative
// bound is refused as bad input.
func TestSolveMaxSeconds(t *testing.T) {
	code, stdout, stderr := runTabulate(t, "solve", "-q", "--misere", "--max-seconds", "0.01", "octal:0.54", "500", "400")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "not answered within 0.01 s (--max-seconds)") {
		t.Errorf("--max-seconds 0.01: exit %d, %q, %s; want 2, nothing on standard output, naming the bound", code, stdout, stderr)
	}
	if code, _, stderr := runTabulate(t, "solve", "-q", "--max-seconds", "-1", "nim", "1"); code != 2 || !strings.Contains(stderr, "negative") {
		t.Errorf("--max-seconds -1: exit %d, %s; want 2", code, stderr)
	}
}
