package output

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/internal/parquettest"
)

// sampleTable has a column of every type.
var sampleTable = Table{Game: "test", Name: "sample",
	Columns: []Column{
		{Name: "n", Type: Int64, Sorted: true},
		{Name: "g", Type: Int32},
		{Name: "win", Type: Bool},
		{Name: "board", Type: String, Sorted: true},
		{Name: "runs", Type: Int32List},
	},
	Sequence: &Sequence{Index: "n", Value: "g"},
}

// sampleRows returns rows of sampleTable, built independently of the writer.
func sampleRows(n int) Batch {
	ns := make([]int64, n)
	gs := make([]int32, n)
	ws := make([]bool, n)
	bs := make([]string, n)
	rs := make([][]int32, n)
	for i := range n {
		ns[i] = int64(i)
		gs[i] = int32(i*7) % 5
		ws[i] = gs[i] != 0
		bs[i] = strings.Repeat("+", i%4) + "-" + fmt.Sprint(i) + map[bool]string{true: ",\"x\"", false: ""}[i%3 == 0]
		rs[i] = make([]int32, i%3)
		for j := range rs[i] {
			rs[i][j] = int32(i + j)
		}
	}
	return Batch{ns, gs, ws, bs, rs}
}

// sliceRows returns rows [lo, hi) of b.
func sliceRows(b Batch, lo, hi int) Batch {
	out := make(Batch, len(b))
	for i, c := range b {
		out[i] = reflect.ValueOf(c).Slice(lo, hi).Interface()
	}
	return out
}

func writeSample(t *testing.T, w *Writer, rows, batch int) []File {
	t.Helper()
	all := sampleRows(rows)
	files, err := w.WriteTable(context.Background(), sampleTable, json.RawMessage(`{"max":10}`), func(ctx context.Context, emit func(Batch) error) error {
		for lo := 0; lo < rows; lo += batch {
			if err := emit(sliceRows(all, lo, min(rows, lo+batch))); err != nil {
				return err
			}
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatalf("WriteTable: %v", err)
	}
	return files
}

func TestWriteTableRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name        string
		rows, batch int
	}{
		{"empty", 0, 10},
		{"one batch", 10, 100},
		{"many batches", 2500, 333},
		{"several row groups", RowGroupRows + 1000, 1 << 18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.rows > 100000 {
				longtest.Skip(t, "writes a table of more than one row group")
			}
			dir := t.TempDir()
			w := &Writer{Dir: dir, Formats: Formats, Version: "test"}
			files := writeSample(t, w, tc.rows, tc.batch)
			if len(files) != 4 {
				t.Fatalf("got %d files, want 4 (parquet, csv, bfile, arrow)", len(files))
			}
			want := sampleRows(tc.rows)
			for _, f := range files {
				path := filepath.Join(dir, f.Path)
				if f.Rows != int64(tc.rows) {
					t.Errorf("%s: got %d rows recorded, want %d", f.Path, f.Rows, tc.rows)
				}
				size, sum, err := FileSHA256(path)
				if err != nil || size != f.Bytes || sum != f.SHA256 {
					t.Errorf("%s: checksum on disk %s (%d bytes), recorded %s (%d bytes), err %v", f.Path, sum, size, f.SHA256, f.Bytes, err)
				}
				switch f.Format {
				case FormatParquet:
					checkParquet(t, path, want)
				case FormatCSV:
					checkCSV(t, path, want)
				case FormatBFile:
					checkBFile(t, path, want)
				case FormatArrow:
					checkArrow(t, path, want, "test", "sample")
				}
			}
			assertNoTemps(t, dir)
		})
	}
}

func checkParquet(t *testing.T, path string, want Batch) {
	t.Helper()
	got, err := parquettest.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"n", "g", "win", "board", "runs"}
	if !reflect.DeepEqual(got.Names, names) {
		t.Errorf("parquet columns %v, want %v", got.Names, names)
	}
	types := []string{"int64", "int32", "bool", "utf8", "list<element: int32>"}
	for i, ty := range got.Types {
		if ty.String() != types[i] {
			t.Errorf("column %s has Arrow type %s, want %s", got.Names[i], ty, types[i])
		}
	}
	if got.Rows != int64(want.Len()) {
		t.Fatalf("parquet has %d rows, want %d", got.Rows, want.Len())
	}
	for i := range want {
		if want.Len() == 0 {
			break
		}
		if !reflect.DeepEqual(got.Columns[i], want[i]) {
			t.Errorf("parquet column %s differs from what was written", names[i])
		}
	}
	for k, v := range map[string]string{"tabulate.game": "test", "tabulate.table": "sample", "tabulate.version": "test", "tabulate.bounds": `{"max":10}`} {
		if got.Metadata[k] != v {
			t.Errorf("metadata %s = %q, want %q", k, got.Metadata[k], v)
		}
	}
}

func checkCSV(t *testing.T, path string, want Batch) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv cannot read %s: %v", path, err)
	}
	if got := strings.Join(records[0], ","); got != "n,g,win,board,runs" {
		t.Errorf("header %q", got)
	}
	if len(records)-1 != want.Len() {
		t.Fatalf("csv has %d rows, want %d", len(records)-1, want.Len())
	}
	for r, rec := range records[1:] {
		runs := want[4].([][]int32)[r]
		list := strings.ReplaceAll(fmt.Sprint(runs), " ", ",")
		wantRec := []string{
			fmt.Sprint(want[0].([]int64)[r]), fmt.Sprint(want[1].([]int32)[r]),
			fmt.Sprint(want[2].([]bool)[r]), want[3].([]string)[r], list,
		}
		if !reflect.DeepEqual(rec, wantRec) {
			t.Fatalf("csv row %d: got %q, want %q", r, rec, wantRec)
		}
	}
}

