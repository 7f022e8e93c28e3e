package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTailExitStatus checks the exit status of tail runs: 0 for a run and
// for the same command again (resumed from its finished checkpoint), 2 for
// a checkpoint another configuration made (nothing computed), 1 when the
// engine stops without guessing, each with a message saying what to do.
func TestTailExitStatus(t *testing.T) {
	out := t.TempDir()
	made := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 16384}\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", made, "--out", out); code != 0 {
		t.Fatalf("tail run: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", made, "--out", out); code != 0 {
		t.Fatalf("the same command again: exit %d: %s", code, stderr)
	}
	other := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 8192}\n")
	code, _, stderr := runTabulate(t, "run", "-q", "--config", other, "--out", out)
	ckpt := filepath.Join(out, "g", "tail.checkpoint")
	if code != 2 || !strings.Contains(stderr, "tail checkpoint "+ckpt+" was made by another configuration: start 16384 (this configuration: 8192)") ||
		!strings.Contains(stderr, "remove it to start over") {
		t.Errorf("another start: exit %d, %q; want 2 naming the checkpoint and the start", code, stderr)
	}
	stops := writeConfig(t, "games: [officers]\nplots: []\nformats: [csv]\noctal:\n  officers: {code: \"0.6\", max: 200000, tail: true, start: 65536}\n")
	code, _, stderr = runTabulate(t, "run", "-q", "--config", stops, "--out", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "stopped there without guessing (rerun with a larger start or window)") {
		t.Errorf("unsettled: exit %d, %q; want 1 saying to rerun with a larger start", code, stderr)
	}
}

// TestTailSbatchSyntax checks the syntax of the Slurm script of a tail run
// (bash -n; running it needs Slurm, see docs/tail-mode.md).
func TestTailSbatchSyntax(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	script := filepath.Join("..", "..", "scripts", "slurm", "tail.sbatch")
	if out, err := exec.Command(bash, "-n", script).CombinedOutput(); err != nil {
		t.Errorf("bash -n %s: %v\n%s", script, err, out)
	}
	text, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"#SBATCH --requeue\n", "#SBATCH --signal=B:INT@120\n", `scontrol requeue "$SLURM_JOB_ID"`} {
		if !strings.Contains(string(text), line) {
			t.Errorf("%s lacks %q", script, line)
		}
	}
}
