package census

import (
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
// takebreak, allbut.
func familiesOf(c configs.Census) ([]family, error) {
	var out []family
	if c.Subtraction.MaxElement > 0 {
		out = append(out, family{subtractionKind, SubtractionGames(c.Subtraction), c.Subtraction.Max,
			struct {
				configs.CensusSubtraction
				Seconds float64
			}{c.Subtraction, c.MaxSecondsPerGame}})
	}
	if c.Octal.Digits > 0 {
		games, err := OctalGames(c.Octal)
		if err != nil {
			return nil, err
		}
		key := c.Octal
		key.Prefixes = slices.Sorted(slices.Values(key.Prefixes))
		out = append(out, family{octalKind, games, c.Octal.Max,
			struct {
				configs.CensusOctal
				Seconds float64
			}{key, c.MaxSecondsPerGame}})
	}
	if c.Takebreak.Digits > 0 {
		games, err := TakebreakGames(c.Takebreak)
		if err != nil {
			return nil, err
		}
		out = append(out, family{takebreakKind, games, c.Takebreak.Max,
			struct {
				configs.CensusTakebreak
				Seconds float64
			}{c.Takebreak, c.MaxSecondsPerGame}})
	}
	if c.AllBut.MaxElement > 0 {
		out = append(out, family{allButKind, AllButGames(c.AllBut), c.AllBut.Max,
			struct {
				configs.CensusAllBut
				Seconds float64
			}{c.AllBut, c.MaxSecondsPerGame}})
	}
	return out, nil
}
