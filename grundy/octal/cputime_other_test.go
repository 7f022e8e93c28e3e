//go:build !unix

package octal

import "time"

// processCPU: not measured on this system (0).
func processCPU() time.Duration { return 0 }
