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

// flipMisereWins decides a Flip Game II board under misère play by plain
// recursion over the literal board: a move turns "++" into "--", and the
// player who cannot move wins.
func flipMisereWins(memo map[string]bool, board string) bool {
	if v, ok := memo[board]; ok {
		return v
	}
	win, moved := false, false
	for i := 0; i+1 < len(board) && !win; i++ {
		if board[i] == '+' && board[i+1] == '+' {
			moved = true
			win = !flipMisereWins(memo, board[:i]+"--"+board[i+2:])
		}
	}
	memo[board] = win || !moved
	return memo[board]
}

// flip with play: misere and misere_max 16 writes flip/misere_boards
// (every board of length 1 to 16: its outcome and winning moves those of
// the literal recursion) and flip/misere_positions (each multiset of runs
// decided as its shortest board), and none of the tables of normal play;
// misere_max without misère play is refused.
func TestFlipMisere(t *testing.T) {
	cfg := writeConfig(t, "games: [flip]\nformats: [csv]\nplots: []\nflip: {play: misere, misere_max: 16}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	memo := map[string]bool{}
	head, rows := readRows(t, filepath.Join(out, "flip", "misere_boards.csv"))
	if strings.Join(head, ",") != "board,win,winning_moves" || len(rows) != 1<<17-2 {
		t.Fatalf("flip/misere_boards: columns %v, %d rows", head, len(rows))
	}
	for _, r := range rows {
		b := r[0]
		var want []int
		for i := 0; i+1 < len(b); i++ {
			if b[i] == '+' && b[i+1] == '+' && !flipMisereWins(memo, b[:i]+"--"+b[i+2:]) {
				want = append(want, i)
			}
		}
		if r[1] != strconv.FormatBool(flipMisereWins(memo, b)) || !slices.Equal(intList(t, r[2]), want) {
			t.Fatalf("flip/misere_boards row %v: the recursion says win %v, moves %v", r, flipMisereWins(memo, b), want)
		}
	}
	head, rows = readRows(t, filepath.Join(out, "flip", "misere_positions.csv"))
	if strings.Join(head, ",") != "runs,length,win" || len(rows) < 100 {
		t.Fatalf("flip/misere_positions: columns %v, %d rows", head, len(rows))
	}
	for _, r := range rows {
		var parts []string
		for _, n := range intList(t, r[0]) {
			parts = append(parts, strings.Repeat("+", n))
		}
		b := strings.Join(parts, "-")
		if r[1] != strconv.Itoa(len(b)) || r[2] != strconv.FormatBool(flipMisereWins(memo, b)) {
			t.Fatalf("flip/misere_positions row %v: board %q, the recursion says win %v", r, b, flipMisereWins(memo, b))
		}
	}
	if _, err := os.Stat(filepath.Join(out, "flip", "boards.csv")); !os.IsNotExist(err) {
		t.Errorf("play: misere wrote flip/boards (%v)", err)
	}
	cfg = writeConfig(t, "flip: {misere_max: 10}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", filepath.Join(t.TempDir(), "x"), "-q"); code != 2 || !strings.Contains(stderr, "misere_max") {
		t.Errorf("misere_max with normal play: exit %d: %s", code, stderr)
	}
}
