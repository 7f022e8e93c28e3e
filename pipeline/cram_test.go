package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/lookup"
)

// cramValue is Cram as its rules say, for this test: the mex over every
// domino on two free cells (side by side in a row or a column) of the
// board after it; free is the set of free cells of an m x n board, cell
// (r, c) at bit r*n + c.
func cramValue(memo map[uint64]int, m, n int, free uint64) int {
	if v, ok := memo[free]; ok {
		return v
	}
	seen := map[int]bool{}
	for i := 0; i < m*n; i++ {
		if free>>uint(i)&1 == 0 {
			continue
		}
		if i%n+1 < n && free>>uint(i+1)&1 != 0 {
			seen[cramValue(memo, m, n, free&^(3<<uint(i)))] = true
		}
		if i+n < m*n && free>>uint(i+n)&1 != 0 {
			seen[cramValue(memo, m, n, free&^(1<<uint(i)|1<<uint(i+n)))] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[free] = v
	return v
}

// TestCramRun runs Cram through configs, the pipeline, lookup (solve
// --from) and Redraw (tabulate plot), and checks cram/boards against the
// rules.
func TestCramRun(t *testing.T) {
	cfg, err := configs.Load("test.yaml", []byte("games: [cram]\ncram: {max_cells: 12, boards: ['++-/+++/-++', '+++-+++'], regions: true, table_mib: 4}\nformats: [csv, parquet]\nplots: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = t.TempDir()
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), Options{}); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, filepath.Join(cfg.Out, "cram", "boards.csv"))
	i := 0
	for m := 1; m*m <= 12; m++ {
		for n := m; m*n <= 12; n++ {
			if i >= len(rows) {
				t.Fatalf("cram/boards: %d rows, want more", len(rows))
			}
			v := cramValue(map[uint64]int{}, m, n, 1<<uint(m*n)-1)
			outcome := "P"
			if v != 0 {
				outcome = "N"
			}
			if got := rows[i][:4]; got[0] != strconv.Itoa(m) || got[1] != strconv.Itoa(n) || got[2] != strconv.Itoa(v) || got[3] != outcome {
				t.Errorf("cram/boards row %d: %v, want %d %d %d %s", i, got, m, n, v, outcome)
			}
			i++
		}
	}
	if i != len(rows) {
		t.Errorf("cram/boards: %d rows, want %d", len(rows), i)
	}
	pos := readCSV(t, filepath.Join(cfg.Out, "cram", "positions.csv"))
	if len(pos) != 2 || pos[0][0] != "++-/+++/-++" || pos[1][3] != "0" { // +++-+++: two rows of 3, 1 XOR 1
		t.Errorf("cram/positions: %v", pos)
	}
	if _, err := os.Stat(filepath.Join(cfg.Out, "cram", "regions.csv")); err != nil {
		t.Errorf("cram/regions: %v", err)
	}

	// solve --from: the same answer as solve, in both orientations.
	tables, err := lookup.Open(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := games.ByName("cram")
	for _, b := range []string{"3x4", "4x3", "2x5", "5x2", "1x7", "3x3", "+++/+++"} {
		from, err := tables.Answer(context.Background(), "cram", []string{b})
		if err != nil {
			t.Fatalf("solve --from %s: %v", b, err)
		}
		computed, err := d.Solve.Answer(context.Background(), []string{b})
		if err != nil {
			t.Fatalf("solve %s: %v", b, err)
		}
		var fromText, computedText strings.Builder
		if err := from.WriteText(&fromText); err != nil {
			t.Fatal(err)
		}
		if err := computed.WriteText(&computedText); err != nil {
			t.Fatal(err)
		}
		f, _, _ := strings.Cut(fromText.String(), "source: ")
		c, _, _ := strings.Cut(computedText.String(), "source: ")
		if f != c {
			t.Errorf("solve --from %s:\n%s\nsolve:\n%s", b, fromText.String(), computedText.String())
		}
	}
	_, err = tables.Answer(context.Background(), "cram", []string{"4x4"})
	var be *games.BoundsError
	if !errors.As(err, &be) {
		t.Errorf("solve --from 4x4: %v, want a *games.BoundsError", err)
	}

	// tabulate plot: the figure is drawn again from cram/boards.
	cfg.Plots = []string{"png"}
	red, err := Plot(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(red.Skipped) != 0 || len(red.Files) != 1 || red.Files[0].Path != "cram/boards.png" {
		t.Errorf("redraw wrote %v, skipped %v; want cram/boards.png", red.Files, red.Skipped)
	}
}

// TestCramConfig checks that the default run leaves Cram out and that bad
// bounds and boards name their key.
func TestCramConfig(t *testing.T) {
	cfg, err := configs.Load("test.yaml", []byte("formats: [csv]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range cfg.Selected() {
		if d.Name == "cram" {
			t.Error("cram is in the default run")
		}
	}
	for _, c := range []struct{ yaml, want string }{
		{"cram: {max_cells: 65}", "max_cells"},
		{"cram: {max_cells: 0}", "max_cells"},
		{"cram: {boards: ['++/+']}", "boards[0]"},
		{"cram: {boards: ['+++', '+x']}", "boards[1]"},
		{"cram: {boards: ['9x9']}", "boards[0]"},
		{"cram: {table_mib: 0}", "table_mib"},
	} {
		_, err := configs.Load("test.yaml", []byte("games: [cram]\n"+c.yaml+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %s", c.yaml, err, c.want)
		}
	}
}
