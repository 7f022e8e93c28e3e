package output

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// arrowEncoder writes a table as an Arrow IPC file (Feather v2, read by
// pyarrow, polars, DuckDB and Arrow JS): the schema of the table's columns
// (arrowType, as in the "ARROW:schema" entry of its Parquet file) with the
// tabulate.* key-value metadata on the schema, then one record batch per
// Batch, uncompressed.
type arrowEncoder struct {
	schema *arrow.Schema
	buf    *bufio.Writer
	w      *ipc.FileWriter
	mem    memory.Allocator
}

// encodeArrow is the Arrow entry of tableFormats.
func encodeArrow(_ *Writer, f io.Writer, t *Table, meta []KeyValue) (encoder, error) {
	fields := make([]arrow.Field, len(t.Columns))
	for i, c := range t.Columns {
		fields[i] = arrow.Field{Name: c.Name, Type: arrowType(c.Type), Nullable: c.Type == OptInt32 || c.Type == OptInt64}
	}
	keys := make([]string, len(meta))
	values := make([]string, len(meta))
	for i, kv := range meta {
		keys[i], values[i] = kv.Key, kv.Value
	}
	md := arrow.NewMetadata(keys, values)
	schema := arrow.NewSchema(fields, &md)
	mem := memory.NewGoAllocator()
	buf := bufio.NewWriterSize(f, 1<<16)
	w, err := ipc.NewFileWriter(buf, ipc.WithSchema(schema), ipc.WithAllocator(mem))
	if err != nil {
		return nil, fmt.Errorf("output: arrow writer for %s/%s: %w", t.Game, t.Name, err)
	}
	return &arrowEncoder{schema: schema, buf: buf, w: w, mem: mem}, nil
}

// write adds b as one record batch.
func (e *arrowEncoder) write(b Batch) error {
	n := b.Len()
	if n == 0 {
		return nil
	}
	cols := make([]arrow.Array, len(b))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, col := range b {
		a, err := arrowArray(e.mem, e.schema.Field(i).Type, col)
		if err != nil {
			return fmt.Errorf("column %s: %w", e.schema.Field(i).Name, err)
		}
		cols[i] = a
	}
	rec := array.NewRecord(e.schema, cols, int64(n))
	defer rec.Release()
	return e.w.Write(rec)
}

// arrowArray builds the Arrow array of one column of a Batch.
func arrowArray(mem memory.Allocator, typ arrow.DataType, col any) (arrow.Array, error) {
	switch v := col.(type) {
	case []int32:
		b := array.NewInt32Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray(), nil
	case []int64:
		b := array.NewInt64Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray(), nil
	case []bool:
		b := array.NewBooleanBuilder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray(), nil
	case []string:
		b := array.NewStringBuilder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray(), nil
	case []float64:
		b := array.NewFloat64Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray(), nil
	case [][]int32:
		b := array.NewListBuilderWithField(mem, typ.(*arrow.ListType).ElemField())
		defer b.Release()
		vb := b.ValueBuilder().(*array.Int32Builder)
		for _, l := range v {
			b.Append(true)
			vb.AppendValues(l, nil)
		}
		return b.NewArray(), nil
	case []Opt[int32]:
		b := array.NewInt32Builder(mem)
		defer b.Release()
		for _, o := range v {
			if o.Valid {
				b.Append(o.V)
			} else {
				b.AppendNull()
			}
		}
		return b.NewArray(), nil
	case []Opt[int64]:
		b := array.NewInt64Builder(mem)
		defer b.Release()
		for _, o := range v {
			if o.Valid {
				b.Append(o.V)
			} else {
				b.AppendNull()
			}
		}
		return b.NewArray(), nil
	}
	return nil, fmt.Errorf("no Arrow array for %T", col)
}

// close writes the file's footer.
func (e *arrowEncoder) close() error {
	if err := e.w.Close(); err != nil {
		return err
	}
	return e.buf.Flush()
}

// arrowRows counts the rows of an Arrow IPC file, record batch by record
// batch, after checking the game and table of its schema's metadata
// (tabulate.game, tabulate.table).
func arrowRows(in *os.File, f File, bad func(format string, args ...any) error) (int64, error) {
	r, err := ipc.NewFileReader(in)
	if err != nil {
		return 0, &FileError{Op: "check", Path: in.Name(), Err: err}
	}
	defer r.Close()
	md := r.Schema().Metadata()
	if err := checkMeta(f, bad, func(key string) *string {
		if i := md.FindKey(key); i >= 0 {
			v := md.Values()[i]
			return &v
		}
		return nil
	}); err != nil {
		return 0, err
	}
	var rows int64
	for i := range r.NumRecords() {
		rec, err := r.RecordAt(i)
		if err != nil {
			return 0, &FileError{Op: "check", Path: in.Name(), Err: err}
		}
		rows += rec.NumRows()
		rec.Release()
	}
	return rows, nil
}
