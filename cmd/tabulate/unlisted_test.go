package main

// A complete run leaves no unlisted file in the folders it owns, its
// report included (issue 27 item 6): checked with the test's own hashes
// (ownSHA256) against the manifest read with encoding/json alone.

import (
	"encoding/json"
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
// second does), the next complete run (which draws no figures, so keeps
// the earlier ones listed) leaves nothing unlisted; tabulate report
// relists the page it rewrites.
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
	for _, rel := range []string{"squares/grundy.png", "nim/nim_sum.pdf"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(rel))); err == nil {
			t.Errorf("%s survived a complete run that does not list it", rel)
		}
	}
	// The figures the second run did not draw (plots: []) are kept, and
	// listed (checkAllListed above).
	if _, ok := listedSums(m)["squares/grundy.svg"]; !ok {
		t.Error("squares/grundy.svg, drawn by the first run and not redrawn, is no longer listed")
	}

	// tabulate report writes the page again: listed with its new bytes.
	if code, _, stderr := runTabulate(t, "report", "-q", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if m, err = readManifestJSON(out); err != nil {
		t.Fatal(err)
	}
	checkAllListed(t, out, m, "tabulate report")

	// A complete run with --no-report leaves no earlier page, unlisted and
	// describing other files.
	if code, _, stderr := runTabulate(t, "run", "--config", first, "--out", out, "--no-report", "-q"); code != 0 {
		t.Fatalf("run --no-report: exit %d: %s", code, stderr)
	}
	if m, err = readManifestJSON(out); err != nil {
		t.Fatal(err)
	}
	if m.Report != nil {
		t.Errorf("run --no-report lists a report: %+v", m.Report)
	}
	checkAllListed(t, out, m, "run --no-report")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestKilledRerunRelisted is the folder a run killed with kill -9 while
// rerunning squares leaves (status running, the squares files only under
// "replacing", as TestKillNineLoop sees it): solve --from answers from
// them at once, as computed; a tampered one is refused; the next run,
// which does not rerun squares, lists them again.
func TestKilledRerunRelisted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	config := writeConfig(t, "games: [nim, squares]\nplots: []\nnim: {max_piles: 2, max_pile: 3}\nsquares: {grundy_max: 200, win_max: 200}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--no-report", "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	p := filepath.Join(out, output.ManifestName)
	var m map[string]any
	if err := json.Unmarshal([]byte(readFile(t, p)), &m); err != nil {
		t.Fatal(err)
	}
	var files, replacing []any
	for _, f := range m["files"].([]any) {
		if f.(map[string]any)["game"] == "squares" {
			replacing = append(replacing, f)
		} else {
			files = append(files, f)
		}
	}
	m["files"], m["replacing"], m["status"] = files, replacing, output.StatusRunning
	data, _ := json.Marshal(m)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, want, _ := runTabulate(t, "solve", "--json", "squares", "10")
	code, got, stderr := runTabulate(t, "solve", "--json", "--from", out, "squares", "10")
	if code != 0 || !strings.Contains(got, `"source":"`+filepath.ToSlash(out)+"/squares/grundy.parquet") ||
		strings.Replace(got, `"source":"`+filepath.ToSlash(out)+"/squares/grundy.parquet", `"source":"computed`, 1) != want {
		t.Errorf("solve --from after a killed rerun: exit %d, %s%s; want %s", code, got, stderr, want)
	}
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--only", "nim", "--no-report", "-q"); code != 0 {
		t.Fatalf("run --only nim: exit %d: %s", code, stderr)
	}
	after, err := readManifestJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	listed := listedSums(after)
	for _, f := range replacing {
		path := f.(map[string]any)["path"].(string)
		_, sum, err := ownSHA256(filepath.Join(out, filepath.FromSlash(path)))
		if err != nil || listed[path] != sum {
			t.Errorf("%s, intact under replacing, is listed %q after the next run, on disk %s (%v)", path, listed[path], sum, err)
		}
	}
	checkAllListed(t, out, after, "the run after a killed rerun")
}

// TestFromChecksTableMetadata: squares/grundy.parquet replaced by Grundy's
// game's table with the manifest's sha256 refreshed (the squares
// 10 answered "grundy 2, win, no winning move"), and a game recorded as
// ../xout, are each refused by solve --from with exit 2 and a message
// naming the fault.
func TestFromChecksTableMetadata(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	config := writeConfig(t, "games: [squares, grundy-game]\nplots: []\nformats: [parquet]\nsquares: {grundy_max: 300, win_max: 300}\ngrundy-game: {max: 300}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--no-report", "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	p := filepath.Join(out, output.ManifestName)
	good := readFile(t, p)
	edit := func(change func(m map[string]any)) {
		var m map[string]any
		if err := json.Unmarshal([]byte(good), &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		data, _ := json.Marshal(m)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	squares := filepath.Join(out, "squares", "grundy.parquet")
	own := readFile(t, squares)
	other := readFile(t, filepath.Join(out, "grundy-game", "grundy.parquet"))
	if err := os.WriteFile(squares, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	n, sum, err := ownSHA256(squares)
	if err != nil {
		t.Fatal(err)
	}
	edit(func(m map[string]any) {
		for _, f := range m["files"].([]any) {
			if e := f.(map[string]any); e["path"] == "squares/grundy.parquet" {
				e["bytes"], e["sha256"] = n, sum
			}
		}
	})
	code, stdout, stderr := runTabulate(t, "solve", "--from", out, "squares", "10")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "squares/grundy.parquet") || !strings.Contains(stderr, `tabulate.game is "grundy-game"`) {
		t.Errorf("another game's table: exit %d, stdout %q, stderr %q; want 2 naming the file and its metadata", code, stdout, stderr)
	}
	if err := os.WriteFile(squares, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(func(m map[string]any) {
		games := m["games"].(map[string]any)
		games["../xout"] = games["grundy-game"]
	})
	code, stdout, stderr = runTabulate(t, "solve", "--from", out, "../xout", "10")
	if code != 2 || stdout != "" || !strings.Contains(stderr, `"../xout"`) {
		t.Errorf("a game named ../xout: exit %d, stdout %q, stderr %q; want 2 naming it", code, stdout, stderr)
	}
	if err := os.WriteFile(p, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runTabulate(t, "solve", "--from", out, "squares", "10"); code != 0 {
		t.Errorf("the run's own table: exit %d: %s", code, stderr)
	}
}
