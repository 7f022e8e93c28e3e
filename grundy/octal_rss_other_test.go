//go:build !linux

package grundy

import "os"

// octalMaxRSS returns 0: the peak resident memory of a process is read on
// Linux only.
func octalMaxRSS(ps *os.ProcessState) int64 { return 0 }
