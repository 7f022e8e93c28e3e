package octal

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time of the calling thread so far
// (CLOCK_THREAD_CPUTIME_ID; lock the goroutine to its thread first). It
// falls back to the wall clock if the system refuses.
func threadCPU() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID, linux/time.h
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Since(wallStart)
	}
	return time.Duration(ts.Nano())
}
