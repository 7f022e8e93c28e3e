// Package longtest gates the project's long scale tests.
//
// The plain `go test ./...` that README.md gives a new user runs the quick
// tests only (docs/testing.md gives their time on 2 cores). Tests that compare an engine with a
// plain algorithm over millions of positions take minutes more; they run
// when the environment variable TABULATE_LONG_TESTS is 1, as CI (.ci/run)
// sets it:
//
//	TABULATE_LONG_TESTS=1 go test ./...
//
// An environment variable rather than -short: README runs plain `go test`,
// whose default is the long mode of -short; and rather than a build tag, so
// that the long tests are always compiled and vetted.
//
// A package whose tests already have a -short form for their heavy cases
// (smaller bounds, fewer modes) runs that form in quick mode by calling
// Main from its TestMain: without TABULATE_LONG_TESTS=1 its tests see
// testing.Short() true, with it they run in full (an explicit -short still
// asks for the short form).
package longtest

import (
	"flag"
	"os"
	"testing"
)

// Var is the environment variable that turns the long tests on.
const Var = "TABULATE_LONG_TESTS"

// Enabled reports whether the long tests run: TABULATE_LONG_TESTS is 1.
func Enabled() bool {
	return os.Getenv(Var) == "1"
}

// Skip skips t unless the long tests are enabled, saying what the test
// does (why it is long) and how to run it.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("%s; a long test: run with %s=1", what, Var)
	}
}

// Main runs the tests of m and exits with their status, as a TestMain
// does, with -short set unless the long tests are enabled: the quick mode
// of a package whose heavy cases test testing.Short().
func Main(m *testing.M) {
	os.Exit(run(m))
}

// run is Main without the exit, for the test of Main.
func run(m interface{ Run() int }) int {
	flag.Parse()
	if !Enabled() {
		if err := flag.Set("test.short", "true"); err != nil {
			panic("longtest: " + err.Error())
		}
	}
	return m.Run()
}
