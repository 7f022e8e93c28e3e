// Package parquettest reads a Parquet file back whole, for tests that check
// what the tool wrote: its column names, their Arrow types, every value, and
// the key-value metadata.
//
// It reads through arrow-go's column readers (parquet/file) and rebuilds list
// columns from their Dremel levels itself, so it shares no code with the
// writer in package output beyond the file format. It holds the whole table
// in memory and handles the column types the tool writes (required int32,
// int64, double, boolean, UTF8 string, list of int32, and optional int32 and
// int64, read as pointers with nil for null); anything else is an error.
// Only tests import it, so it is not linked into the command.
//
//	t, err := parquettest.Read("out/flip/positions.parquet")
//	// t.Names:   [runs length grundy win]
//	// t.Types:   [list<element: int32> int32 int32 bool]
//	// t.Columns: [[][]int32{{}, {2}, ...} []int32{0, 2, ...} ...]
package parquettest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Table is a Parquet file read back whole: its columns as Go slices
// ([]int32, []int64, []float64, []bool, []string, [][]int32, or []*int32
// and []*int64 for nullable columns; nil when the file has no rows), their names and Arrow types, and the file's key-value metadata.
type Table struct {
	Names    []string
	Types    []arrow.DataType
	Columns  []any
	Metadata map[string]string
	Rows     int64
}

// Read reads the Parquet file at path. The Arrow types are derived from the
// Parquet schema; if the file also stores an Arrow schema (the
// "ARROW:schema" entry), Read checks that the two agree.
func Read(path string) (*Table, error) {
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
	t, err := read(rdr)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return t, nil
}

func read(rdr *file.Reader) (*Table, error) {
	md := rdr.MetaData()
	t := &Table{Metadata: map[string]string{}, Rows: md.NumRows}
	kv := md.KeyValueMetadata()
	for i, k := range kv.Keys() {
		t.Metadata[k] = kv.Values()[i]
	}
	root := md.Schema.Root()
	if root.NumFields() != md.Schema.NumColumns() {
		return nil, fmt.Errorf("%d fields hold %d leaf columns; only flat schemas and lists of primitives are read", root.NumFields(), md.Schema.NumColumns())
	}
	fields := make([]arrow.Field, root.NumFields())
	for i := range fields {
		node := root.Field(i)
		typ, err := arrowType(node)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", node.Name(), err)
		}
		optional := node.RepetitionType() == parquet.Repetitions.Optional
		if optional && typ.ID() != arrow.INT32 && typ.ID() != arrow.INT64 {
			return nil, fmt.Errorf("column %s is optional %s; only integer columns may be nullable", node.Name(), typ)
		} else if !optional && node.RepetitionType() != parquet.Repetitions.Required {
			return nil, fmt.Errorf("column %s is %s, want required or optional", node.Name(), node.RepetitionType())
		}
		fields[i] = arrow.Field{Name: node.Name(), Type: typ, Nullable: optional}
		t.Names = append(t.Names, node.Name())
		t.Types = append(t.Types, typ)
	}
	if err := checkStoredSchema(t.Metadata, arrow.NewSchema(fields, nil)); err != nil {
		return nil, err
	}
	for i := range fields {
		var col any
		for g := 0; g < rdr.NumRowGroups(); g++ {
			cr, err := rdr.RowGroup(g).Column(i)
			if err != nil {
				return nil, fmt.Errorf("column %s, row group %d: %w", t.Names[i], g, err)
			}
			if fields[i].Nullable {
				col, err = appendNullable(col, cr)
			} else {
				col, err = appendColumn(col, cr, fields[i].Type.ID() == arrow.LIST)
			}
			if err != nil {
				return nil, fmt.Errorf("column %s, row group %d: %w", t.Names[i], g, err)
			}
		}
		if n := length(col); int64(n) != t.Rows {
			return nil, fmt.Errorf("column %s has %d values, the file %d rows", t.Names[i], n, t.Rows)
		}
		t.Columns = append(t.Columns, col)
	}
	return t, nil
}

// arrowType is the Arrow type of a top-level Parquet field, by the Parquet
// logical type rules (LogicalTypes.md in apache/parquet-format).
func arrowType(node schema.Node) (arrow.DataType, error) {
	if g, ok := node.(*schema.GroupNode); ok {
		// A LIST is a group of one repeated group of one element.
		if _, ok := g.LogicalType().(schema.ListLogicalType); !ok || g.NumFields() != 1 {
			return nil, fmt.Errorf("group %s is not a LIST", g.Name())
		}
		rep, ok := g.Field(0).(*schema.GroupNode)
		if !ok || rep.RepetitionType() != parquet.Repetitions.Repeated || rep.NumFields() != 1 {
			return nil, fmt.Errorf("LIST %s has no repeated group of one field", g.Name())
		}
		elem := rep.Field(0)
		if elem.RepetitionType() != parquet.Repetitions.Required {
			return nil, fmt.Errorf("LIST %s has %s elements, want required", g.Name(), elem.RepetitionType())
		}
		et, err := arrowType(elem)
		if err != nil {
			return nil, err
		}
		if et.ID() != arrow.INT32 {
			return nil, fmt.Errorf("LIST %s of %s, only lists of int32 are read", g.Name(), et)
		}
		return arrow.ListOfField(arrow.Field{Name: elem.Name(), Type: et}), nil
	}
	p := node.(*schema.PrimitiveNode)
	lt := p.LogicalType()
	switch p.PhysicalType() {
	case parquet.Types.Int32:
		if it, ok := lt.(schema.IntLogicalType); ok && it.BitWidth() == 32 && it.IsSigned() || lt.IsNone() {
			return arrow.PrimitiveTypes.Int32, nil
		}
	case parquet.Types.Int64:
		if it, ok := lt.(schema.IntLogicalType); ok && it.BitWidth() == 64 && it.IsSigned() || lt.IsNone() {
			return arrow.PrimitiveTypes.Int64, nil
		}
	case parquet.Types.Double:
		if lt.IsNone() {
			return arrow.PrimitiveTypes.Float64, nil
		}
	case parquet.Types.Boolean:
		if lt.IsNone() {
			return arrow.FixedWidthTypes.Boolean, nil
		}
	case parquet.Types.ByteArray:
		if _, ok := lt.(schema.StringLogicalType); ok {
			return arrow.BinaryTypes.String, nil
		}
	}
	return nil, fmt.Errorf("unsupported type %s (%s)", p.PhysicalType(), lt)
}

