package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

const kaylesReportConfig = "formats: [parquet, csv]\nplots: [png]\ngames: [kayles]\noctal:\n  kayles: {code: \"0.77\", max: 300}\n"

// tabulate run writes OUT/index.html at the end of a complete run: the
// report of the folder as it is once the run is done (the same bytes
// tabulate report renders), linking every file the manifest lists; with
// --no-report it writes none.
//
// With -short (CI's race step) the three runs draw no figure: the PNG,
// drawn on one goroutine, was most of this test's time under the race
// detector (124 s of the step at load 20), the report's linking of every
// listed file and its period statement do not depend on it, and the plain
// go test draws it.
func TestRunWritesReport(t *testing.T) {
	config := kaylesReportConfig
	if testing.Short() {
		config = strings.Replace(config, "plots: [png]", "plots: []", 1)
	}
	cfg := writeConfig(t, config)
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	index := filepath.Join(out, report.FileName)
	if !strings.Contains(stderr, "wrote "+index) {
		t.Errorf("the run does not say it wrote %s: %s", index, stderr)
	}
	page, err := os.ReadFile(index)
	if err != nil {
		t.Fatalf("no report after a complete run: %v", err)
	}
	// Kayles: period 12 from n = 71 (Guy and Smith, 1956), proven from
	// 2·71 + 2·12 + 2 = 168 values.
	if !bytes.Contains(page, []byte("period 12 from n = 71, proven by the Guy–Smith periodicity theorem from 168 values")) {
		t.Error("the report has no period statement for kayles")
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil || m.Status != output.StatusComplete {
		t.Fatalf("manifest: %v, status %q", err, m.Status)
	}
	if len(m.Files) == 0 {
		t.Fatal("the manifest lists no file")
	}
	for _, f := range m.Files {
		if !bytes.Contains(page, []byte(`href="./`+f.Path+`"`)) {
			t.Errorf("the report does not link %s", f.Path)
		}
		if f.Path == report.FileName {
			t.Errorf("the manifest lists the report itself")
		}
	}
	// The page is the report of the finished folder: rendering it again
	// gives the same bytes.
	again, err := report.Render(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(page, again) {
		t.Error("index.html differs from the report of the finished folder")
	}

	// -q writes it too, silently.
	quiet := filepath.Join(t.TempDir(), "quiet")
	if code, stdout, stderr := runTabulate(t, "run", "--config", cfg, "--out", quiet, "-q"); code != 0 || stdout+stderr != "" {
		t.Fatalf("run -q: exit %d: %q %q", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(quiet, report.FileName)); err != nil {
		t.Errorf("run -q wrote no report: %v", err)
	}

	none := filepath.Join(t.TempDir(), "none")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", none, "--no-report"); code != 0 || strings.Contains(stderr, report.FileName) {
		t.Fatalf("run --no-report: exit %d: %s", code, stderr)
	}
	if _, err := os.Lstat(filepath.Join(none, report.FileName)); err == nil {
		t.Error("run --no-report wrote a report")
	}
	if _, err := os.Stat(filepath.Join(none, "kayles", "grundy.parquet")); err != nil {
		t.Errorf("run --no-report wrote no tables: %v", err)
	}
}

// A failed or interrupted run writes no report.
func TestStoppedRunWritesNoReport(t *testing.T) {
	cfg := writeConfig(t, kaylesReportConfig)

	// Failed: the game's folder is taken by a file.
	failed := t.TempDir()
	if err := os.WriteFile(filepath.Join(failed, "kayles"), []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runTabulate(t, "run", "--config", cfg, "--out", failed, "-q"); code == 0 {
		t.Fatal("a run whose game folder is a file succeeded")
	}
	if m, err := output.ReadManifest(filepath.Join(failed, output.ManifestName)); err != nil || m.Status != output.StatusFailed {
		t.Fatalf("failed run: manifest %v, %v", m, err)
	}
	if _, err := os.Lstat(filepath.Join(failed, report.FileName)); err == nil {
		t.Error("a failed run wrote a report")
	}

	// Interrupted: the context is cancelled before the run starts.
	stopped := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if err := Run(ctx, []string{"run", "--config", cfg, "--out", stopped, "-q"}, &stdout, &stderr); err == nil {
		t.Fatal("a cancelled run succeeded")
	}
	if m, err := output.ReadManifest(filepath.Join(stopped, output.ManifestName)); err != nil || m.Status != output.StatusInterrupted {
		t.Fatalf("interrupted run: manifest %v, %v", m, err)
	}
	if _, err := os.Lstat(filepath.Join(stopped, report.FileName)); err == nil {
		t.Error("an interrupted run wrote a report")
	}
}

// tabulate census writes OUT/index.html with the census table; with
// --no-report it writes none.
func TestCensusWritesReport(t *testing.T) {
	cfg := writeConfig(t, "plots: []\ncensus:\n  subtraction: {max_element: 3, max: 200}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "census", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("census: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(filepath.Join(out, report.FileName))
	if err != nil {
		t.Fatalf("no report after a complete census: %v", err)
	}
	// Periods of subtraction games (Winning Ways, ch. 4): S = {1, ..., k}
	// has g(n) = n mod (k+1), period k+1; S = {a} has period 2a; S = {1, 3}
	// (only odd moves) has period 2.
	for set, period := range map[string]string{"[1]": "2", "[1,2]": "3", "[1,2,3]": "4", "[2]": "4", "[3]": "6", "[1,3]": "2"} {
		if row := "<td>" + set + "</td><td>" + period + "</td>"; !bytes.Contains(page, []byte(row)) {
			t.Errorf("the census table has no row %s", row)
		}
	}

	none := filepath.Join(t.TempDir(), "none")
	if code, _, stderr := runTabulate(t, "census", "--config", cfg, "--out", none, "-q", "--no-report"); code != 0 {
		t.Fatalf("census --no-report: exit %d: %s", code, stderr)
	}
	if _, err := os.Lstat(filepath.Join(none, report.FileName)); err == nil {
		t.Error("census --no-report wrote a report")
	}
}
