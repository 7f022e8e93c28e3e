package diskfree

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestAvailable checks the free space of a temporary folder against what
// df(1) reports for it, where df is found (other processes write to the
// same disk meanwhile: within 1%), and that a folder not yet made is
// answered by the nearest one above it.
func TestAvailable(t *testing.T) {
	dir := t.TempDir()
	free, ok := Available(dir)
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "windows":
		if !ok {
			t.Fatalf("Available(%s): unknown on %s", dir, runtime.GOOS)
		}
	}
	if !ok {
		t.Skipf("free space unknown on %s", runtime.GOOS)
	}
	if free <= 0 {
		t.Errorf("Available(%s) = %d, want > 0 in a folder the test can write", dir, free)
	}
	// Writing 1 MiB lowers the free space by about that much; other
	// processes write too, so only the direction is asked.
	if err := os.WriteFile(filepath.Join(dir, "f"), make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	deeper, ok := Available(filepath.Join(dir, "not", "yet", "made"))
	if !ok || deeper <= 0 {
		t.Errorf("Available of a folder not yet made: %d, %v; want its parent's", deeper, ok)
	}
	if _, err := exec.LookPath("df"); err != nil || runtime.GOOS != "linux" {
		return
	}
	out, err := exec.Command("df", "-B1", "--output=avail", dir).Output()
	if err != nil {
		t.Skipf("df: %v", err)
	}
	fields := strings.Fields(string(out))
	df, err := strconv.ParseInt(fields[len(fields)-1], 10, 64)
	if err != nil {
		t.Fatalf("df output %q: %v", out, err)
	}
	if diff := deeper - df; diff > df/100 || -diff > df/100 {
		t.Errorf("Available = %d, df says %d", deeper, df)
	}
}
