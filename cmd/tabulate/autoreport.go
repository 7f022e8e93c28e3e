package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

// noReportHelp is the help of the --no-report flag of tabulate run and
// tabulate census.
const noReportHelp = "do not write OUT/index.html at the end of a complete run (tabulate report OUT writes it later)"

// reportAfter returns the hook that writes OUT/index.html (report.Write) at
// the end of a complete run, while the run still holds the folder's lock
// (pipeline.Options.AfterComplete, census.Options.AfterComplete). A failed or interrupted run never calls it, so
// it writes no report. The line naming the page goes to log unless quiet.
//
// With --no-report, the hook removes the earlier run's report instead: it
// would describe other files, and no longer listed in the manifest (the
// run unlisted it when it opened the folder) it would stay as the one
// unlisted file a complete run leaves.
func reportAfter(off, quiet bool, log io.Writer) func(ctx context.Context, dir string) error {
	// An earlier run's report describes other files: it goes, if it is a
	// regular file (a link planted there is left alone; report.Write
	// refuses it).
	removeEarlier := func(dir string) {
		path := filepath.Join(dir, report.FileName)
		if st, serr := os.Lstat(path); serr == nil && st.Mode().IsRegular() {
			os.Remove(path)
		}
	}
	if off {
		return func(ctx context.Context, dir string) error {
			removeEarlier(dir)
			return nil
		}
	}
	return func(ctx context.Context, dir string) error {
		if err := report.Write(ctx, dir); err != nil {
			removeEarlier(dir)
			return fmt.Errorf("the run is complete but its report was not written (tabulate report %s writes it; --no-report skips it): %w", dir, err)
		}
		// Listed in the manifest, as every file a complete run leaves
		// (the manifest the run saved does not list the earlier page).
		if err := output.SetReport(dir, report.FileName); err != nil {
			return fmt.Errorf("the run is complete but its report %s could not be listed in its manifest: %w", filepath.Join(dir, report.FileName), err)
		}
		if !quiet {
			fmt.Fprintf(log, "tabulate: wrote %s\n", filepath.Join(dir, report.FileName))
		}
		return nil
	}
}
