//go:build !unix && !windows

package output

import "os"

// tryLock does nothing where the platform has no file locks (js, wasip1,
// plan9): one run per folder is then the user's to keep.
func tryLock(f *os.File) error { return nil }

func unlock(f *os.File) error { return nil }

func release(f *os.File, path string) error {
	err := f.Close()
	os.Remove(path)
	return err
}
