package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tabulate report OUT writes OUT/index.html with Kayles' proven period;
// it exits with status 2, writing nothing, for a folder that is not a
// complete run and for a link planted at OUT/index.html.
func TestReportCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, "formats: [parquet]\nplots: [png]\ngames: [kayles]\noctal:\n  kayles: {code: \"0.77\", max: 300}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runTabulate(t, "report", out)
	if code != 0 || !strings.Contains(stdout, "index.html") {
		t.Fatalf("report: exit %d: %s%s", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Kayles: period 12 from n = 71 (Guy and Smith, 1956), proven from
	// 2·71 + 2·12 + 2 = 168 values.
	if !strings.Contains(string(page), "period 12 from n = 71, proven by the Guy–Smith periodicity theorem from 168 values") {
		t.Error("no period statement for kayles")
	}

	index := filepath.Join(out, "index.html")
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("keep"), 0o644)
	os.Remove(index)
	if err := os.Symlink(victim, index); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, stderr = runTabulate(t, "report", out)
	if b, _ := os.ReadFile(victim); code != 2 || string(b) != "keep" || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("link at index.html: exit %d, victim %q: %s", code, b, stderr)
	}
	os.Remove(index)

	for _, bad := range []struct{ name, dir, want string }{
		{"no folder", filepath.Join(out, "absent"), "not a folder"},
		{"no manifest", t.TempDir(), "no manifest.json"},
	} {
		if code, _, stderr := runTabulate(t, "report", bad.dir); code != 2 || !strings.Contains(stderr, bad.want) {
			t.Errorf("%s: exit %d: %s", bad.name, code, stderr)
		}
	}
	mp := filepath.Join(out, "manifest.json")
	m, _ := os.ReadFile(mp)
	os.WriteFile(mp, []byte(strings.Replace(string(m), `"status": "complete"`, `"status": "interrupted"`, 1)), 0o644)
	if code, _, stderr := runTabulate(t, "report", out); code != 2 || !strings.Contains(stderr, `the run is "interrupted"`) {
		t.Errorf("interrupted run: exit %d: %s", code, stderr)
	}
	if _, err := os.Lstat(index); err == nil {
		t.Error("a refused report wrote index.html")
	}
	if code, _, _ := runTabulate(t, "report"); code != 2 {
		t.Errorf("no folder given: exit %d, want 2", code)
	}
}
