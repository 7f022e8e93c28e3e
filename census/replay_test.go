package census_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// TestReplay checks the replay of a schedule against one worked by hand:
// runs of 5, 3, 3, 2, 2 and 1 s in that order (the two games of one group,
// one run, listed twice) on 2 workers go 5 | 3, 3 (at 3, ends 6), 2 (at 5,
// ends 7), 2 (at 6, ends 8), 1 (at 7, ends 8): makespan 8; total 16, lower
// bound max(16/2, 5) = 8. On 1 worker the makespan is the total, on 6 the
// longest run.
func TestReplay(t *testing.T) {
	run := func(start float64, w int) census.Timing {
		return census.Timing{Start: start, End: start + 1, Worker: w}
	}
	rows := []census.TimingRow{
		{Seconds: 3, Run: run(0, 1)}, {Seconds: 5, Run: run(0, 0)}, {Seconds: 3, Run: run(1, 0)},
		{Seconds: 2, Run: run(2, 0)}, {Seconds: 2, Run: run(2, 0)}, // one group
		{Seconds: 2, Run: run(3, 1)}, {Seconds: 1, Run: run(4, 0)},
	}
	for _, tt := range []struct {
		workers         int
		makespan, bound float64
	}{{2, 8, 8}, {1, 16, 16}, {6, 5, 5}} {
		s := census.Replay(rows, tt.workers)
		if s.Runs != 6 || s.Total != 16 || s.Longest != 5 || s.Makespan != tt.makespan || s.Bound != tt.bound {
			t.Errorf("%d workers: %+v, want 6 runs, total 16, longest 5, makespan %g, bound %g", tt.workers, s, tt.makespan, tt.bound)
		}
	}
	got, err := census.ReadTimingsCSV(strings.NewReader("code,seconds,start,end,worker\n0.6,1.5,0.25,1.75,1\n"))
	if err != nil || len(got) != 1 || got[0] != (census.TimingRow{Seconds: 1.5, Run: census.Timing{Start: 0.25, End: 1.75, Worker: 1}}) {
		t.Errorf("ReadTimingsCSV: %+v, %v", got, err)
	}
	if _, err := census.ReadTimingsCSV(strings.NewReader("code,seconds\n0.6,1.5\n")); err == nil || !strings.Contains(err.Error(), `no column "start"`) {
		t.Errorf("a timings table without start: %v, want an error naming the column", err)
	}
}

// TestCostliestFirst runs a census of the codes 0.16 and 0.16d to 2^15
// values (past the first pass, probeValues = 2^14) on one worker and
// checks its timings: every game of the second pass without a sparse space
// (0.164 among them: a plain O(n^2) mex, the costliest by far) started
// before every one with a sparse space, and the table and its timings
// replay on one worker to at least the census's own time.
func TestCostliestFirst(t *testing.T) {
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{Octal: configs.CensusOctal{Digits: 3, Prefixes: []string{"0.16"}, Max: 1 << 15}}
	if _, err := runCensus(context.Background(), cfg, out, census.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	col, rows := readCSV(t, filepath.Join(out, "census", "octal.csv"))
	tcol, trows := readCSV(t, filepath.Join(out, "census", "octal_timings.csv"))
	lastPlain, firstSparse, plain := -1.0, -1.0, 0
	for i, r := range rows {
		if v, _ := strconv.Atoi(r[col["values"]]); v <= 1<<14 {
			continue // proven in the first pass
		}
		start, _ := strconv.ParseFloat(trows[i][tcol["start"]], 64)
		if r[col["rare_mask"]] == "" {
			plain++
			lastPlain = max(lastPlain, start)
		} else if firstSparse < 0 || start < firstSparse {
			firstSparse = start
		}
	}
	if plain == 0 || firstSparse < 0 {
		t.Fatalf("%d games without a sparse space and first sparse start %g in the second pass: the test needs both", plain, firstSparse)
	}
	if lastPlain > firstSparse {
		t.Errorf("a game without a sparse space started at %.3f s, after a game with one at %.3f s", lastPlain, firstSparse)
	}
	f, err := os.Open(filepath.Join(out, "census", "octal_timings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	timings, err := census.ReadTimingsCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	if s := census.Replay(timings, 1); s.Makespan != s.Total || s.Runs == 0 {
		t.Errorf("replay on one worker: %+v", s)
	}
}
