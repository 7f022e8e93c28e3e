//go:build linux

package sysmem

import "golang.org/x/sys/unix"

// Total returns the machine's physical memory in bytes, or 0 if the operating
// system does not say. On Linux it is sysinfo(2)'s totalram in units of
// mem_unit bytes (the unit is 1 on most machines, larger on 32-bit machines
// with more RAM than a word counts).
func Total() uint64 {
	var si unix.Sysinfo_t
	if err := unix.Sysinfo(&si); err != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
