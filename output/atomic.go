package output

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tabulate-games/tabulate/internal/regular"
)

// TempPrefix starts the name of every temporary file this package creates, so
// that leftovers of a killed process are easy to recognise (and to delete).
const TempPrefix = ".tabulate-tmp-"

// AtomicFile is a file written under a temporary name in its final folder and
// renamed into place by Commit only when complete, so that a reader never sees
// a partial file under the final name. It hashes and counts what is written.
type AtomicFile struct {
	final string
	f     *os.File
	sink  io.Writer // f, or what a test wrapped around it
	buf   *bufio.Writer
	hash  hash.Hash
	size  int64
	done  bool
	temps *Temps // the set the file belongs to, or nil
}

// wrapSink lets tests put a failing writer (a full disk) under a file.
var wrapSink func(path string, w io.Writer) io.Writer

// FileError is a failure to write, commit or read one file. Its message
// names the file once however many layers pass it on.
type FileError struct {
	Op   string // "write", "rename into place", "create", "read"
	Path string
	Err  error
}

// Error reads "op path: cause".
func (e *FileError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *FileError) Unwrap() error { return e.Err }

// fileError wraps err as a *FileError for path, unless it already names
// path (so messages do not repeat "write X: write X:").
func fileError(op, path string, err error) error {
	var fe *FileError
	if errors.As(err, &fe) && fe.Path == path {
		return err
	}
	return &FileError{Op: op, Path: path, Err: err}
}

// errAbandoned is the error of a file created or committed after its Temps
// was abandoned.
var errAbandoned = errors.New("the run was stopped")

// Temps is the set of temporary files of one run. When the run must stop at
// once (a second signal), Abandon removes every temporary file still open and
// makes later creations and commits fail, so that no worker still running
// can leave a file behind. The zero value is ready to use; a nil *Temps
// tracks nothing.
type Temps struct {
	mu        sync.Mutex
	open      map[*AtomicFile]struct{}
	abandoned bool
}

// Create starts a file that will be named path once committed, tracked by t.
func (t *Temps) Create(path string) (*AtomicFile, error) {
	if t == nil {
		return CreateAtomic(path)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.abandoned {
		return nil, fileError("create", path, errAbandoned)
	}
	a, err := CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	a.temps = t
	if t.open == nil {
		t.open = map[*AtomicFile]struct{}{}
	}
	t.open[a] = struct{}{}
	return a, nil
}

// Abandon removes every temporary file of t and refuses new ones.
func (t *Temps) Abandon() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.abandoned = true
	for a := range t.open {
		a.f.Close()
		os.Remove(a.f.Name())
	}
	clear(t.open)
}

// CreateAtomic starts a file that will be named path once committed.
func CreateAtomic(path string) (*AtomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, TempPrefix+base+"-*")
	if err != nil {
		return nil, fileError("create", path, err)
	}
	a := &AtomicFile{final: path, f: f, sink: f, hash: sha256.New()}
	if wrapSink != nil {
		a.sink = wrapSink(path, f)
	}
	a.buf = bufio.NewWriterSize(a.sink, 1<<16)
	return a, nil
}

// Path returns the final path of the file.
func (a *AtomicFile) Path() string { return a.final }

// Write buffers p for the file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	n, err := a.buf.Write(p)
	a.hash.Write(p[:n])
	a.size += int64(n)
	if err != nil {
		return n, fileError("write", a.final, err)
	}
	return n, nil
}

// SHA256 returns the hex SHA-256 of what was written so far, so that a
// caller can check a copy before it commits it.
func (a *AtomicFile) SHA256() string { return hex.EncodeToString(a.hash.Sum(nil)) }

// Commit flushes, syncs and closes the file and renames it to its final path.
// It returns the file's size and hex SHA-256. On error the temporary file is
// removed and nothing exists under the final name that was not there before.
func (a *AtomicFile) Commit() (size int64, sha string, err error) {
	if a.done {
		return 0, "", fileError("commit", a.final, errors.New("file already closed"))
	}
	a.done = true
	return a.commit(nil)
}

// errCancelled is the error of a commit whose caller stopped waiting before
// the file was renamed into place: the file was removed instead.
var errCancelled = errors.New("the commit was cancelled")

// commit does the work of Commit once a.done is set. If proceed is not nil,
// it is called once the file is synced and closed, just before the rename:
// false removes the file instead of renaming it.
func (a *AtomicFile) commit(proceed func() bool) (size int64, sha string, err error) {
	tmp := a.f.Name()
	fail := func(op string, err error) (int64, string, error) {
		a.f.Close()
		os.Remove(tmp)
		a.forget()
		return 0, "", fileError(op, a.final, err)
	}
	if err := a.buf.Flush(); err != nil {
		return fail("write", err)
	}
	if err := a.f.Sync(); err != nil {
		return fail("write", err)
	}
	if err := a.f.Close(); err != nil {
		return fail("write", err)
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fail("write", err)
	}
	if proceed != nil && !proceed() {
		os.Remove(tmp)
		a.forget()
		return 0, "", fileError("rename into place", a.final, errCancelled)
	}
	if t := a.temps; t != nil {
		// Rename under the set's lock, so that a file is either removed by
		// Abandon or in place, never renamed after the run was abandoned.
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.abandoned {
			os.Remove(tmp)
			return 0, "", fileError("rename into place", a.final, errAbandoned)
		}
		delete(t.open, a)
	}
	if err := os.Rename(tmp, a.final); err != nil {
		os.Remove(tmp)
		return 0, "", fileError("rename into place", a.final, err)
	}
	return a.size, hex.EncodeToString(a.hash.Sum(nil)), nil
}

