package census

import (
	"context"

	"github.com/tabulate-games/tabulate/configs"
)

// Games lists every game of the census c in the order a run computes
// them: the subtraction family (when asked for), then the octal family, each
// sorted as its table is. tabulate merge checks that the shards' records
// list each of them once.
func Games(c configs.Census) ([]Game, error) {
	fams, err := familiesOf(context.Background(), c.Effective())
	if err != nil {
		return nil, err
	}
	var list []Game
	for _, f := range fams {
		list = append(list, f.games...)
	}
	return list, nil
}

// Groups splits games (as Games lists them) into the groups a census
// computes with one run of the engine each: octal codes that reduce to the
// same code (equiv.go), every other game alone. Groups keep the order of
// their first game, and games their order. A shard of a census takes
// whole groups: its plan deals the census's jobs, one a group of each
// family (pipeline.Plan.Shard, by Cost of the group's first game).
func Groups(games []Game) [][]Game {
	grs := groups(games)
	out := make([][]Game, len(grs))
	for i, gr := range grs {
		out[i] = gr.members
	}
	return out
}

// costHeap is the heap whose moves Cost counts.
const costHeap = 130

// Cost estimates the relative work of computing g, to balance the shards of
// a census (games.Shard.Cost of its group's job, shard.Assign): the number of moves from a heap of 130 (at least
// 1). Reason: a value g(n) costs one look-up per option; a subtraction set
// has one option per element, an octal code one per removal that leaves
// one heap and about n/2 per removal that may split the heap in two (64 at
// heap 130), a hexadecimal code about n^2/12 more per removal that leaves
// three heaps (the plain rule; the engines' tricks lower it, but not for
// every code). How many values a game needs before its proof is not known
// in advance, so each game is charged at one heap; the estimate only has
// to rank games, and the balancing is deterministic whatever it says.
// Cost: listing the moves of one heap per game.
func Cost(g Game) float64 {
	if g.Heap.Moves == nil {
		return 1
	}
	return float64(max(len(g.Heap.Moves(costHeap)), 1))
}
