package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// misereJSON is the part of a --misere --json answer the tests read.
type misereJSON struct {
	Position []int `json:"position"`
	Win      bool  `json:"win"`
	Moves    []struct {
		Heap   int   `json:"heap"`
		From   int   `json:"from"`
		Leaves []int `json:"leaves"`
	} `json:"winning_moves"`
	Play   string `json:"play"`
	Method string `json:"method"`
	Source string `json:"source"`
}

// checkMisereAnswers answers every position of positions by tabulate
// solve --misere --json ARGS... GAME - (one a line on standard input) and
// checks each against the plain recursion win over the literal options:
// the outcome, and the winning moves are exactly the options of each heap
// (each distinct option once for equal heaps, counted by the first) that
// leave a loss. It returns the methods that answered, counted.
func checkMisereAnswers(t *testing.T, options func(int) [][]int, positions [][]int, args ...string) map[string]int {
	t.Helper()
	win := misereWins(options)
	var in strings.Builder
	for _, p := range positions {
		in.WriteString(strings.Trim(fmt.Sprint(p), "[]") + "\n")
	}
	t.Cleanup(func() { stdin = os.Stdin })
	stdin = strings.NewReader(in.String())
	code, stdout, stderr := runTabulate(t, append(append([]string{"solve", "-q", "--json", "--misere", "--max-moves", "all"}, args...), "-")...)
	if code != 0 {
		t.Fatalf("solve %v: exit %d: %s", args, code, stderr)
	}
	methods := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	i := 0
	for sc.Scan() {
		var a misereJSON
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		pos := positions[i]
		i++
		methods[a.Method]++
		if a.Play != "misere" || a.Win != win(pos) {
			t.Fatalf("%v %v: win %v by %s, the recursion says %v", args, pos, a.Win, a.Method, win(pos))
		}
		var want, got []string
		seen := map[string]bool{}
		for j, h := range pos {
			for _, o := range options(h) {
				key := fmt.Sprint(h, o)
				if seen[key] {
					continue
				}
				seen[key] = true
				next := append(append(slices.Clone(pos[:j]), pos[j+1:]...), o...)
				if !win(next) {
					want = append(want, key)
				}
			}
		}
		for _, m := range a.Moves {
			if m.From != pos[m.Heap-1] {
				t.Fatalf("%v %v: move %+v names the wrong heap", args, pos, m)
			}
			// A move is listed for every heap of its size.
			if key := fmt.Sprint(m.From, append([]int{}, m.Leaves...)); !slices.Contains(got, key) {
				got = append(got, key)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v %v: winning moves %v, the recursion's %v", args, pos, got, want)
		}
	}
	if i != len(positions) {
		t.Fatalf("%v: %d answers for %d positions", args, i, len(positions))
	}
	return methods
}

// subtractionOptions is the literal subtraction game of set.
func subtractionOptions(set ...int) func(int) [][]int {
	return func(n int) [][]int {
		var out [][]int
		for _, s := range set {
			if s <= n {
				o := []int{}
				if n-s > 0 {
					o = append(o, n-s)
				}
				out = append(out, o)
			}
		}
		return out
	}
}

// positionsUpTo lists every position of one to k heaps of 1..n,
// ascending.
func positionsUpTo(n, k int) [][]int {
	var out [][]int
	var rec func(lo int, cur []int)
	rec = func(lo int, cur []int) {
		if len(cur) > 0 {
			out = append(out, slices.Clone(cur))
		}
		if len(cur) == k {
			return
		}
		for h := lo; h <= n; h++ {
			rec(h, append(cur, h))
		}
	}
	rec(1, nil)
	return out
}

// tabulate solve --misere FAMILY:RULES: Kayles (wild from heap 5: tame,
// quotient) and subtraction {1,3,4} (tame) written on the command line,
// every position of up to three heaps of up to 12 and four of up to 7
// against the literal recursion; a bad rule is refused with exit 2.
func TestSolveMisereSpec(t *testing.T) {
	pos := append(positionsUpTo(12, 3), positionsUpTo(7, 4)...)
	m := checkMisereAnswers(t, kaylesOptions, pos, "octal:0.77")
	if m["tame"] == 0 || m["quotient"] == 0 {
		t.Errorf("octal:0.77: methods %v, want tame and quotient", m)
	}
	m = checkMisereAnswers(t, subtractionOptions(1, 3, 4), positionsUpTo(12, 3), "subtraction:1,3,4")
	if m["tame"] != len(positionsUpTo(12, 3)) {
		t.Errorf("subtraction:1,3,4: methods %v, want all tame", m)
	}
	if code, _, stderr := runTabulate(t, "solve", "--misere", "octal:0.98", "3"); code != 2 || !strings.Contains(stderr, "0.98") {
		t.Errorf("octal:0.98: exit %d: %s", code, stderr)
	}
}

// tabulate solve --misere --from OUT answers from the misère tables a run
// wrote: Kayles with GAME/misere to heap 10 and its quotient to heap 24,
// every position of up to three heaps of up to 12 and some with heaps up
// to 24 against the literal recursion, tame ones from kayles/misere and
// the others from kayles/misere_heaps; a heap past both is a bounds error
// naming the tables, a game without misère tables is refused, and the
// same positions written octal:0.77 are answered from the run's
// octal-0_77 (tabulate run --game).
func TestSolveMisereFrom(t *testing.T) {
	cfg := writeConfig(t, "games: [kayles]\nformats: [parquet]\nplots: []\noctal:\n  kayles: {code: \"0.77\", max: 30, play: both, misere_max: 10, misere_quotient: 24}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	pos := append(positionsUpTo(12, 3), []int{24, 3}, []int{19, 6, 2}, []int{15, 14}, []int{13, 13, 1})
	m := checkMisereAnswers(t, kaylesOptions, pos, "--from", out, "kayles")
	if m["tame"] == 0 || m["quotient"] == 0 || m["search"] != 0 {
		t.Errorf("--from: methods %v, want tame and quotient", m)
	}
	code, _, stderr := runTabulate(t, "solve", "--misere", "--from", out, "kayles", "25", "1")
	if code != 2 || !strings.Contains(stderr, "kayles/misere_heaps.parquet holds n = 0 to 24") {
		t.Errorf("kayles 25 1 --from: exit %d: %s", code, stderr)
	}
	code, _, stderr = runTabulate(t, "solve", "--misere", "--from", out, "squares", "3")
	if code != 2 || !strings.Contains(stderr, "no misère tables") {
		t.Errorf("squares --from: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runTabulate(t, "solve", "--misere", "--from", out, "kayles", "1", "2", "3")
	if code != 0 || !strings.Contains(stdout, "source: "+filepath.ToSlash(filepath.Join(out, "kayles", "misere.parquet"))) {
		t.Errorf("kayles 1 2 3 --from: exit %d: %s%s", code, stdout, stderr)
	}

	spec := filepath.Join(t.TempDir(), "spec")
	if code, _, stderr := runTabulate(t, "run", "--game", "octal:0.77", "--out", spec, "-q"); code != 0 {
		t.Fatalf("run --game: exit %d: %s", code, stderr)
	}
	code, _, stderr = runTabulate(t, "solve", "--misere", "--from", spec, "octal:0.77", "3")
	if code != 2 || !strings.Contains(stderr, "no misère tables") {
		t.Errorf("octal:0.77 --from a normal run: exit %d: %s", code, stderr)
	}
}

// TestSolveMisereFromSolved: a solved quotient read back from a run's
// tables answers heaps of any size, as one computed in the process does
// (issue 38). 0.75's quotient to heap 40 is proven (MisereSolver, run
// here: "Solution Found at Heap 34", period 2, preperiod 8), so --from
// answers heaps past the table's 40, checked against the literal
// recursion (up to 44 tokens), and 10^18 3 7 naming the theorem, with the
// outcome, moves and theorem of the same position computed without
// --from; the source is the run's r8/misere_heaps.
func TestSolveMisereFromSolved(t *testing.T) {
	cfg := writeConfig(t, "games: [r8]\nformats: [parquet]\nplots: []\noctal:\n  r8: {code: \"0.75\", max: 50, play: misere, misere_max: 8, misere_quotient: 40}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	m := checkMisereAnswers(t, r8Options, [][]int{{41}, {42}, {44}, {41, 2}, {42, 2}, {43, 1}}, "--from", out, "r8")
	if m["quotient"] != 6 {
		t.Errorf("--from past heap 40: methods %v, want the quotient", m)
	}
	code, from, stderr := runTabulate(t, "solve", "--misere", "--from", out, "r8", "10^18", "3", "7")
	if code != 0 || !strings.Contains(from, "proven by the periodicity theorem for misère quotients") ||
		!strings.Contains(from, "source: "+filepath.ToSlash(filepath.Join(out, "r8", "misere_heaps.parquet"))) {
		t.Fatalf("r8 10^18 3 7 --from: exit %d: %s%s", code, from, stderr)
	}
	code, computed, stderr := runTabulate(t, "solve", "--misere", "octal:0.75", "10^18", "3", "7")
	if code != 0 {
		t.Fatalf("octal:0.75 10^18 3 7: exit %d: %s", code, stderr)
	}
	for _, key := range []string{"outcome:", "winning moves:", "by:"} {
		if a, b := lineOf(from, key), lineOf(computed, key); a != b || a == "" {
			t.Errorf("10^18 3 7: --from says %q, computed %q", a, b)
		}
	}
}

// lineOf returns the line of text that starts with key, "" if none.
func lineOf(text, key string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, key) {
			return l
		}
	}
	return ""
}

// hexOptions is the literal take-and-break game of hexadecimal digits
// d[1], d[2], ... (d[0] for removing nothing): remove k tokens and leave
// 0 heaps (bit 1, only when nothing is left), 1 (bit 2), 2 (bit 4) or 3
// (bit 8) non-empty heaps, every way of writing the rest as such a sum.
func hexOptions(d ...int) func(int) [][]int {
	return func(n int) [][]int {
		var out [][]int
		var parts func(rest, heaps, lo int, cur []int)
		parts = func(rest, heaps, lo int, cur []int) {
			if heaps == 0 {
				if rest == 0 {
					out = append(out, slices.Clone(cur))
				}
				return
			}
			for a := lo; a <= rest; a++ {
				parts(rest-a, heaps-1, a, append(cur, a))
			}
		}
		for k, digit := range d {
			if k > n {
				break
			}
			for heaps := 0; heaps <= 3; heaps++ {
				if digit&(1<<heaps) != 0 && (k > 0 || heaps >= 2) {
					parts(n-k, heaps, 1, []int{})
				}
			}
		}
		return out
	}
}

// play: misere for the takebreak family: tabulate solve --misere
// takebreak:0.F (tame) and takebreak:0.3F (wild; moves that leave three
// heaps) against
// the literal recursion, every position of up to three heaps of up to 10
// and four of up to 6; a run with play: both writes GAME/misere, whose
// outcome column is the recursion's for every single heap.
func TestMisereTakebreak(t *testing.T) {
	pos := append(positionsUpTo(10, 3), positionsUpTo(6, 4)...)
	for _, c := range []struct {
		code   string
		digits []int
	}{{"0.F", []int{0, 0xF}}, {"0.3F", []int{0, 3, 0xF}}} {
		m := checkMisereAnswers(t, hexOptions(c.digits...), pos, "takebreak:"+c.code)
		if c.code == "0.3F" && m["quotient"] == 0 {
			t.Errorf("takebreak:0.3F (wild): methods %v, want the quotient among them", m)
		}
	}
	cfg := writeConfig(t, "games: [t]\nformats: [csv]\nplots: []\ntakebreak:\n  t: {code: \"0.F\", max: 40, play: both, misere_max: 12}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	_, rows := readRows(t, filepath.Join(out, "t", "misere.csv"))
	win := misereWins(hexOptions(0, 0xF))
	if len(rows) != 13 {
		t.Fatalf("t/misere: %d rows, want 13", len(rows))
	}
	for n, r := range rows {
		want := "N"
		if !win([]int{n}) {
			want = "P"
		}
		if r[0] != fmt.Sprint(n) || r[3] != want {
			t.Errorf("t/misere row %v: want n %d outcome %s", r, n, want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "t", "grundy.csv")); err != nil {
		t.Errorf("play: both wrote no t/grundy: %v", err)
	}
}
