package output_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/output"
)

// WriteTable streams batches of columns into every format at once and
// renames the files into place only when all of them are complete.
func ExampleWriter_WriteTable() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	w := &output.Writer{Dir: dir, Formats: []string{"csv", "parquet"}, Version: "example"}
	t := output.Table{Game: "squares", Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
	}
	files, err := w.WriteTable(context.Background(), t, json.RawMessage(`{"grundy_max":4}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{[]int64{0, 1, 2, 3, 4}, []int32{0, 1, 0, 1, 2}, []bool{false, true, false, true, true}})
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(f.Path, f.Rows)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "squares", "grundy.csv"))
	fmt.Print(string(csv))
	// Output:
	// squares/grundy.parquet 5
	// squares/grundy.csv 5
	// n,grundy,win
	// 0,0,false
	// 1,1,true
	// 2,0,false
	// 3,1,true
	// 4,2,true
}

// WriteFileAtomic never leaves a partial file under the final name: the
// data goes to a temporary file in the same folder, renamed when complete.
func ExampleWriteFileAtomic() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	size, sum, err := output.WriteFileAtomic(filepath.Join(dir, "note.txt"), []byte("hello\n"))
	fmt.Println(size, sum[:12], err)
	// Output:
	// 6 5891b5b522d5 <nil>
}

// ReadColumn reads a column of a Parquet table back, such as one written by
// WriteTable: here take-a-square's g(0..4) = 0 1 0 1 2, written by hand.
func ExampleReadColumn() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	w := &output.Writer{Dir: dir, Formats: []string{"parquet"}, Version: "example"}
	t := output.Table{Game: "squares", Name: "grundy",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}}}
	_, err = w.WriteTable(context.Background(), t, json.RawMessage(`{"grundy_max":4}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{[]int64{0, 1, 2, 3, 4}, []int32{0, 1, 0, 1, 2}})
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(dir, "squares", "grundy.parquet")
	g, err := output.ReadColumn[int32](path, "grundy")
	fmt.Println(g, err)
	_, err = output.ReadColumn[int64](path, "grundy") // the column's own type only
	fmt.Println(err != nil)
	// Output:
	// [0 1 0 1 2] <nil>
	// true
}
