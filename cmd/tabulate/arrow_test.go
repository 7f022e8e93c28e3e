package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestArrowKeptListed is the manifest's trap for a new format: a run
// writing .arrow tables, then a run of another game into the same folder,
// must leave the first game's .arrow files listed (the manifest keeps the
// files of games not rerun by their extension, from the format registry),
// and nothing on disk unlisted. tabulate solve --from, which reads
// Parquet alone, says so of a folder of .arrow tables.
func TestArrowKeptListed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	first := writeConfig(t, "games: [kayles]\nformats: [arrow]\nplots: []\noctal:\n  kayles: {code: \"0.77\", max: 200}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", first, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	m, err := readManifestJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"kayles/grundy.arrow", "kayles/p_positions.arrow"}
	for _, rel := range want {
		if _, ok := listedSums(m)[rel]; !ok {
			t.Fatalf("the first run does not list %s", rel)
		}
	}
	checkAllListed(t, out, m, "first run")

	second := writeConfig(t, "games: [nim]\nformats: [csv]\nplots: []\nnim: {max_piles: 2, max_pile: 3}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", second, "--out", out, "-q"); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	if m, err = readManifestJSON(out); err != nil {
		t.Fatal(err)
	}
	for _, rel := range want {
		if _, ok := listedSums(m)[rel]; !ok {
			t.Errorf("after a run of another game, %s is on disk but no longer listed", rel)
		}
	}
	checkAllListed(t, out, m, "second run")

	// The lookup reads Parquet: asked of a folder of .arrow tables, it
	// says so.
	if code, _, stderr := runTabulate(t, "solve", "--from", out, "kayles", "5"); code != 2 || !strings.Contains(stderr, "kayles/grundy.arrow") || !strings.Contains(stderr, "Parquet") {
		t.Errorf("solve --from a folder of .arrow tables: exit %d, %q; want status 2 naming kayles/grundy.arrow and Parquet", code, stderr)
	}
}

// TestArrowPlotSays: tabulate plot draws the figures again from Parquet
// tables; of a folder of .arrow tables it says which files it holds and
// what to run.
func TestArrowPlotSays(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, "games: [kayles]\nformats: [arrow]\nplots: [svg]\noctal:\n  kayles: {code: \"0.77\", max: 200}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runTabulate(t, "plot", out, "-q"); code == 0 || !strings.Contains(stderr, "kayles/grundy.arrow") || !strings.Contains(stderr, "formats: [parquet]") {
		t.Errorf("plot of a folder of .arrow tables: exit %d, %q; want a failure naming kayles/grundy.arrow and formats: [parquet]", code, stderr)
	}
}
