package output

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestMkdirIn(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "planted")); err != nil {
		t.Skip("cannot make a symbolic link here:", err)
	}
	if err := os.WriteFile(filepath.Join(root, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, sub string
		want      error // nil: created
	}{
		{"new folder", "squares", nil},
		{"nested", ".census/octal-0123", nil},
		{"again", "squares", nil},
		{"symbolic link", "planted", ErrOutsideOut},
		{"below a link", "planted/sub", ErrOutsideOut},
		{"climbs out", "../escape", ErrOutsideOut},
		{"a file", "file", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := MkdirIn(root, tt.sub)
			switch {
			case tt.name == "a file":
				if err == nil {
					t.Fatalf("got %s, want an error: a file is in the way", dir)
				}
			case tt.want != nil:
				if !errors.Is(err, tt.want) {
					t.Fatalf("got %v, want %v", err, tt.want)
				}
			case err != nil:
				t.Fatal(err)
			default:
				if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
					t.Fatalf("%s is not a folder: %v", dir, err)
				}
			}
		})
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote outside the root: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(root), "escape")); err == nil {
		t.Error("created a folder beside the root")
	}
}
