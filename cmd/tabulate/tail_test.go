package main

import (
	"fmt"
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
	if code != 1 || !strings.Contains(stderr, "stopped there without guessing (rerun with a larger start: the window is at most (start - t - 1)/2, its default, so only the start lengthens it)") {
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

// TestTailPeriodFinding runs 0.127 in tail mode from two starts whose
// prefix cannot prove its period (4, last exception at n = 46577: A.
// Gangolli and T. Plambeck, International Journal of Game Theory 18 (1989);
// OEIS A071464) and checks the manifest's period finding: from 2^16 the
// window holds the last exception and the tail claims the period from
// 46578; from 93160 the window begins past it and the tail claims it only
// "from n0 at the latest", n0 the window's start when the period was found.
func TestTailPeriodFinding(t *testing.T) {
	for _, tc := range []struct {
		start     int64
		preperiod float64
		bound     bool
	}{
		{65536, 46578, false},
		{93160, 50679, true}, // the first search, at heap 97256, sees heaps 50679.. of the window of 46578
	} {
		out := t.TempDir()
		config := writeConfig(t, fmt.Sprintf("games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.127\", max: 131072, tail: true, start: %d}\n", tc.start))
		if code, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", out); code != 0 {
			t.Fatalf("start %d: exit %d: %s", tc.start, code, stderr)
		}
		m, err := readManifestJSON(out)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := m.Games["g"].Findings["period"].(map[string]any)
		bound, _ := p["preperiod_is_bound"].(bool)
		if p["period"] != 4.0 || p["preperiod"] != tc.preperiod || p["in_tail"] != true || bound != tc.bound ||
			p["proven_within"] != 2*tc.preperiod+2*4+3-1 {
			t.Errorf("start %d: period finding %v; want period 4 from %v (a bound: %v) proved by the tail within 2*n0+2*4+3 heaps", tc.start, p, tc.preperiod, tc.bound)
		}
	}
}