// CommitContext is Commit, but returns ctx.Err() as soon as ctx is done:
// flushing and syncing a file of 10^7 rows takes seconds on a busy disk,
// longer than a stop may take. The flush and sync go on in the background,
// but a file whose caller has stopped waiting is removed, never renamed into
// place: a file is in place only if CommitContext reported it (so that the
// caller can list it). If ctx is done when the rename has already begun,
// CommitContext waits the moment it takes and reports the file.
func (a *AtomicFile) CommitContext(ctx context.Context) (size int64, sha string, err error) {
	if err := ctx.Err(); err != nil {
		return 0, "", err
	}
	if a.done {
		return 0, "", fileError("commit", a.final, errors.New("file already closed"))
	}
	a.done = true // from here the goroutine owns a; Abort does nothing
	type result struct {
		size int64
		sha  string
		err  error
	}
	var mu sync.Mutex
	cancelled, renaming := false, false
	proceed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		renaming = !cancelled
		return renaming
	}
	done := make(chan result, 1)
	go func() {
		size, sha, err := a.commit(proceed)
		done <- result{size, sha, err}
	}()
	select {
	case r := <-done:
		return r.size, r.sha, r.err
	case <-ctx.Done():
		mu.Lock()
		if renaming {
			mu.Unlock()
			r := <-done
			return r.size, r.sha, r.err
		}
		cancelled = true
		mu.Unlock()
		return 0, "", ctx.Err()
	}
}

// forget drops a from its set of temporary files.
func (a *AtomicFile) forget() {
	if t := a.temps; t != nil {
		t.mu.Lock()
		delete(t.open, a)
		t.mu.Unlock()
	}
}

// Abort closes and removes the temporary file. It is safe to call after
// Commit, when it does nothing, so `defer a.Abort()` is the usual pattern.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	os.Remove(a.f.Name())
	a.forget()
}

// WriteFileAtomic writes data to path through an AtomicFile.
func WriteFileAtomic(path string, data []byte) (size int64, sha string, err error) {
	a, err := CreateAtomic(path)
	if err != nil {
		return 0, "", err
	}
	defer a.Abort()
	if _, err := a.Write(data); err != nil {
		return 0, "", err
	}
	return a.Commit()
}

// RemoveTemps deletes the temporary files this package left anywhere in
// the output folder dir (after a crash: a normal run removes its own):
// OUT, its game folders, OUT/census, the census journal OUT/.census/*/, the
// same way for every command. It follows no symbolic link, and it leaves
// alone the folders of other runs inside OUT, which have their own lock and
// may be running now: OUT/shards/ and any folder below OUT holding a
// .tabulate.lock or a manifest.json. It returns the first error met, if
// any.
func RemoveTemps(dir string) error {
	var first error
	// OUT itself may be a link the user chose: "OUT/." is walked as the
	// folder it leads to; below it no link is followed.
	root := dir + string(filepath.Separator) + "."
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() && path != root {
			if filepath.Dir(path) == filepath.Clean(dir) && d.Name() == "shards" {
				return filepath.SkipDir // the shards' own folders
			}
			for _, own := range []string{LockName, ManifestName} {
				if _, err := os.Lstat(filepath.Join(path, own)); err == nil {
					return filepath.SkipDir // another run's folder
				}
			}
		}
		if d.Type().IsRegular() && strings.HasPrefix(d.Name(), TempPrefix) {
			if err := os.Remove(path); err != nil && first == nil {
				first = err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return first
}

// FileSHA256 returns the size and hex SHA-256 of the file at path. Under an
// output folder, HashIn opens by the rule that follows no link.
func FileSHA256(path string) (size int64, sha string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	return hashFile(f)
}

// hashFile returns the size and hex SHA-256 of what is left to read of f.
func hashFile(f *os.File) (size int64, sha string, err error) {
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fileError("read", f.Name(), err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// ErrNotRegular and ErrTooLarge are the causes of a refused read of the
// manifest or the lock file: see package internal/regular.
var (
	ErrNotRegular = regular.ErrNotRegular
	ErrTooLarge   = regular.ErrTooLarge
)

// ReadRegular reads the regular file at path of at most limit bytes,
// refusing a FIFO, a device or a folder at once (see package
// internal/regular).
func ReadRegular(path string, limit int64) ([]byte, error) { return regular.Read(path, limit) }

// FileKind names the kind of a file that is not regular (see package
// internal/regular).
func FileKind(m os.FileMode) string { return regular.Kind(m) }
