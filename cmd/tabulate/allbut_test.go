package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestAllButRun runs the all-but games of issue 22 from a configuration
// (set: naturals with all_but) and checks the arithmetic period the run
// finds and proves, in the manifest and the period table, against the
// figures that the plain mex over the literal rules confirms in
// games/heapgame/periodic_test.go.
func TestAllButRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	// games: the three all-but games only (without the list the run made
	// the default job's tables too, which nothing here reads).
	cfg := writeConfig(t, `formats: [csv]
plots: []
games: [ab1, ab2, ab3]
subtraction:
  ab1: {set: naturals, all_but: [3, 5, 7, 10], max: 1000}
  ab2: {set: naturals, all_but: [2, 3, 7, 8, 10], max: 1000}
  ab3: {set: naturals, all_but: [2, 3, 6, 8], max: 1000}
`)
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", cfg, "--out", out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Games map[string]struct {
			Findings map[string]json.RawMessage `json:"findings"`
		} `json:"games"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game                      string
		period, preperiod, saltus int
	}{{"ab1", 15, 85, 5}, {"ab2", 12, 64, 4}, {"ab3", 9, 42, 3}} {
		var f struct {
			Status    string `json:"status"`
			Period    int    `json:"period"`
			Preperiod int    `json:"preperiod"`
			Saltus    int    `json:"saltus"`
			Proven    bool   `json:"proven"`
		}
		if err := json.Unmarshal(m.Games[c.game].Findings["grundy"], &f); err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		if f.Status != "proven" || !f.Proven || f.Period != c.period || f.Preperiod != c.preperiod || f.Saltus != c.saltus {
			t.Errorf("%s: finding %+v; want period %d, saltus %d from %d, proven", c.game, f, c.period, c.saltus, c.preperiod)
		}
		file, err := os.Open(filepath.Join(out, c.game, "period.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(file).ReadAll()
		file.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != c.period+1 || rows[0][4] != "saltus" || rows[1][4] != itoa(c.saltus) || rows[1][5] != "proven" {
			t.Errorf("%s/period.csv: %d rows, header %v, first %v", c.game, len(rows), rows[0], rows[min(1, len(rows)-1)])
		}
	}
	// losing_max is refused for naturals, naming what is allowed.
	bad := writeConfig(t, "subtraction:\n  ab: {set: naturals, all_but: [3], max: 100, losing_max: 1000}\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", bad, "--out", filepath.Join(t.TempDir(), "o")); code != 2 {
		t.Errorf("losing_max for naturals: exit %d, %s", code, stderr)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
