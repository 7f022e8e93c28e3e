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
			// Let a background commit finish what it would do: a run whose
			// other job failed does not abandon its temporary files.
			time.Sleep(5 * time.Millisecond)
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
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			// the background commit may still be removing its file
			for _, e := range entries {
				if e.Name() != "t.csv" && !isTemp(e.Name()) {
					t.Fatalf("try %d: unexpected %s", i, e.Name())
				}
			}
		}
	}
}

func isTemp(name string) bool {
	return len(name) > len(TempPrefix) && name[:len(TempPrefix)] == TempPrefix
}
