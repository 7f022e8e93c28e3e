package census

import (
	"context"
	"slices"

	"github.com/tabulate-games/tabulate/configs"
)

// family is one family a census computes: its kind, its games in table
// order, how many values each is computed to, and its configuration (the
// key of its journal and the bounds in its tables' metadata).
type family struct {
	kind
	games  []Game
	max    int
	config any
}

// familiesOf returns the families of the census c (with its defaults
// filled in), in the order a run computes them: subtraction, octal,
// takebreak, allbut. Listing 2^24 subtraction sets takes seconds: ctx stops it.
func familiesOf(ctx context.Context, c configs.Census) ([]family, error) {
	out := familySpecs(c)
	for i := range out {
		var err error
		switch out[i].kind.name {
		case Subtraction:
			out[i].games, err = subtractionGames(ctx, c.Subtraction)
		case Octal:
			out[i].games, err = octalGames(c.Octal)
		case Takebreak:
			out[i].games, err = takebreakGames(c.Takebreak)
		case AllBut:
			out[i].games, err = allButGames(ctx, c.AllBut)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// familySpecs returns the families of the census c without their games:
// kind, max and configuration, in the order a run computes them.
func familySpecs(c configs.Census) []family {
	var out []family
	if c.Subtraction.MaxElement > 0 {
		out = append(out, family{kind: subtractionKind, max: c.Subtraction.Max, config: struct {
			configs.CensusSubtraction
			Seconds float64
		}{c.Subtraction, c.MaxSecondsPerGame}})
	}
	if c.Octal.Digits > 0 {
		key := c.Octal
		key.Prefixes = slices.Sorted(slices.Values(key.Prefixes))
		out = append(out, family{kind: octalKind, max: c.Octal.Max, config: struct {
			configs.CensusOctal
			Seconds float64
		}{key, c.MaxSecondsPerGame}})
	}
	if c.Takebreak.Digits > 0 {
		out = append(out, family{kind: takebreakKind, max: c.Takebreak.Max, config: struct {
			configs.CensusTakebreak
			Seconds float64
		}{c.Takebreak, c.MaxSecondsPerGame}})
	}
	if c.AllBut.MaxElement > 0 {
		out = append(out, family{kind: allButKind, max: c.AllBut.Max, config: struct {
			configs.CensusAllBut
			Seconds float64
		}{c.AllBut, c.MaxSecondsPerGame}})
	}
	return out
}
