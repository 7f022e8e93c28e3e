package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// nimMisereLoses decides Nim under misère play by plain recursion over the
// literal moves: no stones left is a win for the player to move.
func nimMisereLoses(memo map[string]bool, piles []int) bool {
	pos := slices.DeleteFunc(slices.Clone(piles), func(p int) bool { return p == 0 })
	slices.Sort(pos)
	key := fmt.Sprint(pos)
	if v, ok := memo[key]; ok {
		return v
	}
	lose := len(pos) > 0
	for i := range pos {
		for s := 0; s < pos[i] && lose; s++ {
			next := slices.Clone(pos)
			next[i] = s
			lose = !nimMisereLoses(memo, next)
		}
	}
	memo[key] = lose
	return lose
}

// intList reads "[1 2 3]" or "1,2,3" as a CSV cell of a list column.
func intList(t *testing.T, cell string) []int {
	t.Helper()
	cell = strings.Trim(cell, "[]")
	var out []int
	for _, f := range strings.FieldsFunc(cell, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("list cell %q: %v", cell, err)
		}
		out = append(out, v)
	}
	return out
}

// nim with play: both writes nim/positions as before and
// nim/misere_positions: every position of up to four piles of up to 20,
// its outcome and winning moves those of the plain recursion; the
// manifest records the check of Bouton's misère rule. play: misere writes
// no nim/positions.
func TestNimMiserePositions(t *testing.T) {
	cfg := writeConfig(t, "games: [nim]\nformats: [csv]\nplots: []\nnim: {max_piles: 4, max_pile: 20, play: both}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	head, rows := readRows(t, filepath.Join(out, "nim", "misere_positions.csv"))
	if strings.Join(head, ",") != "piles,nim_sum,win,winning_moves,winning_piles,winning_sizes" {
		t.Fatalf("nim/misere_positions columns %v", head)
	}
	if len(rows) != 10625 { // C(24, 4) - 1 multisets
		t.Fatalf("nim/misere_positions: %d rows, want 10625", len(rows))
	}
	memo := map[string]bool{}
	for _, r := range rows {
		piles := intList(t, r[0])
		var want []string
		for i, p := range piles {
			for s := 0; s < p; s++ {
				next := slices.Clone(piles)
				next[i] = s
				if nimMisereLoses(memo, next) {
					want = append(want, fmt.Sprint(i+1, s))
				}
			}
		}
		var got []string
		idx, size := intList(t, r[4]), intList(t, r[5])
		for k := range idx {
			got = append(got, fmt.Sprint(idx[k], size[k]))
		}
		if r[2] != strconv.FormatBool(!nimMisereLoses(memo, piles)) || r[3] != strconv.Itoa(len(want)) || !slices.Equal(got, want) {
			t.Fatalf("nim/misere_positions row %v: the recursion says win %v, moves %v", r, !nimMisereLoses(memo, piles), want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "nim", "positions.csv")); err != nil {
		t.Errorf("play: both: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil || !strings.Contains(string(data), "Bouton's misère rule") {
		t.Errorf("manifest: %v, no finding bouton_misere", err)
	}

	cfg = writeConfig(t, "games: [nim]\nformats: [csv]\nplots: []\nnim: {max_piles: 2, max_pile: 3, play: misere}\n")
	out = filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "nim", "positions.csv")); !os.IsNotExist(err) {
		t.Errorf("play: misere wrote nim/positions (%v)", err)
	}
	cfg = writeConfig(t, "nim: {play: sideways}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", filepath.Join(t.TempDir(), "x"), "-q"); code != 2 || !strings.Contains(stderr, "play") {
		t.Errorf("play: sideways: exit %d: %s", code, stderr)
	}
}
