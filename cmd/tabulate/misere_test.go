package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// kaylesOptions lists what a move on a row of n pins of Kayles leaves (one
// pin or two adjacent ones knocked down), empty rows left out: the literal
// rules, for the oracles below.
func kaylesOptions(n int) [][]int {
	var out [][]int
	for k := 1; k <= 2; k++ {
		for left := 0; left+k <= n; left++ {
			var o []int
			for _, h := range []int{left, n - k - left} {
				if h > 0 {
					o = append(o, h)
				}
			}
			slices.Sort(o)
			out = append(out, o)
		}
	}
	return out
}

// mex is the least value not in seen.
func mex(seen map[int]bool) int {
	m := 0
	for seen[m] {
		m++
	}
	return m
}

// misereKayles computes, by plain recursion over positions of several rows,
// the normal-play Grundy value of a row (mex of its options' XORs) and the
// misère nim-value of a position (1 without a move, else the mex of its
// options' misère values; ONAG ch. 12).
type misereKayles struct{ misere map[string]int }

func (k *misereKayles) grundy(n int, memo map[int]int) int {
	if v, ok := memo[n]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range kaylesOptions(n) {
		x := 0
		for _, h := range o {
			x ^= k.grundy(h, memo)
		}
		seen[x] = true
	}
	memo[n] = mex(seen)
	return memo[n]
}

func (k *misereKayles) misereValue(pos []int) int {
	pos = slices.Clone(pos)
	slices.Sort(pos)
	key := fmt.Sprint(pos)
	if v, ok := k.misere[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for i, h := range pos {
		for _, o := range kaylesOptions(h) {
			next := append(append(slices.Clone(pos[:i]), pos[i+1:]...), o...)
			seen[k.misereValue(next)] = true
		}
	}
	v := 1 // no move: the player to move has won
	if len(seen) > 0 {
		v = mex(seen)
	}
	k.misere[key] = v
	return v
}

// readRows reads a CSV table of a run: its header and rows.
func readRows(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	return rows[0], rows[1:]
}

// play: misere writes kayles/misere and no table of normal play; its rows
// agree with a plain recursion over the literal rules and with the genera
// of Winning Ways, and the manifest records the first wild heap.
func TestMisereTable(t *testing.T) {
	cfg := writeConfig(t, "games: [kayles]\nformats: [csv]\nplots: [png]\noctal:\n  kayles: {code: \"0.77\", max: 100, play: misere, misere_max: 20}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range m.Files {
		listed = append(listed, f.Path)
	}
	if !slices.Equal(listed, []string{"kayles/misere.csv"}) {
		t.Errorf("play: misere wrote %v, want only kayles/misere.csv", listed)
	}
	header, rows := readRows(t, filepath.Join(out, "kayles", "misere.csv"))
	if want := []string{"n", "grundy", "misere", "outcome", "genus", "tame"}; !slices.Equal(header, want) {
		t.Fatalf("columns %v, want %v", header, want)
	}
	if len(rows) != 21 {
		t.Fatalf("%d rows, want heaps 0 to 20", len(rows))
	}
	// Genera of Kayles' first heaps, Winning Ways ch. 13 (and the example
	// of CGSuite's Genus): 0^120, 1^031, 2^20, 3^31, 1^031, 4^146. Heap 5 is
	// the first wild one: 4^146 is none of the tame genera 0^120, 1^031,
	// g^{g,g⊕2} (Winning Ways ch. 13).
	genera := []string{"0^120", "1^031", "2^20", "3^31", "1^031", "4^146"}
	o := &misereKayles{misere: map[string]int{}}
	gmemo := map[int]int{}
	for n, row := range rows {
		mis := o.misereValue([]int{n})
		outcome := "N"
		if mis == 0 {
			outcome = "P"
		}
		want := []string{strconv.Itoa(n), strconv.Itoa(o.grundy(n, gmemo)), strconv.Itoa(mis), outcome}
		if !slices.Equal(row[:4], want) {
			t.Errorf("heap %d: %v, the literal recursion gives n, grundy, misere, outcome = %v", n, row[:4], want)
		}
		if n < len(genera) && row[4] != genera[n] {
			t.Errorf("heap %d: genus %s, Winning Ways %s", n, row[4], genera[n])
		}
		if tame := strconv.FormatBool(n < 5); row[5] != tame {
			t.Errorf("heap %d: tame %s, want %s (heaps 0 to 4 tame, 5 the first wild)", n, row[5], tame)
		}
	}
	var mm struct {
		Games map[string]struct {
			Findings map[string]json.RawMessage `json:"findings"`
		} `json:"games"`
	}
	data, _ := os.ReadFile(filepath.Join(out, output.ManifestName))
	if err := json.Unmarshal(data, &mm); err != nil {
		t.Fatal(err)
	}
	var f struct {
		UpTo      int    `json:"up_to"`
		Tame      bool   `json:"tame"`
		FirstWild *int   `json:"first_wild"`
		Genus     string `json:"first_wild_genus"`
	}
	if err := json.Unmarshal(mm.Games["kayles"].Findings["misere"], &f); err != nil {
		t.Fatal(err)
	}
	if f.UpTo != 20 || f.Tame || f.FirstWild == nil || *f.FirstWild != 5 || f.Genus != "4^146" {
		t.Errorf("finding misere %+v, want up to 20, wild from heap 5 (4^146)", f)
	}
	// The report and tabulate plot take a game played misère only.
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("no report: %v", err)
	}
	if code, _, stderr := runTabulate(t, "plot", out, "-q"); code != 0 {
		t.Errorf("plot: exit %d: %s", code, stderr)
	}

	// play: both adds kayles/misere to the tables of normal play.
	both := filepath.Join(t.TempDir(), "both")
	cfg = writeConfig(t, "games: [kayles]\nformats: [csv]\nplots: []\noctal:\n  kayles: {code: \"0.77\", max: 100, play: both}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", both, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, table := range []string{"grundy", "p_positions", "misere"} {
		if _, err := os.Stat(filepath.Join(both, "kayles", table+".csv")); err != nil {
			t.Errorf("play: both: %v", err)
		}
	}
	if _, rows := readRows(t, filepath.Join(both, "kayles", "misere.csv")); len(rows) != 31 {
		t.Errorf("play: both without misere_max: %d rows, want heaps 0 to 30 (the default)", len(rows))
	}
}

// Bad play conventions are refused with exit status 2, naming the key and
// what is allowed, and nothing is written.
func TestMisereConfigRefused(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"play: sideways", "normal, misere or both"},
		{"misere_max: 10", "misere_max"},
		{"play: misere, misere_max: 100000", "misere_max"},
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
	// squares and grundy-game take the same keys.
	for _, section := range []string{"squares: {play: misere, misere_max: 12}", "grundy-game: {max: 50, play: both, misere_max: 12}"} {
		cfg := writeConfig(t, "formats: [csv]\nplots: []\ngames: ["+strings.Split(section, ":")[0]+"]\n"+section+"\n")
		out := filepath.Join(t.TempDir(), "out")
		if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
			t.Errorf("%s: exit %d: %s", section, code, stderr)
			continue
		}
		if _, rows := readRows(t, filepath.Join(out, strings.Split(section, ":")[0], "misere.csv")); len(rows) != 13 {
			t.Errorf("%s: %d rows, want 13", section, len(rows))
		}
	}
}

