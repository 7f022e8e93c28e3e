package output

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// RowGroupRows is the most rows a Parquet row group holds. A million rows of
// these narrow tables is a few megabytes: large enough for good compression
// and fast scans, small enough to write with flat memory.
const RowGroupRows = 1 << 20

// parquetEncoder writes a table as Parquet with ZSTD compression and version
// 2 data pages. Sorted integer columns are delta encoded; booleans are RLE.
// The columns are required (never null) except OptInt32 and OptInt64; lists
// hold required int32s.
//
// It drives arrow-go's column writers (parquet/file) directly rather than
// through pqarrow, whose import of arrow/flight links gRPC and protobuf into
// the binary (about a third of its packages and size). It makes exactly the
// calls pqarrow's FileWriter.WriteBuffered made with one record per Batch, so
// the files are byte for byte what pqarrow wrote: the same schema, row groups
// of RowGroupRows rows, one WriteBatch per column and Batch (the writer cuts
// pages after each WriteBatchSize values, so the call pattern fixes the page
// boundaries), and the same "ARROW:schema" key-value entry, which readers
// such as pyarrow use to restore Arrow types.
type parquetEncoder struct {
	fw      *file.Writer
	rg      file.BufferedRowGroupWriter
	rgRows  int64 // rows in rg so far
	maxRows int64
	meta    []KeyValue
}

// parquetNode maps a column to its Parquet schema node, as pqarrow's
// ToParquet maps the column's Arrow type: integers with the signed INT
// logical type, strings as UTF8 BYTE_ARRAY, lists as the three-level LIST
// group (required list, repeated group "list", required int32 "element").
func parquetNode(c Column) (schema.Node, error) {
	req := parquet.Repetitions.Required
	switch c.Type {
	case Int32:
		return schema.NewPrimitiveNodeLogical(c.Name, req, schema.NewIntLogicalType(32, true), parquet.Types.Int32, -1, -1)
	case Int64:
		return schema.NewPrimitiveNodeLogical(c.Name, req, schema.NewIntLogicalType(64, true), parquet.Types.Int64, -1, -1)
	case Bool:
		return schema.NewPrimitiveNodeLogical(c.Name, req, schema.NoLogicalType{}, parquet.Types.Boolean, -1, -1)
	case String:
		return schema.NewPrimitiveNodeLogical(c.Name, req, schema.StringLogicalType{}, parquet.Types.ByteArray, -1, -1)
	case Float64:
		return schema.NewPrimitiveNodeLogical(c.Name, req, schema.NoLogicalType{}, parquet.Types.Double, -1, -1)
	case OptInt32:
		return schema.NewPrimitiveNodeLogical(c.Name, parquet.Repetitions.Optional, schema.NewIntLogicalType(32, true), parquet.Types.Int32, -1, -1)
	case OptInt64:
		return schema.NewPrimitiveNodeLogical(c.Name, parquet.Repetitions.Optional, schema.NewIntLogicalType(64, true), parquet.Types.Int64, -1, -1)
	case Int32List:
		elem, err := schema.NewPrimitiveNodeLogical(c.Name, req, schema.NewIntLogicalType(32, true), parquet.Types.Int32, -1, -1)
		if err != nil {
			return nil, err
		}
		return schema.ListOfWithName(c.Name, elem, req, -1)
	}
	return nil, fmt.Errorf("column %s: no Parquet type for %v", c.Name, c.Type)
}

// arrowType maps a column type to its Arrow type, as stored in the file's
// "ARROW:schema" entry.
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
		return arrow.ListOfField(arrow.Field{Name: "element", Type: arrow.PrimitiveTypes.Int32})
	case Float64:
		return arrow.PrimitiveTypes.Float64
	case OptInt32:
		return arrow.PrimitiveTypes.Int32
	case OptInt64:
		return arrow.PrimitiveTypes.Int64
	}
	panic(fmt.Sprintf("output: no Arrow type for %v", t))
}

