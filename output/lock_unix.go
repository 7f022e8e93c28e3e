//go:build unix

package output

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock(2) on f without waiting. flock locks
// belong to the open file, so the kernel drops them when the process dies.
func tryLock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			return errLocked
		}
		return err
	}
}

func unlock(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }

// release removes the lock file while still holding the lock (a run that
// opened it meanwhile sees it gone and starts again, see LockDir), then lets
// go.
func release(f *os.File, path string) error {
	rerr := os.Remove(path)
	err := unlock(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
		err = rerr
	}
	return err
}
