//go:build unix

package regular

import "golang.org/x/sys/unix"

// openNonblock keeps an open of a FIFO from waiting for a writer (a FIFO
// swapped in between the Stat and the open).
const openNonblock = unix.O_NONBLOCK
