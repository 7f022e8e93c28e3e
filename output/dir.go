package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutsideOut is the cause of an error from MkdirIn when a folder it would
// write into is a symbolic link (which may lead outside the output folder) or
// the path climbs out of it.
var ErrOutsideOut = errors.New("output: a folder under OUT is a symbolic link or leads outside OUT")

// MkdirIn creates the folder sub (slash-separated, such as "squares" or
// ".census/octal-1a2b") under root, with its parents, and returns its path.
// root itself may be anything the user chose, a symbolic link included; but
// no folder below it may be a symbolic link or climb out with "..", so that
// a run writes only inside OUT even when someone has planted a link
// OUT/squares -> /etc. Cost: one Lstat per path element.
func MkdirIn(root, sub string) (string, error) {
	dir := root
	for _, part := range strings.Split(filepath.ToSlash(sub), "/") {
		if part == "" || part == "." {
			continue
		}
		if part == ".." {
			return "", &UnsafeError{Path: filepath.Join(root, filepath.FromSlash(sub)), Err: fmt.Errorf("%w (it climbs out with ..)", ErrOutsideOut)}
		}
		dir = filepath.Join(dir, part)
		info, err := os.Lstat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return "", fileError("create folder", dir, err)
			}
			// Another goroutine may have made it (or a link) meanwhile.
			if info, err = os.Lstat(dir); err != nil {
				return "", fileError("create folder", dir, err)
			}
		case err != nil:
			return "", fileError("create folder", dir, err)
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			return "", &UnsafeError{Path: dir, Err: fmt.Errorf("%w (refusing to write into it: %w)", ErrLink, ErrOutsideOut)}
		}
		if !info.IsDir() {
			return "", fileError("create folder", dir, fmt.Errorf("it exists and is not a folder"))
		}
	}
	return dir, nil
}
