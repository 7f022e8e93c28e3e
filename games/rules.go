package games

import (
	"context"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// Octal is the heap game of an octal code, such as 0.77 (Kayles), with the
// Guy–Smith periodicity theorem as its proof.
func Octal(code octal.Code) Heap {
	return Heap{
		Rules: "octal " + code.String(),
		Values: func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error) {
			return octal.Values(ctx, code, max, progress)
		},
		Sparse: func(ctx context.Context, max int, progress grundy.Progress) ([]int32, octal.Stats, error) {
			return octal.ValuesWithStats(ctx, code, max, progress)
		},
		Memory: func(max int) int64 { return octal.Memory(code, max) },
		Moves:  func(n int) []HeapMove { return octalMoves(code, n) },
		Prove: func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveOctal(seq, p, code.MaxRemove())
			return &proof
		},
	}
}

// Subtraction is the heap game of a subtraction set, such as {1, 3, 4} or
// the squares. A finite set's period is proven by the window argument; no
// theorem applies to an infinite set.
func Subtraction(set subtraction.Set) Heap {
	h := Heap{
		Rules: "subtraction " + set.String(),
		Values: func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error) {
			return subtraction.Values(ctx, set, max, grundy.Options{Workers: workers, Progress: progress})
		},
		Memory: func(max int) int64 { return subtraction.Memory(set, max) },
		Moves:  func(n int) []HeapMove { return subtractionMoves(set, n) },
		Losing: func(ctx context.Context, max int64, opts grundy.Options, emit func([]int64) error) error {
			return subtraction.Losing(ctx, set, max, opts, emit)
		},
		LosingMemory: func(max int64) int64 { return subtraction.LosingMemory(set, max) },
	}
	if set.Finite() {
		h.Prove = func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveSubtraction(seq, p, set.Max())
			return &proof
		}
	}
	return h
}

// Rules returns the heap game of a definition written as on the command
// line: family "octal" with a code such as "0.77", or "subtraction" with a
// set such as "1,3,4" or the name of an infinite set ("squares", "primes",
// ...). It is the model's entry for callers that sweep many rules, such as
// a census: Rules("octal", "0.77").Values(ctx, n, 1, nil) is Kayles to n.
func Rules(family, definition string) (Heap, error) {
	switch family {
	case "octal":
		code, err := octal.Parse(definition)
		if err != nil {
			return Heap{}, err
		}
		return Octal(code), nil
	case "subtraction":
		var set subtraction.Set
		var err error
		if definition != "" && (definition[0] < '0' || definition[0] > '9') {
			set, err = subtraction.NewSet(definition, nil, nil)
		} else {
			var elems []int
			for _, f := range strings.Split(definition, ",") {
				x, perr := strconv.Atoi(strings.TrimSpace(f))
				if perr != nil {
					return Heap{}, &ArgError{Arg: "subtraction set", Value: strconv.Quote(definition), Problem: "is not a list of whole numbers",
						Allowed: "elements such as 1,3,4 or a name such as squares"}
				}
				elems = append(elems, x)
			}
			set, err = subtraction.NewSet("", elems, nil)
		}
		if err != nil {
			return Heap{}, err
		}
		return Subtraction(set), nil
	}
	return Heap{}, &ArgError{Arg: "family", Value: strconv.Quote(family), Problem: "is unknown", Allowed: "octal, subtraction"}
}
