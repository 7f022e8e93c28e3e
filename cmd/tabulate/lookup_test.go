package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// answerJSON is the shape of one line of tabulate solve --json: decoding
// with DisallowUnknownFields checks that no key is added unannounced.
type answerJSON struct {
	Game         string          `json:"game"`
	Position     json.RawMessage `json:"position"`
	Grundy       *int64          `json:"grundy"`
	Win          bool            `json:"win"`
	Outcome      string          `json:"outcome"`
	WinningMoves json.RawMessage `json:"winning_moves"`
	Note         string          `json:"note"`
	// MovesNotShown and By: see games.Answer (--max-moves; a proven period).
	MovesNotShown int64  `json:"moves_not_shown"`
	By            string `json:"by"`
	Source        string `json:"source"`
}

// decodeAnswers reads the JSON lines of stdout, each a whole object with
// every key present.
func decodeAnswers(t *testing.T, stdout string) []answerJSON {
	t.Helper()
	var out []answerJSON
	for i, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &keys); err != nil {
			t.Fatalf("line %d %q is not one JSON object: %v", i+1, line, err)
		}
		for _, k := range []string{"game", "position", "grundy", "win", "winning_moves", "source"} {
			if _, ok := keys[k]; !ok {
				t.Errorf("line %d %s: no key %q", i+1, line, k)
			}
		}
		d := json.NewDecoder(strings.NewReader(line))
		d.DisallowUnknownFields()
		var a answerJSON
		if err := d.Decode(&a); err != nil {
			t.Fatalf("line %d %s: %v", i+1, line, err)
		}
		if len(a.WinningMoves) == 0 || a.WinningMoves[0] != '[' {
			t.Errorf("line %d: winning_moves = %s, want a list", i+1, a.WinningMoves)
		}
		out = append(out, a)
	}
	return out
}

