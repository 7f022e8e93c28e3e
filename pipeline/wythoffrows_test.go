package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/catalogue"
	"github.com/tabulate-games/tabulate/lookup"
)

// TestWythoffRowsRun runs wythoff-rows, which only its engine, its model
// file and its Register line know about, through configs and the
// pipeline, on a staircase (rows 0..11 to n < 600, rows 0..3 to 1200), and
// checks every table against Wythoff's game by its rules (wythoffValue,
// memoised recursion over the moves): the values, the diagonal, and each
// row's period and preperiod against a search over the rules' values.
func TestWythoffRowsRun(t *testing.T) {
	const rows, bound, deepRows, deepBound, diag = 12, 600, 4, 1200, 40
	out := t.TempDir()
	res, err := runTail(t, context.Background(), "games: [wythoff-rows]\nwythoff-rows: {rows: 12, bound: 600, deep_rows: 4, deep_bound: 1200, "+
		"values_rows: 12, values_bound: 600, diagonal: 40, figure_rows: 4}\nformats: [csv, parquet]\nplots: [png]\n", out)
	if err != nil {
		t.Fatal(err)
	}
	memo := map[[2]int]int{}
	w := func(a, n int) int { return wythoffValue(memo, a, n) }
	// Fill the memo column by column so that the recursion stays shallow.
	for n := 0; n < deepBound; n++ {
		for a := 0; a < rows && (a < deepRows || n < bound); a++ {
			w(a, n)
		}
	}
	values := readCSV(t, filepath.Join(out, "wythoff-rows", "values.csv"))
	if len(values) != rows*bound {
		t.Fatalf("values: %d rows, want %d", len(values), rows*bound)
	}
	for i, rec := range values {
		a, n := i/bound, i%bound
		if want := []string{strconv.Itoa(a), strconv.Itoa(n), strconv.Itoa(w(a, n))}; strings.Join(rec, ",") != strings.Join(want, ",") {
			t.Fatalf("values row %d: %v, want %v", i, rec, want)
		}
	}
	diagonal := readCSV(t, filepath.Join(out, "wythoff-rows", "diagonal.csv"))
	if len(diagonal) != diag+1 {
		t.Fatalf("diagonal: %d rows, want %d", len(diagonal), diag+1)
	}
	for n, rec := range diagonal {
		if rec[0] != strconv.Itoa(n) || rec[1] != strconv.Itoa(w(n, n)) {
			t.Errorf("diagonal row %d: %v, want W(%d, %d) = %d", n, rec, n, n, w(n, n))
		}
	}
	table := readCSV(t, filepath.Join(out, "wythoff-rows", "rows.csv"))
	if len(table) != rows {
		t.Fatalf("rows: %d rows, want %d", len(table), rows)
	}
	periodic := 0
	for a, rec := range table {
		length := bound
		if a < deepRows {
			length = deepBound
		}
		wa := func(n int) int { return w(a, n) }
		p, n0, ok := rulesPeriod(wa, length, true)
		if !ok {
			p, n0, ok = rulesPeriod(wa, length, false)
		}
		want := []string{strconv.Itoa(a), "0", "0", strconv.Itoa(length), "none"}
		if ok {
			// Each of these rows repeats its period from n0 to the end of
			// its values, which hold it many times: ProveRows proves it.
			want = []string{strconv.Itoa(a), strconv.Itoa(p), strconv.Itoa(n0), strconv.Itoa(length), "proven"}
			periodic++
		}
		if strings.Join(rec, ",") != strings.Join(want, ",") {
			t.Errorf("rows row %d: %v, want %v", a, rec, want)
		}
	}
	// Rows 0..10 show their period by n = 600 by FindPeriod's rule (row 10:
	// 24 from 224); row 11 (48 from 277) would need 650 values, but its
	// shorter stretch is proven.
	if periodic != 12 {
		t.Errorf("%d rows periodic, want 12", periodic)
	}
	// solve --from: positions of the values table (either order of the
	// heaps) against the rules, and one past it.
	tables, err := lookup.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range [][2]int{{0, 0}, {3, 5}, {11, 599}, {599, 11}, {7, 7}} {
		ans, err := tables.Answer(context.Background(), "wythoff-rows", []string{strconv.Itoa(pos[0]), strconv.Itoa(pos[1])})
		if err != nil {
			t.Fatalf("solve --from %v: %v", pos, err)
		}
		var text strings.Builder
		if err := ans.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		want := "wythoff-rows" + strings.TrimPrefix(wythoffAnswerText(memo, pos[0], pos[1]), "wythoff")
		if got, _, _ := strings.Cut(text.String(), "source: "); got != want {
			t.Errorf("solve --from %v:\n%s\nwant\n%s", pos, text.String(), want)
		}
	}
	_, err = tables.Answer(context.Background(), "wythoff-rows", []string{"12", "600"})
	var be *games.BoundsError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "rows 0 to 11 for n = 0 to 599") {
		t.Errorf("solve --from 12 600: %v, want a *games.BoundsError naming rows 0 to 11, n = 0 to 599", err)
	}
	var f catalogue.RowPeriods
	for _, fd := range res.Findings {
		if fd.Key == "rows" {
			f, _ = fd.Finding.(catalogue.RowPeriods)
		}
	}
	if f.Rows != rows || f.Periodic != periodic || f.Proven != periodic || f.FirstWithout != -1 || !strings.Contains(f.String(), "12 of them proven, 0 candidates") {
		t.Errorf("rows finding %+v (%s)", f, f)
	}
}

