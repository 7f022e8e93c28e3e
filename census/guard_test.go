package census

// Guards of the census (run by scripts/mutants, see docs/mutants.md): the
// window it asks for before proving a period, and the checks that keep a
// journal record from being reused when it is not whole or not the game's.

import (
	"bytes"
	"os"
	"testing"
)

// TestNeededGuard pins the number of values the census waits for before it
// asks for a proof, on values worked out by hand from the theorems (see
// analysis.ProveOctal, analysis.ProveSubtraction and the comment of
// grundy/takebreak/period.go): 2*max(n0, 1) + 2*p + t for an octal code
// whose largest move removes t tokens, n0 + p + k for a subtraction set
// whose largest element is k, h*max(n0, 1) + h*p + t for a hexadecimal
// code whose moves leave up to h heaps. A game without a theorem is never
// asked for a proof.
func TestNeededGuard(t *testing.T) {
	tests := []struct {
		g     Game
		p, n0 int
		want  int
	}{
		{testGame(Octal, "0.07"), 34, 53, 176},  // 106 + 68 + 2
		{testGame(Octal, "0.137"), 34, 52, 175}, // 104 + 68 + 3
		{testGame(Octal, "0.77"), 12, 71, 168},  // 142 + 24 + 2
		{testGame(Octal, "0.04"), 1, 0, 6},      // n0 = 0 counts as 1: 2 + 2 + 2
		{testGame(Subtraction, "1,3,4"), 7, 0, 11},
		{testGame(Subtraction, "2,5,7"), 3, 4, 14},
		// A move of 0.3F leaves up to h = 3 heaps and removes up to t =
		// 2 tokens: 3*max(n0, 1) + 3*p + t (takebreak.ProvePeriod).
		{testGame(Takebreak, "0.3F"), 6, 0, 23}, // 3 + 18 + 2
		{testGame(Takebreak, "0.F1"), 2, 3, 17}, // 9 + 6 + 2
		// An octal code given as a hexadecimal one keeps the octal window.
		{testGame(Takebreak, "0.07"), 34, 53, 176},
	}
	for _, tt := range tests {
		if got := tt.g.needed(tt.p, tt.n0); got != tt.want {
			t.Errorf("%s: needed(p=%d, n0=%d) = %d, want %d", tt.g.Name(), tt.p, tt.n0, got, tt.want)
		}
	}
	squares := testGame(Subtraction, "1")
	squares.Heap.Prove = nil // as the subtraction game of an infinite set
	if got := squares.needed(1, 0); got < 1<<40 {
		t.Errorf("a game without a theorem: needed = %d, want more values than any census computes", got)
	}
}

// TestJournalGuard commits a record and reads it back, then spoils the
// journal file in two ways that keep it valid JSON: a record changed after
// its sha256 was taken, and the whole file of one game put in the place of
// another's. Neither may be reused.
func TestJournalGuard(t *testing.T) {
	out := t.TempDir()
	j, err := openJournal(outState(out), Subtraction, map[string]int{"max": 100})
	if err != nil {
		t.Fatal(err)
	}
	g := testGame(Subtraction, "1,3,4")
	h := testGame(Subtraction, "1,4")
	r := &Record{Game: g.Name(), Found: true, Period: 7, Preperiod: 0, Proven: true, Values: 64}
	if err := j.commit(g, r); err != nil {
		t.Fatal(err)
	}
	if got := j.load(g); got == nil || got.Period != 7 || got.Values != 64 {
		t.Fatalf("load after commit: got %+v, want the record committed", got)
	}
	data, err := os.ReadFile(j.path(g))
	if err != nil {
		t.Fatal(err)
	}

	// The record changed, its sha256 not: "period":7 becomes "period":8.
	changed := bytes.Replace(data, []byte(`"period":7`), []byte(`"period":8`), 1)
	if bytes.Equal(changed, data) {
		t.Fatalf("journal file %s has no \"period\":7 to change: %s", j.path(g), data)
	}
	if err := os.WriteFile(j.path(g), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := j.load(g); got != nil {
		t.Errorf("a record changed after its sha256 was taken was reused: %+v", got)
	}
	if j.done(g) {
		t.Error("done reports a game whose record fails its sha256")
	}

	// g's whole, valid file in h's place.
	if err := os.WriteFile(j.path(h), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := j.load(h); got != nil {
		t.Errorf("the record of %s was reused for %s: %+v", g.Name(), h.Name(), got)
	}
}

// TestJournalConfigGuard checks that a journal is never reused by a census
// of another configuration: a record computed to 100 values, under its
// journal, is not found by the journal of a census to 200; nor when its
// whole, valid file is copied into that journal (by hand, or a shard's
// journal merged into the wrong folder), which before was reused (records
// computed to 8,192 values gave the table of a census to 16,384).
func TestJournalConfigGuard(t *testing.T) {
	out := t.TempDir()
	small, err := openJournal(outState(out), Subtraction, map[string]int{"max": 100})
	if err != nil {
		t.Fatal(err)
	}
	large, err := openJournal(outState(out), Subtraction, map[string]int{"max": 200})
	if err != nil {
		t.Fatal(err)
	}
	if small.dir == large.dir {
		t.Fatalf("two configurations share the journal %s", small.dir)
	}
	g := testGame(Subtraction, "1,3,4")
	if err := small.commit(g, &Record{Game: g.Name(), Values: 100}); err != nil {
		t.Fatal(err)
	}
	if small.load(g) == nil {
		t.Fatal("the record is not read back from its own journal")
	}
	if got := large.load(g); got != nil {
		t.Errorf("a census to 200 reused the record of a census to 100: %+v", got)
	}
	data, err := os.ReadFile(small.path(g))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large.path(g), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := large.load(g); got != nil {
		t.Errorf("a record copied from the journal of another configuration was reused: %+v", got)
	}
}
