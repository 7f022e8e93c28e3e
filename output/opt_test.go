package output_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tabulate-games/tabulate/internal/parquettest"
	. "github.com/tabulate-games/tabulate/output"
)

// TestNullableAndDouble writes nullable integer and double columns and reads
// them back: Parquet keeps the nulls and the doubles exactly, CSV writes an
// empty field for a null and the shortest decimal of a double.
func TestNullableAndDouble(t *testing.T) {
	tbl := Table{Game: "test", Name: "opt", Columns: []Column{
		{Name: "p", Type: OptInt64},
		{Name: "m", Type: OptInt32},
		{Name: "s", Type: Float64},
	}}
	rows := Batch{
		[]Opt[int64]{Some(int64(12)), {}, Some(int64(-1))},
		[]Opt[int32]{{}, Some(int32(15)), Some(int32(0))},
		[]float64{0.1, 2.5e-7, 3},
	}
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: []string{FormatParquet, FormatCSV}, Version: "test"}
	if _, err := w.WriteTable(context.Background(), tbl, json.RawMessage("{}"), func(ctx context.Context, emit func(Batch) error) error {
		return emit(rows)
	}, nil); err != nil {
		t.Fatal(err)
	}
	pt, err := parquettest.Read(filepath.Join(dir, "test", "opt.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	want := []any{
		[]*int64{i64(12), nil, i64(-1)},
		[]*int32{nil, i32(15), i32(0)},
		[]float64{0.1, 2.5e-7, 3},
	}
	if !reflect.DeepEqual(pt.Columns, want) {
		t.Errorf("parquet read back %v, want %v", pt.Columns, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "test", "opt.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "p,m,s\n12,,0.1\n,15,2.5e-07\n-1,0,3\n"; string(data) != want {
		t.Errorf("csv:\n%s\nwant:\n%s", data, want)
	}
}
