package misere_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// The misère quotient of 0.75 over heaps up to 20: its presentation, its
// P-portion, the element of each heap, and where it stopped changing.
func ExampleQuotientOf() {
	code, err := octal.Parse("0.75")
	if err != nil {
		fmt.Println(err)
		return
	}
	q, err := misere.QuotientOf(context.Background(), misere.Octal(code), 20, misere.QuotientLimits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("order", q.Order(), q.Presentation())
	var p, heaps []string
	for _, x := range q.PPortion() {
		p = append(p, q.Name(x))
	}
	for n := 1; n <= 8; n++ {
		heaps = append(heaps, fmt.Sprintf("%d→%s", n, q.Name(q.Heap(n))))
	}
	fmt.Println("P-portion:", strings.Join(p, ", "))
	fmt.Println(strings.Join(heaps, " "))
	fmt.Println("expansions", q.Expansions(), "stable from", q.StableFrom())
	win, _ := q.Win([]int{2, 5, 7})
	fmt.Println("2+5+7 is a win for the player to move:", win)
	// Output:
	// order 8 ⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩
	// P-portion: a, b^2
	// 1→a 2→b 3→a 4→b 5→c 6→b 7→c 8→b
	// expansions [1 2 5] stable from 5
	// 2+5+7 is a win for the player to move: true
}