// tabulate solve --misere: Bouton's misère rule for nim 1 1 1 (a loss:
// the player to move must take one of three single stones), a Kayles sum
// with a wild heap decided by the misère quotient, and the refusals.
func TestSolveMisere(t *testing.T) {
	code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "--misere", "nim", "1", "1", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var a struct {
		Win    bool   `json:"win"`
		Play   string `json:"play"`
		Method string `json:"method"`
	}
	if err := json.Unmarshal([]byte(stdout), &a); err != nil || a.Win || a.Play != "misere" || a.Method != "tame" {
		t.Errorf("nim 1 1 1: %s (%v), want a loss by the tame rule", stdout, err)
	}
	// Normal play has neither key.
	if _, stdout, _ := runTabulate(t, "solve", "-q", "--json", "nim", "1", "1", "1"); strings.Contains(stdout, "play") || !strings.Contains(stdout, `"win":true`) {
		t.Errorf("nim 1 1 1 in normal play: %s", stdout)
	}

	cfg := writeConfig(t, "octal:\n  kayles: {code: \"0.77\", max: 100}\n")
	code, stdout, stderr = runTabulate(t, "solve", "-q", "--misere", "--config", cfg, "kayles", "5", "1")
	// 5 + 1: heap 5 is wild, so the misère quotient decides; the literal
	// recursion gives the misère value of [1 5].
	o := &misereKayles{misere: map[string]int{}}
	wantWin := o.misereValue([]int{1, 5}) != 0
	if code != 0 || !strings.Contains(stdout, "decided by: the misère quotient") || strings.Contains(stdout, "player to move wins") != wantWin {
		t.Errorf("kayles 5 1: exit %d, want win %v by the quotient: %s%s", code, wantWin, stdout, stderr)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--misere", "caniwin", "10", "40"}, "no misère play"},
		{[]string{"solve", "--misere", "--from", t.TempDir(), "nim", "1"}, "--from"},
		{[]string{"solve", "--misere", "nim", "1", "x"}, "heap 2"},
		{[]string{"solve", "--misere", "squares", "1001"}, "0 to 1000"},
		{[]string{"solve", "--misere", "flip", "++-+x"}, "only '+' and '-'"},
	} {
		if code, _, stderr := runTabulate(t, tc.args...); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
		}
	}
}
