// Command mutants checks that the tests guard the code they are meant to
// guard. It holds a list of mutants (list.go): each one a small, deliberate
// bug in one file of the repository (an exact snippet and its
// replacement), the go test run that must fail on it, and why. For every
// mutant it applies the change to a scratch copy of the repository, runs
// the named tests there and reports
//
//	KILLED    the tests failed (or the test binary did not finish in time):
//	          the guard holds;
//	SURVIVED  the tests passed on the broken code: the guard is untested;
//	BROKEN    the mutant does not build, or the test run could not start:
//	          the list is wrong, not the tests.
//
// Before any mutant it checks the list itself, so that it cannot rot
// silently: every snippet must occur exactly once in its file, and every
// test run named must pass on the unmodified code and run at least one
// test. The working tree is never modified: the copy is made under the
// system's temporary folder and removed at the end.
//
// Usage, from the repository root:
//
//	go run ./scripts/mutants [-only REGEXP] [-list] [-timeout D] [-deadline D] [-v]
//
// The exit status is 0 when every mutant was killed, 1 when one survived,
// was broken, was not found exactly once, was not run within -deadline, or
// when a baseline run failed, and 2 on a bad flag. See docs/mutants.md.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Mutant is one deliberate bug and the tests that must catch it.
type Mutant struct {
	// Name identifies the mutant in reports and for -only.
	Name string
	// File is the file to change, relative to the repository root, with
	// forward slashes.
	File string
	// Old is an exact snippet of File, which must occur exactly once;
	// New replaces it.
	Old, New string
	// Pkg is the package whose tests must kill the mutant (./analysis);
	// Run is the -run pattern that selects them.
	Pkg, Run string
	// Why says in one line what the mutant breaks.
	Why string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("mutants", flag.ContinueOnError)
	fset.SetOutput(stderr)
	only := fset.String("only", "", "run only the mutants whose name matches this regular expression")
	list := fset.Bool("list", false, "list the mutants and exit")
	timeout := fset.Duration("timeout", 3*time.Minute, "the longest one go test run may take (a run that takes longer counts as killing its mutant)")
	deadline := fset.Duration("deadline", 0, "stop starting mutants after this long (0: no limit); mutants not run then count as failures")
	verbose := fset.Bool("v", false, "print the output of every go test run")
	root := fset.String("root", "", "the repository root (default: the folder of go.mod above the current folder)")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(stderr, "mutants: unexpected argument %q; the flags are -only, -list, -timeout, -deadline, -v and -root\n", fset.Arg(0))
		return 2
	}
	var sel *regexp.Regexp
	if *only != "" {
		var err error
		if sel, err = regexp.Compile(*only); err != nil {
			fmt.Fprintf(stderr, "mutants: -only %q is not a regular expression: %v\n", *only, err)
			return 2
		}
	}
	mutants := selected(sel)
	if *list {
		for _, m := range mutants {
			fmt.Fprintf(stdout, "%-34s %s (go test -run '%s' %s)\n", m.Name, m.Why, m.Run, m.Pkg)
		}
		return 0
	}
	if len(mutants) == 0 {
		fmt.Fprintf(stderr, "mutants: no mutant matches -only %q\n", *only)
		return 2
	}
	if *root == "" {
		r, err := findRoot()
		if err != nil {
			fmt.Fprintf(stderr, "mutants: %v\n", err)
			return 2
		}
		*root = r
	}
	start := time.Now()
	failed := false

	// The list itself: every snippet exactly once, every name unique.
	originals := map[string][]byte{}
	names := map[string]bool{}
	for _, m := range mutants {
		if names[m.Name] {
			fmt.Fprintf(stdout, "LIST      %s: the name is used twice\n", m.Name)
			failed = true
		}
		names[m.Name] = true
		data, ok := originals[m.File]
		if !ok {
			var err error
			data, err = os.ReadFile(filepath.Join(*root, filepath.FromSlash(m.File)))
			if err != nil {
				fmt.Fprintf(stdout, "LIST      %s: %v\n", m.Name, err)
				failed = true
				continue
			}
			originals[m.File] = data
		}
		if n := bytes.Count(data, []byte(m.Old)); n != 1 || m.Old == m.New {
			fmt.Fprintf(stdout, "LIST      %s: the snippet occurs %d times in %s (want exactly once, and a replacement that differs)\n", m.Name, n, m.File)
			failed = true
		}
	}
	if failed {
		fmt.Fprintln(stdout, "mutants: the list does not match the code; fix scripts/mutants/list.go")
		return 1
	}

	scratch, err := os.MkdirTemp("", "tabulate-mutants-")
	if err != nil {
		fmt.Fprintf(stderr, "mutants: %v\n", err)
		return 1
	}
	defer os.RemoveAll(scratch)
	if err := copyTree(*root, scratch); err != nil {
		fmt.Fprintf(stderr, "mutants: copy the repository: %v\n", err)
		return 1
	}

	// The baseline: each test run named must pass on the real code and run
	// something, or a mutant "killed" by it proves nothing.
	type runKey struct{ pkg, run string }
	var keys []runKey
	seen := map[runKey]bool{}
	for _, m := range mutants {
		k := runKey{m.Pkg, m.Run}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		res := goTest(scratch, k.pkg, k.run, *timeout)
		if *verbose {
			stdout.Write(res.out)
		}
		switch {
		case res.err != nil || res.code != 0:
			fmt.Fprintf(stdout, "BASELINE  go test -run '%s' %s fails on the unmodified code (%.1fs):\n%s\n", k.run, k.pkg, res.secs, tail(res.out, 30))
			failed = true
		case bytes.Contains(res.out, []byte("[no tests to run]")):
			fmt.Fprintf(stdout, "BASELINE  go test -run '%s' %s runs no test: the pattern matches nothing\n", k.run, k.pkg)
			failed = true
		default:
			fmt.Fprintf(stdout, "baseline  go test -run '%s' %s passes (%.1fs)\n", k.run, k.pkg, res.secs)
		}
	}
	if failed {
		fmt.Fprintln(stdout, "mutants: a baseline run failed; no mutant was tried")
		return 1
	}

	counts := map[string]int{}
	for i, m := range mutants {
		if *deadline > 0 && time.Since(start) > *deadline {
			for _, r := range mutants[i:] {
				fmt.Fprintf(stdout, "NOT RUN   %s (the -deadline of %s passed)\n", r.Name, *deadline)
				counts["NOT RUN"]++
			}
			failed = true
			break
		}
		path := filepath.Join(scratch, filepath.FromSlash(m.File))
		orig := originals[m.File]
		mutated := bytes.Replace(orig, []byte(m.Old), []byte(m.New), 1)
		if err := os.WriteFile(path, mutated, 0o644); err != nil {
			fmt.Fprintf(stderr, "mutants: %v\n", err)
			return 1
		}
		res := goTest(scratch, m.Pkg, m.Run, *timeout)
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			fmt.Fprintf(stderr, "mutants: restore %s: %v\n", m.File, err)
			return 1
		}
		verdict := "KILLED"
		switch {
		case res.err != nil:
			verdict = "BROKEN"
		case res.timedOut:
			verdict = "KILLED" // the run did not finish: the tests caught it
		case isBuildFailure(res.out):
			verdict = "BROKEN"
		case res.code == 0:
			verdict = "SURVIVED"
		}
		counts[verdict]++
		if verdict != "KILLED" {
			failed = true
		}
		fmt.Fprintf(stdout, "%-9s %-34s %5.1fs  %s\n", verdict, m.Name, res.secs, m.Why)
		if verdict != "KILLED" || *verbose {
			fmt.Fprintf(stdout, "          go test -run '%s' %s, with %s changed:\n%s\n", m.Run, m.Pkg, m.File, indent(tail(res.out, 20)))
		}
	}
	fmt.Fprintf(stdout, "mutants: %d run in %s: %d killed, %d survived, %d broken, %d not run\n",
		len(mutants)-counts["NOT RUN"], time.Since(start).Round(time.Second), counts["KILLED"], counts["SURVIVED"], counts["BROKEN"], counts["NOT RUN"])
	if failed {
		return 1
	}
	return 0
}

