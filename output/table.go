package output

import (
	"context"
	"fmt"
)

// Type is the type of a column.
type Type int

// The column types. Each maps to a Go slice type in a Batch, to an Arrow and
// Parquet type, and to a CSV rendering.
const (
	Int32     Type = iota // []int32; Parquet INT32
	Int64                 // []int64; Parquet INT64
	Bool                  // []bool; Parquet BOOLEAN; CSV true/false
	String                // []string; Parquet BYTE_ARRAY (UTF8)
	Int32List             // [][]int32; Parquet LIST<INT32>; CSV a JSON array such as [2,4]
	Float64               // []float64; Parquet DOUBLE; CSV the shortest decimal that reads back exactly
	OptInt32              // []Opt[int32]; Parquet INT32, nullable; CSV an empty field for null
	OptInt64              // []Opt[int64]; Parquet INT64, nullable; CSV an empty field for null
)

// Opt is a value of a nullable column: V when Valid, null (Parquet) or an
// empty field (CSV) when not.
type Opt[T int32 | int64] struct {
	V     T
	Valid bool
}

// Some returns a present value.
func Some[T int32 | int64](v T) Opt[T] { return Opt[T]{V: v, Valid: true} }

// String names the type as the output contract in docs/outputs.md does.
func (t Type) String() string {
	switch t {
	case Int32:
		return "int32"
	case Int64:
		return "int64"
	case Bool:
		return "bool"
	case String:
		return "string"
	case Int32List:
		return "list<int32>"
	case Float64:
		return "double"
	case OptInt32:
		return "int32 (nullable)"
	case OptInt64:
		return "int64 (nullable)"
	}
	return fmt.Sprintf("Type(%d)", int(t))
}

// Column is one column of a table.
type Column struct {
	Name string
	Type Type
	// Sorted marks a column whose values mostly increase (such as n), which
	// Parquet stores far smaller with delta encoding than with a dictionary.
	Sorted bool
}

// KeyValue is one entry of a Parquet file's key-value metadata.
type KeyValue struct {
	Key, Value string
}

// Sequence names the index and value columns of a table that is an integer
// sequence a(n), which can then also be written as an OEIS b-file. With Index
// empty, the index is the row's rank, from First: the n-th losing position
// of take-a-square as in A030193, whose first index is 0.
type Sequence struct {
	Index, Value string
	First        int64 // the first rank, when Index is empty
}

// Table describes a table: where it goes and what its columns are.
type Table struct {
	Game, Name string
	Columns    []Column
	// Metadata is added to the Parquet key-value metadata after the game,
	// table and tool version.
	Metadata []KeyValue
	// Sequence is set for tables that are a sequence a(n); nil otherwise.
	Sequence *Sequence
}

// Batch is a chunk of consecutive rows, held column by column: Batch[i] is the
// slice of values of Table.Columns[i], of the Go type its Type names. Every
// column of a batch has the same length.
type Batch []any

// Len returns the number of rows in b.
func (b Batch) Len() int {
	if len(b) == 0 {
		return 0
	}
	switch c := b[0].(type) {
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
	case []Opt[int32]:
		return len(c)
	case []Opt[int64]:
		return len(c)
	}
	return 0
}

// check reports whether b fits the columns of t.
func (t *Table) check(b Batch) error {
	if len(b) != len(t.Columns) {
		return fmt.Errorf("output: %s/%s: batch has %d columns, table has %d", t.Game, t.Name, len(b), len(t.Columns))
	}
	n := b.Len()
	for i, c := range t.Columns {
		var ok bool
		var l int
		switch v := b[i].(type) {
		case []int32:
			ok, l = c.Type == Int32, len(v)
		case []int64:
			ok, l = c.Type == Int64, len(v)
		case []bool:
			ok, l = c.Type == Bool, len(v)
		case []string:
			ok, l = c.Type == String, len(v)
		case [][]int32:
			ok, l = c.Type == Int32List, len(v)
		case []float64:
			ok, l = c.Type == Float64, len(v)
		case []Opt[int32]:
			ok, l = c.Type == OptInt32, len(v)
		case []Opt[int64]:
			ok, l = c.Type == OptInt64, len(v)
		}
		if !ok {
			return fmt.Errorf("output: %s/%s: column %s holds %T, want %s", t.Game, t.Name, c.Name, b[i], c.Type)
		}
		if l != n {
			return fmt.Errorf("output: %s/%s: column %s has %d rows, column %s has %d", t.Game, t.Name, c.Name, l, t.Columns[0].Name, n)
		}
	}
	return nil
}

// Source produces a table's rows in order by calling emit with one batch at a
// time. emit may keep nothing of a batch after it returns, so a source may
// reuse its slices. A source stops and returns emit's error if emit fails.
type Source func(ctx context.Context, emit func(Batch) error) error
