package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the lock file a run holds in its output folder. It exists while
// a run holds it (or after a killed run, until the next run takes it over);
// what matters is the kernel lock on it, not its existence.
const LockName = ".tabulate.lock"

// errLocked is returned by the platform's tryLock when another process holds
// the lock.
var errLocked = errors.New("locked")

// LockedError reports an output folder that another command is writing.
type LockedError struct {
	Dir string
	PID int // the holder's process id, 0 if it could not be read
	// Holder is the command the holder wrote with its PID ("tabulate
	// plot"); empty when it wrote none.
	Holder string
}

// Error names the folder and the process that holds it.
func (e *LockedError) Error() string {
	holder := "another tabulate command"
	if e.Holder != "" {
		holder = e.Holder
	}
	if e.PID > 0 {
		holder += fmt.Sprintf(" (PID %d)", e.PID)
	}
	return fmt.Sprintf("output folder %s is in use by %s; wait for it to finish or choose another --out", e.Dir, holder)
}

// lockHolder is what LockDir writes after its PID (SetLockHolder).
var lockHolder string

// SetLockHolder sets the command that LockDir writes after its PID
// ("tabulate plot"), which a second command refused by the lock names; a
// process calls it once, before it takes any lock.
func SetLockHolder(command string) {
	lockHolder = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, command)
}

// NotWritableError is an output folder in which the lock cannot be
// created: the user may not write there (exit status 2).
type NotWritableError struct {
	Dir string
	Err error
}

// Error says what is wrong in a sentence.
func (e *NotWritableError) Error() string {
	return fmt.Sprintf("output folder %s cannot be written (%v); choose a folder you may write to with --out, or make it writable", e.Dir, e.Err)
}

// Unwrap returns the cause.
func (e *NotWritableError) Unwrap() error { return e.Err }

// Lock is a run's exclusive hold on an output folder: one run per folder, so
// that two runs never remove or replace each other's files. The kernel
// releases the lock when the holder exits, however it exits, so a lock left
// by a killed run is simply taken over.
type Lock struct {
	f    *os.File
	path string
}

// LockDir takes the lock of dir, which must exist, and writes the caller's
// PID into it. If another process holds it, LockDir returns a *LockedError
// at once (it does not wait). The lock file is opened by the rule of
// OpenWriteIn: a symbolic link planted at OUT/.tabulate.lock (dangling or
// not), a hard link to a file elsewhere, a FIFO or a device there is an
// *UnsafeError, and nothing is created, truncated or written where it
// leads.
func LockDir(dir string) (*Lock, error) {
	path := filepath.Join(dir, LockName)
	var f *os.File
	for {
		var err error
		f, err = OpenWriteIn(dir, LockName, 0o644)
		var ue *UnsafeError
		if errors.As(err, &ue) {
			return nil, fmt.Errorf("lock file: %w", err)
		}
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
			return nil, &NotWritableError{Dir: dir, Err: errors.Unwrap(err)}
		}
		if err != nil {
			return nil, fmt.Errorf("open lock file: %w", err)
		}
		if err := tryLock(f); err != nil {
			f.Close()
			if errors.Is(err, errLocked) {
				pid, holder := readPID(dir)
				return nil, &LockedError{Dir: dir, PID: pid, Holder: holder}
			}
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		// The holder removes the file as it lets go: if it did so between
		// our open and our lock, we hold a lock on a removed file. Try again
		// with the file now at path.
		fi, ferr := f.Stat()
		pi, perr := os.Lstat(path)
		if ferr == nil && perr == nil && os.SameFile(fi, pi) {
			break
		}
		unlock(f)
		f.Close()
	}
	pid := []byte(strings.TrimSpace(strconv.Itoa(os.Getpid())+" "+lockHolder) + "\n")
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt(pid, 0)
		if err != nil {
			unlock(f)
			f.Close()
			return nil, fmt.Errorf("write lock file %s: %w", path, err)
		}
	}
	return &Lock{f: f, path: path}, nil
}

// readPID reads the PID a lock holder of dir wrote, or 0, and the command
// it wrote after it ("tabulate plot"), if any.
func readPID(dir string) (int, string) {
	data, err := ReadIn(dir, LockName, 256)
	if err != nil {
		return 0, ""
	}
	num, holder, _ := strings.Cut(strings.TrimSpace(string(data)), " ")
	pid, err := strconv.Atoi(num)
	if err != nil || pid <= 0 {
		return 0, ""
	}
	if !strings.HasPrefix(holder, "tabulate ") || strings.ContainsAny(holder, "\n\r") {
		holder = ""
	}
	return pid, holder
}

// Unlock removes the lock file and releases the lock.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := release(l.f, l.path)
	l.f = nil
	return err
}
