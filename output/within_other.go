//go:build !unix

package output

import "io/fs"

// No O_NOFOLLOW or FIFOs here: openIn looks with Lstat before it opens.
const (
	noFollow = 0
	nonBlock = 0
)

func isLinkErr(err error) bool { return false }

// linkCount is 0 here: the platform does not say how many names a file has.
func linkCount(fs.FileInfo) uint64 { return 0 }
