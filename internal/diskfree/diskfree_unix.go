//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package diskfree

import (
	"math"

	"golang.org/x/sys/unix"
)

// available asks statfs(2) for the blocks free to an unprivileged process.
func available(dir string) (int64, bool) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, false
	}
	bavail, bsize := uint64(st.Bavail), uint64(st.Bsize)
	if bsize != 0 && bavail > math.MaxInt64/bsize {
		return math.MaxInt64, true
	}
	return int64(bavail * bsize), true
}
