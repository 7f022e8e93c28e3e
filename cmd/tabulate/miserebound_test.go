package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestMisereFromQuotientBound pins what docs/misere.md says of the quotient
// an answer names: computed, the quotient of heaps up to the position's
// largest; from a run's tables (quotient to heap 24), that same bound only
// when the quotient does not change between it and the table's bound,
// the table's bound otherwise.
func TestMisereFromQuotientBound(t *testing.T) {
	cfg := writeConfig(t, "games: [kayles]\nformats: [parquet]\nplots: []\noctal:\n  kayles: {code: \"0.77\", max: 30, play: both, misere_max: 10, misere_quotient: 24}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	heaps := func(args ...string) int {
		t.Helper()
		code, stdout, stderr := runTabulate(t, append([]string{"solve", "-q", "--json", "--misere"}, args...)...)
		var a struct {
			Method   string `json:"method"`
			Quotient *struct {
				Heaps int `json:"heaps"`
			} `json:"quotient"`
		}
		if err := json.Unmarshal([]byte(stdout), &a); code != 0 || err != nil || a.Method != "quotient" || a.Quotient == nil {
			t.Fatalf("%v: exit %d (%v): %s%s; want an answer by the quotient", args, code, err, stdout, stderr)
		}
		return a.Quotient.Heaps
	}
	// Kayles' quotient still grows past heap 5 (expansions before 24), so
	// the tables name their bound and the computed route the least: 5.
	from, computed := heaps("--from", out, "kayles", "5", "1"), heaps("--config", cfg, "kayles", "5", "1")
	if from != 24 || computed != 5 {
		t.Errorf("kayles 5 1: the quotient of heaps up to %d from the tables, %d computed; docs/misere.md says 24 and 5", from, computed)
	}
	// At the table's bound both routes name it.
	from, computed = heaps("--from", out, "kayles", "24", "1"), heaps("--config", cfg, "kayles", "24", "1")
	if from != 24 || computed != 24 {
		t.Errorf("kayles 24 1: the quotient of heaps up to %d from the tables, %d computed; want 24 both ways", from, computed)
	}
}
