package heapgame

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// The values of a chosen range of a tail run (values: [lo, hi]), which
// the engine hands over as it goes (octal.TailOptions.OnValues). They are
// kept in OUT/NAME/tail.values beside the checkpoint, 16 bits a value,
// synced before each checkpoint is written (BeforeCheckpoint), so that
// the file always holds at least the values before the checkpoint's heap;
// a resumed run cuts it back to that heap and appends. At the end they
// are written as NAME/values.

// tailValuesName is the file of the values in the game's folder.
const tailValuesName = "tail.values"

// tailValues holds the values g(lo..lo+n-1) of the range lo..hi, in a
// file (f) or, for a Sink without a folder, in memory (mem).
type tailValues struct {
	lo, hi int64
	n      int64
	path   string
	f      *os.File
	w      *bufio.Writer
	mem    []int32
}

// openTailValues opens the values file at path for the range r, keeping
// the values before heap resumeAt (a checkpoint's heap; 0 for none) that
// an earlier run wrote. A file that holds fewer than that, or that is not
// a regular file, is a *TailCheckpointError.
func openTailValues(path string, r []int, resumeAt int64) (*tailValues, error) {
	t := &tailValues{lo: int64(r[0]), hi: int64(r[1]), path: path}
	keep := min(max(resumeAt-t.lo, 0), t.hi-t.lo+1)
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("tail values %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return nil, &TailCheckpointError{Path: path, Problem: fmt.Sprintf("is not a regular file (%v)", fi.Mode().Type())}
	case fi.Size() < 2*keep:
		return nil, &TailCheckpointError{Path: path, Problem: fmt.Sprintf("holds %d values, but the checkpoint %s needs the %d before heap %d",
			fi.Size()/2, tailCheckpointBeside(path), keep, resumeAt)}
	}
	if t.f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644); err != nil {
		return nil, fmt.Errorf("tail values: %w", err)
	}
	if err := t.f.Truncate(2 * keep); err == nil {
		_, err = t.f.Seek(2*keep, io.SeekStart)
	}
	if err != nil {
		t.f.Close()
		return nil, fmt.Errorf("tail values %s: %w", path, err)
	}
	t.n, t.w = keep, bufio.NewWriterSize(t.f, 1<<16)
	return t, nil
}

// tailCheckpointBeside names the checkpoint beside the values file path.
func tailCheckpointBeside(path string) string {
	return path[:len(path)-len(tailValuesName)] + TailCheckpointName
}

// add takes g(first..first+len(v)-1), the next values of the range.
func (t *tailValues) add(first int64, v []int32) error {
	if first != t.lo+t.n {
		return fmt.Errorf("tail values: got heap %d, want %d", first, t.lo+t.n)
	}
	t.n += int64(len(v))
	if t.f == nil {
		t.mem = append(t.mem, v...)
		return nil
	}
	var b [2]byte
	for _, x := range v {
		binary.LittleEndian.PutUint16(b[:], uint16(x)) // below 2^16: octal.ChecksumLimit
		if _, err := t.w.Write(b[:]); err != nil {
			return fmt.Errorf("tail values %s: %w", t.path, err)
		}
	}
	return nil
}

// sync makes the values so far durable (before a checkpoint).
func (t *tailValues) sync() error {
	if t.f == nil {
		return nil
	}
	if err := t.w.Flush(); err != nil {
		return fmt.Errorf("tail values %s: %w", t.path, err)
	}
	if err := t.f.Sync(); err != nil {
		return fmt.Errorf("tail values %s: %w", t.path, err)
	}
	return nil
}

// close closes the file.
func (t *tailValues) close() {
	if t.f != nil {
		t.f.Close()
	}
}

// valuesBatch is the rows of NAME/values per batch.
const valuesBatch = 1 << 16

// write writes NAME/values (n, grundy) for the whole range.
func (t *tailValues) write(ctx context.Context, s games.Sink, game, rules string) error {
	if t.n != t.hi-t.lo+1 {
		return fmt.Errorf("tail values: %d of the %d values of %d..%d", t.n, t.hi-t.lo+1, t.lo, t.hi)
	}
	if err := t.sync(); err != nil {
		return err
	}
	tab := output.Table{Game: game, Name: "values",
		Columns:  []output.Column{{Name: "n", Type: output.Int64, Sorted: true}, {Name: "grundy", Type: output.Int32}},
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: rules}}}
	return s.Table(ctx, tab, t.n, func(ctx context.Context, emit func(output.Batch) error) error {
		var r *bufio.Reader
		if t.f != nil {
			if _, err := t.f.Seek(0, io.SeekStart); err != nil {
				return err
			}
			r = bufio.NewReaderSize(t.f, 1<<16)
		}
		buf := make([]byte, 2*valuesBatch)
		for i := int64(0); i < t.n; i += valuesBatch {
			k := min(valuesBatch, t.n-i)
			ns, gs := make([]int64, k), make([]int32, k)
			if r != nil {
				if _, err := io.ReadFull(r, buf[:2*k]); err != nil {
					return fmt.Errorf("tail values %s: %w", t.path, err)
				}
			}
			for j := range k {
				ns[j] = t.lo + i + j
				if r != nil {
					gs[j] = int32(binary.LittleEndian.Uint16(buf[2*j:]))
				} else {
					gs[j] = t.mem[i+j]
				}
			}
			if err := emit(output.Batch{ns, gs}); err != nil {
				return err
			}
		}
		return nil
	})
}
