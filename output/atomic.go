package output

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
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
}

// wrapSink lets tests put a failing writer (a full disk) under a file.
var wrapSink func(path string, w io.Writer) io.Writer

// CreateAtomic starts a file that will be named path once committed.
func CreateAtomic(path string) (*AtomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, TempPrefix+base+"-*")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
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
		return n, fmt.Errorf("write %s: %w", a.final, err)
	}
	return n, nil
}

// Commit flushes, syncs and closes the file and renames it to its final path.
// It returns the file's size and hex SHA-256. On error the temporary file is
// removed and nothing exists under the final name that was not there before.
func (a *AtomicFile) Commit() (size int64, sha string, err error) {
	if a.done {
		return 0, "", fmt.Errorf("commit %s: file already closed", a.final)
	}
	a.done = true
	tmp := a.f.Name()
	fail := func(err error) (int64, string, error) {
		a.f.Close()
		os.Remove(tmp)
		return 0, "", fmt.Errorf("write %s: %w", a.final, err)
	}
	if err := a.buf.Flush(); err != nil {
		return fail(err)
	}
	if err := a.f.Sync(); err != nil {
		return fail(err)
	}
	if err := a.f.Close(); err != nil {
		os.Remove(tmp)
		return 0, "", fmt.Errorf("write %s: %w", a.final, err)
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return 0, "", fmt.Errorf("write %s: %w", a.final, err)
	}
	if err := os.Rename(tmp, a.final); err != nil {
		os.Remove(tmp)
		return 0, "", fmt.Errorf("rename into place %s: %w", a.final, err)
	}
	return a.size, hex.EncodeToString(a.hash.Sum(nil)), nil
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

// RemoveTemps deletes the temporary files this package left in dir and its
// subfolders (after a crash: a normal run removes its own). It returns the
// first error met, if any.
func RemoveTemps(dir string) error {
	var first error
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil
			}
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), TempPrefix) {
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

// FileSHA256 returns the size and hex SHA-256 of the file at path.
func FileSHA256(path string) (size int64, sha string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fmt.Errorf("read %s: %w", path, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}
