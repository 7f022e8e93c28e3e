//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly || windows)

package diskfree

// available is unknown on this platform.
func available(string) (int64, bool) { return 0, false }
