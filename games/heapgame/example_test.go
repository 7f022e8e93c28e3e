package heapgame_test

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

func ExampleHeap_PlanTo() {
	// A subtraction game's losing positions past its Grundy table: the
	// cubes' values to 1,000 and their losing positions to 10^6, the
	// latter a job of its own (the losing-position sieve).
	cubes, err := subtraction.NewSet("cubes", nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range heapgame.Subtraction(cubes).PlanTo("cubes", 1000, 1_000_000) {
		fmt.Println(j.Table)
	}
	// Output:
	// grundy
	// p_positions
}

// A game defined by its rules gives its Grundy sequence through its Heap:
// here Kayles, whose values are OEIS A002186.
func ExampleOctal() {
	code, err := octal.Parse("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	kayles := heapgame.Octal(code)
	g, err := kayles.Values(context.Background(), 12, grundy.Options{Workers: 1})
	fmt.Println(kayles.Rules, g, err)
	// Output:
	// octal 0.77 [0 1 2 3 1 4 3 2 1 4 2 6 4] <nil>
}

// The subtraction game of {1, 2} has g(n) = n mod 3 (remove one or two:
// the player to move loses exactly on multiples of 3, Winning Ways ch. 4).
// A finite set's period is proven by the window argument, so its Heap has
// a Prove.
func ExampleSubtraction() {
	set, err := subtraction.NewSet("", []int{1, 2}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := heapgame.Subtraction(set)
	g, err := h.Values(context.Background(), 9, grundy.Options{Workers: 1})
	fmt.Println(h.Rules, g, err, h.Prove != nil)
	// Output:
	// subtraction {1,2} [0 1 2 0 1 2 0 1 2 0] <nil> true
}

// A heap game answers one heap from its Grundy values. In the subtraction
// game of {1, 3, 4} g(0..7) = 0 1 0 1 2 3 2 0 (period 7, Winning Ways,
// ch. 4): a heap of 4 is worth 2 and is won by taking all 4 (leaving g(0)
// = 0), not by taking 1 or 3 (leaving g(3) = g(1) = 1).
func ExampleHeap_Answer() {
	set, err := subtraction.NewSet("", []int{1, 3, 4}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := heapgame.Subtraction(set)
	g, err := h.Values(context.Background(), 7, grundy.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int{4, 7} {
		a := h.Answer("s134", g, n, "computed")
		fmt.Println(n, *a.Grundy, a.Win, a.WinningMoves)
	}
	// Output:
	// 4 2 true [remove 4 leaving [0]]
	// 7 0 false []
}

// ParseHeaps reads a position of several heaps as tabulate solve takes it,
// each heap within the bound the caller gives.
func ExampleParseHeaps() {
	heaps, err := heapgame.ParseHeaps("grundy-game", []string{"7", "5"}, 100)
	fmt.Println(heaps, err)
	_, err = heapgame.ParseHeaps("grundy-game", []string{"7", "x"}, 100)
	fmt.Println(err != nil)
	// Output:
	// [7 5] <nil>
	// true
}

// Rules gives the heap game of a definition, for callers that sweep many:
// {1, 3, 4} has period 7 (Winning Ways, ch. 4), take-a-square's zeros are
// OEIS A030193, and 0.07 (Dawson's Kayles) is A002187 shifted by one.
func ExampleRules() {
	for _, def := range [][2]string{{"subtraction", "1,3,4"}, {"subtraction", "squares"}, {"octal", "0.07"}, {"octal", "0.8"}} {
		h, err := heapgame.Rules(def[0], def[1])
		if err != nil {
			fmt.Println(err)
			continue
		}
		g, _ := h.Values(context.Background(), 10, grundy.Options{Workers: 1})
		fmt.Println(h.Rules, g)
	}
	// Output:
	// subtraction {1,3,4} [0 1 0 1 2 3 2 0 1 0 1]
	// subtraction squares [0 1 0 1 2 0 1 0 1 2 0]
	// octal 0.07 [0 0 1 1 2 0 3 1 1 0 3]
	// octal code "0.8": character '8' at position 2 (0-based): digit 8 is past 7: it would let a move leave three heaps or more, which no octal code does; allowed: d0.d1d2... with digits 0-7 (bit i of d_k: removing k tokens may leave i heaps, i = 0..2; digits 8 and up, leaving three heaps or more, make take-and-break codes, takebreak:CODE), and exactly one point, as in "0.07" or ".07"
}
