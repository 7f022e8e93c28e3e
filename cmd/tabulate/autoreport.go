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
// (pipeline.Options.AfterComplete, census.Options.AfterComplete), or nil
// when off (--no-report). A failed or interrupted run never calls it, so
// it writes no report. The line naming the page goes to log unless quiet.
func reportAfter(off, quiet bool, log io.Writer) func(ctx context.Context, dir string) error {
	if off {
		return nil
	}
	return func(ctx context.Context, dir string) error {
		if err := report.Write(ctx, dir); err != nil {
			// An earlier run's report would describe other files: it goes,
			// if it is a regular file (a link planted there is left alone;
			// report.Write refused it).
			path := filepath.Join(dir, report.FileName)
			if st, serr := os.Lstat(path); serr == nil && st.Mode().IsRegular() {
				os.Remove(path)
			}
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
