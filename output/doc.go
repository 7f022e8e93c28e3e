// Package output writes tables to disk as Parquet, CSV and OEIS b-files, each
// through a temporary file that is renamed into place only when complete, and
// keeps the run's manifest.
//
// A table is described by a Table (game, name, columns) and produced by a
// Source that streams column-oriented Batches, so a table never has to be held
// whole in memory. Writer.WriteTable feeds every batch to one encoder per
// format at once:
//
//	t := output.Table{Game: "squares", Name: "p_positions",
//		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}}}
//	files, err := w.WriteTable(ctx, t, `{"win_max":7}`, func(ctx context.Context, emit func(output.Batch) error) error {
//		return emit(output.Batch{[]int64{0, 2, 5, 7}})
//	}, nil)
//
// leaves OUT/squares/p_positions.parquet and OUT/squares/p_positions.csv,
// whose CSV reads
//
//	n
//	0
//	2
//	5
//	7
//
// and returns one File per format with its row count, size and SHA-256.
package output
