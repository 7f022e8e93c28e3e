// Package boundstest is the shared part of the engines' bounds tests: each
// entry point of an engine is called with bounds out of its documented
// range and must refuse them with a *grundy.RangeError naming the engine,
// the argument, the value and the allowed range, without a panic and before
// anything is allocated (a bound past memory would otherwise panic in
// makeslice or exhaust it); small bounds in range must be accepted. The
// expected range is the engine's documented constant (such as
// octal.ValuesMax), written by the test, not read from the error.
package boundstest

import (
	"errors"
	"math"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// Call is one entry point of an engine with one bound varied.
type Call struct {
	Name     string // how the test names the call, such as "Values"
	Func     string // the engine the RangeError names, such as "octal.Values"
	Arg      string // the argument it names, such as "max"
	Min, Max int64  // the allowed range it gives
	// Run calls the entry point with the bound set to v and the other
	// arguments small and valid.
	Run func(v int64) error
}

// Check runs each call with the bounds -1, Min-1, Max+1, 1<<50 and
// math.MaxInt where they are out of range, wanting the *grundy.RangeError of
// the call, and with Min, Min+1 and Min+10, wanting no error. The largest
// allowed bound itself is not run: it would take gigabytes.
func Check(t *testing.T, calls []Call) {
	t.Helper()
	for _, c := range calls {
		for _, v := range []int64{-1, c.Min - 1, c.Max + 1, 1 << 50, math.MaxInt} {
			if v >= c.Min && v <= c.Max {
				continue
			}
			err := noPanic(t, c.Name, v, c.Run)
			var re *grundy.RangeError
			if !errors.As(err, &re) {
				t.Errorf("%s(%d): got %v, want a *grundy.RangeError", c.Name, v, err)
				continue
			}
			if re.Func != c.Func || re.Arg != c.Arg || re.Value != v || re.Min != c.Min || re.Max != c.Max {
				t.Errorf("%s(%d): got %+v, want %s %s %d in %d..%d", c.Name, v, *re, c.Func, c.Arg, v, c.Min, c.Max)
			}
		}
		for _, v := range []int64{c.Min, c.Min + 1, c.Min + 10} {
			if err := noPanic(t, c.Name, v, c.Run); err != nil {
				t.Errorf("%s(%d): %v, want accepted", c.Name, v, err)
			}
		}
	}
}

// noPanic runs run(v), turning a panic into a test failure.
func noPanic(t *testing.T, name string, v int64, run func(int64) error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s(%d) panicked: %v", name, v, r)
			err = nil
		}
	}()
	return run(v)
}
