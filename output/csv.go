package output

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// csvEncoder writes a table as CSV: a header row of column names, then one
// line per row, fields quoted as RFC 4180 asks when they hold a comma, a
// quote or a line break. Lists are JSON arrays ("[2,4]"), booleans true or
// false, doubles the shortest decimal that reads back exactly, nulls empty.
// Lines end in LF.
type csvEncoder struct {
	w    *bufio.Writer
	cols []Column
	line []byte
}

func newCSVEncoder(w io.Writer, t *Table) (*csvEncoder, error) {
	e := &csvEncoder{w: bufio.NewWriterSize(w, 1<<16), cols: t.Columns}
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = csvField(c.Name)
	}
	if _, err := e.w.WriteString(strings.Join(names, ",") + "\n"); err != nil {
		return nil, err
	}
	return e, nil
}

// csvField quotes s if RFC 4180 requires it.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

func (e *csvEncoder) write(b Batch) error {
	n := b.Len()
	for r := 0; r < n; r++ {
		line := e.line[:0]
		for i := range e.cols {
			if i > 0 {
				line = append(line, ',')
			}
			switch v := b[i].(type) {
			case []int32:
				line = strconv.AppendInt(line, int64(v[r]), 10)
			case []int64:
				line = strconv.AppendInt(line, v[r], 10)
			case []bool:
				line = strconv.AppendBool(line, v[r])
			case []string:
				line = append(line, csvField(v[r])...)
			case [][]int32:
				line = appendJSONList(line, v[r])
			case []float64:
				line = strconv.AppendFloat(line, v[r], 'g', -1, 64)
			case []Opt[int32]:
				if v[r].Valid {
					line = strconv.AppendInt(line, int64(v[r].V), 10)
				}
			case []Opt[int64]:
				if v[r].Valid {
					line = strconv.AppendInt(line, v[r].V, 10)
				}
			}
		}
		line = append(line, '\n')
		e.line = line
		if _, err := e.w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// appendJSONList appends l as a JSON array, quoted for CSV when it has a comma.
func appendJSONList(dst []byte, l []int32) []byte {
	if len(l) > 1 {
		dst = append(dst, '"')
	}
	dst = append(dst, '[')
	for i, x := range l {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	dst = append(dst, ']')
	if len(l) > 1 {
		dst = append(dst, '"')
	}
	return dst
}

func (e *csvEncoder) close() error { return e.w.Flush() }

// bfileEncoder writes a sequence table as an OEIS b-file: one line "n a(n)"
// per row, nothing else, so it can be compared with a published b-file by diff.
// n is the index column plus offset (lines with a negative n are left out),
// or, for a ranked sequence, the row's rank from Sequence.First.
type bfileEncoder struct {
	w          *bufio.Writer
	index, val int
	offset     int64
	rank       int64 // the next rank, for a ranked sequence
	line       []byte
}

func newBFileEncoder(w io.Writer, t *Table, offset int64) (*bfileEncoder, error) {
	e := &bfileEncoder{w: bufio.NewWriterSize(w, 1<<16), index: -1, val: -1, offset: offset}
	if t.Sequence.Index == "" {
		e.index, e.rank = -2, t.Sequence.First
	}
	for i, c := range t.Columns {
		switch c.Name {
		case t.Sequence.Index:
			e.index = i
		case t.Sequence.Value:
			e.val = i
		}
	}
	if e.index == -1 || e.val < 0 {
		return nil, fmt.Errorf("output: %s/%s: b-file columns %q, %q not in table", t.Game, t.Name, t.Sequence.Index, t.Sequence.Value)
	}
	return e, nil
}

func (e *bfileEncoder) write(b Batch) error {
	n := b.Len()
	for r := 0; r < n; r++ {
		var line []byte
		if e.index == -2 {
			line = strconv.AppendInt(e.line[:0], e.rank, 10)
			e.rank++
		} else {
			i := intAt(b[e.index], r) + e.offset
			if i < 0 {
				continue
			}
			line = strconv.AppendInt(e.line[:0], i, 10)
		}
		line = append(line, ' ')
		line = appendIntAt(line, b[e.val], r)
		line = append(line, '\n')
		e.line = line
		if _, err := e.w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// intAt returns row r of an integer column.
func intAt(col any, r int) int64 {
	switch v := col.(type) {
	case []int32:
		return int64(v[r])
	case []int64:
		return v[r]
	}
	panic(fmt.Sprintf("output: b-file column of type %T", col))
}

// appendIntAt appends row r of an integer column.
func appendIntAt(dst []byte, col any, r int) []byte {
	switch v := col.(type) {
	case []int32:
		return strconv.AppendInt(dst, int64(v[r]), 10)
	case []int64:
		return strconv.AppendInt(dst, v[r], 10)
	}
	panic(fmt.Sprintf("output: b-file column of type %T", col))
}

func (e *bfileEncoder) close() error { return e.w.Flush() }

// encodeCSV is the CSV entry of tableFormats.
func encodeCSV(_ *Writer, f io.Writer, t *Table, _ []KeyValue) (encoder, error) {
	return newCSVEncoder(f, t)
}

// encodeBFile is the b-file entry of tableFormats.
func encodeBFile(w *Writer, f io.Writer, t *Table, _ []KeyValue) (encoder, error) {
	return newBFileEncoder(f, t, w.BFileOffset)
}
