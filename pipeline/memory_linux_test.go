//go:build linux

package pipeline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// memoryCases are runs of one kind of job each, large enough that the jobs'
// memory, not the Go runtime's, dominates the peak.
var memoryCases = map[string]string{
	"squares/grundy":      "games: [squares]\nsquares: {grundy_max: 5000000, win_max: 1}",
	"squares/p_positions": "games: [squares]\nsquares: {grundy_max: 1, win_max: 200000000}",
	"flip/positions":      "games: [flip]\nflip: {run_max: 1, position_max: 70, count_max: 1, board_max: 1}",
	"flip/boards":         "games: [flip]\nflip: {run_max: 1, position_max: 1, count_max: 62, board_max: 21}",
	"flip/run_grundy":     "games: [flip]\nflip: {run_max: 30000, position_max: 1, count_max: 1, board_max: 1}",
	"caniwin/pairs":       "games: [caniwin]\ncaniwin: {max_choosable: 23, max_total: 276}",
	"nim/positions":       "games: [nim]\nnim: {max_piles: 10, max_pile: 15}",
	"octal/grundy":        "games: [k]\noctal: {k: {code: '0.77', max: 10000000}}",
	// Every part of a heap job at full size: the engine computes all 2^24
	// values (0.354's proof needs 20,126,195), FindPeriod scans every
	// candidate without confirming one, ObservePeriod finds period 1180
	// from n = 10,061,916, and 7.9 million exceptions are written.
	"octal/grundy-observed": "games: [o]\noctal: {o: {code: '0.354', max: 16777216}}",
	"subtraction/grundy":    "games: [s]\nsubtraction: {s: {set: squares, max: 10000000}}",
	"grundy-game/grundy":    "games: [grundy-game]\ngrundy-game: {max: 30000}",
	// A tail from 2^25 (docs/tail-mode.md, "Memory of a fresh tail"): its
	// prefix, 4 bytes a heap (129 MiB), and the tail's buffers filled from
	// it, 3 bytes a heap of start and 2 MiB (98 MiB), held together. At
	// this size the writers' 72 MiB would cover the buffers if they were
	// not counted; from 2^26 Grundy's game's tail is refused (TailWindow),
	// and 2^27, where the old count fell short (925 MiB against 657),
	// takes minutes and 0.9 GiB. Measured 2026-11-27 (load 8): peak
	// 250.6 MiB against the estimate of 371.0 MiB (273 MiB by the old
	// count), 91 s.
	"grundy-game/frequencies": "games: [grundy-game]\ngrundy-game: {max: 33619968, tail: true, start: 33554432}",
}

// TestMemoryPeak runs each kind of job in a process of its own and checks
// that its peak resident memory (VmHWM, peakRSS) stays under the
// plan's estimate when the estimate is the limit: a plan accepted under
// --max-memory M must peak under M.
func TestMemoryPeak(t *testing.T) {
	if name := os.Getenv("TABULATE_MEMORY_CASE"); name != "" {
		memoryChild(t, name)
		return
	}
	longtest.Skip(t, "runs a large job of each kind in a process of its own, about 5 minutes")
	for name := range memoryCases {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryPeak$", "-test.v")
			cmd.Env = append(os.Environ(), "TABULATE_MEMORY_CASE="+name, "TABULATE_MEMORY_OUT="+t.TempDir())
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			var peak, estimate int64
			for _, line := range strings.Split(string(out), "\n") {
				if f := strings.Fields(line); len(f) == 3 && f[0] == "memory:" {
					peak, _ = strconv.ParseInt(f[1], 10, 64)
					estimate, _ = strconv.ParseInt(f[2], 10, 64)
				}
			}
			if estimate == 0 {
				t.Fatalf("no measurement in\n%s", out)
			}
			t.Logf("peak %s, estimate %s (%.2f)", Bytes(peak), Bytes(estimate), float64(peak)/float64(estimate))
			if peak > estimate {
				t.Errorf("peak resident memory %s is over the estimate %s", Bytes(peak), Bytes(estimate))
			}
		})
	}
}

// memoryChild runs one case and prints "memory: PEAK ESTIMATE" in bytes.
func memoryChild(t *testing.T, name string) {
	cfg, err := configs.Load(name, []byte(memoryCases[name]+"\nformats: [parquet, csv]\nplots: [png, svg]\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = os.Getenv("TABULATE_MEMORY_OUT")
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The tightest limit the plan is accepted under.
	cfg.MaxMemory = configs.Size(plan.Memory)
	if plan, err = NewPlan(cfg); err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), Options{}); err != nil {
		t.Fatal(err)
	}
	peak, err := peakRSS()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("memory: %d %d\n", peak, plan.Memory)
}

// peakRSS returns this process's peak resident memory, VmHWM of
// /proc/self/status: the high-water mark of its own address space, made
// new at exec. Not getrusage's ru_maxrss: Linux keeps there the peak of the
// address space exec replaced, and Go starts a child on its parent's
// address space (vfork), so a child would report the parent test
// process's peak when that is the larger.
func peakRSS() (int64, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) != 2 || f[1] != "kB" {
				return 0, fmt.Errorf("/proc/self/status: VmHWM line %q", line)
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("/proc/self/status has no VmHWM line")
}
