package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// TestRunCensusOneRoute runs a configuration with a game and a census
// through tabulate run, which plans both in one plan (Plan.AddCensus),
// and checks what one route promises: one manifest, complete, listing the
// game's tables and the census's with the bounds of each; the census's
// tables and paper tables byte for byte those tabulate census writes alone
// for the same configuration (its timings tables aside: times); and the
// report written once, at the end.
func TestRunCensusOneRoute(t *testing.T) {
	cfg := writeConfig(t, "games: [nim]\nnim: {max_piles: 2, max_pile: 3}\nformats: [csv]\nplots: []\n"+
		"census:\n  octal: {digits: 1, max: 2000}\n  subtraction: {max_element: 3, max: 500}\n")
	run := filepath.Join(t.TempDir(), "run")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", run, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	alone := filepath.Join(t.TempDir(), "census")
	if code, _, stderr := runTabulate(t, "census", "--config", cfg, "--out", alone, "-q", "--no-report"); code != 0 {
		t.Fatalf("census: exit %d: %s", code, stderr)
	}
	m, err := output.ReadManifest(filepath.Join(run, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != output.StatusComplete {
		t.Errorf("status %q, want complete", m.Status)
	}
	for _, game := range []string{"nim", "census"} {
		if e := m.Games[game]; e == nil || e.Bounds == nil {
			t.Errorf("the manifest has no bounds of %s", game)
		}
	}
	listed := map[string]bool{}
	for _, f := range m.Files {
		listed[f.Path] = true
	}
	if !listed["nim/positions.csv"] {
		t.Errorf("the manifest lists no table of nim: %v", listed)
	}
	for _, name := range []string{"octal.csv", "octal.md", "octal.tex", "octal-twocolumn.tex", "subtraction.csv", "subtraction.md"} {
		if !listed["census/"+name] {
			t.Errorf("the manifest does not list census/%s", name)
		}
		a, errA := os.ReadFile(filepath.Join(run, "census", name))
		b, errB := os.ReadFile(filepath.Join(alone, "census", name))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("census/%s: tabulate run's differs from tabulate census's (%v, %v)", name, errA, errB)
		}
	}
	page, err := os.ReadFile(filepath.Join(run, "index.html"))
	if err != nil || !strings.Contains(string(page), "census") {
		t.Errorf("no report naming the census after the run: %v", err)
	}
}