// rulesPeriod is the least p with a least n0 such that w(n+p) = w(n) + p
// for n0 <= n < length-p and, strict, 2 n0 + 2p <= length, or else the
// values after n0 hold three periods and a quarter of the length, by
// trying each p.
func rulesPeriod(w func(int) int, length int, strict bool) (p, n0 int, ok bool) {
	for p = 1; 2*p <= length; p++ {
		n0 = length - p
		for n0 > 0 && w(n0-1+p) == w(n0-1)+p {
			n0--
		}
		if rest := length - n0; strict && 2*n0+2*p <= length || !strict && rest >= 3*p && 4*rest >= length {
			return p, n0, true
		}
	}
	return 0, 0, false
}

// TestWythoffRowsConfig: wythoff-rows is not in the default run, and a bad
// bound is an error naming the file, the line, the key and what is
// allowed.
func TestWythoffRowsConfig(t *testing.T) {
	cfg, err := configs.Load(configs.DefaultName, configs.Default)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Runs("wythoff-rows") {
		t.Error("the default configuration runs wythoff-rows")
	}
	for _, c := range []struct{ yaml, want string }{
		{"wythoff-rows:\n  rows: 5000\n", "w.yaml:3: wythoff-rows.rows: 5000 is out of range (allowed: 1 to 4096)"},
		{"wythoff-rows:\n  rows: 8\n  bound: 100\n  deep_rows: 8\n", "w.yaml:5: wythoff-rows.deep_rows: 8 is out of range (allowed: 0 to 7)"},
		{"wythoff-rows:\n  rows: 8\n  bound: 100\n  deep_rows: 4\n  deep_bound: 100\n", "w.yaml:6: wythoff-rows.deep_bound: 100 is out of range (allowed: 101 to 268435456)"},
		{"wythoff-rows:\n  rows: 8\n  bound: 100\n  deep_bound: 200\n", "w.yaml:5: wythoff-rows.deep_bound: 200 is set without deep_rows"},
		{"wythoff-rows:\n  rows: 8\n  bound: 100\n  values_bound: -1\n", "w.yaml:5: wythoff-rows.values_bound: -1 is out of range (allowed: 0 to 268435456)"},
		{"wythoff-rows:\n  rows: 8\n  bound: 100\n  values_rows: 8\n  values_bound: 100\n  diagonal: 65537\n", "w.yaml:7: wythoff-rows.diagonal: 65537 is out of range (allowed: 0 to 65536)"},
		{"wythoff-rows:\n  rows: 4\n  figure_rows: 9\n", "w.yaml:4: wythoff-rows.figure_rows: 9 is out of range (allowed: 0 to 8)"},
		{"wythoff-rows:\n  rows: 4\n  values_rows: 5000\n", "w.yaml:4: wythoff-rows.values_rows: 5000 is out of range (allowed: 0 to 4096)"},
		{"wythoff-rows:\n  values_rows: 64\n  values_bound: 1048577\n  bound: 2000000\n", "w.yaml:4: wythoff-rows.values_bound: 1048577 with values_rows 64 makes 67108928 values"},
	} {
		_, err := configs.Load("w.yaml", []byte("games: [wythoff-rows]\n"+c.yaml))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.yaml, err, c.want)
		}
	}
}

// TestWythoffRowsWorkers: the period search of wythoff-rows runs on the
// job's workers (games.rowPeriods); its row table, and every other table
// of the run, must be byte for byte the same at 1 and at 6 workers (the
// test raises GOMAXPROCS to 8 so that a 2-core machine plans 6).
func TestWythoffRowsWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	const yaml = "games: [wythoff-rows]\nwythoff-rows: {rows: 40, bound: 4000, deep_rows: 6, deep_bound: 9000, " +
		"values_rows: 4, values_bound: 100, diagonal: 60, figure_rows: 0}\nformats: [csv, parquet]\nplots: []\n"
	var files [2]map[string][]byte
	for i, workers := range []int{1, 6} {
		out := t.TempDir()
		if _, err := runTail(t, context.Background(), yaml+"workers: "+strconv.Itoa(workers)+"\n", out); err != nil {
			t.Fatal(err)
		}
		files[i] = map[string][]byte{}
		for _, name := range []string{"rows.csv", "rows.parquet", "values.parquet", "diagonal.parquet"} {
			b, err := os.ReadFile(filepath.Join(out, "wythoff-rows", name))
			if err != nil {
				t.Fatal(err)
			}
			files[i][name] = b
		}
	}
	for name, one := range files[0] {
		if !bytes.Equal(one, files[1][name]) {
			t.Errorf("wythoff-rows/%s differs between 1 and 6 workers", name)
		}
	}
	// The table must hold rows of every status, or the comparison would
	// leave the proof's and the search's paths unexercised.
	for _, status := range []string{",proven", ",none"} {
		if !bytes.Contains(files[0]["rows.csv"], []byte(status)) {
			t.Errorf("rows.csv has no row of status %s:\n%s", status[1:], files[0]["rows.csv"])
		}
	}
}
