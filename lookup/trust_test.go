package lookup_test

// Lookups trust nothing the manifest says that the table itself can
// contradict (issue 27, items 6 and 7): a table of another game put in
// place with its sha256 refreshed, a game recorded under a name that leads
// out of its folder, and the files a killed run left under "replacing".

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
)

// readManifest and writeManifest edit a folder's manifest as a careless or
// hostile user would, with encoding/json alone.
func readManifest(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func writeManifest(t *testing.T, dir string, m map[string]any) {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, output.ManifestName), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSwappedTableRefused puts in place of toy/values.parquet a valid
// table of another game (its metadata says game "other"), with the
// manifest's size and sha256 refreshed to match: the lookup must refuse it
// by the table's own metadata, and answer again once the run's table is
// back.
func TestSwappedTableRefused(t *testing.T) {
	dir := writeToy(t, []int32{0, 3, 0, 7})
	other := t.TempDir()
	tab := output.Table{Game: "other", Name: "values", Columns: []output.Column{
		{Name: "n", Type: output.Int64, Sorted: true}, {Name: "value", Type: output.Int32}}}
	w := &output.Writer{Dir: other, Formats: []string{output.FormatParquet}, Version: "test", Temps: &output.Temps{}}
	files, err := w.WriteTable(context.Background(), tab, json.RawMessage(`{"max":3}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{[]int64{0, 1, 2, 3}, []int32{0, 3, 0, 8}})
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join("toy", "values.parquet")
	good, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	swapped, err := os.ReadFile(filepath.Join(other, "other", "values.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, rel), swapped, 0o644); err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, dir)
	entry := m["files"].([]any)[0].(map[string]any)
	goodSum, goodBytes := entry["sha256"], entry["bytes"]
	entry["sha256"], entry["bytes"] = files[0].SHA256, files[0].Bytes
	writeManifest(t, dir, m)

	tables, err := lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := tables.Answer(context.Background(), "toy", []string{"3"})
	if !errors.Is(err, output.ErrContent) {
		if a != nil && a.Grundy != nil {
			t.Fatalf("toy 3 from another game's table: answered %d, want an error wrapping ErrContent", *a.Grundy)
		}
		t.Fatalf("toy 3 from another game's table: got %v, want an error wrapping ErrContent", err)
	}
	for _, want := range []string{"toy/values.parquet", `tabulate.game is "other"`, `"toy"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q: %v", want, err)
		}
	}

	// The manifest's entry changed to say the other game: still refused,
	// as the lookup asks for toy's table.
	entry["game"] = "other"
	writeManifest(t, dir, m)
	if tables, err = lookup.Open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Answer(context.Background(), "toy", []string{"3"}); !errors.Is(err, output.ErrContent) {
		t.Fatalf("entry relabelled as the other game's: got %v, want an error wrapping ErrContent", err)
	}

	// The run's own table and entry back: the run's answer.
	entry["game"], entry["sha256"], entry["bytes"] = "toy", goodSum, goodBytes
	writeManifest(t, dir, m)
	if err := os.WriteFile(filepath.Join(dir, rel), good, 0o644); err != nil {
		t.Fatal(err)
	}
	if tables, err = lookup.Open(dir); err != nil {
		t.Fatal(err)
	}
	if a, err := tables.Answer(context.Background(), "toy", []string{"3"}); err != nil || *a.Grundy != 7 {
		t.Fatalf("toy 3 from the run's own table: got %v, %v; want 7", a, err)
	}
}

// TestGameNameOutsideRefused records a game of rules named "../xout" whose
// table lies beside the output folder: the lookup must refuse the name
// without reading anything, and not offer it among the folder's games.
func TestGameNameOutsideRefused(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A real table of the subtraction game {1, 2}, g(n) = n mod 3, in the
	// folder xout beside OUT.
	tab := output.Table{Game: "xout", Name: "grundy", Columns: []output.Column{
		{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}}}
	w := &output.Writer{Dir: root, Formats: []string{output.FormatParquet}, Version: "test", Temps: &output.Temps{}}
	files, err := w.WriteTable(context.Background(), tab, json.RawMessage(`{"max":5}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{[]int64{0, 1, 2, 3, 4, 5}, []int32{0, 1, 2, 0, 1, 2}})
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{"tool": "tabulate", "version": "test", "status": "complete", "config": nil,
		"games": map[string]any{"../xout": map[string]any{"bounds": map[string]any{"family": "subtraction", "set": []int{1, 2}, "max": 5}}},
		"files": []any{map[string]any{"path": "../xout/grundy.parquet", "game": "../xout", "table": "grundy", "format": "parquet",
			"rows": 6, "bytes": files[0].Bytes, "sha256": files[0].SHA256}}}
	writeManifest(t, dir, m)
	tables, err := lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(tables.Games(), "../xout") {
		t.Errorf("Games() = %v offers ../xout", tables.Games())
	}
	a, err := tables.Answer(context.Background(), "../xout", []string{"4"})
	var ge *lookup.GameNameError
	if !errors.As(err, &ge) {
		t.Fatalf("../xout 4: got %v, %v; want a *GameNameError", a, err)
	}
	if !strings.Contains(err.Error(), `"../xout"`) {
		t.Errorf("message lacks the name: %v", err)
	}
}

// TestReplacingAnswered is the manifest a run killed mid-rerun leaves
// (status running, its earlier table only under "replacing"): the lookup
// answers from that table, checked like any other, and refuses it once its
// bytes change.
func TestReplacingAnswered(t *testing.T) {
	dir := writeToy(t, []int32{0, 3, 0, 7})
	m := readManifest(t, dir)
	m["replacing"], m["files"], m["status"] = m["files"], []any{}, output.StatusRunning
	writeManifest(t, dir, m)
	tables, err := lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := tables.Games(); !slices.Equal(got, []string{"toy"}) {
		t.Errorf("Games() = %v, want [toy]", got)
	}
	if a, err := tables.Answer(context.Background(), "toy", []string{"3"}); err != nil || *a.Grundy != 7 {
		t.Fatalf("toy 3 from a table under replacing: got %v, %v; want 7", a, err)
	}
	p := filepath.Join(dir, "toy", "values.parquet")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if tables, err = lookup.Open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Answer(context.Background(), "toy", []string{"3"}); !errors.Is(err, output.ErrTampered) {
		t.Fatalf("a changed table under replacing: got %v, want an error wrapping ErrTampered", err)
	}
}
