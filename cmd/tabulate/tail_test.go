package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/internal/longtest"
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

// TestTailAutoRefusedBeforeRun checks that tail: true whose start cannot
// work within max_memory is refused before the run's folder is opened:
// exit status 2, a message naming the game, the start that would work and
// the memory its run needs, and nothing written (the folder neither
// created nor, when it exists or --out is a link to it, touched: no lock,
// no manifest). 0.034's last
// rare heap is 374,473 (grundy/octal/tail.go), so its window must hold
// 32 x 374,476 heaps: start 2^25, whose prefix needs 7 bytes a heap and
// 1 MiB (octal.Memory), 225.0 MiB, and the tail's buffers filled from it
// 98.0 MiB (3W+1 values of 2 bytes, W = (2^25 - 4)/2, and 2 MiB of
// marks: octal.TailMemory), 323.0 MiB, over the heap limit of 200 MiB
// less the 24 MiB that is not heap. The probe to 2^20 takes about a second.
func TestTailAutoRefusedBeforeRun(t *testing.T) {
	config := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.034\", max: 1073741824, tail: true}\n")
	absent := filepath.Join(t.TempDir(), "out")
	existing := t.TempDir()
	if err := os.WriteFile(filepath.Join(existing, "keep.txt"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link to the existing folder, as an attacker's or a user's --out.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(existing, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{absent, link} {
		code, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", out, "--max-memory", "200MiB")
		for _, want := range []string{"g: start: ", "octal game 0.034 to 1073741824", "the start that would work is 33554432, whose full-array prefix and the tail's buffers beside it need 323.0 MiB (memory limit 176.0 MiB)", "allowed: a larger max_memory"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr %q lacks %q", out, stderr, want)
			}
		}
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", out, code)
		}
	}
	if _, err := os.Lstat(absent); !os.IsNotExist(err) {
		t.Errorf("the refused run made its folder %s (%v)", absent, err)
	}
	// A shard of the run is refused the same way, before its folders.
	shardOut := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", shardOut, "--max-memory", "200MiB", "--shard", "0/2")
	if _, err := os.Lstat(shardOut); code != 2 || !strings.Contains(stderr, "the start that would work is 33554432") || !os.IsNotExist(err) {
		t.Errorf("shard 0/2: exit %d, %q, folder %v; want 2, the start named, no folder", code, stderr, err)
	}
	if entries, err := os.ReadDir(existing); err != nil || len(entries) != 1 || entries[0].Name() != "keep.txt" {
		t.Errorf("the refused run wrote into the existing folder: %v, %v", entries, err)
	}
}

// TestTailAutoTogether checks that the plan counts each automatic tail at
// the start its Prepare chose (issue 34) and refuses, with exit status 2
// and no folder, tails that fit the limit alone but not together. Two of
// 0.034 to 2^30 under --max-memory 500MiB (heap limit 476 MiB) each choose
// start 2^25: its prefix 225.0 MiB (7 bytes a heap and 1 MiB, octal.Memory)
// and beside it the tail's buffers filled from it, 98.0 MiB (3W+1 values
// of 2 bytes, W = (2^25 - 4)/2, and 2 MiB of marks: octal.TailMemory),
// 323.0 MiB (more than the prefix beside the probe's 8.0 MiB that it
// extends, 233.0 MiB), and the writers' 72.0 MiB (3 row groups of 2^20
// rows of 24 bytes): 395.0 MiB. Alone, 64 MiB of base and 8 of the job's
// make 467 MiB, under the limit; together 870 MiB, over it (the plan at
// the default start, 2^20, counted 250 MiB). 0.137 and 0.07 to 2^26 each
// prove their period (34) in the probe and choose start 2^20: 8.0 MiB of
// prefix, taken whole, with the tail's 5.0 MiB of buffers beside it, and
// the writers': 85.0 MiB; together 250 MiB, refused under 249MiB (by the
// plan at the default start, which is 2^20 too, so without the start
// Prepare chose), run through under 300MiB and under 1GiB, where a full
// array to 2^26 fits alone but the plan still counts each at the start it
// takes.
func TestTailAutoTogether(t *testing.T) {
	longtest.Skip(t, "probes of octal games to 2^20 and tails to 2^26")
	for _, tc := range []struct {
		name, codes, limit string
		want               []string // the refusal's parts; nil: runs through
	}{
		{"large", "0.034, 0.034", "500MiB", []string{"the run needs an estimated 870.0 MiB", "a/frequencies 395.0 MiB for start 33554432", "b/frequencies 395.0 MiB for start 33554432", "over the limit of 500.0 MiB (--max-memory)"}},
		{"periods-refused", "0.137, 0.07", "249MiB", []string{"the run needs an estimated 250.0 MiB", "a/frequencies 85.0 MiB,", "b/frequencies 85.0 MiB)", "over the limit of 249.0 MiB (--max-memory)"}},
		{"periods-run", "0.137, 0.07", "300MiB", nil},
		// A full array to 2^26, 449.0 MiB, fits alone: counted at max
		// (521 MiB with the writers'), two would be refused (1122 MiB).
		{"periods-full-fits", "0.137, 0.07", "1GiB", nil},
	} {
		t.Run(tc.name, func(t *testing.T) { tailsTogether(t, tc.codes, tc.limit, tc.want) })
	}
}

// tailsTogether runs two automatic tails a and b of codes ("0.034,
// 0.034"; 0.034 to 2^30, others to 2^26) under limit, for
// TestTailAutoTogether: refused with want's parts, or, want nil, run
// through, each from start 2^20.
func tailsTogether(t *testing.T, codes, limit string, want []string) {
	code := strings.Split(codes, ", ")
	max := map[bool]int{true: 1 << 30, false: 1 << 26}[code[0] == "0.034"]
	config := writeConfig(t, fmt.Sprintf("games: [a, b]\nplots: []\nformats: [csv]\noctal:\n  a: {code: %q, max: %d, tail: true}\n  b: {code: %q, max: %d, tail: true}\n", code[0], max, code[1], max))
	out := filepath.Join(t.TempDir(), "out")
	exit, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", out, "--max-memory", limit)
	if want == nil {
		manifest, err := os.ReadFile(filepath.Join(out, "manifest.json"))
		if exit != 0 || err != nil || strings.Count(string(manifest), `"start": 1048576,`) != 2 {
			t.Errorf("%s under %s: exit %d, %q, manifest %v; want 0 and both tails from start 1048576", codes, limit, exit, stderr, err)
		}
		return
	}
	if _, err := os.Lstat(out); exit != 2 || !os.IsNotExist(err) || strings.Contains(stderr, "cannot be chosen") {
		t.Errorf("%s under %s: exit %d, folder %v, %q; want 2, no folder, and the plan's refusal (each start fits alone)", codes, limit, exit, err, stderr)
	}
	for _, part := range want {
		if !strings.Contains(stderr, part) {
			t.Errorf("%s under %s: stderr %q lacks %q", codes, limit, stderr, part)
		}
	}
}
