package regular

import (
	"os"
	"strings"
	"testing"
)

// TestKindNamesEveryKind: a message "%s is %s, not a regular file" never
// reads "is not a regular file, not a regular file" (issue 49, A12): a
// symbolic link and every other kind have a name of their own.
func TestKindNamesEveryKind(t *testing.T) {
	for _, m := range []os.FileMode{os.ModeDir, os.ModeSymlink, os.ModeNamedPipe, os.ModeDevice | os.ModeCharDevice, os.ModeDevice, os.ModeSocket, os.ModeIrregular} {
		if k := Kind(m); strings.Contains(k, "regular file") || k == "" {
			t.Errorf("Kind(%v) = %q", m, k)
		}
	}
	if k := Kind(os.ModeSymlink); k != "a symbolic link" {
		t.Errorf("Kind(symbolic link) = %q", k)
	}
}
