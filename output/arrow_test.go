package output

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
)

// checkArrow reads the Arrow IPC file at path with arrow-go's reader and
// checks its columns, their values against want (sampleTable's) and the
// game and table of its schema's metadata.
func checkArrow(t *testing.T, path string, want Batch, game, table string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewFileReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Close()
	md := r.Schema().Metadata()
	for k, v := range map[string]string{"tabulate.game": game, "tabulate.table": table, "tabulate.version": "test"} {
		if i := md.FindKey(k); i < 0 || md.Values()[i] != v {
			t.Errorf("%s: metadata %s is not %q (keys %v)", path, k, v, md.Keys())
		}
	}
	names := []string{"n", "g", "win", "board", "runs"}
	for i, n := range names {
		if got := r.Schema().Field(i).Name; got != n {
			t.Errorf("%s: column %d is %q, want %q", path, i, got, n)
		}
	}
	got := Batch{[]int64{}, []int32{}, []bool{}, []string{}, [][]int32{}}
	for i := range r.NumRecords() {
		rec, err := r.RecordAt(i)
		if err != nil {
			t.Fatal(err)
		}
		got[0] = append(got[0].([]int64), rec.Column(0).(*array.Int64).Int64Values()...)
		got[1] = append(got[1].([]int32), rec.Column(1).(*array.Int32).Int32Values()...)
		for j := range int(rec.NumRows()) {
			got[2] = append(got[2].([]bool), rec.Column(2).(*array.Boolean).Value(j))
			got[3] = append(got[3].([]string), rec.Column(3).(*array.String).Value(j))
			l := rec.Column(4).(*array.List)
			from, to := l.ValueOffsets(j)
			vals := l.ListValues().(*array.Int32).Int32Values()[from:to]
			got[4] = append(got[4].([][]int32), append([]int32{}, vals...))
		}
		rec.Release()
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the values read back differ from those written", path)
	}
	if typ := r.Schema().Field(4).Type; typ.ID() != arrow.LIST {
		t.Errorf("%s: runs is %v, want a list", path, typ)
	}
}

// TestArrowNullable writes the nullable columns and a double in Arrow IPC
// and reads back the nulls where the rows have none.
func TestArrowNullable(t *testing.T) {
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: []string{FormatArrow}, Version: "test"}
	tab := Table{Game: "g", Name: "opt", Columns: []Column{
		{Name: "a", Type: OptInt32}, {Name: "b", Type: OptInt64}, {Name: "x", Type: Float64}}}
	rows := Batch{[]Opt[int32]{Some[int32](3), {}}, []Opt[int64]{{}, Some[int64](-7)}, []float64{0.5, 2}}
	files, err := w.WriteTable(t.Context(), tab, nil, func(_ context.Context, emit func(Batch) error) error { return emit(rows) }, nil)
	if err != nil || len(files) != 1 || files[0].Path != "g/opt.arrow" || files[0].Format != FormatArrow {
		t.Fatalf("files %+v, err %v; want g/opt.arrow", files, err)
	}
	f, err := os.Open(filepath.Join(dir, "g", "opt.arrow"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewFileReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := r.RecordAt(0)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	a, b, x := rec.Column(0).(*array.Int32), rec.Column(1).(*array.Int64), rec.Column(2).(*array.Float64)
	if !a.IsValid(0) || a.Value(0) != 3 || !a.IsNull(1) || !b.IsNull(0) || b.Value(1) != -7 || x.Value(0) != 0.5 || x.Value(1) != 2 {
		t.Errorf("read back a=%v b=%v x=%v; want [3 null] [null -7] [0.5 2]", a, b, x)
	}
	if !r.Schema().Field(0).Nullable || r.Schema().Field(2).Nullable {
		t.Errorf("nullable: a %v, x %v; want true, false", r.Schema().Field(0).Nullable, r.Schema().Field(2).Nullable)
	}
}

// TestCheckTableInArrow: CheckTableIn reads an Arrow file's own rows and
// metadata, and refuses an entry of another game or another row count.
func TestCheckTableInArrow(t *testing.T) {
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: []string{FormatArrow}, Version: "test"}
	files := writeSample(t, w, 1000, 300)
	if len(files) != 1 {
		t.Fatalf("got %d files, want the .arrow", len(files))
	}
	f := files[0]
	if err := CheckTableIn(dir, f.Path, f); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	for name, e := range map[string]File{
		"rows":  {Path: f.Path, Game: f.Game, Table: f.Table, Format: f.Format, Rows: f.Rows - 1},
		"game":  {Path: f.Path, Game: "other", Table: f.Table, Format: f.Format, Rows: f.Rows},
		"table": {Path: f.Path, Game: f.Game, Table: "other", Format: f.Format, Rows: f.Rows},
	} {
		if err := CheckTableIn(dir, f.Path, e); !errors.Is(err, ErrContent) {
			t.Errorf("an entry with another %s: got %v, want ErrContent", name, err)
		}
	}
}
