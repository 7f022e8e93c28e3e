package lookup_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
)

// Example writes a tiny squares/grundy table as a run would (g(0..10) of
// take-a-square, from OEIS A014586) with its manifest, and answers a pile
// from it.
func Example() {
	dir, err := os.MkdirTemp("", "lookup-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	g := []int32{0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0}
	n := make([]int64, len(g))
	for i := range n {
		n[i] = int64(i)
	}
	t := output.Table{Game: "squares", Name: "grundy", Columns: []output.Column{
		{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}}}
	w := &output.Writer{Dir: dir, Formats: []string{output.FormatParquet}, Version: "example", Temps: &output.Temps{}}
	files, err := w.WriteTable(ctx, t, json.RawMessage(`{"grundy_max":10}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{n, g})
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := output.OpenManifest(dir, "tabulate", "example", nil, nil)
	if err == nil {
		err = m.Add(files...)
	}
	if err == nil {
		err = m.Finish(output.StatusComplete)
	}
	if err != nil {
		fmt.Println(err)
		return
	}

	tables, err := lookup.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := tables.Answer(ctx, "squares", []string{"9"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("g(9) =", *a.Grundy, "win:", a.Win, "winning moves:", a.WinningMoves)
	_, err = tables.Answer(ctx, "squares", []string{"11"})
	fmt.Println(err)
	// Output:
	// g(9) = 2 win: true winning moves: [remove 4 leaving [5] remove 9 leaving [0]]
	// squares: n = 11 is outside the tables (squares/grundy.parquet holds n = 0 to 10); run tabulate run with larger bounds, or drop --from to compute it
}
