package census_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// literalOctalMoves lists what a move on a heap of n of the octal game
// code leaves (empty heaps left out), from the digits as written: digit
// d_k allows removing k tokens leaving no heap (bit 1), one (bit 2) or two
// non-empty ones (bit 4).
func literalOctalMoves(code string, n int) [][]int {
	var out [][]int
	digits := []byte(code[:1] + code[2:])
	for k, c := range digits {
		d := int(c - '0')
		rest := n - k
		if rest < 0 {
			break
		}
		if d&1 != 0 && k > 0 && rest == 0 {
			out = append(out, nil)
		}
		if d&2 != 0 && k > 0 && rest > 0 {
			out = append(out, []int{rest})
		}
		if d&4 != 0 {
			for a := 1; 2*a <= rest; a++ {
				out = append(out, []int{a, rest - a})
			}
		}
	}
	return out
}

// misereOracle decides positions of an octal game under misère play by
// plain recursion over literalOctalMoves: a position without moves is won
// by the player to move.
type misereOracle struct {
	moves [][][]int
	memo  map[string]bool
}

func newMisereOracle(code string, max int) *misereOracle {
	o := &misereOracle{memo: map[string]bool{}}
	for n := 0; n <= max; n++ {
		o.moves = append(o.moves, literalOctalMoves(code, n))
	}
	return o
}

// loses reports whether the player to move loses pos (heaps below 256).
func (o *misereOracle) loses(pos []int) bool {
	pos = slices.Clone(pos)
	slices.Sort(pos)
	kb := make([]byte, len(pos))
	for i, h := range pos {
		kb[i] = byte(h)
	}
	key := string(kb)
	if v, ok := o.memo[key]; ok {
		return v
	}
	moved, lose := false, true
	next := make([]int, 0, len(pos)+1)
	for i, h := range pos {
		if i > 0 && pos[i-1] == h {
			continue
		}
		for _, m := range o.moves[h] {
			moved = true
			next = append(append(append(next[:0], pos[:i]...), pos[i+1:]...), m...)
			if o.loses(next) {
				lose = false
				break
			}
		}
		if !lose {
			break
		}
	}
	o.memo[key] = moved && lose
	return o.memo[key]
}

