package output

import (
	"context"
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// ParquetTable is a Parquet file read back whole: its columns as a Batch,
// their names and Arrow types, and the file's key-value metadata.
type ParquetTable struct {
	Names    []string
	Types    []arrow.DataType
	Columns  Batch
	Metadata map[string]string
	Rows     int64
}

// ReadParquet reads a Parquet file with Arrow's own reader, for checking what
// was written (it holds the whole table in memory).
func ReadParquet(path string) (*ParquetTable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rdr, err := file.NewParquetReader(f)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer rdr.Close()
	meta := map[string]string{}
	kv := rdr.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		meta[k] = kv.Values()[i]
	}
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer tbl.Release()
	t := &ParquetTable{Metadata: meta, Rows: tbl.NumRows()}
	for i := 0; i < int(tbl.NumCols()); i++ {
		col := tbl.Column(i)
		t.Names = append(t.Names, col.Name())
		t.Types = append(t.Types, col.DataType())
		values, err := columnValues(col)
		if err != nil {
			return nil, fmt.Errorf("read %s: column %s: %w", path, col.Name(), err)
		}
		t.Columns = append(t.Columns, values)
	}
	return t, nil
}

// columnValues copies a column's chunks into one Go slice.
func columnValues(col *arrow.Column) (any, error) {
	if f := col.Field(); f.Nullable && (f.Type.ID() == arrow.INT32 || f.Type.ID() == arrow.INT64) {
		return optValues(col), nil
	}
	switch col.DataType().ID() {
	case arrow.FLOAT64:
		var v []float64
		for _, c := range col.Data().Chunks() {
			v = append(v, c.(*array.Float64).Float64Values()...)
		}
		return v, nil
	case arrow.INT32:
		var v []int32
		for _, c := range col.Data().Chunks() {
			v = append(v, c.(*array.Int32).Int32Values()...)
		}
		return v, nil
	case arrow.INT64:
		var v []int64
		for _, c := range col.Data().Chunks() {
			v = append(v, c.(*array.Int64).Int64Values()...)
		}
		return v, nil
	case arrow.BOOL:
		var v []bool
		for _, c := range col.Data().Chunks() {
			b := c.(*array.Boolean)
			for i := 0; i < b.Len(); i++ {
				v = append(v, b.Value(i))
			}
		}
		return v, nil
	case arrow.STRING:
		var v []string
		for _, c := range col.Data().Chunks() {
			s := c.(*array.String)
			for i := 0; i < s.Len(); i++ {
				v = append(v, s.Value(i))
			}
		}
		return v, nil
	case arrow.LIST:
		var v [][]int32
		for _, c := range col.Data().Chunks() {
			l := c.(*array.List)
			vals := l.ListValues().(*array.Int32).Int32Values()
			for i := 0; i < l.Len(); i++ {
				start, end := l.ValueOffsets(i)
				v = append(v, append([]int32{}, vals[start:end]...))
			}
		}
		return v, nil
	}
	return nil, fmt.Errorf("unsupported type %s", col.DataType())
}

// optValues copies a nullable integer column into []Opt[int32] or
// []Opt[int64].
func optValues(col *arrow.Column) any {
	var v32 []Opt[int32]
	var v64 []Opt[int64]
	for _, c := range col.Data().Chunks() {
		for i := 0; i < c.Len(); i++ {
			switch a := c.(type) {
			case *array.Int32:
				v32 = append(v32, Opt[int32]{V: a.Value(i), Valid: a.IsValid(i)})
			case *array.Int64:
				v64 = append(v64, Opt[int64]{V: a.Value(i), Valid: a.IsValid(i)})
			}
		}
	}
	if col.DataType().ID() == arrow.INT32 {
		return v32
	}
	return v64
}
