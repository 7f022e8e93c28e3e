package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
)

// misereAnswerer returns how tabulate solve --misere answers positions of
// game under misère play: by the game's Misere solver, the game being
// registered, written FAMILY:RULES (octal:0.77) or defined by rules in the
// configuration; with --from, by its MisereTableLookup from the misère tables
// the run wrote.
func misereAnswerer(game, from, configPath string) (answerFunc, error) {
	if from != "" {
		return misereFromTables(game, from)
	}
	var d games.Def
	ok := false
	if games.IsSpec(game) {
		// FAMILY:RULES, such as octal:0.77: no configuration needed.
		_, m, err := games.ParseSpec(game)
		if err != nil {
			return nil, err
		}
		if d, err = m.Def(game); err != nil {
			return nil, err
		}
		ok = true
	} else {
		cfg, err := loadSolveConfig(configPath)
		if err != nil {
			return nil, err
		}
		if d, ok, err = cfg.Def(game); err != nil {
			return nil, err
		}
		if !ok {
			if d, ok, err = namedDef(game); err != nil {
				return nil, err
			}
		}
	}
	if !ok || d.Misere == nil {
		return nil, &UsageError{Msg: fmt.Sprintf("no misère play for game %q", game),
			Hint: "games with misère play: " + strings.Join(misereGames(), ", ") + ", a game written FAMILY:RULES (such as octal:0.77), or one defined under " + strings.Join(games.Families(), " or ") + " in --config FILE"}
	}
	return d.Misere.Answer, nil
}

// misereFromTables answers positions of game under misère play from the
// misère tables of the run in from (GAME/misere, GAME/misere_heaps), each
// checked against the manifest before it is read.
func misereFromTables(game, from string) (answerFunc, error) {
	if games.IsSpec(game) {
		game = games.SpecName(game) // as tabulate run --game names it
	}
	if _, err := os.Stat(filepath.Join(from, output.ManifestName)); err != nil {
		return nil, &UsageError{Msg: fmt.Sprintf("--from %s: %s has no %s: not the output folder of a tabulate run", from, from, output.ManifestName),
			Hint: "give the folder a tabulate run wrote (its --out); see tabulate solve --help"}
	}
	t, err := lookup.Open(from)
	if err != nil {
		return nil, fmt.Errorf("--from %s: %w", from, err)
	}
	d, ok := t.Def(game)
	var l *games.TableLookup
	if ok {
		l = d.MisereTableLookup
	}
	if l == nil || !t.Listed(game, l.Table) {
		var have []string
		for _, g := range slices.Sorted(maps.Keys(t.Manifest().Games)) {
			if d, ok := t.Def(g); ok && d.MisereTableLookup != nil && t.Listed(g, d.MisereTableLookup.Table) {
				have = append(have, g)
			}
		}
		allowed := "none: the run wrote no misère tables (play: misere or both)"
		if len(have) > 0 {
			allowed = strings.Join(have, ", ")
		}
		return nil, &UsageError{Msg: fmt.Sprintf("--from %s: no misère tables of %q there (%s/misere.parquet)", from, game, game),
			Hint: "games with misère tables in " + from + ": " + allowed + "; or drop --from to compute the answer"}
	}
	answer := l.Open(game, t.Columns(game))
	return answer, nil
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
