//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestSlurmStopChecksPid: scripts/slurm/one-node.sh stop signals the pid
// of a pid file only while it is still that daemon: a pid file naming
// another process (here a sleep of this test, as a reused pid would) leaves
// that process running, says so, and removes the stale pid file.
func TestSlurmStopChecksPid(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	if _, err := os.Stat("/proc/self/comm"); err != nil {
		t.Skip("no /proc: one-node.sh runs on Linux only")
	}
	if _, err := os.Stat("/etc/slurm/slurm.conf.tabulate-saved"); err == nil {
		t.Skip("a one-node Slurm of another test is up: its stop would restore /etc/slurm/slurm.conf")
	}
	sleep := exec.Command("sleep", "60")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { sleep.Process.Kill(); sleep.Wait() }()
	state := t.TempDir()
	pidFile := filepath.Join(state, "slurmd.pid")
	if err := os.WriteFile(pidFile, []byte(strconv.Itoa(sleep.Process.Pid)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("bash", filepath.Join("..", "..", "scripts", "slurm", "one-node.sh"), "stop", state).CombinedOutput()
	if err != nil {
		t.Fatalf("one-node.sh stop: %v\n%s", err, out)
	}
	if err := sleep.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("one-node.sh stop signalled pid %d, not slurmd: %v\n%s", sleep.Process.Pid, err, out)
	}
	if !strings.Contains(string(out), "is not slurmd") {
		t.Errorf("one-node.sh stop did not say the pid is not slurmd:\n%s", out)
	}
	if _, err := os.Stat(pidFile); !os.IsNotExist(err) {
		t.Errorf("the stale pid file is still there (%v)", err)
	}
}
