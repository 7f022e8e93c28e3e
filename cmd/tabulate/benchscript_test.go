package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchPeerLocation: scripts/bench.sh reads the C++ solver's location
// from TABULATE_PEER_DIR only (a clone has no peers beside it): octal1
// without it, or with a folder that holds no run.sh, exits 2 at once with a
// message naming the variable; nothing is built or run before. The script
// is run from a copy of the repository's scripts folder whose parent holds
// a shared/peers/czajka-octal/run.sh, which the script must not pick up.
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

// TestDuckDBCheckFailsWithoutNpm: the CI step that has DuckDB read a run's
// files (scripts/ci/duckdb.sh) fails with exit status 1 and says why where
// npm is missing and cannot be installed (no apt-get on the PATH); before,
// .ci/run skipped the check with a line that said so and went on.
func TestDuckDBCheckFailsWithoutNpm(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	bin := t.TempDir() // a PATH with what the script needs but npm, node and apt-get
	for _, tool := range []string{"dirname", "id"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s is not installed", tool)
		}
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	cmd := exec.Command(bash, filepath.Join("..", "..", "scripts", "ci", "duckdb.sh"), out)
	cmd.Env = append(envWithout(os.Environ(), "PATH="), "PATH="+bin)
	got, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 1 || !strings.Contains(string(got), "FAILED: npm and node are needed") {
		t.Errorf("duckdb.sh without npm: exit %d (%v), %s; want 1 and the reason", code, err, got)
	}
}
