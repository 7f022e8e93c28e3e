//go:build unix

package output

import (
	"errors"
	"io/fs"
	"syscall"

	"golang.org/x/sys/unix"
)

// noFollow makes an open fail on a symbolic link as last component;
// nonBlock keeps it from waiting for a FIFO's writer.
const (
	noFollow = unix.O_NOFOLLOW
	nonBlock = unix.O_NONBLOCK
)

// isLinkErr reports an open refused because the path is a link (ELOOP from
// O_NOFOLLOW; some systems say EMLINK or EFTYPE).
func isLinkErr(err error) bool {
	return errors.Is(err, unix.ELOOP) || errors.Is(err, unix.EMLINK)
}

// linkCount is the number of names of the file info describes (0 when the
// platform does not say).
func linkCount(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}
