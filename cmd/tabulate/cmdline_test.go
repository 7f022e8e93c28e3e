package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kaylesWins counts the winning moves from heaps by Kayles' literal
// rules (remove 1 or 2 pins, leaving up to two rows), given its values.
func kaylesWins(g []int, heaps []int) int {
	x := 0
	for _, h := range heaps {
		x ^= g[h]
	}
	wins := 0
	for _, h := range heaps {
		rest := x ^ g[h]
		for k := 1; k <= 2 && k <= h; k++ {
			for a := 0; 2*a <= h-k; a++ {
				if g[a]^g[h-k-a] == rest {
					wins++
				}
			}
		}
	}
	return wins
}

// TestGamesOnTheCommandLine answers games written FAMILY:RULES without a
// configuration file, sums of heaps, and --max-moves, against plain
// searches over the literal rules.
func TestGamesOnTheCommandLine(t *testing.T) {
	kayles := kaylesOracle(300)
	take134 := make([]int, 301) // subtraction {1, 3, 4} by the plain mex
	for n := range take134 {
		seen := map[int]bool{}
		for _, k := range []int{1, 3, 4} {
			if k <= n {
				seen[take134[n-k]] = true
			}
		}
		take134[n] = mexOf(seen)
	}
	sq := squaresOracle(100)
	for _, c := range []struct {
		args  []string
		value int
		wins  int // -1: not checked
	}{
		{[]string{"octal:0.77", "5", "3", "8"}, kayles[5] ^ kayles[3] ^ kayles[8], kaylesWins(kayles, []int{5, 3, 8})},
		{[]string{"octal:0.77", "300"}, kayles[300], kaylesWins(kayles, []int{300})},
		{[]string{"subtraction:1,3,4", "100"}, take134[100], -1},
		{[]string{"subtraction:1,3,4", "100", "299", "7"}, take134[100] ^ take134[299] ^ take134[7], -1},
		{[]string{"squares", "20", "7", "5"}, sq[20] ^ sq[7] ^ sq[5], -1},
		{[]string{"squares", "99", "50"}, sq[99] ^ sq[50], -1},
	} {
		code, stdout, stderr := runTabulate(t, append([]string{"solve", "-q", "--json", "--max-moves", "all"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		a := decodeAnswers(t, stdout)[0]
		var moves []json.RawMessage
		json.Unmarshal(a.WinningMoves, &moves)
		if a.Grundy == nil || *a.Grundy != int64(c.value) || (c.wins >= 0 && len(moves) != c.wins) || a.Game != c.args[0] {
			t.Errorf("%v: %s; want grundy %d, %d winning moves", c.args, stdout, c.value, c.wins)
		}
	}

	// --max-moves cuts the list and counts the rest.
	want := kaylesWins(kayles, []int{299, 1})
	code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "--max-moves", "2", "octal:0.77", "299", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a := decodeAnswers(t, stdout)[0]
	var moves []json.RawMessage
	json.Unmarshal(a.WinningMoves, &moves)
	if want <= 2 || len(moves) != 2 || a.MovesNotShown != int64(want-2) {
		t.Errorf("--max-moves 2: %d listed, %d not shown; the rules give %d", len(moves), a.MovesNotShown, want)
	}
	code, stdout, _ = runTabulate(t, "solve", "-q", "--max-moves", "1", "nim", "5", "6", "7")
	if code != 0 || !strings.Contains(stdout, "winning moves not shown: 2 more") {
		t.Errorf("nim 5 6 7 --max-moves 1 (three winning moves: XOR 4, each pile can drop): exit %d, %s", code, stdout)
	}

	// tabulate run --game, repeated, without a configuration file; the
	// tables then answer the games as written.
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr = runTabulate(t, "run", "-q", "--game", "octal:0.77", "--game", "subtraction:1,3,4", "--max", "300", "--out", out, "--plots", "none", "--formats", "parquet")
	if code != 0 {
		t.Fatalf("run --game: exit %d: %s", code, stderr)
	}
	for _, dir := range []string{"octal-0_77", "subtraction-1-3-4"} {
		if _, err := os.Stat(filepath.Join(out, dir, "grundy.parquet")); err != nil {
			t.Errorf("run --game: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "squares")); err == nil {
		t.Errorf("run --game also ran the default games")
	}
	code, stdout, stderr = runTabulate(t, "solve", "-q", "--json", "--from", out, "octal:0.77", "5", "3", "8")
	if code != 0 {
		t.Fatalf("solve --from octal:0.77: exit %d: %s", code, stderr)
	}
	if a := decodeAnswers(t, stdout)[0]; *a.Grundy != int64(kayles[5]^kayles[3]^kayles[8]) {
		t.Errorf("solve --from octal:0.77 5 3 8: %s", stdout)
	}

	// Mistakes name what is allowed.
	for _, c := range [][]string{
		{"solve", "nosuch:1", "3"}, {"solve", "octal:0.9", "3"}, {"solve", "subtraction:1,x", "3"},
		{"run", "--max", "10"}, {"run", "--game", "octal:0.77", "--max", "0"},
	} {
		if code, _, stderr := runTabulate(t, c...); code != 2 || !strings.Contains(stderr, "allowed") && !strings.Contains(stderr, "--game") {
			t.Errorf("%v: exit %d, %s", c, code, stderr)
		}
	}
}
