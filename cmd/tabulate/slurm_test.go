package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// slurmConfig is a small census (63 octal codes 0.d1 and 0.d1d2, 31 subsets
// of {1..5}) with one small game beside it.
const slurmConfig = `
formats: [parquet, csv]
plots: [png]
games: [nim]
nim: { max_piles: 3, max_pile: 4 }
census:
  octal: { digits: 2, prefixes: ["0"], max: 4096 }
  subtraction: { max_element: 5, max: 2000 }
`

// TestSlurmArray runs a census on a real one-node Slurm cluster, as a
// researcher would on theirs: scripts/slurm/one-node.sh starts munged,
// slurmctld and slurmd (installing Debian's slurm-wlm and munge if they are
// missing), `sbatch --wait --array=0-3 scripts/slurm/tabulate.sbatch CONFIG
// OUT` runs one shard per array task, tabulate merge merges them, and the
// result is compared with a one-process run as in TestShardMergeMatchesOneRun.
// The daemons are stopped by their PIDs whatever happens.
//
// It runs only with TABULATE_SLURM_TEST=1 (.ci/run sets it), as root; asked
// for and unable to run, it fails with the reason.
func TestSlurmArray(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 170*time.Second)
	defer cancel()
	repo, dir, state, bin := slurmCluster(ctx, t)
	run := func(name string, cmd *exec.Cmd) string { t.Helper(); return runLogged(t, name, cmd) }
	config := filepath.Join(dir, "census.yaml")
	if err := os.WriteFile(config, []byte(slurmConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out, single := filepath.Join(dir, "out"), filepath.Join(dir, "single")
	sbatch := exec.CommandContext(ctx, "sbatch", "--wait", "--array=0-3",
		filepath.Join(repo, "scripts", "slurm", "tabulate.sbatch"), config, out)
	sbatch.Dir = dir // where the tasks' logs go
	sbatch.Env = append(os.Environ(), "TABULATE="+bin)
	var logb bytes.Buffer
	sbatch.Stdout, sbatch.Stderr = &logb, &logb
	start := time.Now()
	if err := sbatch.Run(); err != nil {
		logs, _ := filepath.Glob(filepath.Join(dir, "tabulate-*.log"))
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			logb.WriteString("\n== " + l + "\n" + string(b))
		}
		ctld, _ := os.ReadFile(filepath.Join(state, "log", "slurmctld.log"))
		t.Fatalf("sbatch --wait --array=0-3: %v\n%s\n== slurmctld.log (end)\n%s", err, logb.String(), tail(string(ctld), 30))
	}
	t.Logf("sbatch --wait --array=0-3: %s: %s", time.Since(start).Round(time.Millisecond), strings.TrimSpace(logb.String()))
	shards, _ := filepath.Glob(filepath.Join(out, "shards", "*"))
	for i := range shards {
		shards[i] = filepath.Base(shards[i])
	}
	if want := []string{"0-of-4", "1-of-4", "2-of-4", "3-of-4"}; !slices.Equal(shards, want) {
		t.Fatalf("shard folders %v, want %v (the array's 4 tasks)", shards, want)
	}
	run("tabulate merge", exec.CommandContext(ctx, bin, "merge", "-q", out))
	run("one-process run", exec.CommandContext(ctx, bin, "run", "--config", config, "--out", single, "-q"))

	want, got := outputFiles(t, single), outputFiles(t, out)
	if !slices.Equal(got, want) {
		t.Fatalf("merged files\n%v\nwant those of one run\n%v", got, want)
	}
	for _, rel := range want {
		a, b := filepath.Join(single, rel), filepath.Join(out, rel)
		switch {
		case rel == "manifest.json":
			compareManifestsGames(t, a, b, 2)
		case rel == "index.html":
			// Both wrote their report; it holds each run's dates and
			// command line, so its bytes differ by design.
		case isCensusTimings(rel) && strings.HasSuffix(rel, ".csv"):
			compareCSVBut(t, a, b, timingColumns...)
		case isCensusTimings(rel):
			compareParquetBut(t, a, b, timingColumns...)
		default:
			if fileSum(t, a) != fileSum(t, b) {
				t.Errorf("%s: merged sha256 %s, one run %s", rel, fileSum(t, b), fileSum(t, a))
			}
		}
	}
	t.Logf("%d files compared", len(want))
}

// slurmCluster starts a one-node Slurm cluster for the test (skipping it
// unless TABULATE_SLURM_TEST=1, failing it where it cannot run as root on
// Linux) and builds tabulate; it returns the repository's root, the test's
// folder, the cluster's state folder and the binary. The daemons are stopped
// by their PIDs whatever happens.
func slurmCluster(ctx context.Context, t *testing.T) (repo, dir, state, bin string) {
	t.Helper()
	if os.Getenv("TABULATE_SLURM_TEST") != "1" {
		t.Skip("set TABULATE_SLURM_TEST=1 (as root) to run the Slurm integration test")
	}
	if runtime.GOOS != "linux" {
		t.Fatalf("the Slurm test needs Linux, not %s", runtime.GOOS)
	}
	if os.Geteuid() != 0 {
		t.Fatal("the Slurm test needs root, to install Slurm and start its daemons")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	state = filepath.Join(dir, "slurm")
	script := filepath.Join(repo, "scripts", "slurm", "one-node.sh")
	// Registered before the start, so that a start that fails half-way
	// still stops what it started; it runs before TempDir's removal.
	t.Cleanup(func() {
		out, err := exec.Command("bash", script, "stop", state).CombinedOutput()
		if err != nil {
			t.Errorf("stop the Slurm daemons: %v\n%s", err, out)
		}
	})
	runLogged(t, "start Slurm", exec.CommandContext(ctx, "bash", script, "start", state))
	bin = filepath.Join(dir, "tabulate")
	runLogged(t, "go build", exec.CommandContext(ctx, "go", "build", "-o", bin, "."))
	return repo, dir, state, bin
}

// runLogged runs cmd, logs how long it took, fails the test with its output
// if it fails, and returns its output.
func runLogged(t *testing.T, name string, cmd *exec.Cmd) string {
	t.Helper()
	var outb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &outb, &outb
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s: %s", name, time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, outb.String())
	}
	return outb.String()
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n") + fmt.Sprintf("\n(%d lines in all)", len(lines))
}

