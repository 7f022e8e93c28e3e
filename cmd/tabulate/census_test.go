package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCensusCommand runs tabulate census end to end, and checks that
// mistakes exit 2 with a message naming them and write nothing.
func TestCensusCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 4, max: 500}\n")
	code, _, stderr := runTabulate(t, "census", "--config", cfg, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "census", "subtraction.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// 15 non-empty subsets of {1..4}; the set {1} is listed first, period 2.
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 16 || !strings.HasPrefix(lines[1], "[1],2,0,,true,") { // periodic from n = 0: no last exception
		t.Errorf("census/subtraction.csv:\n%s", data)
	}
	if !strings.Contains(stderr, "15 games computed") {
		t.Errorf("summary: %s", stderr)
	}
	code, _, stderr = runTabulate(t, "census", "--config", cfg, "--out", out, "-q")
	if code != 0 || stderr != "" {
		t.Errorf("rerun: exit %d, stderr %q", code, stderr)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no config", []string{"census"}, "--config is required"},
		{"no census section", []string{"census", "--config", writeConfig(t, "out: x\n")}, "census: is missing"},
		{"bad bound", []string{"census", "--config", cfg, "--max-seconds-per-game", "-3"}, "--max-seconds-per-game: -3 is out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "bad")
			code, _, stderr := runTabulate(t, append(tc.args, "--out", bad)...)
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
			if _, err := os.Stat(bad); err == nil {
				t.Error("a refused census created its output folder")
			}
		})
	}
}
