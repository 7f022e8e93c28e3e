//go:build unix

package main

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestConfigFIFOSaysUseStdin: a configuration given as a pipe (--config
// <(...)) is refused without reading it, saying to use --config -.
func TestConfigFIFOSaysUseStdin(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	for _, cmd := range [][]string{{"run", "--out", filepath.Join(t.TempDir(), "o")}, {"solve", "kayles", "3"}} {
		args := append([]string{cmd[0], "--config", fifo}, cmd[1:]...)
		code, stdout, stderr := runTabulate(t, args...)
		usageShaped(t, cmd[0]+" --config FIFO", code, stdout, stderr, "or - to read the configuration from standard input")
	}
}
