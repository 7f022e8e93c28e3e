package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/tabulate-games/tabulate/games"
)

// misereAnswerer returns how tabulate solve --misere answers positions of
// game under misère play: by the game's Misere solver, the game being
// registered or defined by rules in the configuration. Answers from the
// tables of a run (--from) are for normal play only.
func misereAnswerer(game, from, configPath string) (answerFunc, error) {
	if from != "" {
		return nil, &UsageError{Msg: "--misere answers by computing; it does not read the tables of a run (--from)",
			Hint: "drop --from, or drop --misere for normal play"}
	}
	cfg, err := loadSolveConfig(configPath)
	if err != nil {
		return nil, err
	}
	d, ok, err := cfg.Def(game)
	if err != nil {
		return nil, err
	}
	if !ok || d.Misere == nil {
		return nil, &UsageError{Msg: fmt.Sprintf("no misère play for game %q", game),
			Hint: "games with misère play: " + strings.Join(misereGames(), ", ") + ", or one defined under " + strings.Join(games.Families(), " or ") + " in --config FILE"}
	}
	return d.Misere.Answer, nil
}

// misereGames lists the built-in games that answer under misère play.
func misereGames() []string {
	var names []string
	for _, name := range games.Names() {
		if d, _ := games.ByName(name); d.Misere != nil {
			names = append(names, name)
		}
	}
	return names
}

// pickAnswerer returns misereAnswerer under misère play, answerer
// otherwise.
func pickAnswerer(ctx context.Context, misere bool, game, from, configPath string) (answerFunc, error) {
	if misere {
		return misereAnswerer(game, from, configPath)
	}
	return answerer(ctx, game, from, configPath)
}
