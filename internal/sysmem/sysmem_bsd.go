//go:build darwin || freebsd

package sysmem

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// Total returns the machine's physical memory in bytes, or 0 if the operating
// system does not say. On macOS it is the sysctl hw.memsize, on FreeBSD
// hw.physmem (both 64-bit byte counts; see sysctl(3)).
func Total() uint64 {
	name := "hw.physmem"
	if runtime.GOOS == "darwin" {
		name = "hw.memsize"
	}
	n, err := unix.SysctlUint64(name)
	if err != nil {
		return 0
	}
	return n
}
