package configs

import (
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"

	"go.yaml.in/yaml/v3"
)

// Rules returns the subtraction set the entry describes.
func (g SubtractionGame) Rules() (subtraction.Set, error) {
	return subtraction.NewSet(g.Set.Name, g.Set.Elements, g.AllBut)
}

// Rules returns the octal code the entry describes.
func (g OctalGame) Rules() (octal.Code, error) {
	return octal.Parse(g.Code)
}

// Jobs plans the game's tables (the set is checked by Validate).
func (g SubtractionGame) Jobs(game string, workers int) []games.Job {
	set, _ := g.Rules()
	return games.Subtraction(set).JobsTo(game, g.Max, g.LosingMax)
}

// Jobs plans the game's tables (the code is checked by Validate).
func (g OctalGame) Jobs(game string, workers int) []games.Job {
	code, _ := g.Rules()
	return games.Octal(code).Jobs(game, g.Max)
}

// UnmarshalYAML reads a set written as a name (squares) or a list ([1, 3, 4]).
func (s *SetSpec) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() != "!!str" {
			break
		}
		*s = SetSpec{Name: n.Value}
		return nil
	case yaml.SequenceNode:
		elems, err := WholeNumbers(n) // strictly: [1.5] is not [1]
		if err != nil {
			err.Allowed = "a list of positive whole numbers such as [1, 3, 4]"
			return err
		}
		*s = SetSpec{Elements: elems}
		return nil
	}
	return &Error{Value: describe(n), Problem: "is not a subtraction set",
		Allowed: "a list of positive whole numbers such as [1, 3, 4], or one of squares, cubes, triangular, primes, powers-of-two, fibonacci"}
}

// Heap returns the game defined by rules under name, with the largest heap
// the configuration tabulates; false when no such game is defined.
func (c *Config) Heap(name string) (games.Heap, int, bool) {
	if g, ok := c.Octal[name]; ok {
		code, err := g.Rules()
		if err == nil {
			return games.Octal(code), g.Max, true
		}
	}
	if g, ok := c.Subtraction[name]; ok {
		set, err := g.Rules()
		if err == nil {
			return games.Subtraction(set), g.Max, true
		}
	}
	return games.Heap{}, 0, false
}
