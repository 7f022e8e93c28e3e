package octal

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/internal/longtest"
)

// octalPeerBinary returns the path of the C++ octal-game solver of
// tczajka/octal-games (MIT), built by scripts/ci/peer.sh from
// the solver's checkout (or named by $TABULATE_OCTAL_PEER), or "" if it is not built.
func octalPeerBinary() string {
	if p := os.Getenv("TABULATE_OCTAL_PEER"); p != "" {
		return p
	}
	dir := os.Getenv("XDG_CACHE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".cache")
	}
	p := filepath.Join(dir, "czajka-octal", "analyze_n")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// octalPeerRun runs the peer on code for heaps 0..n-1 and returns the values
// it dumped (fewer than n when it proved a period first) and its last
// statistics line, as in "n=2^17 largest G[89634]=285 rare_mask=1ee
// num_rare=1584 last_rare=20627".
func octalPeerRun(t testing.TB, bin, code string, n int) ([]int32, string) {
	dump := filepath.Join(t.TempDir(), "g.u32")
	out, err := exec.Command(bin, code, strconv.Itoa(n), dump).CombinedOutput()
	if err != nil {
		t.Fatalf("peer %s %d: %v\n%s", code, n, err, out)
	}
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]int32, len(b)/4)
	for i := range g {
		g[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	stats := regexp.MustCompile(`(?m)^n=.*$`).FindAllString(string(out), -1)
	if len(stats) == 0 {
		t.Fatalf("peer %s %d: no statistics in\n%s", code, n, out)
	}
	return g, stats[len(stats)-1]
}

// TestOctalPeer compares ValuesWithStats with the C++ solver of
// tczajka/octal-games, an independent program, on the games of the issue
// and a few more: every value it computes, the largest value and where it
// first occurs, and the number of rare heaps (ours is the fewest of any
// labelling, so at most its count, which includes heap 0 when rare). It is
// run to 2^14 heaps, to 2^17 in the long tests, and skipped when the solver
// is not built (scripts/ci/peer.sh builds
// it from the solver's checkout).
func TestOctalPeer(t *testing.T) {
	bin := octalPeerBinary()
	if bin == "" {
		t.Skip("the C++ solver is not built: run ../shared/peers/czajka-octal/run.sh .6 10")
	}
	n := 1 << 14
	if longtest.Enabled() {
		n = 1 << 17
	}
	re := regexp.MustCompile(`largest G\[(\d+)\]=(\d+) rare_mask=[0-9a-f]+(?:pos)? num_rare=(\d+)`)
	for _, code := range []string{".6", ".007", ".14", ".172", ".034", ".354", ".376", ".16", ".127", "4.07", ".77", ".1777"} {
		t.Run(code, func(t *testing.T) {
			size := n
			if code == ".007" {
				size = n / 4
			}
			want, line := octalPeerRun(t, bin, code, size)
			c, err := Parse(code)
			if err != nil {
				t.Fatal(err)
			}
			g, st, err := octalSolve(context.Background(), octalRulesOf(c), code, len(want)-1, nil, octalOptions{noPeriodic: true})
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(g, want); d != "" {
				t.Fatalf("%s (the C++ solver)", d)
			}
			m := re.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("unreadable statistics %q", line)
			}
			at, _ := strconv.Atoi(m[1])
			largest, _ := strconv.Atoi(m[2])
			rare, _ := strconv.Atoi(m[3])
			if st.LargestAt != at || int(st.Largest) != largest {
				t.Errorf("largest %d at %d; the C++ solver: %d at %d", st.Largest, st.LargestAt, largest, at)
			}
			if st.Rare > rare {
				t.Errorf("%d rare heaps (mask %#x); the C++ solver: %d (%s)", st.Rare, st.Mask, rare, line)
			}
			t.Logf("%d values; mask %#x, %d rare, last %d; the C++ solver: %s", len(want), st.Mask, st.Rare, st.LastRare, line)
		})
	}
}

// octalPeerRows are the games and sizes of issue 14's table, plus Grundy's
// game: code as the C++ solver reads it, and the number of heaps (0..n-1).
var octalPeerRows = []struct {
	code string
	n    int
}{
	{".6", 1_000_000},
	{".6", 10_000_000},
	{".007", 300_000},
	{".007", 1_000_000},
	{".014", 1 << 20},
	{".172", 1 << 20},
	{".034", 1 << 20},
	{".354", 10_000_000},
	{"grundy", 1 << 24},
}

// BenchmarkOctalPeer runs the C++ solver of tczajka/octal-games (one
// thread, the public program to beat; built by
// scripts/ci/peer.sh) and ValuesWithStats on the same
// games and sizes, one after the other in one process so that the ratio
// holds on a loaded machine; scripts/bench.sh octal takes several samples
// and prints min and median. engine reports the bytes it allocated a heap
// (alloc-B/heap, all of them, a bound on its peak); the script measures both
// programs' peak resident memory with /usr/bin/time, the engine through
// TestOctalEngineProcess (a child's ru_maxrss read here would include this
// process, which holds the values). The values are compared: a difference
// fails the benchmark.
func BenchmarkOctalPeer(b *testing.B) {
	bin := octalPeerBinary()
	if bin == "" {
		b.Skip("the C++ solver is not built: run ../shared/peers/czajka-octal/run.sh .6 10")
	}
	for _, row := range octalPeerRows {
		name := fmt.Sprintf("%s_n=%d", strings.TrimPrefix(row.code, "0"), row.n)
		var want []int32
		b.Run(name+"/peer", func(b *testing.B) {
			for b.Loop() {
				dump := filepath.Join(b.TempDir(), "g.u32")
				cmd := exec.Command(bin, row.code, strconv.Itoa(row.n), dump)
				out, err := cmd.CombinedOutput()
				if err != nil {
					b.Fatalf("%v\n%s", err, out)
				}
				raw, err := os.ReadFile(dump)
				if err != nil {
					b.Fatal(err)
				}
				want = make([]int32, len(raw)/4)
				for i := range want {
					want[i] = int32(binary.LittleEndian.Uint32(raw[4*i:]))
				}
			}
		})
		b.Run(name+"/engine", func(b *testing.B) {
			r := testRules(b, row.code, row.code == "grundy")
			var g []int32
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				var err error
				g, _, err = octalSolve(context.Background(), r, row.code, row.n-1, nil, octalOptions{})
				if err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(row.n), "alloc-B/heap")
			if want != nil {
				if d := octalDiff(g[:len(want)], want); d != "" {
					b.Fatalf("%s (the C++ solver)", d)
				}
			}
		})
	}
}

