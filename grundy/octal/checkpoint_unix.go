//go:build unix

package octal

import (
	"os"
	"syscall"
)

// openNoFollow opens path for reading without following a symbolic link
// (O_NOFOLLOW: a link is an error) and without blocking (O_NONBLOCK: a FIFO
// would otherwise wait for a writer; readTailCheckpoint then refuses it as
// not a regular file).
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
