package output

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// ErrTampered is the cause of a *FileError for a table whose bytes are not
// those the manifest lists: changed, truncated or replaced since the run.
var ErrTampered = errors.New("does not match the sha256 in the manifest")

// ErrUnlisted is the cause of a *FileError for a table the manifest does not
// list.
var ErrUnlisted = errors.New("is not listed in the manifest")

// Entry returns the manifest's entry for the file at rel (a slash-separated
// path inside the output folder, such as "squares/grundy.parquet").
func (m *Manifest) Entry(rel string) (File, bool) {
	for _, f := range m.Files {
		if f.Path == rel {
			return f, true
		}
	}
	return File{}, false
}

// VerifyFile checks that the file at rel in the output folder dir is the one
// the manifest m lists: a regular file (not a link, a FIFO or a device,
// which could block or never end, and in no folder that is a link: opened
// by the rule of OpenIn) of the listed size and sha256. It returns an
// *UnsafeError (wrapping ErrLink, ErrNotRegular or ErrOutsideOut) for what
// it refuses to open, and a *FileError that wraps ErrUnlisted or
// ErrTampered for a file that is not the one listed.
func VerifyFile(dir string, m *Manifest, rel string) error {
	f, err := VerifyOpen(dir, m, rel)
	if err == nil {
		f.Close()
	}
	return err
}

// VerifyOpen is VerifyFile returning the open file it checked, at its
// start, for the caller to read: what is read is what was hashed, even if
// another run renames a new file to the path meanwhile (one open).
func VerifyOpen(dir string, m *Manifest, rel string) (*os.File, error) {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	want, ok := m.Entry(rel)
	if !ok {
		return nil, &FileError{Op: "verify", Path: p, Err: ErrUnlisted}
	}
	f, info, err := openIn(dir, rel, os.O_RDONLY, 0)
	if err != nil {
		var ue *UnsafeError
		if errors.As(err, &ue) {
			return nil, fmt.Errorf("verify: %w", ue)
		}
		return nil, &FileError{Op: "verify", Path: p, Err: err}
	}
	fail := func(err error) (*os.File, error) {
		f.Close()
		return nil, err
	}
	tampered := func(n int64, got string) error {
		return &FileError{Op: "verify", Path: p, Err: fmt.Errorf("%w (%d bytes, sha256 %.12s...; the manifest lists %d bytes, %.12s...)", ErrTampered, n, got, want.Bytes, want.SHA256)}
	}
	if info.Size() != want.Bytes {
		return fail(tampered(info.Size(), "not computed"))
	}
	n, got, err := hashFile(f)
	if err != nil {
		return fail(&FileError{Op: "verify", Path: p, Err: err})
	}
	if n != want.Bytes || got != want.SHA256 {
		return fail(tampered(n, got))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fail(&FileError{Op: "verify", Path: p, Err: err})
	}
	return f, nil
}

// ReadColumn reads the required integer or boolean column called name of
// the Parquet file at path, every row group in order, as a slice of T
// (int32, int64 or bool: the column's own type). It reads with arrow-go's column readers
// (parquet/file), which link no RPC code.
func ReadColumn[T int32 | int64 | bool](path, name string) ([]T, error) {
	rdr, err := file.OpenParquetFile(path, false) // its Close closes the file
	if err != nil {
		return nil, &FileError{Op: "read", Path: path, Err: err}
	}
	defer rdr.Close()
	return readColumn[T](rdr, path, name)
}

// ReadColumnFrom is ReadColumn from the Parquet file open as f (the file
// VerifyOpen checked), which it leaves open; path names it in errors.
func ReadColumnFrom[T int32 | int64 | bool](f *os.File, path, name string) ([]T, error) {
	rdr, err := openFrom(f, path)
	if err != nil {
		return nil, err
	}
	return readColumn[T](rdr, path, name)
}

// openFrom reads the Parquet file open as f from its start, through a
// reader whose Close leaves f open.
func openFrom(f *os.File, path string) (*file.Reader, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, &FileError{Op: "read", Path: path, Err: err}
	}
	rdr, err := file.NewParquetReader(io.NewSectionReader(f, 0, info.Size()))
	if err != nil {
		return nil, &FileError{Op: "read", Path: path, Err: err}
	}
	return rdr, nil
}

// readColumn is ReadColumn on the open reader rdr.
func readColumn[T int32 | int64 | bool](rdr *file.Reader, path, name string) ([]T, error) {
	col := rdr.MetaData().Schema.ColumnIndexByName(name)
	if col < 0 {
		return nil, &FileError{Op: "read", Path: path, Err: fmt.Errorf("no column %q", name)}
	}
	out := make([]T, 0, rdr.MetaData().NumRows)
	buf := make([]T, 1<<14)
	for g := 0; g < rdr.NumRowGroups(); g++ {
		cr, err := rdr.RowGroup(g).Column(col)
		if err != nil {
			return nil, &FileError{Op: "read", Path: path, Err: fmt.Errorf("column %s, row group %d: %w", name, g, err)}
		}
		if out, err = readChunk(out, buf, cr); err != nil {
			return nil, &FileError{Op: "read", Path: path, Err: fmt.Errorf("column %s, row group %d: %w", name, g, err)}
		}
	}
	if int64(len(out)) != rdr.MetaData().NumRows {
		return nil, &FileError{Op: "read", Path: path, Err: fmt.Errorf("column %s has %d values, the file %d rows", name, len(out), rdr.MetaData().NumRows)}
	}
	return out, nil
}

