//go:build unix

package regular

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadSpecial: /dev/zero and a FIFO with no writer are refused at once.
func TestReadSpecial(t *testing.T) {
	dir := t.TempDir()
	if _, err := Read("/dev/zero", 64); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero: got %v, want ErrNotRegular", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Read(fifo, 64); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("a FIFO: got %v, want ErrNotRegular", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a FIFO: Read blocked")
	}
}
