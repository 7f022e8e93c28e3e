package main

// A complete run leaves no unlisted file in the folders it owns, its
// report included (issue 27 item 6): checked with the test's own hashes
// (ownSHA256) against the manifest read with encoding/json alone.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

// checkAllListed checks that every file under out is listed by m with its
// sha256 (the report under "report"), but for the manifest itself, the
// lock, the census journal (.census, the census's resumable cache) and the
// shards' folders (each a folder of its own run).
func checkAllListed(t *testing.T, out string, m *output.Manifest, when string) {
	t.Helper()
	listed := listedSums(m)
	if m.Report != nil {
		listed[m.Report.Path] = m.Report.SHA256
	}
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(out, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".census" || rel == "shards" {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == output.ManifestName || rel == output.LockName {
			return nil
		}
		_, sum, herr := ownSHA256(path)
		switch want, ok := listed[rel]; {
		case !ok:
			t.Errorf("%s: %s is on disk but not listed", when, rel)
		case herr != nil || sum != want:
			t.Errorf("%s: %s has sha256 %s (%v), the manifest lists %s", when, rel, sum, herr, want)
		}
		return nil
	})
}

// TestCompleteRunListsEverything: a complete run lists its report; after a
// run that left figures in place unlisted (as one killed in its last
// second does) and a figure format no longer asked for, the next complete
// run leaves nothing unlisted; tabulate report relists the page it
// rewrites.
func TestCompleteRunListsEverything(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	first := writeConfig(t, "games: [nim, squares]\nplots: [svg]\nnim: {max_piles: 2, max_pile: 3}\nsquares: {grundy_max: 200, win_max: 200}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", first, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	m, err := readManifestJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Report == nil || m.Report.Path != report.FileName {
		t.Fatalf("the manifest lists no report: %+v", m.Report)
	}
	checkAllListed(t, out, m, "first run")

	// A killed run's last second: a figure put in place, never listed.
	for _, rel := range []string{"squares/grundy.png", "nim/nim_sum.pdf"} {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(rel)), []byte("drawn by a killed run\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	second := writeConfig(t, strings.Replace(readFile(t, first), "plots: [svg]", "plots: []", 1))
	if code, _, stderr := runTabulate(t, "run", "--config", second, "--out", out, "-q"); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	if m, err = readManifestJSON(out); err != nil {
		t.Fatal(err)
	}
	checkAllListed(t, out, m, "second run")
	for _, rel := range []string{"squares/grundy.png", "nim/nim_sum.pdf", "squares/grundy.svg"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(rel))); err == nil {
			t.Errorf("%s survived a complete run that does not list it", rel)
		}
	}

	// tabulate report writes the page again: listed with its new bytes.
	if code, _, stderr := runTabulate(t, "report", "-q", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if m, err = readManifestJSON(out); err != nil {
		t.Fatal(err)
	}
	checkAllListed(t, out, m, "tabulate report")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