// readChunk appends the values of one column chunk to out, if the chunk
// holds values of type T.
func readChunk[T int32 | int64 | bool](out, buf []T, cr file.ColumnChunkReader) ([]T, error) {
	if cr.Descriptor().MaxRepetitionLevel() != 0 || cr.Descriptor().MaxDefinitionLevel() != 0 {
		return out, errors.New("is not a required flat column")
	}
	var read func(int64, []T, []int16, []int16) (int64, int, error)
	switch r := cr.(type) {
	case *file.Int32ColumnChunkReader:
		f, ok := any(r.ReadBatch).(func(int64, []T, []int16, []int16) (int64, int, error))
		if !ok {
			return out, errors.New("holds int32 values, want int64")
		}
		read = f
	case *file.Int64ColumnChunkReader:
		f, ok := any(r.ReadBatch).(func(int64, []T, []int16, []int16) (int64, int, error))
		if !ok {
			return out, errors.New("holds int64 values, want int32")
		}
		read = f
	case *file.BooleanColumnChunkReader:
		f, ok := any(r.ReadBatch).(func(int64, []T, []int16, []int16) (int64, int, error))
		if !ok {
			return out, errors.New("holds booleans, want integers")
		}
		read = f
	default:
		return out, fmt.Errorf("holds %s values, want integers or booleans", cr.Type())
	}
	for cr.HasNext() {
		_, n, err := read(int64(len(buf)), buf, nil, nil)
		if err != nil {
			return out, err
		}
		out = append(out, buf[:n]...)
	}
	return out, nil
}

// ReadInt32Lists reads the list<int32> column called name of the Parquet
// file at path (a required list of required int32, as this package writes
// it), every row group in order, one slice a row.
func ReadInt32Lists(path, name string) ([][]int32, error) {
	rdr, err := file.OpenParquetFile(path, false) // its Close closes the file
	if err != nil {
		return nil, &FileError{Op: "read", Path: path, Err: err}
	}
	defer rdr.Close()
	return readInt32Lists(rdr, path, name)
}

// ReadInt32ListsFrom is ReadInt32Lists from the Parquet file open as f
// (the file VerifyOpen checked), which it leaves open.
func ReadInt32ListsFrom(f *os.File, path, name string) ([][]int32, error) {
	rdr, err := openFrom(f, path)
	if err != nil {
		return nil, err
	}
	return readInt32Lists(rdr, path, name)
}

// readInt32Lists is ReadInt32Lists on the open reader rdr.
func readInt32Lists(rdr *file.Reader, path, name string) ([][]int32, error) {
	fail := func(err error) ([][]int32, error) {
		return nil, &FileError{Op: "read", Path: path, Err: fmt.Errorf("column %s: %w", name, err)}
	}
	col := -1
	for i := range rdr.MetaData().Schema.NumColumns() {
		if rdr.MetaData().Schema.ColumnRoot(i).Name() == name {
			col = i
		}
	}
	if col < 0 {
		return fail(errors.New("no such list column"))
	}
	out := make([][]int32, 0, rdr.MetaData().NumRows)
	const batch = 1 << 14
	vals, def, rep := make([]int32, batch), make([]int16, batch), make([]int16, batch)
	for g := 0; g < rdr.NumRowGroups(); g++ {
		cr, err := rdr.RowGroup(g).Column(col)
		if err != nil {
			return fail(err)
		}
		r, ok := cr.(*file.Int32ColumnChunkReader)
		if !ok || cr.Descriptor().MaxRepetitionLevel() != 1 || cr.Descriptor().MaxDefinitionLevel() != 1 {
			return fail(errors.New("is not a required list of required int32"))
		}
		for r.HasNext() {
			levels, _, err := r.ReadBatch(batch, vals, def, rep)
			if err != nil {
				return fail(err)
			}
			// Repetition level 0 starts a row, 1 continues it; definition
			// level 1 carries a value, 0 is an empty list.
			k := 0
			for i := range levels {
				switch {
				case rep[i] == 0 && def[i] == 0:
					out = append(out, []int32{})
				case rep[i] == 0:
					out = append(out, []int32{vals[k]})
					k++
				case len(out) > 0 && def[i] == 1:
					out[len(out)-1] = append(out[len(out)-1], vals[k])
					k++
				default:
					return fail(fmt.Errorf("levels rep %d, def %d out of order", rep[i], def[i]))
				}
			}
		}
	}
	if int64(len(out)) != rdr.MetaData().NumRows {
		return fail(fmt.Errorf("%d lists, the file has %d rows", len(out), rdr.MetaData().NumRows))
	}
	return out, nil
}
