package subtraction

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestBounds calls each entry point of package subtraction with bounds out of its
// range (-1, max+1, 1<<50, math.MaxInt) and checks that each is refused
// with a *grundy.RangeError naming the engine, the argument, the value and
// the allowed range, without a panic and before any allocation (a max past
// memory would otherwise panic in makeslice or exhaust it); then that small
// bounds in range are accepted. The largest allowed bound itself is not
// run: it would take gigabytes.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	set, err := NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	primes, err := NewSet(NamePrimes, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	type call struct {
		name     string
		fn, arg  string // the engine and argument the RangeError names
		min, max int64  // the allowed range it gives
		run      func(v int64) error
	}
	calls := []call{
		{"Values", "subtraction.Values", "max", 0, ValuesMax, func(v int64) error {
			_, err := Values(ctx, set, int(v), grundy.Options{})
			return err
		}},
		{"Values squares", "subtraction.Values", "max", 0, ValuesMax, func(v int64) error {
			_, err := Values(ctx, Squares(), int(v), grundy.Options{})
			return err
		}},
		{"Losing", "subtraction.Losing", "max", 0, LosingLimit(set), func(v int64) error {
			return Losing(ctx, set, v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{"Losing primes", "subtraction.Losing", "max", 0, LosingLimit(primes), func(v int64) error {
			return Losing(ctx, primes, v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{"Losing squares", "subtraction.Losing", "max", 0, LosingLimit(Squares()), func(v int64) error {
			return Losing(ctx, Squares(), v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{"SolveSquares", "subtraction.SolveSquares", "n", 0, SquaresSolveMax, func(v int64) error {
			_, err := SolveSquares(ctx, v, grundy.Options{})
			return err
		}},
	}
	for _, c := range calls {
		for _, v := range []int64{c.min - 1, c.max + 1, 1 << 50, math.MaxInt} {
			if v >= c.min && v <= c.max {
				continue
			}
			err := noPanic(t, c.name, v, c.run)
			var re *grundy.RangeError
			if !errors.As(err, &re) {
				t.Errorf("%s(%d): got %v, want a *grundy.RangeError", c.name, v, err)
				continue
			}
			if re.Func != c.fn || re.Arg != c.arg || re.Value != v || re.Min != c.min || re.Max != c.max {
				t.Errorf("%s(%d): got %+v, want %s %s %d in %d..%d", c.name, v, *re, c.fn, c.arg, v, c.min, c.max)
			}
		}
		for _, v := range []int64{c.min, c.min + 1, c.min + 10} {
			if err := noPanic(t, c.name, v, c.run); err != nil {
				t.Errorf("%s(%d): %v, want accepted", c.name, v, err)
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
