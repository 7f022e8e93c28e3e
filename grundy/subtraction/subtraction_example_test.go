package subtraction_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// The subtraction game of {1, 3, 4} has the values 0 1 0 1 2 3 2 repeated
// with period 7 from n = 0 (Winning Ways, ch. 4); take-a-square's are in
// ExampleValues_squares; the odd primes up to 20 are 3, 5, 7, 11, 13, 17,
// 19.
func ExampleValues() {
	ctx := context.Background()
	s, err := subtraction.NewSet("", []int{4, 1, 3}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := subtraction.Values(ctx, s, 100, grundy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := analysis.FindPeriod(g)
	fmt.Println(s, g[:14])
	fmt.Println(p)
	fmt.Println("proven:", analysis.ProveSubtraction(g, p, s.Max()).Proven)

	// Take-a-square is the subtraction game of the squares.
	sq, _ := subtraction.NewSet("squares", nil, nil)
	g, _ = subtraction.Values(ctx, sq, 12, grundy.Options{})
	fmt.Println(sq, g)
	odd, _ := subtraction.NewSet("primes", nil, []int{2})
	fmt.Println(odd, odd.Members(20))
	// Output:
	// {1,3,4} [0 1 0 1 2 3 2 0 1 0 1 2 3 2]
	// period 7 from n = 0 (purely periodic; 101 values checked)
	// proven: true
	// squares [0 1 0 1 2 0 1 0 1 2 0 1 0]
	// primes except {2} [3 5 7 11 13 17 19]
}

func ExampleNewSet() {
	for _, tc := range []struct {
		name   string
		finite []int
	}{
		{"sqares", nil},
		{"", []int{1, 3, 1}},
		{"", []int{2, 0}},
	} {
		_, err := subtraction.NewSet(tc.name, tc.finite, nil)
		fmt.Println(err)
	}
	// Output:
	// subtraction set: unknown name "sqares"; the names are squares, cubes, triangular, primes, powers-of-two, fibonacci, naturals
	// subtraction set: element 1 appears twice (indices 0 and 2)
	// subtraction set: element 0 (index 1) is not a positive integer
}

// Memory is what a planner checks before a run. A set of three members
// takes the direct loop, whose working set is the result (4 bytes a value),
// the members (8 bytes each) and 4 KiB: 10^6 heaps of {1, 3, 4} need
// 4·(10^6+1) + 3·8 + 4096 = 4004124 bytes.
func ExampleMemory() {
	s, err := subtraction.NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(subtraction.Memory(s, 1_000_000))
	// Output:
	// 4004124
}
