//go:build !linux

package serialshare

import "time"

// Thread returns the wall clock since the program started, where the
// thread's CPU time is not read (the serial-share figures then count a
// loaded machine's waits too).
func Thread() time.Duration { return time.Since(start) }
