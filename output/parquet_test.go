package output

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// wantSchema is sampleTable's Parquet schema as the Parquet format
// specification spells it (LogicalTypes.md: INT(bits, signed), STRING, and
// the three-level LIST of a required list of required elements).
const wantSchema = `required group field_id=-1 schema {
  required int64 field_id=-1 n (Int(bitWidth=64, isSigned=true));
  required int32 field_id=-1 g (Int(bitWidth=32, isSigned=true));
  required boolean field_id=-1 win;
  required byte_array field_id=-1 board (String);
  required group field_id=-1 runs (List) {
    repeated group field_id=-1 list {
      required int32 field_id=-1 element (Int(bitWidth=32, isSigned=true));
    }
  }
}
`

// TestParquetLayout checks the file layout the writer promises: the schema,
// row groups of at most RowGroupRows rows (cut where pqarrow's WriteBuffered
// cut them), ZSTD, version 2 data pages, the encodings chosen per column, and
// the key-value metadata in order.
func TestParquetLayout(t *testing.T) {
	for _, tc := range []struct {
		name        string
		rows, batch int
		groups      []int64
	}{
		{"one group", 2500, 333, []int64{2500}},
		{"batch across the limit", RowGroupRows + 1000, 1 << 18, []int64{RowGroupRows, 1000}},
		{"batch ends on the limit", RowGroupRows + 3, 1 << 18, []int64{RowGroupRows, 3}},
		{"batch larger than a group", 2*RowGroupRows + 5, 2*RowGroupRows + 5, []int64{RowGroupRows, RowGroupRows, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.rows > 100000 && testing.Short() {
				t.Skip("large table skipped in -short")
			}
			dir := t.TempDir()
			w := &Writer{Dir: dir, Formats: []string{FormatParquet}, Version: "test"}
			all := sampleRows(tc.rows)
			_, err := w.WriteTable(context.Background(), sampleTable, json.RawMessage(`{"max":10}`), func(ctx context.Context, emit func(Batch) error) error {
				for lo := 0; lo < tc.rows; lo += tc.batch {
					if err := emit(sliceRows(all, lo, min(tc.rows, lo+tc.batch))); err != nil {
						return err
					}
				}
				return nil
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			rdr, err := file.OpenParquetFile(filepath.Join(dir, "test", "sample.parquet"), false)
			if err != nil {
				t.Fatal(err)
			}
			defer rdr.Close()
			md := rdr.MetaData()

			var s strings.Builder
			schema.PrintSchema(md.Schema.Root(), &s, 2)
			if s.String() != wantSchema {
				t.Errorf("schema\n%s\nwant\n%s", s.String(), wantSchema)
			}
			if got := md.GetCreatedBy(); got != "tabulate test" {
				t.Errorf("created_by %q, want %q", got, "tabulate test")
			}
			if got, want := md.KeyValueMetadata().Keys(), []string{"ARROW:schema", "tabulate.game", "tabulate.table", "tabulate.bounds", "tabulate.version"}; !reflect.DeepEqual(got, want) {
				t.Errorf("metadata keys %v, want %v", got, want)
			}

			var groups []int64
			for g := range rdr.NumRowGroups() {
				rg := rdr.RowGroup(g)
				groups = append(groups, rg.NumRows())
				for c := range rg.NumColumns() {
					cc, err := rg.MetaData().ColumnChunk(c)
					if err != nil {
						t.Fatal(err)
					}
					path := cc.PathInSchema().String()
					if got := cc.Compression().String(); got != "ZSTD" {
						t.Errorf("row group %d, %s: compression %s, want ZSTD", g, path, got)
					}
					var encs []string
					for _, e := range cc.Encodings() {
						encs = append(encs, e.String())
					}
					// The writer's choice per column (see newParquetEncoder):
					// delta for sorted integers and strings, RLE for booleans,
					// dictionary (with RLE levels) for the rest.
					want := map[string]string{
						"n":                 "DELTA_BINARY_PACKED",
						"win":               "RLE",
						"board":             "DELTA_BYTE_ARRAY",
						"g":                 "RLE_DICTIONARY",
						"runs.list.element": "RLE_DICTIONARY",
					}[path]
					if !slices.Contains(encs, want) {
						t.Errorf("row group %d, %s: encodings %v, want %s among them", g, path, encs, want)
					}
					pr, err := rg.GetColumnPageReader(c)
					if err != nil {
						t.Fatal(err)
					}
					for pr.Next() {
						if typ := pr.Page().Type().String(); typ != "DATA_PAGE_V2" && typ != "DICTIONARY_PAGE" {
							t.Errorf("row group %d, %s: a %s page, want version 2 data pages", g, path, typ)
						}
					}
					if err := pr.Err(); err != nil {
						t.Fatal(err)
					}
				}
			}
			if !reflect.DeepEqual(groups, tc.groups) {
				t.Errorf("row groups of %v rows, want %v", groups, tc.groups)
			}
		})
	}
}
