//go:build windows

package diskfree

import (
	"math"

	"golang.org/x/sys/windows"
)

// available asks GetDiskFreeSpaceExW for the bytes free to the caller.
func available(dir string) (int64, bool) {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return 0, false
	}
	var free, total, totalFree uint64
	if err := windows.GetDiskFreeSpaceEx(p, &free, &total, &totalFree); err != nil {
		return 0, false
	}
	return int64(min(free, math.MaxInt64)), true
}
