package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveFromProvenPeriod answers heaps past the tables of a run from
// the period its manifest records as proven, and checks each answer equals
// the one computed afresh (which proves the period on its own values), but
// for the source: tabulate solve --from computes nothing, and both say
// which theorem answered. The answers themselves are checked against a
// plain mex over the literal rules in games/heapgame/periodic_test.go.
func TestSolveFromProvenPeriod(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	// games: the two it solves; without the list the run made the default
	// job's tables too (flip's boards most of its CPU), which nothing here reads.
	cfg := writeConfig(t, "formats: [parquet]\nplots: []\ngames: [kayles, s134]\noctal:\n  kayles: {code: \"0.77\", max: 200}\nsubtraction:\n  s134: {set: [1, 3, 4], max: 200}\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", cfg, "--out", out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		game    string
		heaps   []string
		theorem string
	}{
		{"kayles", []string{"201"}, "period 12 from n = 71, proven by the Guy–Smith periodicity theorem"},
		{"kayles", []string{"5000"}, "Guy–Smith"},
		{"kayles", []string{"10^18"}, "Guy–Smith"},
		{"kayles", []string{"999999999999999999", "3", "8"}, "Guy–Smith"},
		{"s134", []string{"123456789012"}, "period 7 from n = 0, proven by the window argument"},
		{"s134", []string{"1000000000000000000", "5"}, "window argument"},
	} {
		args := append([]string{"solve", "-q", "--json", "--max-moves", "20", "--config", cfg, c.game}, c.heaps...)
		code, computed, stderr := runTabulate(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		args = append([]string{"solve", "-q", "--json", "--max-moves", "20", "--from", out, c.game}, c.heaps...)
		code, read, stderr := runTabulate(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var a map[string]any
		if err := json.Unmarshal([]byte(read), &a); err != nil {
			t.Fatal(err)
		}
		if by, _ := a["by"].(string); !strings.Contains(by, c.theorem) {
			t.Errorf("%s %v from the tables: by %q, want %q", c.game, c.heaps, by, c.theorem)
		}
		if jsonWithoutSource(t, computed) != jsonWithoutSource(t, read) {
			t.Errorf("%s %v: computed %s\nfrom the tables %s", c.game, c.heaps, computed, read)
		}
	}
	// A heap within the values the proof reads (Kayles: 168, 2*71 + 2*12
	// + 2) needs no theorem: none is named.
	code, read, _ := runTabulate(t, "solve", "-q", "--json", "--from", out, "kayles", "167")
	if code != 0 || strings.Contains(read, `"by"`) {
		t.Errorf("kayles 167 from the tables: exit %d, %s", code, read)
	}
}
