package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tabulate-games/tabulate/games"
)

// solveUsage is the help of tabulate solve, made from every game that can
// answer one position.
func solveUsage() string {
	var b strings.Builder
	b.WriteString("Usage:\n")
	width := 0
	for _, name := range solvable() {
		d, _ := games.Lookup(name)
		width = max(width, len(d.Name+" "+d.Solve.Args))
	}
	for _, name := range solvable() {
		d, _ := games.Lookup(name)
		fmt.Fprintf(&b, "  tabulate solve %-*s  %s\n", width, d.Name+" "+d.Solve.Args, d.Solve.Help)
	}
	b.WriteString(`
Prints the Grundy value or outcome and every winning move.
A board may start with '-': everything after the game name is an argument.
`)
	return b.String()
}

// gameList names every built-in game with its title, for the usage text.
func gameList() string {
	var parts []string
	for _, name := range games.Names() {
		d, _ := games.Lookup(name)
		parts = append(parts, fmt.Sprintf("%s (%s)", d.Name, d.Title))
	}
	return strings.Join(parts, ", ")
}

// solvable lists the games that can answer one position.
func solvable() []string {
	var names []string
	for _, name := range games.Names() {
		if d, _ := games.Lookup(name); d.Solve != nil {
			names = append(names, name)
		}
	}
	return names
}

// solveCommand implements tabulate solve.
func solveCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	hint := "see tabulate solve --help"
	if len(args) == 0 {
		return &UsageError{Msg: "solve needs a game and a position", Hint: hint}
	}
	game, rest := args[0], args[1:]
	switch game {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, solveUsage())
		return nil
	}
	d, ok := games.Lookup(game)
	if !ok || d.Solve == nil {
		return &UsageError{Msg: fmt.Sprintf("unknown game %q", game), Hint: "games: " + strings.Join(solvable(), ", ") + "; " + hint}
	}
	err := d.Solve.Solve(ctx, rest, stdout)
	var ae *games.ArgError
	if errors.As(err, &ae) {
		return &UsageError{Msg: ae.Error(), Hint: hint}
	}
	return err
}
