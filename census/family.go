package census

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// The families a census can hold; each is also the name of its table.
const (
	Octal       = "octal"
	Subtraction = "subtraction"
)

// Game is one game of a family: an octal code or a finite subtraction set.
type Game struct {
	Family string
	Code   octal.Code // for Octal
	Set    []int      // for Subtraction: ascending elements
}

// Name returns the game as the tables write it: the canonical code ("0.77",
// "4.0") or the set ("{1,3,4}").
func (g Game) Name() string {
	if g.Family == Octal {
		return g.Code.String()
	}
	parts := make([]string, len(g.Set))
	for i, x := range g.Set {
		parts[i] = strconv.Itoa(x)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// fileKey returns a name for the game's journal file.
func (g Game) fileKey() string {
	if g.Family == Octal {
		return g.Code.String()
	}
	parts := make([]string, len(g.Set))
	for i, x := range g.Set {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, "-")
}

// compare orders games as the tables list them: codes as strings, sets as
// lists of integers.
func (g Game) compare(h Game) int {
	if g.Family == Octal {
		return cmp.Compare(g.Code.String(), h.Code.String())
	}
	return slices.Compare(g.Set, h.Set)
}

// computedAs returns the game whose engine run gives the values of g: for
// an octal code the code it reduces to (equiv.go), which has the same values
// at every heap; otherwise g itself.
func (g Game) computedAs() Game {
	if g.Family == Octal {
		return Game{Family: Octal, Code: reduced(g.Code)}
	}
	return g
}

// maxRemove is the t of the octal periodicity theorem, or the largest
// element k of a subtraction set.
func (g Game) maxRemove() int {
	if g.Family == Octal {
		return g.Code.MaxRemove()
	}
	return g.Set[len(g.Set)-1]
}

// needed returns how many values prove period p from n0 (the window of the
// theorem that applies).
func (g Game) needed(p, n0 int) int {
	if g.Family == Octal {
		return analysis.OctalNeeded(p, n0, g.maxRemove())
	}
	return analysis.SubtractionNeeded(p, n0, g.maxRemove())
}

// prove checks the proof of p on seq with the analysis package.
func (g Game) prove(seq []int32, p analysis.Period) analysis.Proof {
	if g.Family == Octal {
		return analysis.ProveOctal(seq, p, g.maxRemove())
	}
	return analysis.ProveSubtraction(seq, p, g.maxRemove())
}

// values returns g(0), ..., g(n-1).
func (g Game) values(ctx context.Context, n int) ([]int32, error) {
	if g.Family == Octal {
		return octalValues(ctx, g.Code, n)
	}
	return subtractionValues(ctx, g.Set, n)
}

// octalValues is the census's one call to the octal engine (the engine may
// be renamed; only this line then changes).
func octalValues(ctx context.Context, c octal.Code, n int) ([]int32, error) {
	return octal.Values(ctx, c, n-1, grundy.Options{})
}

// subtractionValues is the census's one call to the subtraction engine. One
// worker: the census runs games side by side instead.
func subtractionValues(ctx context.Context, set []int, n int) ([]int32, error) {
	s, err := subtraction.NewSet("", set, nil)
	if err != nil {
		return nil, err
	}
	return subtraction.Values(ctx, s, n-1, grundy.Options{Workers: 1})
}

// OctalGames lists the codes of an octal census, sorted: every code
// d0.d1...dk with d0 in {0, 4}, 0 <= k <= digits, each digit 0..7 and the
// last one (d0 when k = 0) non-zero, whose canonical form starts with one of
// prefixes. Prefixes "0" and "4" with digits 3 give the 1,023 codes
// 0.d1d2d3 and 4.d1d2d3 of Flammenkamp's table: 511 of each form and 4.0.
func OctalGames(c configs.CensusOctal) ([]Game, error) {
	c = configs.Census{Octal: c}.Effective().Octal
	var games []Game
	var walk func(prefix string, k int) error
	walk = func(code string, k int) error {
		if code[len(code)-1] != '0' || k == 0 && code[0] != '0' {
			name := code
			if k == 0 {
				name += ".0"
			}
			for _, p := range c.Prefixes {
				if strings.HasPrefix(name, p) {
					oc, err := octal.Parse(name)
					if err != nil {
						return fmt.Errorf("census: octal code %s: %w", name, err)
					}
					games = append(games, Game{Family: Octal, Code: oc})
					break
				}
			}
		}
		if k == c.Digits {
			return nil
		}
		if k == 0 {
			code += "."
		}
		for d := '0'; d <= '7'; d++ {
			if err := walk(code+string(d), k+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, d0 := range []string{"0", "4"} {
		if err := walk(d0, 0); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(games, Game.compare)
	return games, nil
}

// SubtractionGames lists the sets of a subtraction census, sorted as lists:
// every S of {1..max_element} with 1 <= |S| <= max_size.
func SubtractionGames(c configs.CensusSubtraction) []Game {
	c = configs.Census{Subtraction: c}.Effective().Subtraction
	var games []Game
	var set []int
	var walk func(next int)
	walk = func(next int) {
		if len(set) > 0 {
			games = append(games, Game{Family: Subtraction, Set: slices.Clone(set)})
		}
		if len(set) == c.MaxSize {
			return
		}
		for x := next; x <= c.MaxElement; x++ {
			set = append(set, x)
			walk(x + 1)
			set = set[:len(set)-1]
		}
	}
	walk(1)
	slices.SortFunc(games, Game.compare)
	return games
}
