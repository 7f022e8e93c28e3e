//go:build !unix

package octal

import "errors"

// mkfifo: no named pipes on this system.
func mkfifo(path string) error { return errors.New("no FIFOs") }
