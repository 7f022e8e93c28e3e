//go:build !unix

package output

// No O_NOFOLLOW or FIFOs here: openIn looks with Lstat before it opens.
const (
	noFollow = 0
	nonBlock = 0
)

func isLinkErr(err error) bool { return false }
