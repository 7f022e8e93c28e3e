package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestSolveDefaultMoves: without --max-moves, tabulate solve lists
// DefaultMaxMoves winning moves in text and JSON and counts the rest;
// --max-moves all lists every one. The counts are Kayles' literal rules
// (kaylesWins over the plain search kaylesOracle).
func TestSolveDefaultMoves(t *testing.T) {
	kayles := kaylesOracle(300)
	want := kaylesWins(kayles, []int{300, 7})
	if want <= DefaultMaxMoves {
		t.Fatalf("octal:0.77 300 7 has %d winning moves: pick a position with more than %d", want, DefaultMaxMoves)
	}
	code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "octal:0.77", "300", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a := decodeAnswers(t, stdout)[0]
	var moves []json.RawMessage
	json.Unmarshal(a.WinningMoves, &moves)
	if len(moves) != DefaultMaxMoves || a.MovesNotShown != int64(want-DefaultMaxMoves) {
		t.Errorf("--json by default: %d listed, %d not shown; want %d listed of %d", len(moves), a.MovesNotShown, DefaultMaxMoves, want)
	}
	code, stdout, _ = runTabulate(t, "solve", "-q", "octal:0.77", "300", "7")
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("winning moves not shown: %d more", want-DefaultMaxMoves)) ||
		strings.Count(stdout, "leaving") != DefaultMaxMoves {
		t.Errorf("text by default: exit %d, %s; want %d moves and %d more", code, stdout, DefaultMaxMoves, want-DefaultMaxMoves)
	}
	code, stdout, _ = runTabulate(t, "solve", "-q", "--json", "octal:0.77", "300", "7", "--max-moves", "all")
	a = decodeAnswers(t, stdout)[0]
	moves = nil
	json.Unmarshal(a.WinningMoves, &moves)
	if code != 0 || len(moves) != want || a.MovesNotShown != 0 {
		t.Errorf("--max-moves all: exit %d, %d listed, %d not shown; want %d", code, len(moves), a.MovesNotShown, want)
	}
	for _, bad := range []string{"-1", "x", "1.5"} {
		if code, _, stderr := runTabulate(t, "solve", "-q", "nim", "5", "6", "7", "--max-moves="+bad); code != 2 || !strings.Contains(stderr, "or all") {
			t.Errorf("--max-moves=%s: exit %d, %s; want 2 naming what is allowed", bad, code, stderr)
		}
	}
}
