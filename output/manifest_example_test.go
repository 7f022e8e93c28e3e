package output_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/output"
)

// A run takes the folder's lock, opens the manifest before writing, lists
// each file once it is in place, and finishes with its status.
func ExampleOpenManifest() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	lock, err := output.LockDir(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer lock.Unlock()

	m, err := output.OpenManifest(dir, "tabulate", "0.1.0", nil, []string{"nim"})
	if err != nil {
		fmt.Println(err)
		return
	}
	os.MkdirAll(filepath.Join(dir, "nim"), 0o755)
	size, sum, _ := output.WriteFileAtomic(filepath.Join(dir, "nim", "positions.csv"), []byte("piles\n[1]\n"))
	m.Add(output.File{Path: "nim/positions.csv", Game: "nim", Table: "positions", Format: "csv", Rows: 1, Bytes: size, SHA256: sum})
	if err := m.Finish(output.StatusComplete); err != nil {
		fmt.Println(err)
		return
	}

	read, _ := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	fmt.Println(read.Status, read.Files[0].Path, read.Files[0].Rows)

	// A second run into the folder is refused while the lock is held.
	_, err = output.LockDir(dir)
	var locked *output.LockedError
	fmt.Println(errors.As(err, &locked) && locked.PID == os.Getpid())
	// Output:
	// complete nim/positions.csv 1
	// true
}

// WriteTable records with each file the bounds it was computed with.
func ExampleWriter_WriteTable_bounds() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	w := &output.Writer{Dir: dir, Formats: []string{output.FormatParquet, output.FormatCSV}, Version: "0.1.0"}
	t := output.Table{Game: "squares", Name: "p_positions",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}}}
	files, err := w.WriteTable(context.Background(), t, json.RawMessage(`{"win_max":7}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{[]int64{0, 2, 5, 7}})
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(f.Path, f.Rows, string(f.Bounds))
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "squares", "p_positions.csv"))
	fmt.Print(string(csv))
	// Output:
	// squares/p_positions.parquet 4 {"win_max":7}
	// squares/p_positions.csv 4 {"win_max":7}
	// n
	// 0
	// 2
	// 5
	// 7
}
