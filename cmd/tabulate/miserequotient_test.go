package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/internal/misereoracle"
	"github.com/tabulate-games/tabulate/output"
)

// r8Options lists what a move on a heap of n of the octal game 0.75
// leaves, empty heaps left out: remove one token leaving nothing, one heap
// or two (digit 7), or two tokens leaving nothing or two non-empty heaps
// (digit 5). The literal rules, for the oracle below.
func r8Options(n int) [][]int {
	var out [][]int
	add := func(hs ...int) {
		o := slices.DeleteFunc(hs, func(h int) bool { return h == 0 })
		slices.Sort(o)
		out = append(out, o)
	}
	for left := 0; left+1 <= n; left++ {
		add(left, n-1-left)
	}
	if n == 2 {
		add()
	}
	for left := 1; left+2 < n; left++ {
		add(left, n-2-left)
	}
	return out
}

// misereWins decides positions under misère play by plain recursion over
// options (internal/misereoracle): a position without moves is a win for
// the player to move.
var misereWins = misereoracle.Wins

// misere_quotient writes r8/misere_quotient and r8/misere_heaps and the
// finding; the tables agree with the literal recursion: a heap is in P
// exactly when it is a misère loss alone, heaps of the same element are
// indistinguishable (the same outcome with every context of up to two
// heaps of up to 7), the elements of the heaps are rows of the quotient
// with the same name and P-membership, and the finding's order and
// P-portion are the quotient's rows.
func TestMisereQuotientTables(t *testing.T) {
	cfg := writeConfig(t, "games: [r8]\nformats: [csv]\nplots: []\noctal:\n  r8: {code: \"0.75\", max: 50, play: misere, misere_max: 8, misere_quotient: 40}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	header, elems := readRows(t, filepath.Join(out, "r8", "misere_quotient.csv"))
	if !slices.Equal(header, []string{"element", "name", "in_p"}) {
		t.Fatalf("misere_quotient columns %v", header)
	}
	byElement := map[string][2]string{} // element -> name, in_p
	var pNames []string
	for i, r := range elems {
		if r[0] != fmt.Sprint(i) {
			t.Errorf("misere_quotient row %d is element %s", i, r[0])
		}
		byElement[r[0]] = [2]string{r[1], r[2]}
		if r[2] == "true" {
			pNames = append(pNames, r[1])
		}
	}
	header, heaps := readRows(t, filepath.Join(out, "r8", "misere_heaps.csv"))
	if !slices.Equal(header, []string{"n", "element", "name", "in_p"}) || len(heaps) != 41 {
		t.Fatalf("misere_heaps columns %v, %d rows (want heaps 0 to 40)", header, len(heaps))
	}
	win := misereWins(r8Options)
	sameAs := map[string]int{} // element -> the least heap of it
	for n, r := range heaps {
		if r[0] != fmt.Sprint(n) || byElement[r[1]] != [2]string{r[2], r[3]} {
			t.Errorf("misere_heaps row %v: not row %d, or not the quotient's element %s %v", r, n, r[1], byElement[r[1]])
		}
		if n <= 20 && (r[3] == "true") == win([]int{n}) {
			t.Errorf("heap %d: in_p %s, but the literal recursion says the heap is a win: %v", n, r[3], win([]int{n}))
		}
		if n > 16 {
			continue
		}
		first, ok := sameAs[r[1]]
		if !ok {
			sameAs[r[1]] = n
			continue
		}
		for a := 0; a <= 7; a++ {
			for b := a; b <= 7; b++ {
				if win([]int{first, a, b}) != win([]int{n, a, b}) {
					t.Errorf("heaps %d and %d are both %s, but + %d + %d tells them apart", first, n, r[2], a, b)
				}
			}
		}
	}
	if len(sameAs) < 3 {
		t.Errorf("heaps up to 16 have %d elements; the test of indistinguishability checks little", len(sameAs))
	}

	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(m.Games["r8"].Findings["misere_quotient"])
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		UpTo         int      `json:"up_to"`
		Order        int      `json:"order"`
		Presentation string   `json:"presentation"`
		PPortion     []string `json:"p_portion"`
		Expansions   []int    `json:"expansions"`
		StableFrom   int      `json:"stable_from"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("finding %s: %v", raw, err)
	}
	if f.UpTo != 40 || f.Order != len(elems) || !slices.Equal(f.PPortion, pNames) || !strings.HasPrefix(f.Presentation, "⟨") ||
		len(f.Expansions) == 0 || f.StableFrom != f.Expansions[len(f.Expansions)-1] {
		t.Errorf("finding %s: want up_to 40, order %d, P-portion %v, stable_from the last expansion", raw, len(elems), pNames)
	}
	// The quotient changes where a heap's element is new: an expansion heap
	// has an element no earlier heap has.
	for _, e := range f.Expansions {
		if e < 1 || e > 40 || slices.ContainsFunc(heaps[:e], func(r []string) bool { return r[1] == heaps[e][1] }) {
			t.Errorf("expansion heap %d: its element %s is not new", e, heaps[e][1])
		}
	}
}

// The quotient's keys are refused when they cannot run, before anything
// is written (exit status 2, naming the key and what is allowed); a
// quotient that outgrows misere_quotient_max_order ends the run with exit
// status 2, naming the heap and what to change, and the quotient's tables
// are not written.
func TestMisereQuotientRefused(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"misere_quotient: 10", "misere_quotient with play: misere"},
		{"play: misere, misere_quotient: 5000", "1 to 4096"},
		{"play: misere, misere_quotient: -1", "1 to 4096"},
		{"play: misere, misere_quotient_max_order: 100", "misere_quotient_max_order with misere_quotient"},
		{"play: misere, misere_quotient: 10, misere_quotient_max_order: 1", "2 to 65536"},
		{"play: both, misere_quotient: 10, misere_quotient_max_order: 100000", "2 to 65536"},
	} {
		cfg := writeConfig(t, "games: [kayles]\noctal:\n  kayles: {code: \"0.77\", max: 100, "+tc.yaml+"}\n")
		out := filepath.Join(t.TempDir(), "out")
		code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q")
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d: %s", tc.yaml, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: refused, but %s was created", tc.yaml, out)
		}
	}

	// Kayles' quotient has 12 elements from heap 5 on (its expansion heaps
	// are 1, 2, 5, ...), past a maximum order of 8.
	cfg := writeConfig(t, "games: [kayles]\nformats: [csv]\nplots: []\noctal:\n  kayles: {code: \"0.77\", max: 100, play: misere, misere_quotient: 30, misere_quotient_max_order: 8}\n")
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q")
	for _, want := range []string{"misere_quotient: 30", "heap 5", "misere_quotient below 5", "misere_quotient_max_order above 8"} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("quotient past its order: exit %d, want 2 and %q: %s", code, want, stderr)
		}
	}
	for _, table := range []string{"misere_quotient", "misere_heaps"} {
		if _, err := os.Stat(filepath.Join(out, "kayles", table+".csv")); err == nil {
			t.Errorf("kayles/%s was written by a failed quotient", table)
		}
	}
	if m, err := output.ReadManifest(filepath.Join(out, output.ManifestName)); err != nil || m.Status != output.StatusFailed {
		t.Errorf("manifest after the failure: %v, %v", m, err)
	}
}

// tabulate solve --misere answers a Kayles sum with large heaps by the
// quotient (a plain search of heap 200 is out of reach), in text and JSON.
func TestSolveMisereQuotient(t *testing.T) {
	cfg := writeConfig(t, "octal:\n  kayles: {code: \"0.77\", max: 100}\n")
	code, stdout, stderr := runTabulate(t, "solve", "-q", "--misere", "--config", cfg, "kayles", "200", "77", "50", "3")
	if code != 0 || !strings.Contains(stdout, "decided by: the misère quotient of heaps up to 200 (order ") {
		t.Errorf("kayles 200 77 50 3: exit %d: %s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runTabulate(t, "solve", "-q", "--json", "--misere", "--config", cfg, "kayles", "200", "77", "50", "3")
	var a struct {
		Method   string `json:"method"`
		Quotient *struct {
			Heaps        int    `json:"heaps"`
			Order        int    `json:"order"`
			Presentation string `json:"presentation"`
			Element      string `json:"element"`
		} `json:"quotient"`
	}
	if err := json.Unmarshal([]byte(stdout), &a); code != 0 || err != nil || a.Method != "quotient" || a.Quotient == nil ||
		a.Quotient.Heaps != 200 || a.Quotient.Order < 2 || a.Quotient.Element == "" {
		t.Errorf("kayles 200 77 50 3 --json: exit %d (%v): %s%s", code, err, stdout, stderr)
	}
}
