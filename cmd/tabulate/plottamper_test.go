package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// forgeTable writes tab with the rows of batch over OUT/GAME/NAME.parquet
// and refreshes its manifest entry's bytes, sha256 and rows to match, as a
// hostile user could.
func forgeTable(t *testing.T, out string, tab output.Table, batch output.Batch) {
	t.Helper()
	other := t.TempDir()
	w := &output.Writer{Dir: other, Formats: []string{output.FormatParquet}, Version: "test", Temps: &output.Temps{}}
	files, err := w.WriteTable(context.Background(), tab, json.RawMessage(`{}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(batch)
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rel := tab.Game + "/" + tab.Name + ".parquet"
	data, err := os.ReadFile(filepath.Join(other, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(rel)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	md, err := os.ReadFile(filepath.Join(out, output.ManifestName))
	if err != nil || json.Unmarshal(md, &m) != nil {
		t.Fatal(err)
	}
	for _, e := range m["files"].([]any) {
		if e := e.(map[string]any); e["path"] == rel {
			e["sha256"], e["bytes"], e["rows"] = files[0].SHA256, files[0].Bytes, files[0].Rows
		}
	}
	if md, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, output.ManifestName), md, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPlotTamperedTables (issue 49, A5): tables tampered with their sha256
// refreshed are refused by plot with exit status 2 and a message naming
// the table, without a panic and without drawing from them: an unsorted
// squares/p_positions (before: a panic in the power-law fit, the manifest
// left running) and a Grundy value of -10^8 in squares/grundy (before:
// minutes of drawing).
func TestPlotTamperedTables(t *testing.T) {
	config := writeConfig(t, "games: [squares]\nplots: [svg]\nformats: [parquet]\nsquares: {grundy_max: 200, win_max: 200}\n")
	ran := filepath.Join(t.TempDir(), "ran")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", ran, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	n := make([]int64, 201)
	g := make([]int32, 201)
	win := make([]bool, 201)
	for i := range n {
		n[i] = int64(i)
	}
	g[7] = -100000000
	cases := []struct {
		what  string
		tab   output.Table
		batch output.Batch
		says  string
	}{
		{"unsorted p_positions", output.Table{Game: "squares", Name: "p_positions", Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}}},
			output.Batch{[]int64{0, 150, 2, 5, 7, 10, 12, 15, 17, 20, 22}}, "squares/p_positions"},
		{"a negative Grundy value", output.Table{Game: "squares", Name: "grundy", Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}, {Name: "win", Type: output.Bool}}},
			output.Batch{n, g, win}, "g(7) = -100000000"},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if err := os.CopyFS(out, os.DirFS(ran)); err != nil {
				t.Fatal(err)
			}
			forgeTable(t, out, c.tab, c.batch)
			code, _, stderr := runTabulate(t, "plot", out, "-q")
			if code != 2 || !strings.Contains(stderr, c.says) || strings.Contains(stderr, "panic") {
				t.Errorf("exit %d, %s; want 2 naming %s", code, stderr, c.says)
			}
			m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
			if err != nil || m.Status == output.StatusRunning {
				t.Errorf("manifest after the refusal: %v, status %v", err, m)
			}
		})
	}
}

// TestSolveFromContradiction (issue 49, A7): solve --from on a table
// forged with its sha256 refreshed, so that heap 1 of take-a-square has
// g = 0 (truth: 1, the move to 0 wins), refuses with exit status 2
// rather than answer "win: false" with a winning move listed.
func TestSolveFromContradiction(t *testing.T) {
	config := writeConfig(t, "games: [squares]\nplots: []\nformats: [parquet]\nsquares: {grundy_max: 200, win_max: 200}\n")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	g, err := output.ReadColumn[int32](filepath.Join(out, "squares", "grundy.parquet"), "grundy")
	if err != nil {
		t.Fatal(err)
	}
	win, err := output.ReadColumn[bool](filepath.Join(out, "squares", "grundy.parquet"), "win")
	if err != nil {
		t.Fatal(err)
	}
	n := make([]int64, len(g))
	for i := range n {
		n[i] = int64(i)
	}
	g[1], win[1] = 0, false
	forgeTable(t, out, output.Table{Game: "squares", Name: "grundy", Columns: []output.Column{
		{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}, {Name: "win", Type: output.Bool}}},
		output.Batch{n, g, win})
	code, stdout, stderr := runTabulate(t, "solve", "--from", out, "squares", "1")
	if code != 2 || !strings.Contains(stderr, "contradicts itself") {
		t.Errorf("exit %d, %s%s; want 2 and the contradiction named", code, stdout, stderr)
	}
	if code, stdout, stderr := runTabulate(t, "solve", "--from", out, "squares", "4"); code != 0 {
		t.Errorf("a heap the forgery leaves consistent: exit %d, %s%s", code, stdout, stderr)
	}
}
