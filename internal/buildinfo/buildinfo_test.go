package buildinfo

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"
)

func TestVersion(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "e7ea337abcdef0123456789abcdef0123456789a"},
		{Key: "vcs.time", Value: "2026-11-23T12:15:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, tc := range []struct {
		name     string
		bi       debug.BuildInfo
		override string
		want     string
	}{
		{"go install at a release", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v1.2.0"}}, "", "v1.2.0"},
		{"go build in a checkout (Go 1.24+ pseudo-version)",
			debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20261123121500-e7ea337abcde+dirty"}, Settings: vcs}, "",
			"v0.0.0-20261123121500-e7ea337abcde+dirty"},
		{"revision without module version", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}, Settings: vcs}, "", "devel-e7ea337abcde-dirty"},
		{"clean revision", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}, Settings: vcs[:3]}, "", "devel-e7ea337abcde"},
		{"nothing recorded", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}}, "", Fallback},
		{"go run (empty version)", debug.BuildInfo{Main: debug.Module{Path: Module}}, "", Fallback},
		{"link-time override wins", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v1.2.0"}, Settings: vcs}, "1.2.0-debian1", "1.2.0-debian1"},
		{"imported by another program",
			debug.BuildInfo{Main: debug.Module{Path: "example.com/study", Version: "v0.4.0"}, Deps: []*debug.Module{{Path: "golang.org/x/sync", Version: "v0.24.0"}, {Path: Module, Version: "v1.3.1"}}}, "",
			"v1.3.1"},
		{"imported and replaced",
			debug.BuildInfo{Main: debug.Module{Path: "example.com/study"}, Deps: []*debug.Module{{Path: Module, Version: "v1.3.1", Replace: &debug.Module{Path: "../tabulate", Version: ""}}}}, "",
			Fallback},
		{"another program's version is not ours", debug.BuildInfo{Main: debug.Module{Path: "example.com/study", Version: "v0.4.0"}}, "", Fallback},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fromBuildInfo(&tc.bi).version(tc.override); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFromBuildInfoVCS(t *testing.T) {
	info := fromBuildInfo(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: Module, Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.time", Value: "2026-11-23T12:15:00Z"}, {Key: "vcs.modified", Value: "false"},
	}})
	want := Info{Revision: "abc", Time: time.Date(2026, 11, 23, 12, 15, 0, 0, time.UTC), Modified: false, Go: "go1.26.8"}
	if info != want {
		t.Errorf("got %+v, want %+v", info, want)
	}
}

// TestFileSHA256 hashes a file as crypto/sha256 does, and refuses a file
// over the limit and a folder rather than reading them.
func TestFileSHA256(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bin")
	if err := os.WriteFile(p, []byte("tabulate"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sha256("tabulate"), by sha256sum.
	const want = "b0487a1e16081a6ae2474455558300562e133ec7310db8d389b744c6008d4f5e"
	if got, err := fileSHA256(p, 8); err != nil || got != want {
		t.Errorf("fileSHA256 = %q, %v; want %s", got, err, want)
	}
	if got, err := fileSHA256(p, 7); err == nil {
		t.Errorf("a file of 8 bytes under a limit of 7: got %q, want an error", got)
	}
	if got, err := fileSHA256(dir, 1<<20); err == nil {
		t.Errorf("a folder: got %q, want an error", got)
	}
	if got := Executable(); len(got) != 64 {
		t.Errorf("Executable() = %q, want a sha256 of the test binary", got)
	}
}
