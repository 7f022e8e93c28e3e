package output

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadColumn writes a table of more than one row group and reads its
// columns back, and checks the errors for a wrong type or name and for a
// file changed after the manifest listed it.
func TestReadColumn(t *testing.T) {
	dir := t.TempDir()
	rows := 1<<20 + 1000 // two row groups
	n := make([]int64, rows)
	g := make([]int32, rows)
	for i := range n {
		n[i], g[i] = int64(i)*3, int32(i%7)
	}
	tbl := Table{Game: "x", Name: "seq", Columns: []Column{{Name: "n", Type: Int64, Sorted: true}, {Name: "g", Type: Int32}}}
	w := &Writer{Dir: dir, Formats: []string{FormatParquet}, Version: "test", Temps: &Temps{}}
	files, err := w.WriteTable(context.Background(), tbl, json.RawMessage("{}"), func(ctx context.Context, emit func(Batch) error) error {
		for s := 0; s < rows; s += 1 << 16 {
			e := min(rows, s+1<<16)
			if err := emit(Batch{n[s:e], g[s:e]}); err != nil {
				return err
			}
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "x", "seq.parquet")
	gotN, err := ReadColumn[int64](p, "n")
	if err != nil {
		t.Fatal(err)
	}
	gotG, err := ReadColumn[int32](p, "g")
	if err != nil {
		t.Fatal(err)
	}
	if len(gotN) != rows || len(gotG) != rows {
		t.Fatalf("got %d and %d values, want %d", len(gotN), len(gotG), rows)
	}
	for i := range gotN {
		if gotN[i] != int64(i)*3 || gotG[i] != int32(i%7) {
			t.Fatalf("row %d: got (%d, %d), want (%d, %d)", i, gotN[i], gotG[i], i*3, i%7)
		}
	}
	for _, c := range []struct {
		name string
		read func() error
		want string
	}{
		{"int64 as int32", func() error { _, err := ReadColumn[int32](p, "n"); return err }, "holds int64 values, want int32"},
		{"int32 as int64", func() error { _, err := ReadColumn[int64](p, "g"); return err }, "holds int32 values, want int64"},
		{"no column", func() error { _, err := ReadColumn[int64](p, "m"); return err }, `no column "m"`},
	} {
		if err := c.read(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}

	m := &Manifest{Files: files}
	if err := VerifyFile(dir, m, "x/seq.parquet"); err != nil {
		t.Errorf("intact file: %v", err)
	}
	if err := VerifyFile(dir, m, "x/other.parquet"); !errors.Is(err, ErrUnlisted) {
		t.Errorf("unlisted file: %v", err)
	}
	data, _ := os.ReadFile(p)
	data[100] ^= 0xff
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := VerifyFile(dir, m, "x/seq.parquet"); !errors.Is(err, ErrTampered) {
		t.Errorf("changed file: %v", err)
	}
}
