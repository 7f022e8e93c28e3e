package misere

import (
	"fmt"
	"slices"

	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// Game is a one-heap take-and-break game given by its options: a position
// is a multiset of heaps, a move replaces one heap by one of its options,
// and an option is itself a multiset of smaller heaps (none, one or
// several). Octal games, subtraction games and Nim are Games (Octal,
// Subtraction, Nim); any other rule with heaps that only shrink can be one.
type Game interface {
	// Name names the rule for messages, as in "0.77" or "subtraction {1,3,4}".
	Name() string
	// Options returns the options of a heap of n >= 1, each an ascending
	// slice of heap sizes in 1..n-1 (an empty slice is the move that leaves
	// nothing). Options may repeat; the caller removes duplicates. The
	// caller does not modify the slices.
	Options(n int) [][]int
}

// octalGame is the Game of an octal code.
type octalGame struct {
	code octal.Code
	t    int // MaxRemove: the most tokens a move removes
}

// Octal returns the Game of an octal code (octal.Parse), with the moves of
// Winning Ways, ch. 4: digit d_k allows removing k tokens leaving nothing
// (bit 1), one heap (bit 2) or two non-empty heaps (bit 4). A heap of n has
// O(n) options, each listed once.
func Octal(code octal.Code) Game {
	return &octalGame{code: code, t: code.MaxRemove()}
}

func (g *octalGame) Name() string { return g.code.String() }

func (g *octalGame) phiWindow() PhiWindow { return digitsWindow(g.t, g.code.Digit) }

func (g *octalGame) Options(n int) [][]int {
	var opts [][]int
	for k := 0; k <= g.t && k <= n; k++ {
		d := g.code.Digit(k)
		if d&1 != 0 && k >= 1 && n == k {
			opts = append(opts, []int{})
		}
		if d&2 != 0 && k >= 1 && n > k {
			opts = append(opts, []int{n - k})
		}
		if d&4 != 0 {
			for a := 1; a <= (n-k)/2; a++ {
				opts = append(opts, []int{a, n - k - a})
			}
		}
	}
	return opts
}

// subtractionGame is the Game of a subtraction set.
type subtractionGame struct {
	set  subtraction.Set
	name string
}

// Subtraction returns the Game of a subtraction set (subtraction.NewSet or
// subtraction.Squares): take s tokens from a heap, s in the set. A heap of n
// has one option per element up to n.
func Subtraction(set subtraction.Set) Game {
	return &subtractionGame{set: set, name: "subtraction " + set.String()}
}

func (g *subtractionGame) Name() string { return g.name }

// phiWindow: a finite set is the octal code with digit 3 at its members.
func (g *subtractionGame) phiWindow() PhiWindow {
	if !g.set.Finite() || g.set.Max() < 1 {
		return PhiWindow{}
	}
	return PhiWindow{K: g.set.Max(), A: 2, OK: true}
}

func (g *subtractionGame) Options(n int) [][]int {
	var opts [][]int
	for _, s := range g.set.Members(n) {
		if s == n {
			opts = append(opts, []int{})
		} else {
			opts = append(opts, []int{n - s})
		}
	}
	return opts
}

// nimGame is Nim.
type nimGame struct{}

// Nim returns Nim as a Game: a heap of n may be reduced to any smaller
// size, 0 included.
func Nim() Game { return nimGame{} }

func (nimGame) Name() string { return "nim" }

func (nimGame) Options(n int) [][]int {
	opts := make([][]int, 0, n)
	opts = append(opts, []int{})
	for m := 1; m < n; m++ {
		opts = append(opts, []int{m})
	}
	return opts
}

// RuleError is a Game whose options break the contract of Game: an option
// holding a heap that is not in 1..n-1, or not in ascending order.
type RuleError struct {
	Game   string // Game.Name
	Heap   int    // the heap whose option is wrong
	Option []int  // the option as given
}

// Error reads like "misere: game \"x\": option [3 5] of heap 5: the heaps
// of an option must be ascending and smaller than the heap (1 to 4)".
func (e *RuleError) Error() string {
	return fmt.Sprintf("misere: game %q: option %v of heap %d: the heaps of an option must be ascending and smaller than the heap (1 to %d)", e.Game, e.Option, e.Heap, e.Heap-1)
}

// heapOptions returns the distinct options of heap n, checked against the
// contract of Game.
func heapOptions(g Game, n int) ([][]int, error) {
	raw := g.Options(n)
	out := make([][]int, 0, len(raw))
	for _, o := range raw {
		if !slices.IsSorted(o) || (len(o) > 0 && (o[0] < 1 || o[len(o)-1] >= n)) {
			return nil, &RuleError{Game: g.Name(), Heap: n, Option: slices.Clone(o)}
		}
		out = append(out, o)
	}
	slices.SortFunc(out, slices.Compare)
	out = slices.CompactFunc(out, slices.Equal)
	return out, nil
}

// takebreakGame is the Game of a hexadecimal take-and-break code.
type takebreakGame struct {
	code takebreak.Code
}

// TakeBreak returns the Game of a take-and-break code (takebreak.Parse):
// digit d_k allows removing k tokens leaving nothing (bit 1), one heap
// (bit 2), two non-empty heaps (bit 4) or three (bit 8), each unordered
// split listed once. An octal code gives the options Octal gives.
func TakeBreak(code takebreak.Code) Game { return takebreakGame{code} }

func (g takebreakGame) Name() string { return g.code.String() }

func (g takebreakGame) phiWindow() PhiWindow { return digitsWindow(g.code.MaxRemove(), g.code.Digit) }

func (g takebreakGame) Options(n int) [][]int {
	var opts [][]int
	for k := 0; k <= min(g.code.MaxRemove(), n); k++ {
		d, s := g.code.Digit(k), n-k
		if d&1 != 0 && k >= 1 && s == 0 {
			opts = append(opts, []int{})
		}
		if d&2 != 0 && k >= 1 && s >= 1 {
			opts = append(opts, []int{s})
		}
		if d&4 != 0 {
			for a := 1; a <= s/2; a++ {
				opts = append(opts, []int{a, s - a})
			}
		}
		if d&8 != 0 {
			for a := 1; 3*a <= s; a++ {
				for b := a; a+2*b <= s; b++ {
					opts = append(opts, []int{a, b, s - a - b})
				}
			}
		}
	}
	return opts
}
