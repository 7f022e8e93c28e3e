package output

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFolderRemovesTempsEverywhere: OpenFolder removes the temporary files
// a killed command left anywhere in OUT (OUT, a game folder, OUT/census,
// the census journal), and leaves those of the shards' own folders.
func TestFolderRemovesTempsEverywhere(t *testing.T) {
	out := t.TempDir()
	gone := []string{".tabulate-tmp-manifest.json-1", "nim/.tabulate-tmp-positions.csv-2",
		"census/.tabulate-tmp-octal.csv-3", ".census/octal-0123/.tabulate-tmp-0.77.json-4"}
	kept := []string{"shards/0-of-2/nim/.tabulate-tmp-positions.csv-5", "nim/positions.csv"}
	for _, rel := range append(gone, kept...) {
		p := filepath.Join(out, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := OpenFolder(out, FolderSpec{Tool: "tabulate", Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Close(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	for _, rel := range gone {
		if _, err := os.Lstat(filepath.Join(out, rel)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left in place (%v)", rel, err)
		}
	}
	for _, rel := range kept {
		if _, err := os.Lstat(filepath.Join(out, rel)); err != nil {
			t.Errorf("%s removed: %v", rel, err)
		}
	}
}

// TestFolderRelistsAndStatus: a file a run killed with kill -9 left under
// "replacing" is listed again by the first save of the next command that
// does not redo its game, before anything else; Close records complete,
// failed or interrupted by one rule.
func TestFolderRelistsAndStatus(t *testing.T) {
	for _, tt := range []struct {
		name   string
		cancel bool
		err    error
		want   string
	}{
		{"complete", false, nil, StatusComplete},
		{"failed", false, errors.New("a job failed"), StatusFailed},
		{"interrupted", true, nil, StatusInterrupted},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			content := []byte("n,win\n0,false\n")
			if err := os.MkdirAll(filepath.Join(out, "nim"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, "nim", "positions.csv"), content, 0o644); err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(content)
			killed := `{"tool":"tabulate","status":"running","games":{},"files":[],"replacing":[{"path":"nim/positions.csv","game":"nim","table":"positions","format":"csv","rows":1,"bytes":14,"sha256":"` + hex.EncodeToString(sum[:]) + `"}]}`
			if err := os.WriteFile(filepath.Join(out, ManifestName), []byte(killed), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := OpenFolder(out, FolderSpec{Tool: "tabulate", Version: "test", Rerun: []string{"squares"}})
			if err != nil {
				t.Fatal(err)
			}
			first := readJSONManifest(t, out)
			if first.Status != StatusRunning || len(first.Files) != 1 || first.Files[0].Path != "nim/positions.csv" {
				t.Errorf("first save: status %q, files %v; want running and nim/positions.csv listed again", first.Status, first.Files)
			}
			ctx, cancel := context.WithCancel(context.Background())
			if tt.cancel {
				cancel()
			}
			defer cancel()
			status, err := f.Close(ctx, tt.err)
			if status != tt.want || readJSONManifest(t, out).Status != tt.want {
				t.Errorf("Close: status %q (manifest %q), want %q", status, readJSONManifest(t, out).Status, tt.want)
			}
			if (err != nil) != (tt.want != StatusComplete) {
				t.Errorf("Close: error %v for status %s", err, tt.want)
			}
			if _, err := os.Lstat(filepath.Join(out, LockName)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the lock file is left after Close (%v)", err)
			}
		})
	}
}

// readJSONManifest reads OUT/manifest.json with encoding/json alone.
func readJSONManifest(t *testing.T, out string) Manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
