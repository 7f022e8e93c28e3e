package output

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"sync/atomic"
)

// File describes one file written: where it is (relative to the output
// folder, with forward slashes), what it holds, and its checksum.
type File struct {
	Path   string `json:"path"`
	Game   string `json:"game"`
	Table  string `json:"table,omitempty"`
	Format string `json:"format"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Bounds are the limits the file was computed with (a JSON object). A
	// rerun stopped half-way leaves files of two runs side by side, so each
	// file says which bounds it holds.
	Bounds json.RawMessage `json:"bounds,omitempty"`
	// Seconds is how long its job had run when the file was complete: the
	// computing of the table (and of the tables its job wrote before it)
	// and the writing. Zero for files of manifests before it was recorded.
	Seconds float64 `json:"seconds"`
}

// Writer writes tables into a folder in every format asked for.
type Writer struct {
	Dir     string   // the output folder; OUT in OUT/<game>/<table>.<ext>
	Formats []string // formats to write; bfile applies only to sequence tables
	// BFileOffset is added to the index of b-files of tables with an index
	// column (lines with a negative index are left out); b-files of ranked
	// tables (Sequence.Index empty) are not shifted.
	BFileOffset int64
	Version     string // tool version, recorded in every Parquet file
	Temps       *Temps // the run's temporary files (nil: untracked)
}

// encoder is one format's writer of a table.
type encoder interface {
	write(Batch) error
	close() error
}

// RowsWritten is told the running count of rows written to a table. Unlike
// grundy.Progress (done of a known total, from an engine) it has no total:
// the caller that knows the table's row count sets it on its display.
type RowsWritten func(rows int64)

// WriteTable streams the rows of src into one file per format and commits
// them once src and every encoder have finished without error. It returns
// the files put in place. On a failure before the commits no file of the
// table is left, neither temporary nor final; a failure while committing
// returns the formats already in place along with the error, as they are
// whole and may have replaced an earlier run's (deleting them would leave
// neither copy). The error names the file. bounds is recorded in Parquet
// metadata (as "tabulate.bounds"; a JSON object of the limits the table was
// computed to) and in each File: the bounds as JSON, as everywhere a
// game's bounds pass once marshalled (File.Bounds, games.RedrawFunc,
// games.Recorded); only the live section before it is marshalled is an any
// (GameEntry.Bounds, SetBounds).
func (w *Writer) WriteTable(ctx context.Context, t Table, bounds json.RawMessage, src Source, progress RowsWritten) ([]File, error) {
	dir := filepath.Join(w.Dir, t.Game)
	var formats []TableFormat
	for _, format := range tableFormats {
		if slices.Contains(w.Formats, format.Name) && (!format.SequenceOnly || t.Sequence != nil) {
			formats = append(formats, format)
		}
	}
	if len(formats) == 0 {
		// No format applies (b-files only, for a table that is not a
		// sequence): the rows are still produced, as the caller may draw
		// findings from them, but nothing is written.
		err := src(ctx, func(b Batch) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return t.check(b)
		})
		return nil, err
	}
	if _, err := MkdirIn(w.Dir, t.Game); err != nil {
		return nil, err
	}
	meta := append([]KeyValue{
		{"tabulate.game", t.Game},
		{"tabulate.table", t.Name},
		{"tabulate.bounds", string(bounds)},
		{"tabulate.version", w.Version},
	}, t.Metadata...)

	type out struct {
		format string
		file   *AtomicFile
		enc    encoder
	}
	var outs []out
	defer func() {
		for _, o := range outs {
			o.file.Abort()
		}
	}()
	for _, format := range formats {
		path := filepath.Join(dir, t.Name+format.Ext)
		f, err := w.Temps.Create(path)
		if err != nil {
			return nil, err
		}
		enc, err := format.encode(w, f, &t, meta)
		if err != nil {
			f.Abort()
			return nil, fileError("write", path, err)
		}
		outs = append(outs, out{format.Name, f, enc})
	}
	var rows atomic.Int64
	err := src(ctx, func(b Batch) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := t.check(b); err != nil {
			return err
		}
		for _, o := range outs {
			if err := o.enc.write(b); err != nil {
				return fileError("write", o.file.Path(), err)
			}
		}
		n := rows.Add(int64(b.Len()))
		if progress != nil {
			progress(n)
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		return nil, err // the caller names the table
	}
	for _, o := range outs {
		if err := o.enc.close(); err != nil {
			return nil, fileError("write", o.file.Path(), err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var raw json.RawMessage
	if json.Valid(bounds) {
		raw = slices.Clone(bounds)
	}
	var files []File
	for _, o := range outs {
		size, sum, err := o.file.CommitContext(ctx)
		if err != nil {
			return files, err
		}
		files = append(files, File{
			Path:   t.Game + "/" + t.Name + Extension(o.format),
			Game:   t.Game,
			Table:  t.Name,
			Format: o.format,
			Rows:   rows.Load(),
			Bytes:  size,
			SHA256: sum,
			Bounds: raw,
		})
	}
	return files, nil
}
