package census_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// oracleOctal is the literal-rules oracle of oracle_test.go.
var oracleOctal = census.OracleOctal

// oracleSubtraction returns g(0..n-1) of the subtraction game of set.
func oracleSubtraction(set []int, n int) []int32 {
	out := make([]int32, n)
	for h := range out {
		seen := map[int32]bool{}
		for _, s := range set {
			if s <= h {
				seen[out[h-s]] = true
			}
		}
		for seen[out[h]] {
			out[h]++
		}
	}
	return out
}

// readCSV reads a census table: its columns by name and its rows.
var readCSV = census.ReadCSV

// plainPeriod finds, by trying every period p and preperiod n0 in turn, the
// smallest p with the smallest n0 for which g(n+p) = g(n) for all n0 <= n <
// len(g)-p and the window of the family's theorem, need(p, n0), lies inside
// g. It returns ok false when there is none.
func plainPeriod(g []int32, need func(p, n0 int) int) (p, n0 int, ok bool) {
	for p := 1; 2*p <= len(g); p++ {
		n0 := len(g) - p
		for n0 > 0 && g[n0-1+p] == g[n0-1] {
			n0--
		}
		if need(p, n0) <= len(g) {
			return p, n0, true
		}
	}
	return 0, 0, false
}

// checkFamily compares a census table row by row with games computed one by
// one by the oracle to max values: the period, preperiod and proof at the
// first doubling checkpoint holding the proof, the largest value, the class
// (smallest game with the same oracle sequence) and the first difference
// with the nearest game of another class and the same period.
func checkFamily(t *testing.T, path, first string, maxValues int, oracle func(name string) ([]int32, func(p, n0 int) int)) {
	col, rows := readCSV(t, path)
	seqs := make([][]int32, len(rows))
	needs := make([]func(p, n0 int) int, len(rows))
	for i, row := range rows {
		seqs[i], needs[i] = oracle(row[col[first]])
	}
	for i, row := range rows {
		name := row[col[first]]
		g, need := seqs[i], needs[i]
		get := func(c string) string { return row[col[c]] }
		// The first checkpoint with a proof: 1024, 2048, ..., max.
		wantProven, wantValues := false, maxValues
		var p, n0 int
		for n := min(1024, maxValues); ; n = min(2*n, maxValues) {
			var ok bool
			if p, n0, ok = plainPeriod(g[:n], need); ok {
				wantProven, wantValues = true, n
				break
			}
			if n == maxValues {
				break
			}
		}
		if got := get("proven"); got != strconv.FormatBool(wantProven) {
			t.Errorf("%s: proven %s, want %v", name, got, wantProven)
			continue
		}
		if got := get("values"); got != strconv.Itoa(wantValues) {
			t.Errorf("%s: values %s, want %d", name, got, wantValues)
		}
		if wantProven {
			last := strconv.Itoa(n0 - 1)
			if n0 == 0 {
				last = "" // periodic from n = 0: no exception, as the paper tables say
			}
			if get("period") != strconv.Itoa(p) || get("preperiod") != strconv.Itoa(n0) || get("last_exception") != last {
				t.Errorf("%s: period %s from %s (last exception %s), want %d from %d", name, get("period"), get("preperiod"), get("last_exception"), p, n0)
			}
		}
		gv := g[:wantValues]
		mx := slices.Max(gv)
		if get("max_value") != fmt.Sprint(mx) || get("max_value_first_n") != fmt.Sprint(slices.Index(gv, mx)) {
			t.Errorf("%s: largest value %s first at %s, want %d at %d", name, get("max_value"), get("max_value_first_n"), mx, slices.Index(gv, mx))
		}
		// Class: the first row, in table order, with the same sequence.
		for j := range rows {
			if slices.Equal(seqs[j], g) {
				if got := get("class"); got != rowName(rows[j], col, first) {
					t.Errorf("%s: class %s, want %s", name, got, rowName(rows[j], col, first))
				}
				break
			}
		}
		// Nearest game of another class with the same period column.
		bestN, best := -1, ""
		for j := range rows {
			if rows[j][col["period"]] != get("period") || slices.Equal(seqs[j], g) {
				continue
			}
			k := 0
			for k < len(g) && seqs[j][k] == g[k] {
				k++
			}
			if k < len(g) && k > bestN {
				bestN, best = k, rowName(rows[j], col, first)
			}
		}
		wantDiff := ""
		if bestN >= 0 {
			wantDiff = strconv.Itoa(bestN)
		}
		if best == "" && first == "set" {
			best = "[]" // no game: the empty list, in the type of the set column
		}
		if get("first_difference") != wantDiff || get("nearest") != best {
			t.Errorf("%s: first difference %q with %q, want %q with %q", name, get("first_difference"), get("nearest"), wantDiff, best)
		}
	}
}

