//go:build !unix

package octal

import (
	"fmt"
	"os"
)

// openNoFollow opens path for reading, refusing a symbolic link (checked
// with Lstat first, where O_NOFOLLOW does not exist).
func openNoFollow(path string) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link", path)
	}
	return os.Open(path)
}
