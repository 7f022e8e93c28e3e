package serialshare

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time of the calling thread so far
// (CLOCK_THREAD_CPUTIME_ID; lock the goroutine to its thread first, with
// runtime.LockOSThread). It falls back to the wall clock since the
// program started if the system refuses.
func Thread() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID, linux/time.h
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Since(start)
	}
	return time.Duration(ts.Nano())
}