// squaresOracle is take-a-square by the literal rule, g(n) = mex{g(n-k²)}.
func squaresOracle(max int) []int {
	g := make([]int, max+1)
	for n := range g {
		seen := map[int]bool{}
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// mexOf is the least non-negative integer not in seen.
func mexOf(seen map[int]bool) int {
	v := 0
	for seen[v] {
		v++
	}
	return v
}

// kaylesOracle is Kayles (octal 0.77) by its literal rules: remove one or two
// adjacent pins from a row, leaving up to two rows.
func kaylesOracle(max int) []int {
	g := make([]int, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int]bool{}
		for k := 1; k <= 2 && k <= n; k++ {
			for a := 0; a <= n-k; a++ {
				seen[g[a]^g[n-k-a]] = true
			}
		}
		g[n] = mexOf(seen)
	}
	return g
}

func TestSolveJSON(t *testing.T) {
	sq := squaresOracle(200)
	kayles := kaylesOracle(120)
	cfg := writeConfig(t, "octal:\n  kayles: { code: \"0.77\", max: 200 }\nsubtraction:\n  s134: { set: [1, 3, 4], max: 200 }\n")
	t.Run("squares", func(t *testing.T) {
		for _, n := range []int{0, 1, 2, 5, 20, 34, 65, 199, 200} {
			code, stdout, stderr := runTabulate(t, "solve", "--json", "squares", strconv.Itoa(n))
			if code != 0 {
				t.Fatalf("n = %d: exit %d: %s", n, code, stderr)
			}
			a := decodeAnswers(t, stdout)[0]
			var heapMoves []struct {
				Remove int   `json:"remove"`
				Leaves []int `json:"leaves"`
			}
			if err := json.Unmarshal(a.WinningMoves, &heapMoves); err != nil {
				t.Fatal(err)
			}
			var moves []int
			for _, m := range heapMoves {
				if len(m.Leaves) != 1 || m.Leaves[0] != n-m.Remove {
					t.Errorf("n = %d: move %+v does not leave n - remove", n, m)
				}
				moves = append(moves, m.Remove)
			}
			var want []int
			for k := 1; k*k <= n; k++ {
				if sq[n-k*k] == 0 {
					want = append(want, k*k)
				}
			}
			if a.Grundy == nil || int(*a.Grundy) != sq[n] || a.Win != (sq[n] != 0) || !slices.Equal(moves, want) || string(a.Position) != strconv.Itoa(n) {
				t.Errorf("n = %d: got %s, want grundy %d, moves %v", n, stdout, sq[n], want)
			}
		}
	})
	t.Run("kayles", func(t *testing.T) {
		// Published: Kayles has period 12 from n = 71 (A002186), so these
		// heaps are checked against the oracle both before and inside the
		// periodic part.
		for _, n := range []int{0, 1, 3, 70, 71, 83, 120} {
			code, stdout, stderr := runTabulate(t, "solve", "--config", cfg, "--json", "--max-moves", "all", "kayles", strconv.Itoa(n))
			if code != 0 {
				t.Fatalf("n = %d: exit %d: %s", n, code, stderr)
			}
			a := decodeAnswers(t, stdout)[0]
			var moves []struct {
				Remove int   `json:"remove"`
				Leaves []int `json:"leaves"`
			}
			if err := json.Unmarshal(a.WinningMoves, &moves); err != nil {
				t.Fatal(err)
			}
			// Every winning move of the oracle, as unordered splits.
			want := 0
			for k := 1; k <= 2 && k <= n; k++ {
				for x := 0; x <= (n-k)/2; x++ {
					if kayles[x]^kayles[n-k-x] == 0 {
						want++
					}
				}
			}
			for _, m := range moves {
				x := 0
				s := m.Remove
				for _, l := range m.Leaves {
					x ^= kayles[l]
					s += l
				}
				if x != 0 || s != n || m.Remove < 1 || m.Remove > 2 {
					t.Errorf("n = %d: move %+v is not a winning Kayles move", n, m)
				}
			}
			if a.Grundy == nil || int(*a.Grundy) != kayles[n] || len(moves) != want {
				t.Errorf("n = %d: got grundy %v and %d moves, want %d and %d", n, a.Grundy, len(moves), kayles[n], want)
			}
		}
	})
	t.Run("subtraction", func(t *testing.T) {
		// {1, 3, 4}: g has period 7, 0 1 0 1 2 3 2 (Winning Ways, ch. 4).
		pattern := []int64{0, 1, 0, 1, 2, 3, 2}
		for n := 0; n < 30; n++ {
			_, stdout, stderr := runTabulate(t, "solve", "--config", cfg, "--json", "s134", strconv.Itoa(n))
			as := decodeAnswers(t, stdout)
			if len(as) != 1 || as[0].Grundy == nil || *as[0].Grundy != pattern[n%7] {
				t.Fatalf("n = %d: %s %s, want grundy %d", n, stdout, stderr, pattern[n%7])
			}
		}
	})
	t.Run("grundy-game", func(t *testing.T) {
		// OEIS A002188, Grundy's game: g(0..20).
		a002188 := []int64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}
		for n, want := range a002188 {
			_, stdout, stderr := runTabulate(t, "solve", "--json", "grundy-game", strconv.Itoa(n))
			as := decodeAnswers(t, stdout)
			if len(as) != 1 || *as[0].Grundy != want {
				t.Fatalf("heap %d: %s %s, want grundy %d", n, stdout, stderr, want)
			}
			var moves []struct {
				Heap   int   `json:"heap"`
				Leaves []int `json:"leaves"`
			}
			json.Unmarshal(as[0].WinningMoves, &moves)
			for _, m := range moves {
				if m.Heap != 1 || len(m.Leaves) != 2 || m.Leaves[0]+m.Leaves[1] != n || m.Leaves[0] == m.Leaves[1] || a002188[m.Leaves[0]] != a002188[m.Leaves[1]] {
					t.Errorf("heap %d: move %+v does not win", n, m)
				}
			}
			if (len(moves) > 0) != (want != 0) {
				t.Errorf("heap %d: %d winning moves with value %d", n, len(moves), want)
			}
		}
	})
	t.Run("nim and caniwin", func(t *testing.T) {
		_, stdout, _ := runTabulate(t, "solve", "--json", "nim", "3", "4", "5")
		a := decodeAnswers(t, stdout)[0]
		// 3^4^5 = 2; the only winning move takes pile 1 from 3 to 1 (Bouton).
		if *a.Grundy != 2 || !a.Win || string(a.WinningMoves) != `[{"pile":1,"from":3,"to":1}]` || string(a.Position) != "[3,4,5]" {
			t.Errorf("nim 3 4 5: %s", stdout)
		}
		// LeetCode 464: M = 10, T = 11 is a loss for the first player.
		_, stdout, _ = runTabulate(t, "solve", "--json", "caniwin", "10", "11")
		a = decodeAnswers(t, stdout)[0]
		if a.Win || a.Outcome != "second" || a.Grundy != nil || string(a.WinningMoves) != "[]" {
			t.Errorf("caniwin 10 11: %s", stdout)
		}
	})
}

