package heapgame

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// The values of a chosen range of a tail run (values: [lo, hi]), which
// the engine hands over as it goes (octal.TailOptions.OnValues). They are
// kept in OUT/NAME/tail.values beside the checkpoint, 16 bits a value
// after a header that names the game and the range (valuesHeader), synced
// before each checkpoint is written (BeforeCheckpoint), so that the file
// always holds at least the values before the checkpoint's heap; a
// resumed run cuts it back to that heap and appends. At the end they are
// written as NAME/values.
//
// A resume needs the values of the range that lie before the checkpoint's
// heap: the engine does not compute them again. When the file lacks them
// (missing, cut short, of another game or another range: values added or
// changed after the checkpoint was made), the run is refused with a
// *TailCheckpointError before the folder is touched, never filled in; a
// file whose values all lie past the checkpoint's heap is begun anew.

// tailValuesName is the file of the values in the game's folder.
const tailValuesName = "tail.values"

// valuesMagic opens the values file: the format's name and version.
const valuesMagic = "tabulate-tail-values-1\n"

// valuesKeyMax is the longest game key a header holds.
const valuesKeyMax = 1 << 10

// valuesHeader is what the values file says it holds: the values of lo..hi
// of the game key (a checkpoint's game: the canonical code or
// "grundy-game").
type valuesHeader struct {
	game   string
	lo, hi int64
}

// encode returns the header as it opens the file: valuesMagic, lo and hi
// (8 bytes each, little-endian), the key's length (2 bytes) and the key.
func (h valuesHeader) encode() []byte {
	b := append([]byte(valuesMagic), make([]byte, 18)...)
	binary.LittleEndian.PutUint64(b[len(valuesMagic):], uint64(h.lo))
	binary.LittleEndian.PutUint64(b[len(valuesMagic)+8:], uint64(h.hi))
	binary.LittleEndian.PutUint16(b[len(valuesMagic)+16:], uint16(len(h.game)))
	return append(b, h.game...)
}

// readValuesHeader reads the header at the start of r; ok is false when r
// does not open with one (another format, or damaged).
func readValuesHeader(r io.Reader) (h valuesHeader, ok bool, err error) {
	b := make([]byte, len(valuesMagic)+18)
	if _, err := io.ReadFull(r, b); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return h, false, nil
		}
		return h, false, err
	}
	if string(b[:len(valuesMagic)]) != valuesMagic {
		return h, false, nil
	}
	h.lo = int64(binary.LittleEndian.Uint64(b[len(valuesMagic):]))
	h.hi = int64(binary.LittleEndian.Uint64(b[len(valuesMagic)+8:]))
	n := int(binary.LittleEndian.Uint16(b[len(valuesMagic)+16:]))
	if n > valuesKeyMax {
		return h, false, nil
	}
	key := make([]byte, n)
	if _, err := io.ReadFull(r, key); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return h, false, nil
		}
		return h, false, err
	}
	h.game = string(key)
	return h, true, nil
}

// describe names what the header says the file holds.
func (h valuesHeader) describe() string {
	return fmt.Sprintf("holds the values of %d..%d of %s", h.lo, h.hi, keyTitle(h.game))
}

// keyTitle names the game of a checkpoint's key.
func keyTitle(key string) string {
	if key == "grundy-game" {
		return "Grundy's game"
	}
	return "the octal game " + key
}

// tailValues holds the values g(lo..lo+n-1) of the range lo..hi, in a
// file (f, after its header of hdr bytes) or, for a Sink without a
// folder, in memory (mem).
type tailValues struct {
	lo, hi int64
	n      int64
	hdr    int64
	path   string
	f      *os.File
	w      *bufio.Writer
	mem    []int32
}

// valuesResume says what a resume at heap resumeAt (a checkpoint's; 0 for
// none) keeps of the values file f (nil: there is none) for the range r
// of the game key: keep, the values before resumeAt, and whether the
// file's header is the one the run wants (else the file is begun anew).
// A file that lacks values the resume needs (missing, cut short, another
// game's or another range's) is a *TailCheckpointError naming the
// checkpoint beside path, the file, and what it holds.
func valuesResume(f *os.File, path, key string, r []int, resumeAt int64) (keep int64, same bool, err error) {
	want := valuesHeader{game: key, lo: int64(r[0]), hi: int64(r[1])}
	keep = min(max(resumeAt-want.lo, 0), want.hi-want.lo+1)
	var got valuesHeader
	var size int64
	problem := "is missing"
	if f != nil {
		fi, err := f.Stat()
		if err != nil {
			return 0, false, fmt.Errorf("tail values %s: %w", path, err)
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return 0, false, fmt.Errorf("tail values %s: %w", path, err)
		}
		var ok bool
		got, ok, err = readValuesHeader(f)
		switch {
		case err != nil:
			return 0, false, fmt.Errorf("tail values %s: %w", path, err)
		case !ok:
			problem = "has no header naming its game and range (damaged, or not a values file)"
		case got != want:
			problem = got.describe()
		default:
			same = true
			size = (fi.Size() - int64(len(want.encode()))) / 2
			problem = fmt.Sprintf("holds %d values", size)
		}
	}
	if keep == 0 || (same && size >= keep) {
		return keep, same, nil
	}
	return 0, false, &TailCheckpointError{Path: tailCheckpointBeside(path),
		Problem: fmt.Sprintf("is at heap %d, so a resume needs the %d values of heaps %d..%d (values: [%d, %d]) from %s, which %s (a resume does not compute the heaps before its checkpoint again, so values added or changed since it was made cannot be written from it)",
			resumeAt, keep, want.lo, want.lo+keep-1, want.lo, want.hi, path, problem)}
}

// openTailValues opens the values file tail.values in the game's folder
// dir for the range r of the game key, keeping the values before heap
// resumeAt (a checkpoint's heap; 0 for none) that an earlier run wrote
// (valuesResume: a file that does not hold them is a
// *TailCheckpointError). It is opened by output.OpenWriteIn's rule: a
// link, a hard link, a FIFO or a device there is an *output.UnsafeError.
func openTailValues(dir, key string, r []int, resumeAt int64) (*tailValues, error) {
	t := &tailValues{lo: int64(r[0]), hi: int64(r[1]), path: filepath.Join(dir, tailValuesName)}
	var err error
	if t.f, err = output.OpenWriteIn(dir, tailValuesName, 0o644); err != nil {
		return nil, fmt.Errorf("tail values: %w", err)
	}
	keep, same, err := valuesResume(nonEmpty(t.f), t.path, key, r, resumeAt)
	if err != nil {
		t.f.Close()
		return nil, err
	}
	hdr := valuesHeader{game: key, lo: t.lo, hi: t.hi}.encode()
	t.hdr = int64(len(hdr))
	if err := t.f.Truncate(t.hdr + 2*keep); err == nil && !same {
		_, err = t.f.WriteAt(hdr, 0)
	}
	if err == nil {
		_, err = t.f.Seek(t.hdr+2*keep, io.SeekStart)
	}
	if err != nil {
		t.f.Close()
		return nil, fmt.Errorf("tail values %s: %w", t.path, err)
	}
	t.n, t.w = keep, bufio.NewWriterSize(t.f, 1<<16)
	return t, nil
}

// nonEmpty returns f, or nil when f is empty (a values file just created
// holds nothing: it is missing to valuesResume).
func nonEmpty(f *os.File) *os.File {
	if fi, err := f.Stat(); err == nil && fi.Size() == 0 {
		return nil
	}
	return f
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
			if _, err := t.f.Seek(t.hdr, io.SeekStart); err != nil {
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
