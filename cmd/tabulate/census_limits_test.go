package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCensusLimits checks the censuses of issue 27 at the command line:
// 2^24 subtraction sets (no estimate before, past 4 GB), and 2^16 sets to
// 2,000 values under 300 MiB (--max-memory did not exist on census, and
// max_memory was ignored: 948 MiB). Each is refused at once with status 2,
// a message naming the estimate, the limit where it came from and what
// to lower, and nothing written; tabulate run refuses the census of its
// configuration before computing its tables.
func TestCensusLimits(t *testing.T) {
	huge := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 24, max: 10000000}\n")
	large := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 16, max: 2000}\n")
	largeInFile := writeConfig(t, "plots: []\nmax_memory: 300MiB\ncensus:\n  subtraction: {max_element: 16, max: 2000}\n")
	withGames := writeConfig(t, "games: [nim]\nplots: []\nmax_memory: 300MiB\ncensus:\n  subtraction: {max_element: 16, max: 2000}\n")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"2^24 sets", []string{"census", "--config", huge}, []string{"of memory", "subtraction: 16777215 games", "auto: 60% of"}},
		{"--max-memory 300MiB", []string{"census", "--config", large, "--max-memory", "300MiB"}, []string{"300.0 MiB limit (--max-memory)", "subtraction: 65535 games"}},
		{"max_memory: 300MiB", []string{"census", "--config", largeInFile}, []string{"300.0 MiB limit (max_memory)"}},
		{"run with a census", []string{"run", "--config", withGames}, []string{"300.0 MiB limit (max_memory)"}},
		{"a shard", []string{"run", "--shard", "0/2", "--config", large, "--max-memory", "300MiB"}, []string{"300.0 MiB limit (--max-memory)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, stderr := runTabulate(t, append(tc.args, "--out", out, "-q")...)
			want := append(tc.want, "the census needs an estimated", "lower census.subtraction.max_element, max_size or max", "raise --max-memory / max_memory", "nothing was written")
			for _, w := range want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message lacks %q: %s", w, stderr)
				}
			}
			if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line", code, stdout, stderr)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused census created %s", out)
			}
		})
	}
}
