package nim

import (
	"context"

	"github.com/tabulate-games/tabulate/grundy"
)

// MiserePositions is Positions under misère play, the player who makes
// the last move losing: the same multisets decided by the same exhaustive
// search, the empty position (no move) counting as won for the player to
// move. CheckBouton then checks Bouton's misère rule (MisereWinningMoves)
// on it. Bounds, errors, cost and memory are those of Positions.
func MiserePositions(ctx context.Context, maxPiles, maxPile int, opts grundy.Options) (*Table, error) {
	return positions(ctx, maxPiles, maxPile, opts, true)
}

// Misere reports whether the table is of misère play (MiserePositions).
func (t *Table) Misere() bool { return t.misere }

// MisereWinningMoves lists the winning moves of a Nim position under
// misère play by Bouton's misère rule (C. L. Bouton, "Nim, a game with a
// complete mathematical theory", Annals of Math. 3 (1902), the corollary
// on the last player losing; Winning Ways ch. 13): the player to move
// loses exactly when every pile has at most one stone and their number is
// odd, or some pile has two or more and the nim-sum is 0. As parallel
// lists, the pile (numbered from 1 in the ascending piles) and the size it
// is reduced to; both empty, not nil, for a losing position.
//
//   - no pile of two or more: with an even number of ones, removing any
//     one wins (leaving an odd number);
//   - one pile p of two or more: reduce p to 1 or 0 so that the number of
//     ones left is odd (one move; any other move leaves a big pile and a
//     nim-sum that is not 0);
//   - two or more: Bouton's normal rule, p to p XOR x when it is smaller
//     (a big pile stays, as a nim-sum of 0 needs two of them).
func MisereWinningMoves(piles []int32) (index, size []int32) {
	index, size = []int32{}, []int32{}
	var x int32
	big, ones := 0, 0
	for _, p := range piles {
		x ^= p
		switch {
		case p >= 2:
			big++
		case p == 1:
			ones++
		}
	}
	for i, p := range piles {
		switch {
		case big == 0 && ones%2 == 0 && p == 1:
			index, size = append(index, int32(i+1)), append(size, 0)
		case big == 1 && p >= 2:
			to := int32(1)
			if ones%2 == 1 {
				to = 0
			}
			index, size = append(index, int32(i+1)), append(size, to)
		case big >= 2 && p^x < p:
			index, size = append(index, int32(i+1)), append(size, p^x)
		}
	}
	return index, size
}

// boutonCount is the number of winning moves of piles under the table's
// play by Bouton's rule (normal) or misère rule.
func (t *Table) boutonCount(piles []int32) int32 {
	if t.misere {
		i, _ := MisereWinningMoves(piles)
		return int32(len(i))
	}
	var x int32
	for _, p := range piles {
		x ^= p
	}
	var n int32
	for _, p := range piles {
		if p^x < p {
			n++
		}
	}
	return n
}