// The misère census (census.misere) of the codes 0.07, 0.3x, 0.75 and
// 0.77 to heap 30: every row's count of single heaps that are misère
// P-positions is the plain recursion's, and so is the period of the
// single heaps' outcomes wherever the row gives a genus period (the
// outcome is γ0 = 0, a function of the genus); published values: Kayles
// (0.77) first wild at heap 5 with genus 4^146 (Winning Ways, ch. 13,
// the table of Kayles' genera), Dawson's Kayles (0.07) has a quotient of
// order 360 for heaps up to 30 (Siegel, quoted by Plambeck, "Advances in
// Losing", 2007), 0.75's quotient has order 8 and two P-elements (R8,
// Plambeck and Siegel 2008). The octal census table of the same run is
// byte for byte that of a run without census.misere.
func TestMisereCensus(t *testing.T) {
	cfg := configs.Defaults()
	cfg.Plots, cfg.Formats = nil, []string{"csv"}
	cfg.Census = configs.Census{
		Octal:  configs.CensusOctal{Digits: 1, Max: 200},
		Misere: configs.CensusMisere{Digits: 2, Prefixes: []string{"0.07", "0.3", "0.75", "0.77"}, Max: 30},
	}
	out := t.TempDir()
	cfg.Out = out
	res, err := runCensus(context.Background(), cfg, out, census.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Misere == nil || res.Misere.Games != 11 {
		t.Fatalf("findings %+v, want 11 games (0.07, 0.3, 0.31..0.37, 0.75, 0.77)", res.Misere)
	}
	col, rows := readCSV(t, filepath.Join(out, "census", "misere.csv"))
	solved := 0
	for _, r := range rows {
		code := r[col["code"]]
		o := newMisereOracle(code, 30)
		var lose []bool
		p := 0
		for n := 0; n <= 30; n++ {
			l := o.loses([]int{n})
			lose = append(lose, l)
			if l {
				p++
			}
		}
		if r[col["p_heaps"]] != strconv.Itoa(p) || r[col["genus_to"]] == "" {
			t.Errorf("%s: p_heaps %s, the recursion counts %d", code, r[col["p_heaps"]], p)
		}
		if per := r[col["genus_period"]]; per != "" {
			pp, _ := strconv.Atoi(per)
			n0, _ := strconv.Atoi(r[col["genus_preperiod"]])
			for n := n0; n+pp <= 30; n++ {
				if lose[n] != lose[n+pp] {
					t.Errorf("%s: genus period %d from %d, but heaps %d and %d differ in outcome", code, pp, n0, n, n+pp)
				}
			}
		}
		// Solved: a quotient proven for every heap says Φ, and so each
		// single heap's outcome, has that period past heap 30, which the
		// recursion checks to heap 60 (0.31's single heaps: even heaps
		// win, odd ones lose, by hand).
		if r[col["solved"]] == "true" {
			pp, _ := strconv.Atoi(r[col["phi_period"]])
			n0, _ := strconv.Atoi(r[col["phi_preperiod"]])
			far := newMisereOracle(code, 60)
			for n := n0; n+pp <= 60; n++ {
				if far.loses([]int{n}) != far.loses([]int{n + pp}) {
					t.Errorf("%s: solved with Φ period %d from %d, but heaps %d and %d differ in outcome", code, pp, n0, n, n+pp)
				}
			}
			solved++
		} else if r[col["phi_period"]] != "" {
			t.Errorf("%s: not solved, but phi_period %s", code, r[col["phi_period"]])
		}
		want := map[string][]string{
			// MisereSolver: 0.75 is solved at heap 34, not 30; 0.31 at 13.
			"0.31": {"solved", "true"},
			"0.77": {"first_wild", "5", "first_wild_genus", "4^146", "solved", "false"},
			"0.07": {"quotient_order", "360", "quotient_to", "30"},
			"0.75": {"quotient_order", "8", "quotient_p", "2", "solved", "false"},
		}[code]
		for i := 0; i < len(want); i += 2 {
			if got := r[col[want[i]]]; got != want[i+1] {
				t.Errorf("%s: %s = %s, want %s", code, want[i], got, want[i+1])
			}
		}
	}

	if res.Misere.Solved != solved || solved == 0 {
		t.Errorf("findings say %d solved, the table %d", res.Misere.Solved, solved)
	}
	// The paper tables: a row per game, 0.31's proven for all heaps.
	for _, f := range []string{"misere.md", "misere.tex"} {
		b, err := os.ReadFile(filepath.Join(out, "census", f))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "0.3"); n < 8 || !strings.Contains(string(b), "proven for all heaps") {
			t.Errorf("census/%s: %d rows of 0.3x, or no solved game:\n%s", f, n, b)
		}
	}

	// The octal table without census.misere.
	cfg.Census.Misere = configs.CensusMisere{}
	plain := t.TempDir()
	cfg.Out = plain
	pres, err := runCensus(context.Background(), cfg, plain, census.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Computed-pres.Computed != 11 {
		t.Errorf("games computed: %d with census.misere, %d without; want 11 more", res.Computed, pres.Computed)
	}
	a, err1 := os.ReadFile(filepath.Join(out, "census", "octal.csv"))
	b, err2 := os.ReadFile(filepath.Join(plain, "census", "octal.csv"))
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("census/octal.csv differs with census.misere (%v, %v)", err1, err2)
	}
	if _, err := os.Stat(filepath.Join(plain, "census", "misere.csv")); !os.IsNotExist(err) {
		t.Errorf("a census without census.misere wrote census/misere (%v)", err)
	}
}

// census.misere's keys are checked like the others: a family that is not
// one, keys of another family, bounds out of range.
func TestMisereCensusRefused(t *testing.T) {
	for name, m := range map[string]configs.CensusMisere{
		"family":         {Family: "wythoff", Digits: 2},
		"max":            {Digits: 2, Max: 201},
		"max_order":      {Digits: 2, MaxOrder: 1},
		"digits":         {Digits: 5},
		"max_element":    {Digits: 2, MaxElement: 3},
		"missing digits": {Max: 30},
	} {
		c := configs.Census{Misere: m}.Effective()
		if err := c.Validate(); err == nil {
			t.Errorf("%s: %+v accepted", name, m)
		}
	}
	c := configs.Census{Misere: configs.CensusMisere{Family: "subtraction", MaxElement: 4}}.Effective()
	if err := c.Validate(); err != nil || c.Misere.Max != 30 || c.Misere.MaxSize != 4 {
		t.Errorf("subtraction: %v, %+v", err, c.Misere)
	}
}
