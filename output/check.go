package output

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ErrContent is the cause of an error from CheckTableIn: a table file whose
// own content (its rows, its Parquet metadata) is not what its manifest
// entry says, whatever its sha256.
var ErrContent = errors.New("does not hold what its manifest entry says")

// CheckTableIn checks that the table file rel under root (opened by the
// rule of OpenIn) holds what the manifest entry f says of it, read from
// the file itself: its row count in every format, and for Parquet and
// Arrow the game and table in its metadata (tabulate.game, tabulate.table), so that
// a file with rows cut, or another game's table, is caught even when its
// sha256 was refreshed to match. Figures have no rows and pass. A mismatch
// wraps ErrContent. Each format's own reading is its TableFormat's.
// Cost: one reading of the file (for Parquet, of its footer only).
func CheckTableIn(root, rel string, f File) error {
	if f.Table == "" {
		return nil // a figure
	}
	in, err := OpenIn(root, rel)
	if err != nil {
		return err
	}
	defer in.Close()
	return CheckTable(in, f)
}

// CheckTable is CheckTableIn on the file open as in (the file VerifyOpen
// checked), read from its start and left open.
func CheckTable(in *os.File, f File) error {
	if f.Table == "" {
		return nil // a figure
	}
	if _, err := in.Seek(0, io.SeekStart); err != nil {
		return &FileError{Op: "check", Path: in.Name(), Err: err}
	}
	bad := func(format string, args ...any) error {
		return &FileError{Op: "check", Path: in.Name(), Err: fmt.Errorf("%w: "+format, append([]any{ErrContent}, args...)...)}
	}
	format, ok := FormatByName(f.Format)
	if !ok {
		return bad("format %q is not a table format (%s)", f.Format, strings.Join(Formats, ", "))
	}
	rows, err := format.rows(in, f, bad)
	if err != nil {
		return err
	}
	if rows != f.Rows {
		return bad("it has %d rows, the entry says %d", rows, f.Rows)
	}
	return nil
}

// parquetRows counts the rows of a Parquet file from its footer, after
// checking the game and table of its metadata (tabulate.game,
// tabulate.table).
func parquetRows(in *os.File, f File, bad func(format string, args ...any) error) (int64, error) {
	r, err := openFrom(in, in.Name()) // its Close leaves in open
	if err != nil {
		return 0, err
	}
	defer r.Close()
	if err := checkMeta(f, bad, func(key string) *string { return r.MetaData().KeyValueMetadata().FindValue(key) }); err != nil {
		return 0, err
	}
	return r.NumRows(), nil
}

// checkMeta checks the game and table a file records in its metadata
// (find returns a key's value, nil when missing) against the entry f.
func checkMeta(f File, bad func(format string, args ...any) error, find func(key string) *string) error {
	for _, kv := range [][2]string{{"tabulate.game", f.Game}, {"tabulate.table", f.Table}} {
		if got := find(kv[0]); got == nil || *got != kv[1] {
			shown := "nothing"
			if got != nil {
				shown = fmt.Sprintf("%q", *got)
			}
			return bad("its metadata %s is %s, the entry says %q", kv[0], shown, kv[1])
		}
	}
	return nil
}

// csvRows counts the records of a CSV file but its header.
func csvRows(in *os.File, _ File, _ func(format string, args ...any) error) (int64, error) {
	cr := csv.NewReader(bufio.NewReader(in))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	var rows int64
	for {
		if _, err := cr.Read(); err == io.EOF {
			break
		} else if err != nil {
			return 0, &FileError{Op: "check", Path: in.Name(), Err: err}
		}
		rows++
	}
	return rows - 1, nil // the header
}

// bfileRows counts the lines of a b-file but blank lines and comments.
func bfileRows(in *os.File, _ File, _ func(format string, args ...any) error) (int64, error) {
	s := bufio.NewScanner(in)
	var rows int64
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			rows++
		}
	}
	if err := s.Err(); err != nil {
		return 0, &FileError{Op: "check", Path: in.Name(), Err: err}
	}
	return rows, nil
}
