package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestListMatchesCode runs with the ordinary go test ./..., so that a
// change to a guarded line that leaves its mutant without a target is
// seen at once, not only when scripts/ci/mutants.sh runs: every snippet
// occurs exactly once in its file and differs from its replacement, every
// name is unique, and every test package and pattern is well formed.
func TestListMatchesCode(t *testing.T) {
	root := filepath.Join("..", "..")
	names := map[string]bool{}
	for _, m := range list {
		if m.Name == "" || names[m.Name] {
			t.Errorf("mutant %q: the name is empty or used twice", m.Name)
		}
		names[m.Name] = true
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.File)))
		if err != nil {
			t.Errorf("%s: %v", m.Name, err)
			continue
		}
		if n := bytes.Count(data, []byte(m.Old)); n != 1 {
			t.Errorf("%s: the snippet %q occurs %d times in %s, want exactly once", m.Name, m.Old, n, m.File)
		}
		if m.Old == m.New {
			t.Errorf("%s: the replacement is the snippet itself", m.Name)
		}
		if !strings.HasPrefix(m.Pkg, "./") {
			t.Errorf("%s: package %q, want a relative package path such as ./analysis", m.Name, m.Pkg)
		}
		if _, err := regexp.Compile(m.Run); err != nil || m.Run == "" {
			t.Errorf("%s: -run %q is not a non-empty regular expression (%v)", m.Name, m.Run, err)
		}
		if m.Why == "" {
			t.Errorf("%s: no reason given", m.Name)
		}
	}
}