// arrowSchema returns the "ARROW:schema" metadata value of a table: its
// Arrow schema as an IPC stream holding only the schema message, in base64
// (the Arrow convention for Parquet files; pqarrow wrote it the same way
// through arrow/flight's SerializeSchema, which is these three lines).
func arrowSchema(cols []Column) (string, error) {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.Name, Type: arrowType(c.Type), Nullable: c.Type == OptInt32 || c.Type == OptInt64}
	}
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(arrow.NewSchema(fields, &arrow.Metadata{})))
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("serialize Arrow schema: %w", err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// nopCloser hides the Close of the file, which AtomicFile owns: the Parquet
// writer would otherwise close it before it is synced and renamed.
type nopCloser struct{ io.Writer }

func newParquetEncoder(w io.Writer, t *Table, meta []KeyValue, createdBy string) (*parquetEncoder, error) {
	props := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDataPageVersion(parquet.DataPageV2),
		parquet.WithMaxRowGroupLength(RowGroupRows),
		parquet.WithCreatedBy(createdBy),
	}
	nodes := make(schema.FieldList, len(t.Columns))
	for i, c := range t.Columns {
		node, err := parquetNode(c)
		if err != nil {
			return nil, fmt.Errorf("output: parquet schema for %s/%s: %w", t.Game, t.Name, err)
		}
		nodes[i] = node
		switch {
		case c.Type == Bool:
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.RLE))
		case c.Sorted && (c.Type == Int32 || c.Type == Int64):
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.DeltaBinaryPacked))
		case c.Sorted && c.Type == String:
			props = append(props, parquet.WithDictionaryFor(c.Name, false), parquet.WithEncodingFor(c.Name, parquet.Encodings.DeltaByteArray))
		}
	}
	wprops := parquet.NewWriterProperties(props...)
	root, err := schema.NewGroupNode(wprops.RootName(), wprops.RootRepetition(), nodes, -1)
	if err != nil {
		return nil, fmt.Errorf("output: parquet schema for %s/%s: %w", t.Game, t.Name, err)
	}
	stored, err := arrowSchema(t.Columns)
	if err != nil {
		return nil, fmt.Errorf("output: parquet writer for %s/%s: %w", t.Game, t.Name, err)
	}
	kv := metadata.NewKeyValueMetadata()
	kv.Append("ARROW:schema", stored)
	fw, err := file.NewParquetWriterWithError(nopCloser{w}, root, file.WithWriterProps(wprops), file.WithWriteMetadata(kv))
	if err != nil {
		return nil, fmt.Errorf("output: parquet writer for %s/%s: %w", t.Game, t.Name, err)
	}
	return &parquetEncoder{fw: fw, maxRows: wprops.MaxRowGroupLength(), meta: meta}, nil
}

// write adds b to the current row group, starting new row groups so that
// none holds more than maxRows rows.
func (e *parquetEncoder) write(b Batch) error {
	n := int64(b.Len())
	if n == 0 {
		return nil
	}
	if e.rg == nil {
		if err := e.newRowGroup(); err != nil {
			return err
		}
	}
	// pqarrow's WriteBuffered: a batch that fits goes whole into the current
	// row group; otherwise the group is topped up to maxRows and the rest is
	// cut into full groups.
	if e.rgRows+n <= e.maxRows {
		return e.writeRange(b, 0, n)
	}
	for offset, size := int64(0), e.maxRows-e.rgRows; ; {
		if err := e.writeRange(b, offset, size); err != nil {
			return err
		}
		if offset+size >= n {
			return nil
		}
		if err := e.newRowGroup(); err != nil {
			return err
		}
		offset += size
		size = min(e.maxRows, n-offset)
	}
}

func (e *parquetEncoder) newRowGroup() error {
	if e.rg != nil {
		if err := e.rg.Close(); err != nil {
			return err
		}
	}
	rg, err := e.fw.AppendBufferedRowGroupChecked()
	if err != nil {
		return err
	}
	e.rg, e.rgRows = rg, 0
	return nil
}

