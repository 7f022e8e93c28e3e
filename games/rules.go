package games

import (
	"context"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
)

// Octal is the heap game of an octal code, such as 0.77 (Kayles), with the
// Guy–Smith periodicity theorem as its proof.
func Octal(code grundy.OctalCode) Heap {
	return Heap{
		Rules: "octal " + code.String(),
		Values: func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error) {
			return grundy.OctalGrundy(ctx, code, max, progress)
		},
		Memory: func(max int) int64 { return grundy.OctalGrundyMemory(code, max) },
		Prove: func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveOctal(seq, p, code.MaxRemove())
			return &proof
		},
	}
}

// Subtraction is the heap game of a subtraction set, such as {1, 3, 4} or
// the squares. A finite set's period is proven by the window argument; no
// theorem applies to an infinite set.
func Subtraction(set grundy.SubtractionSet) Heap {
	h := Heap{
		Rules: "subtraction " + set.String(),
		Values: func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error) {
			return grundy.SubtractionGrundy(ctx, set, max, workers, progress)
		},
		Memory: func(max int) int64 { return grundy.SubtractionGrundyMemory(set, max) },
	}
	if set.Finite() {
		h.Prove = func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveSubtraction(seq, p, set.Max())
			return &proof
		}
	}
	return h
}
