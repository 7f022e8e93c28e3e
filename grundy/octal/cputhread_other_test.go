//go:build !linux

package octal

import "time"

// threadCPU: the wall clock since the tests started, where the thread's
// CPU time is not read (TestOctalSerialShare's figures then count a loaded
// machine's waits too).
func threadCPU() time.Duration { return time.Since(wallStart) }