// writeRange writes rows [offset, offset+size) of b into the current row
// group, one WriteBatch call per column.
func (e *parquetEncoder) writeRange(b Batch, offset, size int64) error {
	if size == 0 {
		return nil
	}
	lo, hi := offset, offset+size
	for i, col := range b {
		cw, err := e.rg.Column(i)
		if err != nil {
			return err
		}
		switch v := col.(type) {
		case []int32:
			_, err = cw.(*file.Int32ColumnChunkWriter).WriteBatch(v[lo:hi], nil, nil)
		case []int64:
			_, err = cw.(*file.Int64ColumnChunkWriter).WriteBatch(v[lo:hi], nil, nil)
		case []bool:
			err = writeBools(cw.(*file.BooleanColumnChunkWriter), v[lo:hi])
		case []string:
			err = writeStrings(cw.(*file.ByteArrayColumnChunkWriter), v[lo:hi])
		case [][]int32:
			err = writeInt32Lists(cw.(*file.Int32ColumnChunkWriter), v[lo:hi])
		case []float64:
			_, err = cw.(*file.Float64ColumnChunkWriter).WriteBatch(v[lo:hi], nil, nil)
		case []Opt[int32]:
			values, def := optLevels(v[lo:hi])
			_, err = cw.(*file.Int32ColumnChunkWriter).WriteBatch(values, def, nil)
		case []Opt[int64]:
			values, def := optLevels(v[lo:hi])
			_, err = cw.(*file.Int64ColumnChunkWriter).WriteBatch(values, def, nil)
		default:
			err = fmt.Errorf("column %d: unsupported Go type %T", i, col)
		}
		if err != nil {
			return fmt.Errorf("column %s: %w", cw.Descr().Path(), err)
		}
	}
	e.rgRows += size
	return nil
}

// optLevels splits a nullable column into its present values and the
// definition levels of an optional field: 1 for a value, 0 for a null.
func optLevels[T int32 | int64](v []Opt[T]) (values []T, def []int16) {
	values, def = make([]T, 0, len(v)), make([]int16, len(v))
	for i, x := range v {
		if x.Valid {
			values, def[i] = append(values, x.V), 1
		}
	}
	return values, def
}

// writeBools writes booleans from a bitmap, the form the RLE boolean encoder
// takes.
func writeBools(cw *file.BooleanColumnChunkWriter, v []bool) error {
	bits := make([]byte, bitutil.BytesForBits(int64(len(v))))
	for i, b := range v {
		if b {
			bitutil.SetBit(bits, i)
		}
	}
	_, err := cw.WriteBitmapBatch(bits, 0, len(v), nil, nil)
	return err
}

// writeStrings writes strings as one value buffer with Arrow-style offsets
// when the encoder takes them (plain and delta encodings), and as
// parquet.ByteArray values otherwise (dictionary encoding).
func writeStrings(cw *file.ByteArrayColumnChunkWriter, v []string) error {
	if cw.SupportsArrowOffsets() {
		offsets := make([]int32, len(v)+1)
		var size int
		for i, s := range v {
			size += len(s)
			if size > 1<<31-1 {
				return fmt.Errorf("%d strings hold over 2 GiB", len(v))
			}
			offsets[i+1] = int32(size)
		}
		values := make([]byte, 0, size)
		for _, s := range v {
			values = append(values, s...)
		}
		_, err := cw.WriteBatchArrow(values, offsets, nil, nil)
		return err
	}
	values := make([]parquet.ByteArray, len(v))
	for i, s := range v {
		values[i] = parquet.ByteArray(s)
	}
	_, err := cw.WriteBatch(values, nil, nil)
	return err
}

// writeInt32Lists writes lists of int32 as their flattened values with
// Dremel levels. For a required list of required values the repetition level
// is 0 at the start of a row and 1 inside it; the definition level is 1 for a
// value and 0 for the placeholder of an empty list, which has no value.
func writeInt32Lists(cw *file.Int32ColumnChunkWriter, v [][]int32) error {
	var values []int32
	var def, rep []int16
	for _, l := range v {
		if len(l) == 0 {
			def, rep = append(def, 0), append(rep, 0)
			continue
		}
		values = append(values, l...)
		for j := range l {
			def = append(def, 1)
			rep = append(rep, int16(min(j, 1)))
		}
	}
	_, err := cw.WriteBatch(values, def, rep)
	return err
}

func (e *parquetEncoder) close() error {
	for _, kv := range e.meta {
		if err := e.fw.AppendKeyValueMetadata(kv.Key, kv.Value); err != nil {
			return err
		}
	}
	if e.rg != nil {
		if err := e.rg.Close(); err != nil {
			return err
		}
	}
	return e.fw.Close()
}

// encodeParquet is the Parquet entry of tableFormats.
func encodeParquet(w *Writer, f io.Writer, t *Table, meta []KeyValue) (encoder, error) {
	return newParquetEncoder(f, t, meta, "tabulate "+w.Version)
}
