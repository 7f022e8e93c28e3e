//go:build unix

package output

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestVerifyFileSpecial: a listed table replaced by a FIFO or a link to
// /dev/zero is refused at once instead of blocking or hashing forever.
func TestVerifyFileSpecial(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "g"), 0o755); err != nil {
		t.Fatal(err)
	}
	m := &Manifest{Files: []File{{Path: "g/fifo.csv", Bytes: 4, SHA256: "x"}, {Path: "g/zero.csv", Bytes: 4, SHA256: "x"}}}
	if err := syscall.Mkfifo(filepath.Join(dir, "g", "fifo.csv"), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "g", "zero.csv")); err != nil {
		t.Skip("no symbolic link here:", err)
	}
	for _, rel := range []string{"g/fifo.csv", "g/zero.csv"} {
		done := make(chan error, 1)
		go func() { done <- VerifyFile(dir, m, rel) }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: got %v, want ErrNotRegular", rel, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: VerifyFile blocked", rel)
		}
	}
}
