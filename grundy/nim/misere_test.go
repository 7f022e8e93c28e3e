package nim

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// misereLoses decides a Nim position under misère play by plain recursion
// over the literal moves (lower one pile by at least one stone), sharing
// nothing with the engine: a position without moves (no stones) is won by
// the player to move.
func misereLoses(memo map[string]bool, piles []int32) bool {
	pos := slices.DeleteFunc(slices.Clone(piles), func(p int32) bool { return p == 0 })
	slices.Sort(pos)
	key := fmt.Sprint(pos)
	if v, ok := memo[key]; ok {
		return v
	}
	lose := len(pos) > 0
	for i := range pos {
		for s := int32(0); s < pos[i] && lose; s++ {
			next := slices.Clone(pos)
			next[i] = s
			if misereLoses(memo, next) {
				lose = false
			}
		}
	}
	memo[key] = lose
	return lose
}

// MiserePositions and MisereWinningMoves against the plain recursion,
// every position of up to four piles of up to 20 (10,625 positions): the
// search's outcome and count of winning moves, Bouton's misère rule's
// moves (exactly the moves to a loss, pile by pile), and CheckBouton on
// the misère table.
func TestMiserePositions(t *testing.T) {
	table, err := MiserePositions(context.Background(), 4, 20, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !table.Misere() {
		t.Fatal("MiserePositions: Misere() is false")
	}
	if err := table.CheckBouton(); err != nil {
		t.Fatal(err)
	}
	memo := map[string]bool{}
	rows := 0
	err = table.Each(context.Background(), 1000, func(ps []Position) error {
		for _, p := range ps {
			rows++
			var want []string
			for i, pile := range p.Piles {
				for s := int32(0); s < pile; s++ {
					next := slices.Clone(p.Piles)
					next[i] = s
					if misereLoses(memo, next) {
						want = append(want, fmt.Sprint(i+1, s))
					}
				}
			}
			if p.Win != !misereLoses(memo, p.Piles) || p.WinningMoves != int32(len(want)) {
				return fmt.Errorf("%v: search win %v with %d moves, the recursion %v with %d", p.Piles, p.Win, p.WinningMoves, !misereLoses(memo, p.Piles), len(want))
			}
			idx, size := MisereWinningMoves(p.Piles)
			var got []string
			for k := range idx {
				got = append(got, fmt.Sprint(idx[k], size[k]))
			}
			if !slices.Equal(got, want) {
				return fmt.Errorf("%v: Bouton's misère rule gives %v, the recursion %v", p.Piles, got, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := PositionCount(4, 20); int64(rows) != want {
		t.Errorf("%d positions, want %d", rows, want)
	}
	// The normal table of the same bounds is not the misère one: [1] is
	// a normal win and a misère loss.
	normal, err := Positions(context.Background(), 4, 20, grundy.Options{})
	if err != nil || normal.Misere() || normal.CheckBouton() != nil {
		t.Fatalf("Positions: %v, misere %v", err, normal.Misere())
	}
}
