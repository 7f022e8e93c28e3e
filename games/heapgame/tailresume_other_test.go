//go:build !unix

package heapgame

import "errors"

// mkfifo: no FIFOs here.
func mkfifo(path string) error { return errors.New("no FIFOs on this system") }
