package regular

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(small, []byte("workers: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(small, 64); err != nil || string(data) != "workers: 2\n" {
		t.Errorf("small file: got %q, %v", data, err)
	}
	if _, err := Read(small, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: got %v, want ErrTooLarge", err)
	}
	if _, err := Read(dir, 64); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a folder: got %v, want ErrNotRegular", err)
	}
	if _, err := Read(filepath.Join(dir, "missing"), 64); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: got %v, want os.ErrNotExist", err)
	}
}