func TestSolveStdin(t *testing.T) {
	sq := squaresOracle(100)
	t.Cleanup(func() { stdin = os.Stdin })
	var in strings.Builder
	for n := 0; n <= 100; n++ {
		in.WriteString(strconv.Itoa(n) + "\r\n")
	}
	stdin = strings.NewReader(in.String())
	code, stdout, stderr := runTabulate(t, "solve", "--json", "squares", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	as := decodeAnswers(t, stdout)
	if len(as) != 101 {
		t.Fatalf("%d answers, want 101", len(as))
	}
	for n, a := range as {
		if *a.Grundy != int64(sq[n]) {
			t.Errorf("line %d: grundy %d, want %d", n+1, *a.Grundy, sq[n])
		}
	}

	t.Run("flip boards", func(t *testing.T) {
		// LeetCode 294: "++++" is a win by flipping the middle; a run of
		// five has Grundy value 0 in 0.07 (A002187: 0, 0, 1, 1, 2, 0, ...),
		// so "+++++" is a loss; the empty board too.
		stdin = strings.NewReader("++++\n+++++\n\n")
		_, stdout, _ := runTabulate(t, "solve", "--json", "flip", "-")
		as := decodeAnswers(t, stdout)
		if len(as) != 3 || !as[0].Win || string(as[0].WinningMoves) != "[1]" || as[1].Win || as[2].Win || string(as[2].Position) != `""` {
			t.Errorf("got %s", stdout)
		}
	})
	t.Run("bad line", func(t *testing.T) {
		stdin = strings.NewReader("3\nx\n")
		code, stdout, stderr := runTabulate(t, "solve", "--json", "squares", "-")
		if code != 2 || !strings.Contains(stderr, "standard input line 2") || strings.Count(stdout, "\n") != 1 {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
	t.Run("line too long", func(t *testing.T) {
		stdin = strings.NewReader("++\n" + strings.Repeat("+", MaxLineBytes+10) + "\n")
		code, _, stderr := runTabulate(t, "solve", "flip", "-")
		if code != 2 || !strings.Contains(stderr, "line 2 is longer than 16777216 bytes") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}

func TestSolveFrom(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, `
formats: [parquet]
plots: []
games: [squares, flip, caniwin, nim, kayles, grundy-game]
grundy-game: { max: 300 }
caniwin: { max_choosable: 6, max_total: 22 }
nim: { max_piles: 3, max_pile: 4 }
squares: { grundy_max: 3000, win_max: 5000 }
flip: { run_max: 200, position_max: 10, count_max: 10, board_max: 4 }
octal:
  kayles: { code: "0.77", max: 500 }
`)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	// Every answer from the tables equals the one computed afresh, but for
	// its source (and, past grundy_max, the Grundy value it cannot know).
	cases := [][]string{
		{"squares", "0"}, {"squares", "20"}, {"squares", "2999"}, {"squares", "3000"},
		{"squares", "3001"}, {"squares", "4999"}, {"squares", "5000"},
		{"flip", ""}, {"flip", "++++-+++++"}, {"flip", "+++++++++++-+-++++++++++++++++++++++++++"},
		{"kayles", "0"}, {"kayles", "71"}, {"kayles", "500"},
		{"grundy-game", "7", "5"}, {"grundy-game", "300", "17", "0"},
		{"nim", "0"}, {"nim", "4", "4"}, {"nim", "3", "0", "1", "2"},
	}
	// Every Can I Win pair of the table, and every nim position of up to
	// three piles of 0..4 in every order given.
	for m := 1; m <= 6; m++ {
		for total := 0; total <= 22; total++ {
			cases = append(cases, []string{"caniwin", strconv.Itoa(m), strconv.Itoa(total)})
		}
	}
	for a := range 5 {
		for b := range 5 {
			for c := range 5 {
				cases = append(cases, []string{"nim", strconv.Itoa(a), strconv.Itoa(b), strconv.Itoa(c)})
			}
		}
	}
	for _, c := range cases {
		args := []string{"solve", "--json"}
		if c[0] == "kayles" {
			args = append(args, "--config", cfg)
		}
		_, want, stderr := runTabulate(t, append(args, c...)...)
		code, got, stderr2 := runTabulate(t, append([]string{"solve", "--json", "--from", out}, c...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s %s", c, code, stderr, stderr2)
		}
		w, g := decodeAnswers(t, want)[0], decodeAnswers(t, got)[0]
		if !strings.HasPrefix(g.Source, filepath.ToSlash(out)+"/") {
			t.Errorf("%v: source %q", c, g.Source)
		}
		n, _ := strconv.Atoi(c[1])
		if c[0] == "squares" && len(c) > 1 && n > 3000 {
			if g.Grundy != nil || !strings.Contains(g.Note, "not in the tables") {
				t.Errorf("%v: grundy %v, note %q past grundy_max", c, g.Grundy, g.Note)
			}
			w.Grundy, g.Note = nil, ""
		}
		w.Source, g.Source = "", ""
		wb, _ := json.Marshal(w)
		gb, _ := json.Marshal(g)
		if !bytes.Equal(wb, gb) {
			t.Errorf("%v: from the tables %s, computed %s", c, gb, wb)
		}
	}

	t.Run("out of bounds", func(t *testing.T) {
		for _, c := range [][]string{{"squares", "5001", "n = 5001 is outside the tables", "up to 5000"},
			// Past the table, Kayles is answered by its proven period
			// (periodic_test.go), up to 10^18.
			{"kayles", "1000000000000000001", "n = 1000000000000000001 is outside", "n = 0 to 500, and its proven period answers heaps up to 1000000000000000000"},
			{"flip", "+" + strings.Repeat("+", 201), "a run of 202 '+'", "length 0 to 200"},
			{"grundy-game", "301", "heap 1 = 301 is outside", "n = 0 to 300"},
			{"caniwin", "7", "M = 7, T = 7 is outside", "M = 1 to 6, T = 0 to 22"},
			{"nim", "5", "piles [5 5] is outside", "nim/positions.parquet holds"}} {
			args := []string{"solve", "--from", out, c[0], c[1]}
			if c[0] == "caniwin" || c[0] == "nim" {
				args = append(args, c[1]) // M = T; two equal piles
			}
			code, stdout, stderr := runTabulate(t, args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, c[2]) || !strings.Contains(stderr, c[3]) {
				t.Errorf("%s %s: exit %d, stderr %q", c[0], c[1], code, stderr)
			}
		}
	})
	t.Run("tampered", func(t *testing.T) {
		p := filepath.Join(out, "squares", "grundy.parquet")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		bad := slices.Clone(data)
		bad[len(bad)/2] ^= 1
		if err := os.WriteFile(p, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(p, data, 0o644)
		code, stdout, stderr := runTabulate(t, "solve", "--from", out, "squares", "20")
		if code == 0 || stdout != "" || !strings.Contains(stderr, "does not match the sha256 in the manifest") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
	t.Run("no table", func(t *testing.T) {
		only := filepath.Join(t.TempDir(), "only")
		if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--only", "squares,flip", "--out", only, "-q"); code != 0 {
			t.Fatalf("run: exit %d: %s", code, stderr)
		}
		code, _, stderr := runTabulate(t, "solve", "--from", only, "nim", "1", "2")
		if code != 2 || !strings.Contains(stderr, "squares, flip") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}
