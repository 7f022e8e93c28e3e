package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// TestRunPeriodTables checks <game>/period and <game>/exceptions against
// OEIS A002186 (Kayles, octal 0.77): the values from n = 72 on are
// 4,1,2,8,1,4,7,2,1,8,2,7 repeated, and "From n=71 on, the sequence is
// periodic with period 12. The only exceptions are n=0, 3, 6, 9, 11, 15, 18,
// 21, 22, 28, 34, 39, 57 and 70." With 161 values the period is only
// a candidate, and the findings say proven: false (its period and
// exceptions tables are written only when candidate_tables asks); take-a-square (an infinite
// set, no theorem) has no period and says proven: false too.
func TestRunPeriodTables(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	config := writeConfig(t, `
plots: []
games: [kayles, k160, k160q, sq]
octal:
  kayles: { code: "0.77", max: 1000 }
  k160:   { code: "0.77", max: 160, candidate_tables: true }
  k160q:  { code: "0.77", max: 160 }
subtraction:
  sq: { set: squares, max: 1000 }
`)
	code, stdout, stderr := runTabulate(t, "run", "--config", config, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The run's summary quotes the candidate period as a sentence.
	const observed = "candidate period 12 from n = 71 (last exception at n = 70), not proven: seen over 7 periods; the proof needs 168 values, 161 computed"
	if !strings.Contains(stdout+stderr, observed) {
		t.Errorf("the run's summary lacks %q:\n%s%s", observed, stdout, stderr)
	}
	for game, status := range map[string]string{"kayles": "proven", "k160": "candidate"} {
		p := readTable(t, out, game, "period")
		checkContract(t, p, "offset int32, grundy int64, period int32, preperiod int64, saltus int64, status utf8, proven bool")
		if got, want := p.col("grundy").([]int64), []int64{4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s/period grundy: got %v, want %v", game, got, want)
		}
		if p.csv[0][2] != "12" || p.csv[0][3] != "71" || p.csv[0][5] != status || p.csv[0][6] != map[bool]string{true: "true", false: "false"}[status == "proven"] {
			t.Errorf("%s/period first row %v, want period 12 from 71, %s", game, p.csv[0], status)
		}
		e := readTable(t, out, game, "exceptions")
		checkContract(t, e, "n int64, grundy int32, periodic int64")
		if got, want := e.col("n").([]int64), []int64{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s/exceptions n: got %v, want %v", game, got, want)
		}
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	for game, want := range map[string]map[string]any{
		"kayles": {"proven": true, "status": "proven"},
		"k160":   {"proven": false, "status": "candidate", "values_needed": 168.0, "values_missing": 7.0, "periods_observed": 7.0},
		"sq":     {"proven": false, "status": "none", "found": false},
	} {
		f := m.Games[game].Findings["grundy"].(map[string]any)
		if game == "sq" {
			// take-a-square's finding sums up its records, the period
			// search inside, as the registered squares' does.
			f, _ = f["period"].(map[string]any)
		}
		for k, v := range want {
			if f[k] != v {
				t.Errorf("%s findings %s = %v, want %v", game, k, f[k], v)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(out, "sq", "period.csv")); !os.IsNotExist(err) {
		t.Errorf("sq/period.csv: got %v, want no file (no period)", err)
	}
	// A candidate gets no period or exceptions table unless asked
	// (candidate_tables), only its finding, which says candidate.
	for _, name := range []string{"period.csv", "period.parquet", "exceptions.csv", "exceptions.parquet"} {
		if _, err := os.Stat(filepath.Join(out, "k160q", name)); !os.IsNotExist(err) {
			t.Errorf("k160q/%s: got %v, want no file (a candidate, not asked for)", name, err)
		}
	}
	if f := m.Games["k160q"].Findings["grundy"].(map[string]any); f["status"] != "candidate" || f["proven"] != false {
		t.Errorf("k160q findings: status %v, proven %v; want candidate, false", f["status"], f["proven"])
	}
}
