package output_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/output"
)

// An AtomicFile appears under its final name only on Commit; Abort (or a
// crash) leaves nothing there. The size and sha256 are those of the bytes
// written: the sha256 of "hello\n" is the one sha256sum prints for it.
func ExampleCreateAtomic() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "table.csv")

	f, err := output.CreateAtomic(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	f.Abort() // nothing written under the final name
	_, err = os.Stat(path)
	fmt.Println(errors.Is(err, os.ErrNotExist))

	if f, err = output.CreateAtomic(path); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := fmt.Fprintln(f, "hello"); err != nil {
		f.Abort()
		fmt.Println(err)
		return
	}
	size, sha, err := f.Commit()
	fmt.Println(size, sha, err)
	// Output:
	// true
	// 6 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03 <nil>
}

// A second run on the same folder is refused at once while the first holds
// its lock.
func ExampleLockDir() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	lock, err := output.LockDir(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = output.LockDir(dir)
	var locked *output.LockedError
	fmt.Println(errors.As(err, &locked))
	if err := lock.Unlock(); err != nil {
		fmt.Println(err)
	}
	again, err := output.LockDir(dir) // taken again once released
	if err == nil {
		err = again.Unlock()
	}
	fmt.Println(err)
	// Output:
	// true
	// <nil>
}
