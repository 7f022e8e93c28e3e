// Package diskfree reports how many bytes a folder's file system can still
// take, on every platform the tool is built for.
//
// Available asks the operating system once per call:
//
//	linux, darwin, *bsd  statfs(2): f_bavail × f_bsize (what an unprivileged
//	                     process may still write; the blocks kept for root
//	                     are not counted)
//	windows              GetDiskFreeSpaceExW: the bytes free to the caller
//	anything else        unknown
//
// The path may name a folder that does not exist yet: the nearest folder
// above it that exists is asked, since that is where it will be made. A
// caller treats "unknown" as no check at all: the free space is advice
// read before a long run, not a requirement to start one.
package diskfree

import (
	"os"
	"path/filepath"
)

// Available returns the bytes the file system holding path (or, when path
// does not exist, the nearest existing folder above it) can still take for
// this process, and whether the operating system said.
func Available(path string) (int64, bool) {
	dir, err := filepath.Abs(path)
	if err != nil {
		return 0, false
	}
	for {
		if _, err := os.Stat(dir); err == nil {
			return available(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return 0, false
		}
		dir = up
	}
}