func checkBFile(t *testing.T, path string, want Batch) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for r := range want.Len() {
		fmt.Fprintf(&b, "%d %d\n", want[0].([]int64)[r], want[1].([]int32)[r])
	}
	if string(data) != b.String() {
		t.Errorf("b-file differs: got %.60q, want %.60q", data, b.String())
	}
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), TempPrefix) {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}

func TestWriteTableDeterministic(t *testing.T) {
	var sums [2][]string
	for i := range sums {
		dir := t.TempDir()
		for _, f := range writeSample(t, &Writer{Dir: dir, Formats: Formats, Version: "test"}, 5000, 700) {
			sums[i] = append(sums[i], f.SHA256)
		}
	}
	if !reflect.DeepEqual(sums[0], sums[1]) {
		t.Errorf("two writes of the same rows differ: %v vs %v", sums[0], sums[1])
	}
}

// failingWriter fails once more than budget bytes have been written, as a
// full disk does.
type failingWriter struct {
	w      io.Writer
	budget int
}

var errDiskFull = errors.New("no space left on device (simulated)")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.budget {
		n, _ := f.w.Write(p[:f.budget])
		f.budget = 0
		return n, errDiskFull
	}
	f.budget -= len(p)
	return f.w.Write(p)
}

func TestWriteTableDiskFull(t *testing.T) {
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: Formats, Version: "test"}
	first := writeSample(t, w, 1000, 100)

	for _, budget := range []int{0, 100, 5000, 40000} {
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			wrapSink = func(path string, w io.Writer) io.Writer {
				if strings.Contains(path, "second") {
					return &failingWriter{w: w, budget: budget}
				}
				return w
			}
			defer func() { wrapSink = nil }()
			second := sampleTable
			second.Name = "second"
			rows := sampleRows(200000)
			_, err := w.WriteTable(context.Background(), second, json.RawMessage("{}"), func(ctx context.Context, emit func(Batch) error) error {
				return emit(rows)
			}, nil)
			if !errors.Is(err, errDiskFull) {
				t.Fatalf("got error %v, want the disk-full error", err)
			}
			if !strings.Contains(err.Error(), "second.") {
				t.Errorf("error %q does not name the file", err)
			}
			for _, ext := range []string{".parquet", ".csv", ".b.txt"} {
				if _, err := os.Stat(filepath.Join(dir, "test", "second"+ext)); !os.IsNotExist(err) {
					t.Errorf("second%s exists after a failed write", ext)
				}
			}
			for _, f := range first {
				if _, sum, err := FileSHA256(filepath.Join(dir, f.Path)); err != nil || sum != f.SHA256 {
					t.Errorf("earlier table %s changed or vanished", f.Path)
				}
			}
			assertNoTemps(t, dir)
		})
	}
}

func TestWriteTableSourceError(t *testing.T) {
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: Formats, Version: "test"}
	boom := errors.New("engine failed")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tc := range []struct {
		name string
		src  Source
		want error
	}{
		{"source error", func(ctx context.Context, emit func(Batch) error) error {
			emit(sampleRows(10))
			return boom
		}, boom},
		{"cancelled", func(ctx context.Context, emit func(Batch) error) error {
			emit(sampleRows(10))
			cancel()
			return emit(sampleRows(10))
		}, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.WriteTable(ctx, sampleTable, json.RawMessage("{}"), tc.src, nil)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if entries, _ := os.ReadDir(filepath.Join(dir, "test")); len(entries) != 0 {
				t.Errorf("files left after failure: %v", entries)
			}
		})
	}
}

func TestWriteTableBadBatch(t *testing.T) {
	w := &Writer{Dir: t.TempDir(), Formats: []string{FormatCSV}, Version: "test"}
	_, err := w.WriteTable(context.Background(), sampleTable, json.RawMessage("{}"), func(ctx context.Context, emit func(Batch) error) error {
		b := sampleRows(3)
		b[1] = []int64{1, 2, 3}
		return emit(b)
	}, nil)
	if err == nil || !strings.Contains(err.Error(), "column g holds []int64") {
		t.Errorf("got %v, want a column type error", err)
	}
}

// TestWriteTableNoApplicableFormat checks that a table with no format to
// write (b-files only, not a sequence) still runs its source, so findings
// drawn from it are right, and writes nothing, not even its folder.
func TestWriteTableNoApplicableFormat(t *testing.T) {
	dir := t.TempDir()
	w := &Writer{Dir: dir, Formats: []string{FormatBFile}, Version: "test"}
	table := sampleTable
	table.Sequence = nil
	seen := 0
	files, err := w.WriteTable(context.Background(), table, json.RawMessage("{}"), func(ctx context.Context, emit func(Batch) error) error {
		seen += 7
		return emit(sampleRows(7))
	}, nil)
	if err != nil || len(files) != 0 || seen != 7 {
		t.Errorf("got files %v, err %v, source produced %d rows; want no files, no error, 7 rows", files, err, seen)
	}
	if _, err := os.Stat(filepath.Join(dir, "test")); !os.IsNotExist(err) {
		t.Errorf("the game folder was created")
	}
}
