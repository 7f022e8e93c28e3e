package subtraction

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
)

// TestBounds calls each entry point of package subtraction with bounds out of its
// range and a few in it (boundstest.Check): out of range is a
// *grundy.RangeError with the documented range, never a panic.
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
	boundstest.Check(t, []boundstest.Call{
		{Name: "Values", Func: "subtraction.Values", Arg: "max", Min: 0, Max: ValuesMax, Run: func(v int64) error {
			_, err := Values(ctx, set, int(v), grundy.Options{})
			return err
		}},
		{Name: "Values squares", Func: "subtraction.Values", Arg: "max", Min: 0, Max: ValuesMax, Run: func(v int64) error {
			_, err := Values(ctx, Squares(), int(v), grundy.Options{})
			return err
		}},
		{Name: "Losing", Func: "subtraction.Losing", Arg: "max", Min: 0, Max: LosingLimit(set), Run: func(v int64) error {
			return Losing(ctx, set, v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{Name: "Losing primes", Func: "subtraction.Losing", Arg: "max", Min: 0, Max: LosingLimit(primes), Run: func(v int64) error {
			return Losing(ctx, primes, v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{Name: "Losing squares", Func: "subtraction.Losing", Arg: "max", Min: 0, Max: LosingLimit(Squares()), Run: func(v int64) error {
			return Losing(ctx, Squares(), v, grundy.Options{}, func([]int64) error { return nil })
		}},
		{Name: "SolveSquares", Func: "subtraction.SolveSquares", Arg: "n", Min: 0, Max: SquaresSolveMax, Run: func(v int64) error {
			_, err := SolveSquares(ctx, v, grundy.Options{})
			return err
		}},
	})
}

// TestLosingLimitByMemory pins the squares' limit of Losing between what
// the model needs and what memory allows: take-a-square's win_max reaches
// 10^12 (catalogue.LosingMaxLimit), and 2^50 would need about 2^35 cursors of
// 12 bytes (n^0.7 losing positions, A030193's growth), 384 GiB, so it is
// refused. A finite set keeps cursors only within max(S) of the sieve's
// segment, so it keeps LosingMax.
func TestLosingLimitByMemory(t *testing.T) {
	if got := LosingLimit(Squares()); got < 1_000_000_000_000 || got >= 1<<50 {
		t.Errorf("LosingLimit(squares) = %d, want in 10^12..2^50", got)
	}
	set, err := NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := LosingLimit(set); got != LosingMax {
		t.Errorf("LosingLimit({1,3,4}) = %d, want LosingMax %d", got, int64(LosingMax))
	}
}