// selected returns the mutants of the list whose name matches sel (all of
// them when sel is nil).
func selected(sel *regexp.Regexp) []Mutant {
	var out []Mutant
	for _, m := range list {
		if sel == nil || sel.MatchString(m.Name) {
			out = append(out, m)
		}
	}
	return out
}

// findRoot returns the nearest folder at or above the current one that
// holds go.mod.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod at or above the current folder; run from the repository or pass -root")
		}
		dir = parent
	}
}

// copyTree copies the regular files of the repository at src into dst,
// leaving out version control and node_modules (nothing go test reads).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); rel != "." && (name == ".git" || name == "node_modules") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, info.Mode().Perm())
	})
}

// result is one go test run.
type result struct {
	out      []byte
	code     int
	secs     float64
	timedOut bool
	err      error // the run could not start
}

// goTest runs go test -count=1 -short -run pattern pkg in dir. The test binary's
// own -timeout is the limit; a context a minute longer kills a go command
// that hangs elsewhere (in the build).
func goTest(dir, pkg, pattern string, timeout time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-short", "-timeout", timeout.String(), "-run", pattern, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TABULATE_LONG_TESTS=")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	t0 := time.Now()
	err := cmd.Run()
	res := result{out: buf.Bytes(), secs: time.Since(t0).Seconds()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		res.timedOut, res.code = true, -1
	case errors.As(err, &ee):
		res.code = ee.ExitCode()
		res.timedOut = bytes.Contains(res.out, []byte("panic: test timed out"))
	default:
		res.err = err
	}
	return res
}

// isBuildFailure reports whether go test's output says the package or its
// tests did not compile (then the mutant is malformed, not killed).
func isBuildFailure(out []byte) bool {
	return bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]"))
}

// tail returns the last n lines of out.
func tail(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// indent prefixes each line of s with ten spaces, under the verdicts.
func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = "          " + l
	}
	return strings.Join(lines, "\n")
}