// TestOctalEngineProcess runs the engine on the game and size of
// $TABULATE_OCTAL_PROCESS ("code,n") for scripts/bench.sh octal, which
// measures the process's peak memory, and scripts/device/scale-octal.sh;
// without it, it is skipped. $TABULATE_OCTAL_WORKERS, if set, is the
// engine's workers (else GOMAXPROCS), and $TABULATE_OCTAL_SUM names a file
// for the sha256 of the values (each a little-endian int32), so that runs
// at different workers can be compared.
func TestOctalEngineProcess(t *testing.T) {
	spec := os.Getenv("TABULATE_OCTAL_PROCESS")
	if spec == "" {
		t.Skip("run by BenchmarkOctalPeer")
	}
	code, ns, _ := strings.Cut(spec, ",")
	n, err := strconv.Atoi(ns)
	if err != nil {
		t.Fatal(err)
	}
	r := testRules(t, code, code == "grundy")
	var opt octalOptions
	if w := os.Getenv("TABULATE_OCTAL_WORKERS"); w != "" {
		if opt.workers, err = strconv.Atoi(w); err != nil || opt.workers < 1 {
			t.Fatalf("TABULATE_OCTAL_WORKERS=%q: want a positive integer", w)
		}
	}
	g, _, err := octalSolve(context.Background(), r, code, n-1, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if sum := os.Getenv("TABULATE_OCTAL_SUM"); sum != "" {
		h := sha256.New()
		if err := binary.Write(h, binary.LittleEndian, g); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(sum, fmt.Appendf(nil, "%x\n", h.Sum(nil)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOctalTailProcess runs Tail on one goroutine (the prefix on one worker
// too; $TABULATE_OCTAL_TAIL_WORKERS=W runs the tail alone on W, tailpipe.go)
// on the game, start and max of $TABULATE_OCTAL_TAIL ("code,start,max")
// for scripts/bench.sh octal1, which times the tail's rate; without it, it
// is skipped.
func TestOctalTailProcess(t *testing.T) {
	spec := os.Getenv("TABULATE_OCTAL_TAIL")
	if spec == "" {
		t.Skip("run by scripts/bench.sh octal1")
	}
	f := strings.Split(spec, ",")
	if len(f) != 3 {
		t.Fatalf("TABULATE_OCTAL_TAIL=%q: want code,start,max", spec)
	}
	c, err := Parse(f[0])
	if err != nil {
		t.Fatal(err)
	}
	start, err1 := strconv.ParseInt(f[1], 10, 64)
	max, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("TABULATE_OCTAL_TAIL=%q: start and max must be integers", spec)
	}
	workers := 1
	if w := os.Getenv("TABULATE_OCTAL_TAIL_WORKERS"); w != "" {
		if workers, err = strconv.Atoi(w); err != nil {
			t.Fatalf("TABULATE_OCTAL_TAIL_WORKERS=%q: want an integer", w)
		}
	}
	opts := TailOptions{Start: start, Workers: 1}
	// $TABULATE_OCTAL_TAIL_TIMES names a file for "heaps wall cpu" of the
	// tail alone, from its first progress report past the start (a
	// 512th of the run in) to its end, timed inside the process, so that
	// the prefix's time, which moves with the load, is not subtracted.
	times := os.Getenv("TABULATE_OCTAL_TAIL_TIMES")
	var from int64 = -1
	var wall0 time.Time
	var cpu0 time.Duration
	if times != "" {
		opts.Progress = func(done, _ int64) {
			if from < 0 && done > start {
				from, wall0, cpu0 = done, time.Now(), processCPU()
			}
		}
	}
	res, err := tailRun(context.Background(), tailOctal(c), max, opts, tailInternal{tailWorkers: workers})
	if err != nil {
		t.Fatal(err)
	}
	// $TABULATE_OCTAL_TAIL_SUM names a file for the checksum of the whole
	// sequence and the counts of the final table, so that runs at
	// different workers can be compared (scripts/device/scale-octal.sh).
	if sum := os.Getenv("TABULATE_OCTAL_TAIL_SUM"); sum != "" {
		line := fmt.Sprintf("%016x %v\n", res.Final.Checksum, res.Final.Counts)
		if err := os.WriteFile(sum, []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if times != "" && from >= 0 {
		line := fmt.Sprintf("%d %.3f %.3f\n", max-from, time.Since(wall0).Seconds(), (processCPU() - cpu0).Seconds())
		if err := os.WriteFile(times, []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
