// Package buildinfo says which version of tabulate is running, from the
// information the Go toolchain records in every binary
// (runtime/debug.ReadBuildInfo), so that no constant has to be kept in step
// with releases.
//
// Version returns, in this order of preference:
//
//	set at link time    go build -ldflags "-X github.com/tabulate-games/tabulate/internal/buildinfo.version=1.2.0"
//	module version      v1.2.0 after go install github.com/tabulate-games/tabulate/cmd/tabulate@v1.2.0;
//	                    a pseudo-version such as v0.0.0-20261123121500-e7ea337abcde+dirty
//	                    from go build in a git checkout (Go 1.24 and later stamp it)
//	VCS revision        devel-e7ea337abcde, devel-e7ea337abcde-dirty: a build stamped with
//	                    the commit but no module version
//	fallback            devel: go run, go test, or a build outside version control
//
// Executable is the sha256 of the running binary itself, what tells two
// builds apart when both say "devel": tabulate records it with every run
// and shard, and tabulate merge refuses shards of two different binaries.
//
// The module version is that of github.com/tabulate-games/tabulate whether it
// is the main module (the tabulate command) or a dependency of another
// program that imports its packages.
package buildinfo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"time"
)

// Module is the module path of tabulate.
const Module = "github.com/tabulate-games/tabulate"

// Fallback is the version reported when the binary records neither a module
// version nor a VCS revision.
const Fallback = "devel"

// version, when set with -ldflags "-X", overrides everything else: for
// packagers who build from a source archive and want their release number.
var version string

// Info is what a binary records about the build of tabulate.
type Info struct {
	// Module is the module version: a release such as "v1.2.0", a
	// pseudo-version, or "" when the build has none ("(devel)").
	Module string
	// Revision, Time and Modified come from the version control system
	// when the binary was built in a checkout: the commit, its time, and
	// whether the working tree had uncommitted changes.
	Revision string
	Time     time.Time
	Modified bool
	// Go is the toolchain that built the binary, such as "go1.26.8".
	Go string
}

// Read returns the build information of the running binary.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{}
	}
	return fromBuildInfo(bi)
}

// fromBuildInfo extracts tabulate's build information from bi.
func fromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Go: bi.GoVersion}
	mod := &bi.Main
	if mod.Path != Module {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == Module {
				mod = d
				if d.Replace != nil {
					mod = d.Replace
				}
				break
			}
		}
	}
	if mod != nil && mod.Version != "(devel)" {
		info.Module = mod.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time, _ = time.Parse(time.RFC3339, s.Value)
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// Version returns the version string of this build of tabulate by the rules
// in the package comment. It is what the tool records in every Parquet file
// and manifest.
func Version() string {
	return Read().version(version)
}

// version applies the rules of the package comment, with override being the
// link-time version.
func (i Info) version(override string) string {
	switch {
	case override != "":
		return override
	case i.Module != "":
		return i.Module
	case i.Revision != "":
		v := "devel-" + i.Revision[:min(12, len(i.Revision))]
		if i.Modified {
			v += "-dirty"
		}
		return v
	}
	return Fallback
}

// ExecutableLimit is the largest binary Executable hashes, in bytes: far
// more than tabulate's (about 30 MiB), and a bound on the reading should
// os.Executable name something else than a regular file of that size.
const ExecutableLimit = 1 << 30

var executable struct {
	once sync.Once
	sum  string
}

// Executable returns the sha256 (hexadecimal) of the running binary, the
// file os.Executable names: the identity of a build that its version alone
// does not give (two "devel" builds of different sources differ here). It
// is computed once per process, by reading at most ExecutableLimit bytes of
// a regular file; "" when the binary cannot be found or read, is not a
// regular file, or is larger. Cost: one reading of the binary (tens of
// milliseconds), at the first call.
func Executable() string {
	executable.once.Do(func() {
		p, err := os.Executable()
		if err == nil {
			executable.sum, _ = fileSHA256(p, ExecutableLimit)
		}
	})
	return executable.sum
}

// fileSHA256 hashes the regular file at path if it holds at most limit
// bytes.
func fileSHA256(path string, limit int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", path)
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, limit+1))
	if err != nil {
		return "", err
	}
	if n > limit {
		return "", fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
