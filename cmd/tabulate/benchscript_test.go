package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchPeerLocation: scripts/bench.sh reads the C++ solver's location
// from TABULATE_PEER_DIR only (a clone has no ../shared beside it): octal1
// without it, or with a folder that holds no run.sh, exits 2 at once with a
// message naming the variable; nothing is built or run before. The script
// is run from a copy of the repository's scripts folder whose parent holds
// a ../shared/peers/czajka-octal/run.sh, which the script must not pick up.
func TestBenchPeerLocation(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	fake := filepath.Join(root, "shared", "peers", "czajka-octal")
	for _, d := range []string{filepath.Join(repo, "scripts"), fake} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "scripts", "bench.sh"))
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(repo, "scripts", "bench.sh")
	if err := os.WriteFile(script, src, 0o755); err != nil {
		t.Fatal(err)
	}
	// A run.sh that would say it was run: the script must not find it.
	if err := os.WriteFile(filepath.Join(fake, "run.sh"), []byte("#!/bin/sh\necho RAN-THE-PEER\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		env  string
		want string
	}{
		{"", "set TABULATE_PEER_DIR"},
		{"TABULATE_PEER_DIR=" + filepath.Join(root, "nowhere"), "has no executable run.sh"},
	} {
		cmd := exec.Command("bash", script, "octal1")
		cmd.Dir = repo
		cmd.Env = append(envWithout(os.Environ(), "TABULATE_PEER_DIR="), c.env)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != 2 || !strings.Contains(string(out), c.want) || strings.Contains(string(out), "RAN-THE-PEER") {
			t.Errorf("%q scripts/bench.sh octal1: exit %d, %s; want 2 and %q", c.env, code, out, c.want)
		}
	}
}

// envWithout returns env without the variables that start with prefix.
func envWithout(env []string, prefix string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, prefix) {
			out = append(out, e)
		}
	}
	return out
}