// checkStoredSchema compares the "ARROW:schema" entry, if any, with the
// schema derived from the Parquet one.
func checkStoredSchema(meta map[string]string, derived *arrow.Schema) error {
	enc, ok := meta["ARROW:schema"]
	if !ok {
		return nil
	}
	raw, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return fmt.Errorf("ARROW:schema: %w", err)
	}
	r, err := ipc.NewReader(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("ARROW:schema: %w", err)
	}
	defer r.Release()
	if !r.Schema().Equal(derived) {
		return fmt.Errorf("ARROW:schema holds %s, the Parquet schema says %s", r.Schema(), derived)
	}
	return nil
}

// batch is how many levels are read at a time.
const batch = 4096

// appendColumn appends the values of one column chunk to col.
func appendColumn(col any, cr file.ColumnChunkReader, list bool) (any, error) {
	switch r := cr.(type) {
	case *file.Int32ColumnChunkReader:
		if list {
			v, _ := col.([][]int32)
			return appendLists(v, r)
		}
		v, _ := col.([]int32)
		return readAll(v, r.HasNext, r.ReadBatch)
	case *file.Int64ColumnChunkReader:
		v, _ := col.([]int64)
		return readAll(v, r.HasNext, r.ReadBatch)
	case *file.Float64ColumnChunkReader:
		v, _ := col.([]float64)
		return readAll(v, r.HasNext, r.ReadBatch)
	case *file.BooleanColumnChunkReader:
		v, _ := col.([]bool)
		return readAll(v, r.HasNext, r.ReadBatch)
	case *file.ByteArrayColumnChunkReader:
		v, _ := col.([]string)
		b, err := readAll(nil, r.HasNext, r.ReadBatch)
		for _, s := range b {
			v = append(v, string(s)) // copies: the reader reuses its buffers
		}
		return v, err
	}
	return nil, fmt.Errorf("unsupported column reader %T", cr)
}

// readAll reads the rest of a required primitive column chunk.
func readAll[T any](v []T, hasNext func() bool, readBatch func(int64, []T, []int16, []int16) (int64, int, error)) ([]T, error) {
	buf := make([]T, batch)
	for hasNext() {
		_, n, err := readBatch(batch, buf, nil, nil)
		if err != nil {
			return v, err
		}
		v = append(v, buf[:n]...)
	}
	return v, nil
}

// appendNullable appends the values of an optional integer column chunk as
// pointers, nil for a null: definition level 1 carries a value, 0 is null.
func appendNullable(col any, cr file.ColumnChunkReader) (any, error) {
	switch r := cr.(type) {
	case *file.Int32ColumnChunkReader:
		v, _ := col.([]*int32)
		return readNullable(v, r.HasNext, r.ReadBatch)
	case *file.Int64ColumnChunkReader:
		v, _ := col.([]*int64)
		return readNullable(v, r.HasNext, r.ReadBatch)
	}
	return nil, fmt.Errorf("unsupported nullable column reader %T", cr)
}

func readNullable[T int32 | int64](v []*T, hasNext func() bool, readBatch func(int64, []T, []int16, []int16) (int64, int, error)) ([]*T, error) {
	buf := make([]T, batch)
	def := make([]int16, batch)
	for hasNext() {
		levels, _, err := readBatch(batch, buf, def, nil)
		if err != nil {
			return v, err
		}
		k := 0
		for i := range levels {
			if def[i] == 0 {
				v = append(v, nil)
				continue
			}
			x := buf[k]
			v = append(v, &x)
			k++
		}
	}
	return v, nil
}

// appendLists rebuilds lists of int32 from their levels: repetition level 0
// starts a row; definition level 1 carries a value, 0 marks an empty list.
func appendLists(v [][]int32, r *file.Int32ColumnChunkReader) ([][]int32, error) {
	vals := make([]int32, batch)
	def := make([]int16, batch)
	rep := make([]int16, batch)
	for r.HasNext() {
		levels, _, err := r.ReadBatch(batch, vals, def, rep)
		if err != nil {
			return v, err
		}
		k := 0
		for i := range levels {
			switch {
			case rep[i] == 0 && def[i] == 0:
				v = append(v, []int32{})
			case rep[i] == 0 && def[i] == 1:
				v = append(v, []int32{vals[k]})
				k++
			case rep[i] == 1 && def[i] == 1 && len(v) > 0:
				v[len(v)-1] = append(v[len(v)-1], vals[k])
				k++
			default:
				return v, fmt.Errorf("levels rep %d, def %d are not those of a required list of required values", rep[i], def[i])
			}
		}
	}
	return v, nil
}

func length(col any) int {
	switch c := col.(type) {
	case []int32:
		return len(c)
	case []int64:
		return len(c)
	case []bool:
		return len(c)
	case []string:
		return len(c)
	case [][]int32:
		return len(c)
	case []float64:
		return len(c)
	case []*int32:
		return len(c)
	case []*int64:
		return len(c)
	}
	return 0
}
