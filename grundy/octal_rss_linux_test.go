package grundy

import (
	"os"
	"syscall"
)

// octalMaxRSS returns the peak resident memory in bytes of a finished
// process (Linux reports ru_maxrss in KiB).
func octalMaxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}