// slurmTailConfig is a tail-mode run long enough to be interrupted after its
// first checkpoint and short enough for CI: Grundy's game from a prefix of
// 2^18 heaps to 2^20 (the window of that start, 131,071 values, settles every
// heap there: docs/tail-mode.md's A(n) is at most 58,100 below 2^20), a
// checkpoint every 2^16 heaps.
const slurmTailConfig = `
games: [grundy-game]
grundy-game: {max: 1048575, tail: true, start: 262144, checkpoint_heaps: 65536}
`

// TestSlurmTailRequeue runs scripts/slurm/tail.sbatch on a real one-node
// Slurm cluster as issue 25 describes a frontier run: once the run has
// written its first checkpoint, the batch script gets the SIGINT that
// `--signal=B:INT@120` sends before a time limit (`scancel --signal=INT
// --batch`); the script must pass it on, let tabulate write its checkpoint
// and stop, and requeue the job; the requeued job (which the test cluster
// starts again after 10 s, its cred_expire) must resume from the checkpoint and end
// complete, with every file byte for byte that of an uninterrupted run of
// the same configuration. `--mem=0` replaces the script's 4G, which the test
// node (no RealMemory) cannot grant.
func TestSlurmTailRequeue(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	repo, dir, state, bin := slurmCluster(ctx, t)
	config := filepath.Join(dir, "tail.yaml")
	if err := os.WriteFile(config, []byte(slurmTailConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out, single := filepath.Join(dir, "out"), filepath.Join(dir, "single")
	sbatch := exec.CommandContext(ctx, "sbatch", "--parsable", "--mem=0",
		filepath.Join(repo, "scripts", "slurm", "tail.sbatch"), config, out)
	sbatch.Dir = dir // where the job's log goes
	sbatch.Env = append(os.Environ(), "TABULATE="+bin)
	job := strings.TrimSpace(runLogged(t, "sbatch tail.sbatch", sbatch))
	logs := func() string {
		b, _ := os.ReadFile(filepath.Join(dir, "tabulate-tail-"+job+".log"))
		ctld, _ := os.ReadFile(filepath.Join(state, "log", "slurmctld.log"))
		return "== job log\n" + string(b) + "\n== slurmctld.log (end)\n" + tail(string(ctld), 30)
	}
	// waitJob polls the job's record until ok accepts it; a job that
	// failed, was cancelled or (unless ok accepts that) completed ends the
	// test at once.
	waitJob := func(what string, ok func(rec string) bool) string {
		t.Helper()
		for {
			rec, _ := exec.CommandContext(ctx, "scontrol", "show", "job", "-o", job).CombinedOutput()
			if ok(string(rec)) {
				return string(rec)
			}
			for _, end := range []string{"JobState=FAILED", "JobState=CANCELLED", "JobState=COMPLETED", "JobState=TIMEOUT"} {
				if strings.Contains(string(rec), end) {
					t.Fatalf("job %s ended while waiting for %s: %s\n%s", job, what, rec, logs())
				}
			}
			select {
			case <-ctx.Done():
				t.Fatalf("job %s: no %s before the test's deadline: %s\n%s", job, what, rec, logs())
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	checkpoint := filepath.Join(out, "grundy-game", "tail.checkpoint")
	waitJob("first checkpoint", func(rec string) bool {
		_, err := os.Stat(checkpoint)
		return err == nil
	})
	runLogged(t, "scancel --signal=INT --batch", exec.CommandContext(ctx, "scancel", "--signal=INT", "--batch", job))
	waitJob("requeue", func(rec string) bool {
		return strings.Contains(rec, "Restarts=1") && strings.Contains(rec, "JobState=PENDING")
	})
	waitJob("completion", func(rec string) bool { return strings.Contains(rec, "JobState=COMPLETED") })
	log := logs()
	for _, want := range []string{"requeueing job " + job + " to resume", "restart 1)"} {
		if !strings.Contains(log, want) {
			t.Errorf("the job's log lacks %q:\n%s", want, log)
		}
	}

	runLogged(t, "uninterrupted run", exec.CommandContext(ctx, bin, "run", "--config", config, "--out", single, "-q"))
	want, got := outputFiles(t, single), outputFiles(t, out)
	if !slices.Equal(got, want) {
		t.Fatalf("files after the requeue\n%v\nwant those of an uninterrupted run\n%v", got, want)
	}
	for _, rel := range want {
		a, b := filepath.Join(single, rel), filepath.Join(out, rel)
		switch rel {
		case "manifest.json":
			compareManifestsGames(t, a, b, 1)
		case "index.html": // dates and command lines: differs by design
		default:
			if fileSum(t, a) != fileSum(t, b) {
				t.Errorf("%s: after the requeue sha256 %s, uninterrupted %s", rel, fileSum(t, b), fileSum(t, a))
			}
		}
	}
	t.Logf("%d files compared: %v", len(want), want)
}
