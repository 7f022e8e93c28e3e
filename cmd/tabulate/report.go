package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

const reportUsage = `Usage: tabulate report OUT [flags]

Writes OUT/index.html: one self-contained page (no network, no external
script, style or font) that any browser opens offline, with the run's
provenance; for each game its rules and bounds, its period with its proof
(or "candidate (not proven)"), its values in the layout of Winning Ways, the
periodic block and the exceptions as text, its first values and figures;
for a census, a sortable, filterable table of the codes; and a link to every
file of the manifest with its rows and sha256.

OUT must hold a complete run (its manifest says "complete" and lists only
files in place); otherwise, or if OUT/index.html is not a regular file (a
link is never followed), nothing is written and the exit status is 2.

Flags:
`

// reportCommand implements tabulate report.
func reportCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	hint := "see tabulate report --help"
	var out string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		out, args = args[0], args[1:]
	}
	fs := newFlags("report")
	quiet := fs.Bool("q", false, "quiet: print nothing but errors")
	if err := parseFlags(fs, args, reportUsage, hint, stdout); err != nil {
		return err
	}
	if out == "" && fs.NArg() == 1 {
		out = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return &UsageError{Msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), Hint: hint}
	}
	if out == "" {
		return &UsageError{Msg: "report needs the output folder of a run", Hint: hint}
	}
	if info, err := os.Stat(out); err != nil || !info.IsDir() {
		return &UsageError{Msg: fmt.Sprintf("%s is not a folder: give the output folder of a tabulate run", out), Hint: hint}
	}
	if _, err := os.Stat(filepath.Join(out, output.ManifestName)); err != nil {
		return &UsageError{Msg: fmt.Sprintf("%s has no %s: not the output folder of a tabulate run", out, output.ManifestName), Hint: hint}
	}
	lock, err := output.LockDir(out)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// The manifest never lists a page other than the one on disk: the
	// earlier page is unlisted before it is replaced, the new one listed
	// once written.
	if err := output.SetReport(out, ""); err != nil {
		return err
	}
	err = report.Write(ctx, out)
	if err == nil {
		err = output.SetReport(out, report.FileName)
	}
	var re *report.RefusedError
	if errors.As(err, &re) {
		return &UsageError{Msg: re.Error(), Hint: hint}
	}
	if err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(stdout, "tabulate: wrote %s\n", filepath.Join(out, report.FileName))
	}
	return nil
}
