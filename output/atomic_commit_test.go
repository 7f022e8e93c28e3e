package output

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCommitContextCancelled: a commit whose context is done before the
// rename never puts the file in place, and the earlier file stays; a
// commit that reports success has put it in place.
func TestCommitContextCancelled(t *testing.T) {
	dir := t.TempDir()
	final := filepath.Join(dir, "t.csv")
	if err := os.WriteFile(final, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		var temps Temps
		f, err := temps.Create(final)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte("new\n")); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		if i%2 == 0 {
			cancel() // before: nothing is committed
		} else {
			go cancel() // racing the commit
		}
		_, _, err = f.CommitContext(ctx)
		cancel()
		if err != nil {
			// A commit cancelled before it began leaves its temporary file
			// to the caller; one cancelled while flushing removes it in the
			// background. Wait for that event, however long a loaded
			// machine takes, instead of a fixed pause.
			f.Abort()
			for len(dirNames(t, dir)) != 1 {
				time.Sleep(time.Millisecond)
			}
		}
		data, rerr := os.ReadFile(final)
		if rerr != nil {
			t.Fatal(rerr)
		}
		switch {
		case err == nil && string(data) != "new\n":
			t.Fatalf("try %d: reported committed, the file holds %q", i, data)
		case err != nil && string(data) != "old\n":
			t.Fatalf("try %d: reported %v, but the file was replaced", i, err)
		case err != nil && !errors.Is(err, context.Canceled):
			t.Fatalf("try %d: %v, want context.Canceled", i, err)
		}
		if err == nil {
			os.WriteFile(final, []byte("old\n"), 0o644)
		}
		if names := dirNames(t, dir); len(names) != 1 || names[0] != "t.csv" {
			t.Fatalf("try %d: the folder holds %v, want t.csv alone", i, names)
		}
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
