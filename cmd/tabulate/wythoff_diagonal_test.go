package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWythoffDiagonalMemoryRefused: a diagonal whose triangle's bit sets
// (wythoff.DiagonalMemory: about 1.75 GB at 2^16) do not fit max_memory is
// refused before anything is computed, exit status 2, one line naming the
// bound and the memory, nothing written.
func TestWythoffDiagonalMemoryRefused(t *testing.T) {
	cfg := writeConfig(t, "games: [wythoff-rows]\nplots: []\nmax_memory: 1GiB\nwythoff-rows: {rows: 8, bound: 1000, values_rows: 8, values_bound: 100, diagonal: 65536}\n")
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q")
	for _, w := range []string{"wythoff-rows/rows", "for diagonal 65536", "GiB", "over the limit of 1.0 GiB (max_memory)"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("message lacks %q: %s", w, stderr)
		}
	}
	if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused run created %s", out)
	}
}
