package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// putFile writes a file under dir and returns its entry.
func putFile(t *testing.T, dir, game, name, content string) File {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, game), 0o755); err != nil {
		t.Fatal(err)
	}
	size, sum, err := WriteFileAtomic(filepath.Join(dir, game, name), []byte(content))
	if err != nil {
		t.Fatal(err)
	}
	return File{Path: game + "/" + name, Game: game, Table: "t", Format: FormatCSV, Rows: 1, Bytes: size, SHA256: sum}
}

func listed(t *testing.T, dir string) (*Manifest, []string) {
	t.Helper()
	m, err := ReadManifest(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range m.Files {
		paths = append(paths, f.Path)
	}
	return m, paths
}

// TestManifestSavesBatched adds thousands of files one at a time: the
// manifest must be saved a bounded number of times (it was saved after
// every file, quadratic work), and a file added just after a save must
// still be listed on disk within SaveInterval.
func TestManifestSavesBatched(t *testing.T) {
	dir := t.TempDir()
	w, err := OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
	if err != nil {
		t.Fatal(err)
	}
	const files = 3000
	start := time.Now()
	for i := range files {
		if err := w.Add(File{Path: fmt.Sprintf("g/t%d.csv", i), Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	w.mu.Lock() // a scheduled save may be running
	saves := w.saves
	w.mu.Unlock()
	if most := 2 + int(elapsed/SaveInterval); saves > most {
		t.Errorf("%d saves for %d files in %v, want at most %d", saves, files, elapsed, most)
	}
	time.Sleep(SaveInterval + 300*time.Millisecond)
	if _, paths := listed(t, dir); len(paths) != files {
		t.Errorf("%v after the last Add, %d files listed on disk, want %d", SaveInterval, len(paths), files)
	}
	if err := w.Finish(StatusComplete); err != nil {
		t.Fatal(err)
	}
}

// TestManifestRerunProtocol follows one game through a rerun: its earlier
// files are unlisted before anything can replace them, a failed rerun lists
// again those it did not replace (and the new ones), and a complete rerun
// removes those it no longer writes. Files of other games stay listed.
func TestManifestRerunProtocol(t *testing.T) {
	for _, status := range []string{StatusFailed, StatusInterrupted, StatusComplete} {
		t.Run(status, func(t *testing.T) {
			dir := t.TempDir()
			a := putFile(t, dir, "g", "a.csv", "a\n1\n")
			b := putFile(t, dir, "g", "b.csv", "b\n1\n")
			other := putFile(t, dir, "h", "c.csv", "c\n1\n")
			first, err := OpenManifest(dir, "tabulate", "test", nil, []string{"g", "h"})
			if err != nil {
				t.Fatal(err)
			}
			first.SetBounds("g", map[string]int{"max": 1})
			first.Add(a, b, other)
			if err := first.Finish(StatusComplete); err != nil {
				t.Fatal(err)
			}

			w, err := OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
			if err != nil {
				t.Fatal(err)
			}
			m, paths := listed(t, dir)
			if !slices.Equal(paths, []string{"h/c.csv"}) || m.Status != StatusRunning || len(m.Replacing) != 2 {
				t.Fatalf("running manifest lists %v (status %s, %d replacing); want only h/c.csv, running, 2 replacing", paths, m.Status, len(m.Replacing))
			}
			newA := putFile(t, dir, "g", "a.csv", "a\n1\n2\n") // the rerun replaces a, not b
			newA.Bounds = json.RawMessage(`{"max":2}`)
			w.Add(newA)
			if err := w.Finish(status); err != nil {
				t.Fatal(err)
			}
			m, paths = listed(t, dir)
			want := []string{"g/a.csv", "g/b.csv", "h/c.csv"}
			if status == StatusComplete {
				want = []string{"g/a.csv", "h/c.csv"}
				if _, err := os.Stat(filepath.Join(dir, "g", "b.csv")); !os.IsNotExist(err) {
					t.Errorf("g/b.csv, no longer written, was not removed")
				}
			}
			if !slices.Equal(paths, want) || m.Status != status || len(m.Replacing) != 0 {
				t.Errorf("final manifest lists %v (status %s, %d replacing), want %v", paths, m.Status, len(m.Replacing), want)
			}
			compact := func(raw json.RawMessage) string {
				var b bytes.Buffer
				json.Compact(&b, raw)
				return b.String()
			}
			for _, f := range m.Files {
				if f.Path == "g/a.csv" && (f.SHA256 != newA.SHA256 || compact(f.Bounds) != `{"max":2}`) {
					t.Errorf("g/a.csv listed as %+v, want the new file with its bounds", f)
				}
				if f.Path == "g/b.csv" && compact(f.Bounds) != `{"max":1}` {
					t.Errorf("g/b.csv listed with bounds %s, want the earlier run's {\"max\":1}", f.Bounds)
				}
			}
		})
	}
}

// TestSafeEntry lists which manifest paths a run may hash or remove.
func TestSafeEntry(t *testing.T) {
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{"nim/positions.csv", true},
		{"nim/positions.b.txt", true},
		{"nim/nim_sum.svg", true},
		{"../victim.txt", false},
		{"nim/../../victim.txt", false},
		{"nim/../nim/positions.csv", false},
		{"/etc/passwd", false},
		{`nim\..\..\victim.csv`, false},
		{"C:/victim.csv", false},
		{"nim/sub/positions.csv", false},
		{"other/positions.csv", false}, // not the entry's game
		{"nim/.tabulate-tmp-positions.csv-1", false},
		{"nim/positions.txt", false},
		{"nim/.csv", false},
		{"manifest.json", false},
	} {
		if got := safeEntry(File{Path: tc.path, Game: "nim"}); got != tc.ok {
			t.Errorf("safeEntry(%q) = %v, want %v", tc.path, got, tc.ok)
		}
	}
}
