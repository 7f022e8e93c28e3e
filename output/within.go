package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrLink is the cause of an *UnsafeError for a symbolic link met under
// OUT: tabulate never follows one (it could lead anywhere, /dev/zero or
// another run's folder included). A link is not a regular file:
// errors.Is(ErrLink, ErrNotRegular) holds.
var ErrLink error = linkError{}

type linkError struct{}

func (linkError) Error() string {
	return "is a symbolic link, which tabulate never follows under an output folder"
}

func (linkError) Is(target error) bool { return target == ErrNotRegular }

// ErrHardLink is the cause of an *UnsafeError for a file under OUT that
// tabulate would write in place (the lock, a tail's values) but that has
// other names: a hard link, whose other names may lie outside OUT and
// would all see the write.
var ErrHardLink = errors.New("is a hard link (the file has other names, which a write in place would change too), which tabulate never writes through under an output folder")

// UnsafeError is a path under an output folder that tabulate refuses to
// open: a symbolic link (ErrLink), a folder on the way that is a link or
// climbs out of OUT (ErrOutsideOut), something that is not a regular file
// (ErrNotRegular: a FIFO, a device) or a file over its size limit
// (ErrTooLarge). It is the user's to fix (exit status 2), and nothing is
// read from or written to where the path leads.
type UnsafeError struct {
	Path string
	Err  error
}

// Error names the path, what it is, and what to do.
func (e *UnsafeError) Error() string {
	return fmt.Sprintf("%s %v; move it away (tabulate reads and writes only regular files and folders inside the output folder)", e.Path, e.Err)
}

// Unwrap returns the cause.
func (e *UnsafeError) Unwrap() error { return e.Err }

// The one rule for opening anything under an output folder OUT, for reading
// and for the lock:
//
//   - the path is relative to OUT, clean, without ".." (CleanRel);
//   - every folder between OUT and the file is a real folder, not a link
//     (checked with Lstat, component by component);
//   - the file itself is opened with O_NOFOLLOW where the platform has it
//     (Lstat first elsewhere), and O_NONBLOCK, so that neither a link nor a
//     FIFO is followed or waited on;
//   - the open file must be a regular file (fstat, after the open, so that
//     nothing swapped in between is read), of at most the caller's limit.
//
// OUT itself may be a link: the user chose it. Cost: one Lstat per folder of
// the path and one fstat.

// checkRel checks that rel is a clean relative path inside root.
func checkRel(root, rel string) error {
	rel = filepath.ToSlash(rel)
	if rel == "" || path.IsAbs(rel) || filepath.IsAbs(rel) || path.Clean(rel) != rel || rel == ".." ||
		strings.HasPrefix(rel, "../") || strings.Contains(rel, `\`) || !filepath.IsLocal(filepath.FromSlash(rel)) {
		return &UnsafeError{Path: filepath.Join(root, filepath.FromSlash(rel)), Err: fmt.Errorf("%w (path %q)", ErrOutsideOut, rel)}
	}
	return nil
}

// checkParents checks that every folder of rel below root (not the last
// component) is a real folder. A missing folder is fs.ErrNotExist.
func checkParents(root, rel string) error {
	dir := root
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for _, part := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, part)
		info, err := os.Lstat(dir)
		if err != nil {
			return err
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			return &UnsafeError{Path: dir, Err: fmt.Errorf("%w (a folder on the way to %s)", ErrLink, rel)}
		}
		if !info.IsDir() {
			return &UnsafeError{Path: dir, Err: fmt.Errorf("%w (it is %s, not a folder)", ErrNotRegular, FileKind(info.Mode()))}
		}
	}
	return nil
}

// openIn opens root/rel by the rule above with the given flags and returns
// the open file once it is known to be a regular file.
func openIn(root, rel string, flag int, perm os.FileMode) (*os.File, fs.FileInfo, error) {
	if err := checkRel(root, rel); err != nil {
		return nil, nil, err
	}
	if err := checkParents(root, rel); err != nil {
		return nil, nil, err
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if noFollow == 0 {
		// No O_NOFOLLOW here: look first (a narrow race remains).
		if info, err := os.Lstat(p); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			return nil, nil, &UnsafeError{Path: p, Err: ErrLink}
		}
	}
	f, err := os.OpenFile(p, flag|noFollow|nonBlock, perm)
	if err != nil {
		if isLinkErr(err) {
			if info, lerr := os.Lstat(p); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
				return nil, nil, &UnsafeError{Path: p, Err: ErrLink}
			}
		}
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, &UnsafeError{Path: p, Err: fmt.Errorf("%w (it is %s)", ErrNotRegular, FileKind(info.Mode()))}
	}
	return f, info, nil
}

// OpenIn opens the regular file rel (slash-separated, relative) under the
// output folder root for reading, by the one rule above: no link followed,
// no folder on the way a link, nothing but a regular file. A refusal is an
// *UnsafeError; a missing file is fs.ErrNotExist.
func OpenIn(root, rel string) (*os.File, error) {
	f, _, err := openIn(root, rel, os.O_RDONLY, 0)
	return f, err
}

// OpenWriteIn opens the regular file rel under root for reading and
// writing in place, created with mode perm when missing, by the rule of
// OpenIn; a file that has other names (Unshared) is refused too, before
// anything is written. Nothing is truncated.
func OpenWriteIn(root, rel string, perm os.FileMode) (*os.File, error) {
	f, _, err := openIn(root, rel, os.O_RDWR|os.O_CREATE, perm)
	if err != nil {
		return nil, err
	}
	if err := Unshared(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Unshared returns an *UnsafeError wrapping ErrHardLink when the open file
// f has other names (a link count over 1), and nil otherwise (also where
// the platform does not say).
func Unshared(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return fileError("stat", f.Name(), err)
	}
	if n := linkCount(info); n > 1 {
		return &UnsafeError{Path: f.Name(), Err: fmt.Errorf("%w (%d names)", ErrHardLink, n)}
	}
	return nil
}

// ReadIn reads the regular file rel under root, of at most limit bytes, by
// the rule of OpenIn; a larger file is an *UnsafeError wrapping ErrTooLarge.
func ReadIn(root, rel string, limit int64) ([]byte, error) {
	f, info, err := openIn(root, rel, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := f.Name()
	if info.Size() > limit {
		return nil, &UnsafeError{Path: p, Err: fmt.Errorf("%w (%d bytes, the limit is %d)", ErrTooLarge, info.Size(), limit)}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fileError("read", p, err)
	}
	if int64(len(data)) > limit {
		return nil, &UnsafeError{Path: p, Err: fmt.Errorf("%w (over %d bytes)", ErrTooLarge, limit)}
	}
	return data, nil
}

// HashIn returns the size and hex SHA-256 of the regular file rel under
// root, opened by the rule of OpenIn.
func HashIn(root, rel string) (size int64, sha string, err error) {
	f, err := OpenIn(root, rel)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	return hashFile(f)
}
