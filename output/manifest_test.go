package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
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

// fakeClock is a clock that moves only when the test calls advance, which
// runs the calls that fall due, in order, on the test's goroutine: a test of
// the save schedule then waits on events, not on time.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	c    *fakeClock
	at   time.Time
	f    func()
	done bool // fired or stopped
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

func (c *fakeClock) clock() clock {
	return clock{
		now: func() time.Time {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.now
		},
		afterFunc: func(d time.Duration, f func()) stopper {
			c.mu.Lock()
			defer c.mu.Unlock()
			t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
			c.timers = append(c.timers, t)
			return t
		},
	}
}

// advance moves the clock by d, running each call that falls due at its
// time.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		var next *fakeTimer
		for _, t := range c.timers {
			if !t.done && !t.at.After(end) && (next == nil || t.at.Before(next.at)) {
				next = t
			}
		}
		if next == nil {
			break
		}
		next.done = true
		c.now = next.at
		c.mu.Unlock()
		next.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// TestManifestSavesBatched adds thousands of files one at a time, one
// millisecond apart on a clock that the test moves: the manifest must be
// saved at most once per SaveInterval (it was saved after every file,
// quadratic work), and a file added just after a save must be listed on
// disk SaveInterval later, not before.
func TestManifestSavesBatched(t *testing.T) {
	dir := t.TempDir()
	clk := &fakeClock{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	w, err := openManifest(dir, "tabulate", "test", nil, []string{"g"}, clk.clock())
	if err != nil {
		t.Fatal(err)
	}
	const files = 3000
	const step = time.Millisecond
	for i := range files {
		clk.advance(step)
		if err := w.Add(File{Path: fmt.Sprintf("g/t%d.csv", i), Game: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	elapsed := files * step
	// The save at the opening, then at most one per SaveInterval.
	if most := 1 + int(elapsed/SaveInterval); w.saves > most {
		t.Errorf("%d saves for %d files in %v, want at most %d", w.saves, files, elapsed, most)
	}
	// The last file came in at 3 s, just after the save that listed the
	// others; it waits for the next save, which is due at 4 s.
	if _, paths := listed(t, dir); len(paths) != files-1 {
		t.Errorf("just after the last Add, %d files listed on disk, want %d (all but the last)", len(paths), files-1)
	}
	clk.advance(SaveInterval - step)
	if _, paths := listed(t, dir); len(paths) != files-1 {
		t.Errorf("%v after the last Add, %d files listed on disk, want %d (saved too soon)", SaveInterval-step, len(paths), files-1)
	}
	clk.advance(step)
	if _, paths := listed(t, dir); len(paths) != files {
		t.Errorf("%v after the last Add, %d files listed on disk, want %d", SaveInterval, len(paths), files)
	}
	if err := w.Finish(StatusComplete); err != nil {
		t.Fatal(err)
	}
}

// TestManifestFinishCancelsSave checks that Finish saves what a scheduled
// save would have and cancels it: the manifest is final at once, and the
// cancelled save writes nothing after it.
func TestManifestFinishCancelsSave(t *testing.T) {
	dir := t.TempDir()
	clk := &fakeClock{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	w, err := openManifest(dir, "tabulate", "test", nil, []string{"g"}, clk.clock())
	if err != nil {
		t.Fatal(err)
	}
	w.Add(File{Path: "g/a.csv", Game: "g"})
	if w.pending == nil {
		t.Fatal("an Add just after the opening save scheduled no save")
	}
	if err := w.Finish(StatusComplete); err != nil {
		t.Fatal(err)
	}
	saves := w.saves
	clk.advance(2 * SaveInterval)
	if m, paths := listed(t, dir); len(paths) != 1 || m.Status != StatusComplete || w.saves != saves {
		t.Errorf("after Finish and 2 SaveInterval: %v listed, status %s, %d saves (want g/a.csv, complete, %d)", paths, m.Status, w.saves, saves)
	}
}

// TestManifestRerunProtocol follows one game through a rerun: its earlier
// files are unlisted before anything can replace them, a failed rerun lists
// again those it did not replace (and the new ones), and a complete rerun
// removes the tables it no longer writes but keeps its figures (a run never
// removes a figure it did not replace). Files of other games stay listed.
func TestManifestRerunProtocol(t *testing.T) {
	for _, status := range []string{StatusFailed, StatusInterrupted, StatusComplete} {
		t.Run(status, func(t *testing.T) {
			dir := t.TempDir()
			a := putFile(t, dir, "g", "a.csv", "a\n1\n")
			b := putFile(t, dir, "g", "b.csv", "b\n1\n")
			other := putFile(t, dir, "h", "c.csv", "c\n1\n")
			fig := putFile(t, dir, "g", "f.png", "not really a png")
			fig.Table, fig.Format, fig.Rows = "", "png", 0
			first, err := OpenManifest(dir, "tabulate", "test", nil, []string{"g", "h"})
			if err != nil {
				t.Fatal(err)
			}
			first.SetBounds("g", map[string]int{"max": 1})
			first.Add(a, b, other, fig)
			if err := first.Finish(StatusComplete); err != nil {
				t.Fatal(err)
			}

			w, err := OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
			if err != nil {
				t.Fatal(err)
			}
			m, paths := listed(t, dir)
			if !slices.Equal(paths, []string{"h/c.csv"}) || m.Status != StatusRunning || len(m.Replacing) != 3 {
				t.Fatalf("running manifest lists %v (status %s, %d replacing); want only h/c.csv, running, 3 replacing", paths, m.Status, len(m.Replacing))
			}
			newA := putFile(t, dir, "g", "a.csv", "a\n1\n2\n") // the rerun replaces a, not b
			newA.Bounds = json.RawMessage(`{"max":2}`)
			w.Add(newA)
			if err := w.Finish(status); err != nil {
				t.Fatal(err)
			}
			m, paths = listed(t, dir)
			want := []string{"g/a.csv", "g/b.csv", "g/f.png", "h/c.csv"}
			if status == StatusComplete {
				want = []string{"g/a.csv", "g/f.png", "h/c.csv"}
				if _, err := os.Stat(filepath.Join(dir, "g", "b.csv")); !os.IsNotExist(err) {
					t.Errorf("g/b.csv, no longer written, was not removed")
				}
			}
			if _, sum, err := HashIn(dir, "g/f.png"); err != nil || sum != fig.SHA256 {
				t.Errorf("g/f.png, a figure the rerun did not replace, is gone or changed: %v", err)
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
