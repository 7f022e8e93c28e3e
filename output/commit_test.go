package output

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// brokenDisk fails every write, as a full disk does.
type brokenDisk struct{}

func (brokenDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestSiblingFailureKeepsCommitted makes a table's CSV fail as it is
// committed, after its Parquet file has replaced an earlier one. The new
// Parquet file is whole and must stay (it was deleted, leaving neither the
// old nor the new table); the earlier CSV must be untouched; the error must
// name the CSV once.
func TestSiblingFailureKeepsCommitted(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "g"), 0o755)
	oldCSV := []byte("n\n1\n")
	os.WriteFile(filepath.Join(dir, "g", "t.parquet"), []byte("old parquet"), 0o644)
	os.WriteFile(filepath.Join(dir, "g", "t.csv"), oldCSV, 0o644)
	wrapSink = func(path string, w io.Writer) io.Writer {
		if strings.HasSuffix(path, ".csv") {
			return brokenDisk{} // small tables stay buffered until Commit
		}
		return w
	}
	defer func() { wrapSink = nil }()
	w := &Writer{Dir: dir, Formats: []string{FormatParquet, FormatCSV}, Version: "test"}
	tab := Table{Game: "g", Name: "t", Columns: []Column{{Name: "n", Type: Int64, Sorted: true}}}
	files, err := w.WriteTable(context.Background(), tab, json.RawMessage(`{}`), func(ctx context.Context, emit func(Batch) error) error {
		return emit(Batch{[]int64{1, 2, 3}})
	}, nil)
	if err == nil {
		t.Fatal("no error from a failing CSV")
	}
	csvPath := filepath.Join(dir, "g", "t.csv")
	if strings.Count(err.Error(), csvPath) != 1 {
		t.Errorf("error %q should name %s once", err, csvPath)
	}
	if len(files) != 1 || files[0].Format != FormatParquet || files[0].Rows != 3 {
		t.Fatalf("returned %+v, want the committed Parquet file with 3 rows", files)
	}
	_, sum, err := FileSHA256(filepath.Join(dir, "g", "t.parquet"))
	if err != nil || sum != files[0].SHA256 {
		t.Errorf("the new Parquet file is missing or differs: %v", err)
	}
	if got, _ := os.ReadFile(csvPath); string(got) != string(oldCSV) {
		t.Errorf("the earlier CSV changed: %q", got)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "g"))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), TempPrefix) {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
