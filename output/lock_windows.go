//go:build windows

package output

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is where the locked byte lies: far past the PID the file holds,
// because Windows locks are mandatory and would stop a second run from
// reading the holder's PID.
const lockOffset = 1 << 32

// tryLock takes an exclusive LockFileEx lock on one byte of f without
// waiting. Windows releases it when the process exits.
func tryLock(f *os.File) error {
	ol := &windows.Overlapped{OffsetHigh: lockOffset >> 32}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return errLocked
	}
	return err
}

func unlock(f *os.File) error {
	ol := &windows.Overlapped{OffsetHigh: lockOffset >> 32}
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, ol)
}

// release lets go of the lock and then removes the file; Windows refuses to
// remove a file another process holds open, so a run that has just opened it
// keeps it.
func release(f *os.File, path string) error {
	err := unlock(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	os.Remove(path)
	return err
}
