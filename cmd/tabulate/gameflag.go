package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
)

// gameSpecs is the --game flag of tabulate run, which may be repeated:
// games written FAMILY:RULES (octal:0.77, subtraction:1,3,4,
// subtraction:all-but:3,5,7,10), tabulated without a configuration file.
type gameSpecs []string

func (g *gameSpecs) String() string { return strings.Join(*g, " ") }

func (g *gameSpecs) Set(s string) error {
	*g = append(*g, s)
	return nil
}

// gameFlag adds --game to fs.
func gameFlag(fs *flag.FlagSet) *gameSpecs {
	g := &gameSpecs{}
	fs.Var(g, "game", "tabulate the game `FAMILY:RULES` (octal:0.77, subtraction:1,3,4, subtraction:all-but:3,5,7,10); repeatable; the run then computes these games (and those --only names)")
	return g
}

// addGames defines in cfg each game of --game, under games.SpecName(spec)
// in its family, to --max, and selects them: the run computes them and,
// when --only is given, the games it names. --max without --game is a
// usage error.
func (rf *runFlags) addGames(cfg *configs.Config, set map[string]bool, flagKey map[string]string) error {
	specs := *rf.specs
	if len(specs) == 0 {
		if set["max"] {
			return &UsageError{Msg: "--max applies to the games of --game, and none is given", Hint: "tabulate run --game octal:0.77 --max 10000; see tabulate run --help"}
		}
		return nil
	}
	var names []string
	for _, spec := range specs {
		family, m, err := games.ParseSpec(spec)
		if err != nil {
			return &UsageError{Msg: "--game: " + err.Error(), Hint: "see tabulate run --help"}
		}
		// The member's max, by its JSON key, as a manifest records it:
		// every family's members take "max".
		if err := json.Unmarshal(fmt.Appendf(nil, `{"max":%d}`, *rf.max), m); err != nil {
			return &UsageError{Msg: fmt.Sprintf("--game %s: %v", spec, err), Hint: "see tabulate run --help"}
		}
		if err := m.Check(); err != nil {
			return &UsageError{Msg: fmt.Sprintf("--max %d for %s: %v", *rf.max, spec, err), Hint: "see tabulate run --help"}
		}
		if cfg.Members == nil {
			cfg.Members = map[string]map[string]games.Member{}
		}
		if cfg.Members[family] == nil {
			cfg.Members[family] = map[string]games.Member{}
		}
		name := games.SpecName(spec)
		cfg.Members[family][name] = m
		names = append(names, name)
	}
	if set["only"] {
		cfg.Games = append(cfg.Games, names...)
	} else {
		cfg.Games, flagKey["games"] = names, "--game"
	}
	return nil
}
