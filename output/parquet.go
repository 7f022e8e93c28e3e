package output

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// RowGroupRows is the most rows a Parquet row group holds. A million rows of
// these narrow tables is a few megabytes: large enough for good compression
// and fast scans, small enough to write with flat memory.
const RowGroupRows = 1 << 20

// parquetEncoder writes a table as Parquet with ZSTD compression and version
// 2 data pages. Sorted integer columns are delta encoded; booleans are RLE.
// The columns are required (never null) except OptInt32 and OptInt64; lists
// hold required int32s.
type parquetEncoder struct {
	fw     *pqarrow.FileWriter
	schema *arrow.Schema
	meta   []KeyValue
}

// arrowType maps a column type to its Arrow type.
func arrowType(t Type) arrow.DataType {
	switch t {
	case Int32:
		return arrow.PrimitiveTypes.Int32
	case Int64:
		return arrow.PrimitiveTypes.Int64
	case Bool:
		return arrow.FixedWidthTypes.Boolean
	case String:
		return arrow.BinaryTypes.String
	case Int32List:
		return arrow.ListOfNonNullable(arrow.PrimitiveTypes.Int32)
	case Float64:
		return arrow.PrimitiveTypes.Float64
	case OptInt32:
		return arrow.PrimitiveTypes.Int32
	case OptInt64:
		return arrow.PrimitiveTypes.Int64
	}
	panic(fmt.Sprintf("output: no Arrow type for %v", t))
}

// nopCloser hides the Close of the file, which AtomicFile owns: the Parquet
// writer would otherwise close it before it is synced and renamed.
type nopCloser struct{ io.Writer }

func newParquetEncoder(w io.Writer, t *Table, meta []KeyValue, createdBy string) (*parquetEncoder, error) {
	fields := make([]arrow.Field, len(t.Columns))
	props := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDataPageVersion(parquet.DataPageV2),
		parquet.WithMaxRowGroupLength(RowGroupRows),
		parquet.WithCreatedBy(createdBy),
	}
	for i, c := range t.Columns {
		fields[i] = arrow.Field{Name: c.Name, Type: arrowType(c.Type), Nullable: c.Type == OptInt32 || c.Type == OptInt64}
		switch {
		case c.Type == Bool:
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.RLE))
		case c.Sorted && (c.Type == Int32 || c.Type == Int64):
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.DeltaBinaryPacked))
		case c.Sorted && c.Type == String:
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.DeltaByteArray))
		}
	}
	schema := arrow.NewSchema(fields, nil)
	fw, err := pqarrow.NewFileWriter(schema, nopCloser{w}, parquet.NewWriterProperties(props...),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, fmt.Errorf("output: parquet writer for %s/%s: %w", t.Game, t.Name, err)
	}
	return &parquetEncoder{fw: fw, schema: schema, meta: meta}, nil
}

func (e *parquetEncoder) write(b Batch) error {
	n := b.Len()
	if n == 0 {
		return nil
	}
	mem := memory.DefaultAllocator
	cols := make([]arrow.Array, len(b))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, col := range b {
		switch v := col.(type) {
		case []int32:
			bld := array.NewInt32Builder(mem)
			bld.AppendValues(v, nil)
			cols[i] = bld.NewArray()
			bld.Release()
		case []int64:
			bld := array.NewInt64Builder(mem)
			bld.AppendValues(v, nil)
			cols[i] = bld.NewArray()
			bld.Release()
		case []bool:
			bld := array.NewBooleanBuilder(mem)
			bld.AppendValues(v, nil)
			cols[i] = bld.NewArray()
			bld.Release()
		case []string:
			bld := array.NewStringBuilder(mem)
			bld.AppendValues(v, nil)
			cols[i] = bld.NewArray()
			bld.Release()
		case [][]int32:
			bld := array.NewListBuilderWithField(mem, arrow.Field{Name: "element", Type: arrow.PrimitiveTypes.Int32})
			vals := bld.ValueBuilder().(*array.Int32Builder)
			for _, l := range v {
				bld.Append(true)
				vals.AppendValues(l, nil)
			}
			cols[i] = bld.NewArray()
			bld.Release()
		case []float64:
			bld := array.NewFloat64Builder(mem)
			bld.AppendValues(v, nil)
			cols[i] = bld.NewArray()
			bld.Release()
		case []Opt[int32]:
			bld := array.NewInt32Builder(mem)
			for _, x := range v {
				if x.Valid {
					bld.Append(x.V)
				} else {
					bld.AppendNull()
				}
			}
			cols[i] = bld.NewArray()
			bld.Release()
		case []Opt[int64]:
			bld := array.NewInt64Builder(mem)
			for _, x := range v {
				if x.Valid {
					bld.Append(x.V)
				} else {
					bld.AppendNull()
				}
			}
			cols[i] = bld.NewArray()
			bld.Release()
		}
	}
	rec := array.NewRecordBatch(e.schema, cols, int64(n))
	defer rec.Release()
	return e.fw.WriteBuffered(rec)
}

func (e *parquetEncoder) close() error {
	for _, kv := range e.meta {
		if err := e.fw.AppendKeyValueMetadata(kv.Key, kv.Value); err != nil {
			return err
		}
	}
	return e.fw.Close()
}
