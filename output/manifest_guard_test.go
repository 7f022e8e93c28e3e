package output_test

// Guards of package output (run by scripts/mutants, see docs/mutants.md):
// the manifest keeps an earlier file only while its bytes are the ones it
// lists, and one run at a time holds an output folder. Checksums here are
// taken with crypto/sha256 directly, not with the package's FileSHA256.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// guardFile writes OUT/game/name with content and returns its entry.
func guardFile(t *testing.T, dir, game, name, content string) output.File {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, game), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, game, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(content))
	return output.File{Path: game + "/" + name, Game: game, Format: "csv", Rows: 1,
		Bytes: int64(len(content)), SHA256: hex.EncodeToString(sum[:])}
}

// guardListed returns the paths the manifest of dir lists.
func guardListed(t *testing.T, dir string) []string {
	t.Helper()
	m, err := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range m.Files {
		paths = append(paths, f.Path)
	}
	slices.Sort(paths)
	return paths
}

// guardSpoil changes the last byte of OUT/rel, keeping its size (so only
// the sha256 tells the files apart).
func guardSpoil(t *testing.T, dir, rel string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-2] ^= 1 // before the final newline
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestManifestIntactGuard: a file listed by an earlier run and changed on
// disk since (same size, other bytes) is not listed again, whether it
// belongs to a game the new run leaves alone, to a rerun game after a
// failed run, or to a rerun game after a complete run (which then removes
// it, as every unlisted file of the layout in the folders it owns).
func TestManifestIntactGuard(t *testing.T) {
	setup := func(t *testing.T) string {
		dir := t.TempDir()
		a := guardFile(t, dir, "g", "a.csv", "a\n1\n")
		c := guardFile(t, dir, "h", "c.csv", "c\n1\n")
		w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g", "h"})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Add(a, c); err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(output.StatusComplete); err != nil {
			t.Fatal(err)
		}
		if got, want := guardListed(t, dir), []string{"g/a.csv", "h/c.csv"}; !slices.Equal(got, want) {
			t.Fatalf("first run lists %v, want %v", got, want)
		}
		return dir
	}

	t.Run("game not rerun", func(t *testing.T) {
		dir := setup(t)
		guardSpoil(t, dir, "h/c.csv")
		w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
		if err != nil {
			t.Fatal(err)
		}
		if got := guardListed(t, dir); slices.Contains(got, "h/c.csv") {
			t.Errorf("running manifest lists %v: h/c.csv changed on disk and is still listed", got)
		}
		if err := w.Finish(output.StatusFailed); err != nil {
			t.Fatal(err)
		}
		if got, want := guardListed(t, dir), []string{"g/a.csv"}; !slices.Equal(got, want) {
			t.Errorf("final manifest lists %v, want %v (h/c.csv changed on disk)", got, want)
		}
	})

	t.Run("rerun game, failed run", func(t *testing.T) {
		dir := setup(t)
		guardSpoil(t, dir, "g/a.csv")
		w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(output.StatusFailed); err != nil {
			t.Fatal(err)
		}
		if got, want := guardListed(t, dir), []string{"h/c.csv"}; !slices.Equal(got, want) {
			t.Errorf("final manifest lists %v, want %v (g/a.csv changed on disk)", got, want)
		}
	})

	t.Run("rerun game, complete run", func(t *testing.T) {
		dir := setup(t)
		guardSpoil(t, dir, "g/a.csv")
		if err := os.WriteFile(filepath.Join(dir, "g", "notes.txt"), []byte("mine\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(output.StatusComplete); err != nil {
			t.Fatal(err)
		}
		if got, want := guardListed(t, dir), []string{"h/c.csv"}; !slices.Equal(got, want) {
			t.Errorf("final manifest lists %v, want %v", got, want)
		}
		// The folder g is the complete run's own: it leaves no unlisted
		// file of the layout there (issue 27 item 6), but a file of
		// another kind is not its to remove.
		if _, err := os.Stat(filepath.Join(dir, "g", "a.csv")); err == nil {
			t.Error("g/a.csv, changed on disk and unlisted, was left in the folder of a game the complete run computed")
		}
		if _, err := os.Stat(filepath.Join(dir, "g", "notes.txt")); err != nil {
			t.Errorf("g/notes.txt, not of the layout, was removed: %v", err)
		}
	})

	t.Run("unchanged files are kept", func(t *testing.T) {
		dir := setup(t)
		w, err := output.OpenManifest(dir, "tabulate", "test", nil, []string{"g"})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(output.StatusFailed); err != nil {
			t.Fatal(err)
		}
		if got, want := guardListed(t, dir), []string{"g/a.csv", "h/c.csv"}; !slices.Equal(got, want) {
			t.Errorf("final manifest lists %v, want %v", got, want)
		}
	})
}

// TestLockGuard: while a run holds an output folder, a second LockDir on it
// fails at once with a *LockedError naming the holder; once released, the
// folder can be locked again.
func TestLockGuard(t *testing.T) {
	dir := t.TempDir()
	first, err := output.LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	second, err := output.LockDir(dir)
	var le *output.LockedError
	if !errors.As(err, &le) {
		second.Unlock()
		t.Fatalf("second LockDir while the first holds the folder: got %v, %v; want a *LockedError", second, err)
	}
	if le.Dir != dir || le.PID != os.Getpid() {
		t.Errorf("LockedError names %s, PID %d; want %s, PID %d", le.Dir, le.PID, dir, os.Getpid())
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	again, err := output.LockDir(dir)
	if err != nil {
		t.Fatalf("LockDir after Unlock: %v", err)
	}
	again.Unlock()
}
