package census

import (
	"slices"

	"github.com/tabulate-games/tabulate/configs"
)

// Games lists every game of the census c in the order a run computes
// them: the subtraction family (when asked for), then the octal family, each
// sorted as its table is. A shard of a census (tabulate run --shard) picks
// its games from this list.
func Games(c configs.Census) ([]Game, error) {
	c = c.Effective()
	var list []Game
	if c.Subtraction.MaxElement > 0 {
		list = append(list, SubtractionGames(c.Subtraction)...)
	}
	if c.Octal.Digits > 0 {
		octal, err := OctalGames(c.Octal)
		if err != nil {
			return nil, err
		}
		list = append(list, octal...)
	}
	return list, nil
}

// Groups splits games (as Games lists them) into the groups a census
// computes with one run of the engine each: octal codes that reduce to the
// same code (equiv.go), every other game alone. Groups keep the order of
// their first game, and games their order. A shard of a census should take
// whole groups: a group split over shards is computed once in each.
func Groups(games []Game) [][]Game {
	grs := groups(games)
	out := make([][]Game, len(grs))
	for i, gr := range grs {
		out[i] = gr.members
	}
	return out
}

// Cost estimates the relative work of computing g, to balance the shards of
// a census (shard.Assign). Reason: one value g(n) of a subtraction game
// costs one look-up per element of the set; one of an octal game costs one
// look-up per removal it allows, and a removal that may split the heap in
// two costs about n/2 XORs more (the plain rule; the engines' sparse-space
// tricks lower it, but not for every code). How many values a game needs
// before its proof is not known in advance, so each game is charged the
// same count; the estimate only has to rank games, and the balancing is
// deterministic whatever it says. Cost: a few operations per game.
func Cost(g Game) float64 {
	if g.Family != Octal {
		return float64(len(g.Set))
	}
	cost := 0.0
	for k := 0; k <= g.Code.MaxRemove(); k++ {
		d := g.Code.Digit(k)
		if d == 0 {
			continue
		}
		cost++
		if d&4 != 0 {
			cost += 64 // splits into two heaps: a loop over the split points
		}
	}
	return max(cost, 1)
}

// selected keeps the games of a family that opts.Select keeps (all when it
// is nil).
func (o Options) selected(games []Game) []Game {
	if o.Select == nil {
		return games
	}
	return slices.DeleteFunc(slices.Clone(games), func(g Game) bool { return !o.Select(g) })
}
