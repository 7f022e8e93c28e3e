package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/lookup"
)

// wythoffValue is Wythoff's game as its rules say, for this test: the mex of
// the values of (a-k, b), (a, b-k) and (a-k, b-k), k >= 1, by memoised
// recursion over both orders of the heaps.
func wythoffValue(memo map[[2]int]int, a, b int) int {
	if v, ok := memo[[2]int{a, b}]; ok {
		return v
	}
	seen := map[int]bool{}
	for k := 1; k <= a; k++ {
		seen[wythoffValue(memo, a-k, b)] = true
	}
	for k := 1; k <= b; k++ {
		seen[wythoffValue(memo, a, b-k)] = true
	}
	for k := 1; k <= min(a, b); k++ {
		seen[wythoffValue(memo, a-k, b-k)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[[2]int{a, b}] = v
	return v
}

// TestWythoffRun runs Wythoff's game, which only its engine, its model file
// and its Register line know about, through configs, the pipeline, lookup
// (solve --from) and Redraw (tabulate plot), and checks the tables against
// the rules, the losing pairs against the mex construction of Wythoff's
// pairs, and the answers against the rules.
func TestWythoffRun(t *testing.T) {
	const max = 30
	cfg, err := configs.Load("test.yaml", []byte("games: [wythoff]\nwythoff: {max: 30}\nformats: [csv, parquet]\nplots: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = t.TempDir()
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[[2]int]int{}
	rows := readCSV(t, filepath.Join(cfg.Out, "wythoff", "grundy.csv"))
	if len(rows) != (max+1)*(max+2)/2 {
		t.Fatalf("wythoff/grundy: %d rows, want %d", len(rows), (max+1)*(max+2)/2)
	}
	i := 0
	var losing [][]string
	for a := 0; a <= max; a++ {
		for b := a; b <= max; b++ {
			v := wythoffValue(memo, a, b)
			want := []string{strconv.Itoa(a), strconv.Itoa(b), strconv.Itoa(v), strconv.FormatBool(v != 0)}
			if !slices.Equal(rows[i], want) {
				t.Errorf("wythoff/grundy row %d: %v, want %v", i, rows[i], want)
			}
			if v == 0 {
				losing = append(losing, []string{strconv.Itoa(len(losing)), strconv.Itoa(a), strconv.Itoa(b)})
			}
			i++
		}
	}
	// Wythoff's pairs by the mex construction: a_k is the least number not
	// yet in a pair, b_k = a_k + k.
	var pairs [][]string
	used := map[int]bool{}
	for k, a := 0, 0; ; k++ {
		for used[a] {
			a++
		}
		if a+k > max {
			break
		}
		used[a], used[a+k] = true, true
		pairs = append(pairs, []string{strconv.Itoa(k), strconv.Itoa(a), strconv.Itoa(a + k)})
	}
	if !slices.EqualFunc(losing, pairs, slices.Equal) {
		t.Errorf("the rules' losing positions %v differ from Wythoff's pairs %v", losing, pairs)
	}
	p := readCSV(t, filepath.Join(cfg.Out, "wythoff", "p_positions.csv"))
	if !slices.EqualFunc(p, pairs, slices.Equal) {
		t.Errorf("wythoff/p_positions: %v, want %v", p, pairs)
	}
	found := map[string]games.Finding{}
	for _, f := range res.Findings {
		found[f.Key] = f.Finding
	}
	count := int64(len(rows))
	if w, ok := found["grundy"].(games.Wins); !ok || w.Count != count || w.SecondPlayerWins != int64(len(pairs)) || w.FirstPlayerWins != count-int64(len(pairs)) {
		t.Errorf("grundy finding %#v, want %d positions, %d lost by the player to move", found["grundy"], count, len(pairs))
	}
	if r, ok := found["p_positions"].(games.RuleCheck); !ok || !r.Agrees || r.Positions != count {
		t.Errorf("p_positions finding %#v, want Wythoff's theorem agreeing on %d positions", found["p_positions"], count)
	}

	// solve --from: every position of the table, against the rules: the
	// value, and the winning moves are exactly the moves to value 0.
	tables, err := lookup.Open(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := games.ByName("wythoff")
	for _, pos := range [][2]int{{0, 0}, {3, 5}, {5, 3}, {7, 7}, {2, 9}, {30, 30}, {30, 12}} {
		args := []string{strconv.Itoa(pos[0]), strconv.Itoa(pos[1])}
		from, err := tables.Answer(context.Background(), "wythoff", args)
		if err != nil {
			t.Fatalf("solve --from %v: %v", pos, err)
		}
		computed, err := d.Solve.Answer(context.Background(), args)
		if err != nil {
			t.Fatalf("solve %v: %v", pos, err)
		}
		var fromText, computedText strings.Builder
		if err := from.WriteText(&fromText); err != nil {
			t.Fatal(err)
		}
		if err := computed.WriteText(&computedText); err != nil {
			t.Fatal(err)
		}
		want := wythoffAnswerText(memo, pos[0], pos[1])
		if got, _, _ := strings.Cut(fromText.String(), "source: "); got != want {
			t.Errorf("solve --from %v:\n%s\nwant\n%s", pos, fromText.String(), want)
		}
		if computedText.String() != want {
			t.Errorf("solve %v:\n%s\nwant\n%s", pos, computedText.String(), want)
		}
	}
	_, err = tables.Answer(context.Background(), "wythoff", []string{"31", "2"})
	var be *games.BoundsError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "heaps 0 to 30") {
		t.Errorf("solve --from 31 2: %v, want a *games.BoundsError saying the table holds heaps 0 to 30", err)
	}

	// tabulate plot: the map of g(a, b) is drawn again from wythoff/grundy.
	cfg.Plots = []string{"png"}
	red, err := Plot(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(red.Skipped) != 0 || len(red.Files) != 1 || red.Files[0].Path != "wythoff/grundy.png" {
		t.Errorf("redraw wrote %v, skipped %v; want wythoff/grundy.png", red.Files, red.Skipped)
	}
	if st, err := os.Stat(filepath.Join(cfg.Out, "wythoff", "grundy.png")); err != nil || st.Size() == 0 {
		t.Errorf("wythoff/grundy.png: %v", err)
	}
}

// wythoffAnswerText is what tabulate solve wythoff A B prints, from the
// rules: the position, its value, its outcome and every move to a position
// of value 0, from heap 1, heap 2 and both, each by the number removed.
func wythoffAnswerText(memo map[[2]int]int, a, b int) string {
	v := wythoffValue(memo, a, b)
	var moves []string
	add := func(from string, k, x, y int) {
		if wythoffValue(memo, x, y) == 0 {
			moves = append(moves, "remove "+strconv.Itoa(k)+" from "+from+" leaving ["+strconv.Itoa(x)+" "+strconv.Itoa(y)+"]")
		}
	}
	for k := 1; k <= a; k++ {
		add("heap 1", k, a-k, b)
	}
	for k := 1; k <= b; k++ {
		add("heap 2", k, a, b-k)
	}
	for k := 1; k <= min(a, b); k++ {
		add("both heaps", k, a-k, b-k)
	}
	outcome, list := "the player to move loses", "none"
	if v != 0 {
		outcome = "the player to move wins"
	}
	if len(moves) > 0 {
		list = strings.Join(moves, ", ")
	}
	return "wythoff, position " + strconv.Itoa(a) + " " + strconv.Itoa(b) + "\ngrundy value: " + strconv.Itoa(v) +
		"\noutcome: " + outcome + "\nwinning moves: " + list + "\n"
}

// TestWythoffConfig checks that the default run leaves Wythoff's game out
// and that a bound out of range names the key and the range.
func TestWythoffConfig(t *testing.T) {
	cfg, err := configs.Load(configs.DefaultName, configs.Default)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(cfg.Games, "wythoff") {
		t.Errorf("the default configuration runs %v, want no wythoff", cfg.Games)
	}
	if _, err := configs.Load("w.yaml", []byte("games: [wythoff]\nwythoff: {max: 10001}\n")); err == nil ||
		!strings.Contains(err.Error(), "max") || !strings.Contains(err.Error(), "1 to 10000") {
		t.Errorf("wythoff max 10001: %v, want an error naming max and 1 to 10000", err)
	}
	cfg, err = configs.Load("w.yaml", []byte("wythoff: {max: 5}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(cfg.Games, "wythoff") {
		t.Errorf("a section alone runs %v: want wythoff only when listed in games", cfg.Games)
	}
}
