package pipeline

import (
	"math"
	"runtime"
	"time"

	"github.com/tabulate-games/tabulate/internal/buildinfo"
	"github.com/tabulate-games/tabulate/output"
)

// runInfo describes the run started at start for the manifest: the command
// line, the build (version, VCS revision, Go) and the machine.
func runInfo(start time.Time, command []string, workers int) *output.RunInfo {
	bi := buildinfo.Read()
	goVersion := bi.Go
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	if command == nil {
		command = []string{}
	}
	return &output.RunInfo{
		Started: output.TimeText(start), Command: command,
		Version: Version, Revision: bi.Revision, Modified: bi.Modified, Binary: buildinfo.Executable(),
		Go: goVersion, OS: runtime.GOOS, Arch: runtime.GOARCH, CPUs: runtime.NumCPU(), Workers: workers,
	}
}

// seconds rounds d to milliseconds, in seconds.
func seconds(d time.Duration) float64 {
	return math.Round(d.Seconds()*1000) / 1000
}