// rowName renders a row's game as the class column does: as the game
// column itself (a code, or a set as a list such as [1,3,4]).
func rowName(row []string, col map[string]int, first string) string {
	return row[col[first]]
}

// smallConfig is a census of the two-digit octal codes and the subtraction
// sets of {1..6}, small enough for the oracle.
func smallConfig(out string) configs.Config {
	cfg := configs.Defaults()
	cfg.Out = out
	cfg.Plots = nil
	cfg.Census = configs.Census{
		Octal:       configs.CensusOctal{Digits: 2, Prefixes: []string{"0", "4"}, Max: 2500},
		Subtraction: configs.CensusSubtraction{MaxElement: 6, Max: 2000},
	}
	return cfg
}

// TestSmallCensus checks a census of every code 0.d1d2 and 4.d1d2 and every
// subtraction set of {1..6} row by row against the oracles.
func TestSmallCensus(t *testing.T) {
	out := t.TempDir()
	res, err := runCensus(context.Background(), smallConfig(out), out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Findings[census.Octal]; f.Games != 127 {
		t.Errorf("%v octal games, want 127 (63 codes 0.d1d2, 63 codes 4.d1d2, and 4.0)", f.Games)
	}
	if f := res.Findings[census.Subtraction]; f.Games != 63 {
		t.Errorf("%v subtraction sets, want 63 (the non-empty subsets of {1..6})", f.Games)
	}
	checkFamily(t, filepath.Join(out, "census", "octal.csv"), "code", 2500, func(code string) ([]int32, func(p, n0 int) int) {
		t := len(code) - 2
		if code == "4.0" {
			t = 1
		}
		return oracleOctal(code, 2500), func(p, n0 int) int { return 2*max(n0, 1) + 2*p + t }
	})
	checkFamily(t, filepath.Join(out, "census", "subtraction.csv"), "set", 2000, func(list string) ([]int32, func(p, n0 int) int) {
		var set []int
		for _, s := range strings.Split(strings.Trim(list, "[]"), ",") {
			x, _ := strconv.Atoi(s)
			set = append(set, x)
		}
		return oracleSubtraction(set, 2000), func(p, n0 int) int { return n0 + p + set[len(set)-1] }
	})
	checkPaper(t, out, "octal", "code")
	checkPaper(t, out, "subtraction", "set")
	checkCounts(t, out, "octal", res.Findings[census.Octal])
	checkCounts(t, out, "subtraction", res.Findings[census.Subtraction])
	checkStringCode(t, filepath.Join(out, "census", "octal.parquet"))
	// Kayles (0.77) as Winning Ways states it (vol. 1, ch. 4, "Kayles"):
	// period 12 from n = 71, last exception at 70, largest value 8; the
	// proof needs 2·71+2·12+2 = 168 values, inside the first checkpoint.
	if md, _ := os.ReadFile(filepath.Join(out, "census", "octal.md")); !strings.Contains(string(md), "\n| 0.77 | 12 | 71 | 70 | 8 | 1024 | proven (Guy–Smith) |\n") {
		t.Errorf("octal.md has no Kayles row as published")
	}
	checkTimings(t, out, census.Octal, "code")
	checkTimings(t, out, census.Subtraction, "set")
}

// checkTimings checks that a family's timings table lists the games of its
// table, in its order, each with a time, and that the table itself holds no
// time (its bytes must not depend on the run).
func checkTimings(t *testing.T, dir, family, first string) {
	t.Helper()
	col, rows := readCSV(t, filepath.Join(dir, "census", family+".csv"))
	if _, ok := col["seconds"]; ok {
		t.Errorf("census/%s has a seconds column: its bytes would differ between runs", family)
	}
	tcol, trows := readCSV(t, filepath.Join(dir, "census", family+"_timings.csv"))
	if len(tcol) != 5 || len(trows) != len(rows) {
		t.Fatalf("census/%s_timings: columns %v and %d rows, want %s, seconds, start, end and worker, %d rows", family, tcol, len(trows), first, len(rows))
	}
	for i, r := range trows {
		if r[tcol[first]] != rows[i][col[first]] {
			t.Errorf("census/%s_timings row %d: %s, want %s as in census/%s", family, i, r[tcol[first]], rows[i][col[first]], family)
		}
		if s, err := strconv.ParseFloat(r[tcol["seconds"]], 64); err != nil || s < 0 {
			t.Errorf("census/%s_timings row %d: seconds %q", family, i, r[tcol["seconds"]])
		}
		// The run that finished the game: start <= end, and its worker
		// one of the census's slots (the tests run at most GOMAXPROCS).
		start, err1 := strconv.ParseFloat(r[tcol["start"]], 64)
		end, err2 := strconv.ParseFloat(r[tcol["end"]], 64)
		w, err3 := strconv.Atoi(r[tcol["worker"]])
		if err1 != nil || err2 != nil || err3 != nil || start < 0 || end < start || w < 0 || w >= max(runtime.GOMAXPROCS(0), 2) {
			t.Errorf("census/%s_timings row %d: start %q, end %q, worker %q", family, i, r[tcol["start"]], r[tcol["end"]], r[tcol["worker"]])
		}
	}
}

// TestResume stops a census part-way, damages one journal record as a torn
// write would, and runs it again: the rerun computes only what is missing,
// its tables are byte for byte those of an uninterrupted census (only the
// timings tables differ), and a third run computes nothing and writes
// byte-identical files.
// A changed configuration reuses nothing.
func TestResume(t *testing.T) {
	fresh := t.TempDir()
	if _, err := runCensus(context.Background(), smallConfig(fresh), fresh, census.Options{}); err != nil {
		t.Fatal(err)
	}

	out := t.TempDir()
	cfg := smallConfig(out)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // cancel once some games of the octal census are journalled
		for ctx.Err() == nil {
			files, _ := filepath.Glob(filepath.Join(out, ".census", "octal-*", "*.json"))
			if len(files) > 20 {
				cancel()
			}
			time.Sleep(time.Millisecond)
		}
	}()
	res, err := runCensus(ctx, cfg, out, census.Options{Workers: 1})
	cancel()
	if err == nil || res.Status != "interrupted" {
		t.Fatalf("stopped census: status %v, error %v; want interrupted", res.Status, err)
	}
	if _, err := os.Stat(filepath.Join(out, "census", "octal.csv")); err == nil {
		t.Error("a stopped census wrote the octal table")
	}
	// The subtraction census finished before the stop: its tables are
	// kept, each family's tables being a job of its own, byte for byte
	// those of the uninterrupted census.
	for _, table := range []string{"subtraction.csv", "subtraction.parquet"} {
		a, errA := os.ReadFile(filepath.Join(out, "census", table))
		b, errB := os.ReadFile(filepath.Join(fresh, "census", table))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s after the stop: not the uninterrupted census's (%v, %v)", table, errA, errB)
		}
	}
	records, _ := filepath.Glob(filepath.Join(out, ".census", "octal-*", "0.*.json"))
	if len(records) < 10 {
		t.Fatalf("%d octal records in the journal", len(records))
	}
	slices.Sort(records)
	// A torn record: the first half of the file.
	data, err := os.ReadFile(records[3])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(records[3], data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	done, _ := filepath.Glob(filepath.Join(out, ".census", "octal-*", "*.json"))
	done = slices.DeleteFunc(done, func(p string) bool { return strings.HasSuffix(p, "config.json") })

	res, err = runCensus(context.Background(), cfg, out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The subtraction census finished before the stop; of the octal one,
	// every record but the torn one is reused.
	if want := 63 + len(done) - 1; res.Reused != want || res.Computed != 127+63-want {
		t.Errorf("resumed: %d reused, %d computed; want %d and %d", res.Reused, res.Computed, want, 127+63-want)
	}
	for _, table := range []string{"octal.csv", "octal.parquet", "subtraction.csv", "subtraction.parquet"} {
		a, errA := os.ReadFile(filepath.Join(out, "census", table))
		b, errB := os.ReadFile(filepath.Join(fresh, "census", table))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: resumed census differs from an uninterrupted one (%v, %v)", table, errA, errB)
		}
	}
	checkTimings(t, out, census.Octal, "code")
	checkTimings(t, out, census.Subtraction, "set")

	before := map[string][]byte{}
	for _, name := range []string{"octal.csv", "octal.parquet", "subtraction.csv", "subtraction.parquet",
		"octal_timings.csv", "octal_timings.parquet", "subtraction_timings.csv", "subtraction_timings.parquet"} {
		before[name], _ = os.ReadFile(filepath.Join(out, "census", name))
	}
	res, err = runCensus(context.Background(), cfg, out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Computed != 0 {
		t.Errorf("third run computed %d games, want 0", res.Computed)
	}
	for name, b := range before {
		if a, _ := os.ReadFile(filepath.Join(out, "census", name)); !bytes.Equal(a, b) {
			t.Errorf("%s changed on a rerun of a finished census", name)
		}
	}

	cfg.Census.Octal.Max = 2000
	res, err = runCensus(context.Background(), cfg, out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Computed != 127 || res.Reused != 63 {
		t.Errorf("changed octal max: %d computed, %d reused; want 127 and 63 (the subtraction census is unchanged)", res.Computed, res.Reused)
	}
}
