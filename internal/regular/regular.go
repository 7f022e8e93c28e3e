// Package regular reads small files that must be regular files: the
// configuration, the manifest, the lock file. A FIFO would block an open
// until a writer comes, and /dev/zero or another device would be read until
// memory runs out; both are refused at once, as is anything over a size
// limit.
//
//	data, err := regular.Read("run.yaml", 16<<20)
//	// errors.Is(err, regular.ErrNotRegular) for a FIFO, a device, a folder
//	// errors.Is(err, regular.ErrTooLarge) past the limit
package regular

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is the cause of a refused read of something that is not a
// regular file (a FIFO, a device such as /dev/zero, a folder).
var ErrNotRegular = errors.New("is not a regular file")

// ErrTooLarge is the cause of a refused read of a file over its size limit.
var ErrTooLarge = errors.New("is too large")

// Read reads the regular file at path, refusing anything else (with
// ErrNotRegular) and anything over limit bytes (with ErrTooLarge), without
// blocking on a FIFO or reading a device such as /dev/zero forever. The
// configuration and the manifest are read through it.
func Read(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %w (it is %s)", path, ErrNotRegular, Kind(info.Mode()))
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s %w (%d bytes, the limit is %d)", path, ErrTooLarge, info.Size(), limit)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %w", path, ErrNotRegular) // swapped since the Stat above
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s %w (over %d bytes)", path, ErrTooLarge, limit)
	}
	return data, nil
}

// Kind names the kind of a file that is not regular, such as "a FIFO"
// or "a character device", for messages.
func Kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return fmt.Sprintf("a special file (%v)", m.Type())
}
