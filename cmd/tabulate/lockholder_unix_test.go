//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestLockHolderNamed (A12): a folder held by another command is refused
// naming that command and its PID as the holder wrote them ("tabulate
// plot"), not always "another tabulate run".
func TestLockHolderNamed(t *testing.T) {
	out := t.TempDir()
	lock := filepath.Join(out, ".tabulate.lock")
	if err := os.WriteFile(lock, []byte("4242 tabulate plot\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		t.Skip("no flock here:", err)
	}
	code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, outsideConfig), "--out", out, "-q")
	if code != 2 || !strings.Contains(stderr, "is in use by tabulate plot (PID 4242)") {
		t.Errorf("exit %d, %s; want 2 and the holder named", code, stderr)
	}
}
