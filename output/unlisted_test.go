package output_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// TestCompleteRunSweepsItsFolders is what a run killed in the last second
// of a figure leaves (issue 27 item 6): files of the layout put in place
// in a game's folder and never listed. A failed run leaves them; a
// complete run removes those in the folders of the games it computed, and
// only those: not a file of another kind there, not the unlisted files of
// a game it did not compute, nothing through a game folder that is a link.
func TestCompleteRunSweepsItsFolders(t *testing.T) {
	dir := t.TempDir()
	a := guardFile(t, dir, "g", "a.csv", "a\n1\n")
	w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
	if err == nil {
		err = w.Add(a)
	}
	if err == nil {
		err = w.Finish(output.StatusComplete)
	}
	if err != nil {
		t.Fatal(err)
	}
	// Left by killed runs: unlisted figures and a table, and the user's
	// own note.
	for _, rel := range []string{"g/grundy.svg", "g/b.parquet", "g/notes.txt", "h/grundy.svg"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte("left\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "victim.svg"), []byte("not tabulate's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	linked := runtime.GOOS != "windows" && os.Symlink(outside, filepath.Join(dir, "l")) == nil
	exists := func(rel string) bool {
		_, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
		return err == nil
	}

	// A failed rerun of g removes nothing it did not list.
	w, err = output.OpenManifest(dir, "tabulate", "test", nil, []string{"g", "l"})
	if err == nil {
		err = w.Finish(output.StatusFailed)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !exists("g/grundy.svg") || !exists("g/b.parquet") {
		t.Error("a failed run removed files it did not list")
	}
	if got := guardListed(t, dir); !slices.Equal(got, []string{"g/a.csv"}) {
		t.Errorf("after a failed run the manifest lists %v, want [g/a.csv]", got)
	}

	// A complete rerun of g (and of l, whose folder is a link) that writes
	// a.csv again.
	w, err = output.OpenManifest(dir, "tabulate", "test", nil, []string{"g", "l"})
	if err == nil {
		err = w.Add(a)
	}
	if err == nil {
		err = w.Finish(output.StatusComplete)
	}
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"g/a.csv": true, "g/grundy.svg": false, "g/b.parquet": false, "g/notes.txt": true, "h/grundy.svg": true} {
		if got := exists(rel); got != want {
			t.Errorf("after a complete run of g: %s on disk %v, want %v", rel, got, want)
		}
	}
	if linked {
		if _, err := os.Stat(filepath.Join(outside, "victim.svg")); err != nil {
			t.Errorf("a file reached through the link l was removed: %v", err)
		}
	}
}

// TestSetReport lists the report page with its own size and sha256, keeps
// every other member of the manifest as it was (an integer past 2^53
// included), and unlists it again; a page planted as a link is refused.
func TestSetReport(t *testing.T) {
	dir := t.TempDir()
	w, err := output.OpenManifest(dir, "tabulate", "test", map[string]any{"max": json.Number("9007199254740993")}, nil)
	if err == nil {
		err = w.Finish(output.StatusComplete)
	}
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	page := []byte("<html>report</html>\n")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := output.SetReport(dir, "index.html"); err != nil {
		t.Fatal(err)
	}
	m, err := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(page)
	if m.Report == nil || *m.Report != (output.ReportEntry{Path: "index.html", Bytes: int64(len(page)), SHA256: hex.EncodeToString(sum[:])}) {
		t.Errorf("report entry %+v, want index.html, %d bytes, %x", m.Report, len(page), sum)
	}
	after, _ := os.ReadFile(filepath.Join(dir, output.ManifestName))
	if !bytes.Contains(after, []byte("9007199254740993")) {
		t.Errorf("the integer past 2^53 was not kept:\n%s", after)
	}
	if err := output.SetReport(dir, ""); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, output.ManifestName)); !bytes.Equal(again, before) {
		t.Errorf("listed then unlisted, the manifest is\n%s\nwant it as it was\n%s", again, before)
	}
	if runtime.GOOS != "windows" {
		os.Remove(filepath.Join(dir, "index.html"))
		if err := os.Symlink(filepath.Join(t.TempDir(), "x"), filepath.Join(dir, "index.html")); err == nil {
			if err := output.SetReport(dir, "index.html"); err == nil {
				t.Error("a page that is a link was listed")
			}
		}
	}
}
