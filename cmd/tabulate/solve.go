package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/term"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/progress"
)

// stdin is where tabulate solve GAME - reads positions; tests replace it.
var stdin io.Reader = os.Stdin

// MaxLineBytes is the longest line tabulate solve GAME - reads from standard
// input: a position (a board of up to 16 MiB of '+' and '-'). Longer lines
// are refused with the line number.
const MaxLineBytes = 16 << 20

// solveUsage is the help of tabulate solve, made from every game that can
// answer one position.
func solveUsage() string {
	var b strings.Builder
	b.WriteString("Usage: tabulate solve [-q] [--json] [--from OUT] [--config FILE] GAME POSITION | GAME -\n\n")
	width := len("NAME N")
	for _, name := range solvable() {
		d, _ := games.ByName(name)
		width = max(width, len(d.Name+" "+d.Solve.Args))
	}
	for _, name := range solvable() {
		d, _ := games.ByName(name)
		fmt.Fprintf(&b, "  tabulate solve %-*s  %s\n", width, d.Name+" "+d.Solve.Args, d.Solve.Help)
	}
	var named []string
	for _, o := range games.OctalNames {
		named = append(named, o.Name+" ("+o.Code+")")
	}
	fmt.Fprintf(&b, "  tabulate solve %-*s  %s\n", width, "NAME N...", "an octal game by its name in Winning Ways and Flammenkamp's tables (also octal:NAME): "+strings.Join(named, ", "))
	families := strings.Join(games.Families(), " or ")
	fmt.Fprintf(&b, "  tabulate solve %-*s  %s\n", width, "NAME N", "a game defined by rules under "+families+" in --config FILE: heaps N... (their sum); up to 10^18 by a proven period")
	fmt.Fprintf(&b, `
Prints the Grundy value or outcome and every winning move.
A board may start with '-': everything after the game name is a position.
GAME - reads one position per line from standard input (a line holds what
the arguments would, such as "3 4 5" for nim; at most %d bytes a line), and
answers each in turn.

A computation that runs longer than a second shows its progress on standard
error (a live bar on a terminal, a line every few seconds otherwise);
standard output holds only the answers.

Flags (before or after GAME):
  -q             quiet: no progress on standard error, only errors
  --json         print one JSON object per answer, one a line:
                 {"game","position","grundy","win","outcome","winning_moves",
                 "moves_not_shown","by","note","source"}; "by" names the
                 theorem whose proven period answered a heap
  --from OUT     answer from the tables of an earlier tabulate run into OUT
                 (%s, games defined by
                 rules), checking each table
                 against the sha256 in OUT/manifest.json; a position outside
                 the tables' bounds is an error that names them
  --config FILE  the configuration defining games by rules (%s);
                 - reads it from standard input (then positions cannot be)
  --keep-going   GAME -: answer every good line; a bad one is reported (with
                 --json, as {"line","input","error"} in place of its answer)
                 and the command exits 2 at the end
  --max-moves K  list at most K winning moves (default %d); the answer
                 then says how many more there are ("moves_not_shown");
                 --max-moves all lists every one (at most %d for a game
                 answered by its period, whose heaps may have billions)
  --max-seconds S  refuse (exit status 2) a position not answered within S
                 seconds (default %d; 0: no bound): the searches that can
                 run for hours, such as the misère search of a wild game's
                 sums, stop there
  --misere       misère play, the player who makes the last move losing:
                 a position of several heaps (octal, subtraction and
                 takebreak games, also written FAMILY:RULES such as
                 octal:0.77, squares, grundy-game, nim) or a flip board,
                 each heap at most %d; outcome and winning moves, and
                 "method": "tame" (every heap tame: the tame rule),
                 "quotient" (the misère quotient) or "search"; with
                 --from OUT, from the run's GAME/misere and
                 GAME/misere_heaps (play: misere or both)
`, MaxLineBytes, strings.Join(fromTables(), ", "), strings.Join(games.Families(), ", "), DefaultMaxMoves, heapgame.MovesListMax, DefaultSolveSeconds, heapgame.MisereSolveMax)
	return b.String()
}

// gameList names every built-in game with its title, for the usage text.
func gameList() string {
	var parts []string
	for _, name := range games.Names() {
		d, _ := games.ByName(name)
		parts = append(parts, fmt.Sprintf("%s (%s)", d.Name, d.Title))
	}
	return strings.Join(parts, ", ")
}

// fromTables lists the built-in games that can answer a position from the
// tables of a run.
func fromTables() []string {
	var names []string
	for _, name := range games.Names() {
		if d, _ := games.ByName(name); d.TableLookup != nil {
			names = append(names, name)
		}
	}
	return names
}

// solvable lists the games that can answer one position.
func solvable() []string {
	var names []string
	for _, name := range games.Names() {
		if d, _ := games.ByName(name); d.Solve != nil {
			names = append(names, name)
		}
	}
	return names
}

// answerFunc answers one position given as arguments.
type answerFunc func(ctx context.Context, args []string) (*games.Answer, error)

// solveCommand implements tabulate solve.
func solveCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	hint := "see tabulate solve --help"
	fs := newFlags("solve")
	asJSON := fs.Bool("json", false, "one JSON object per answer")
	from := fs.String("from", "", "answer from the tables in `OUT`")
	configPath := fs.String("config", "", "configuration `FILE` defining games by rules")
	quiet := fs.Bool("q", false, "quiet: no progress, only errors")
	maxMoves := movesFlag(DefaultMaxMoves)
	fs.Var(&maxMoves, "max-moves", "list at most `K` winning moves, or all (default 10)")
	keepGoing := fs.Bool("keep-going", false, "GAME -: answer every line, reporting each bad one")
	misere := fs.Bool("misere", false, "misère play: the player who makes the last move loses")
	maxSeconds := fs.Float64("max-seconds", solveSeconds, "refuse a position whose answer takes more than `S` seconds (0: no bound)")
	if len(args) > 0 && args[0] == "help" {
		args[0] = "--help"
	}
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, solveUsage())
		return nil
	} else if err != nil {
		return &UsageError{Msg: err.Error(), Hint: hint}
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return &UsageError{Msg: "solve needs a game and a position", Hint: hint}
	}
	game, pos := rest[0], rest[1:]
	// Flags after GAME (solve squares 20 --json) are flags too: anything
	// that starts with '-' and holds a letter, which no position does
	// (a number, a board of '+' and '-', "-" for standard input).
	pos, late := splitLateFlags(fs, pos)
	if len(late) > 0 {
		if err := fs.Parse(late); errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, solveUsage())
			return nil
		} else if err != nil {
			return &UsageError{Msg: err.Error() + " (after the game " + game + ")", Hint: hint}
		} else if fs.NArg() > 0 {
			return &UsageError{Msg: fmt.Sprintf("%q after the game's flags is not a flag; give the position before them", fs.Arg(0)), Hint: hint}
		}
	}
	ctx = heapgame.WithMaxMoves(ctx, int64(maxMoves))
	out := stdout
	if !*quiet {
		mode := progress.Lines
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			mode = progress.Live
		}
		sp := &solveTracker{w: stderr, mode: mode, name: game}
		defer sp.stop()
		ctx = games.WithProgress(ctx, sp.start)
		out = stopOnWrite{stdout, sp}
	}

	if *maxSeconds < 0 {
		return &UsageError{Msg: fmt.Sprintf("--max-seconds %g is negative", *maxSeconds), Hint: "--max-seconds S bounds each answer to S > 0 seconds, 0 for no bound; see tabulate solve --help"}
	}
	if *configPath == "-" && len(pos) == 1 && pos[0] == "-" {
		return &UsageError{Msg: "--config - and the position - both read standard input", Hint: "give the positions as arguments, or the configuration as a file; see tabulate solve --help"}
	}
	answer, err := pickAnswerer(ctx, *misere, game, *from, *configPath)
	if err != nil {
		return usageOf(err, hint)
	}
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	// One answer, computed or read from tables, and one printer of it.
	answered := 0
	one := func(args []string) error {
		a, err := answerWithin(ctx, answer, args, *maxSeconds)
		if err != nil {
			return fromHint(err, *from == "" && !*misere)
		}
		cutMoves(a, int64(maxMoves))
		if *asJSON {
			return enc.Encode(a)
		}
		if answered > 0 {
			fmt.Fprintln(out) // a blank line between answers
		}
		answered++
		return a.WriteText(out)
	}
	if len(pos) != 1 || pos[0] != "-" {
		return usageOf(one(pos), hint)
	}
	wholeLine := false
	if d, ok := games.ByName(game); ok && d.Solve != nil {
		wholeLine = d.Solve.WholeLine
	}
	if d, ok := games.ByName(game); ok && *misere && d.Misere != nil {
		wholeLine = d.Misere.WholeLine
	}
	bad, lines := 0, 0
	err = eachLine(ctx, stdin, wholeLine, func(line int, args []string) error {
		lines = line
		err := one(args)
		if err != nil && *keepGoing && usageOf(err, hint) != err {
			// A line that is not a position: said, and the next one read.
			bad++
			if *asJSON {
				return enc.Encode(lineErrorJSON{Line: line, Input: clip(strings.Join(args, " "), maxMessage), Error: clip(err.Error(), maxMessage)})
			}
			fmt.Fprintf(stderr, "tabulate: standard input line %d: %s\n", line, clip(err.Error(), maxMessage))
			return nil
		}
		if err != nil {
			return fmt.Errorf("standard input line %d: %w", line, err)
		}
		return nil
	})
	if err == nil && bad > 0 {
		err = &UsageError{Msg: fmt.Sprintf("%d of the %d lines of standard input are not positions", bad, lines), Hint: hint}
	}
	return usageOf(err, hint)
}

// lineErrorJSON is what tabulate solve --json --keep-going GAME - writes
// for a line of standard input that is not a position, in the stream of
// answers: {"line": 3, "input": "x", "error": "..."}.
type lineErrorJSON struct {
	Line  int    `json:"line"`
	Input string `json:"input"`
	Error string `json:"error"`
}

// usageOf turns a bad position or an out-of-bounds one into a usage error
// (exit status 2), keeping other errors.
func usageOf(err error, hint string) error {
	var ae *games.ArgError
	var be *lookup.BoundsError
	var le *lineError
	var ge *lookup.GameNameError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ae), errors.As(err, &be), errors.As(err, &le), errors.As(err, &ge),
		// A table of --from OUT that is not the one its manifest lists, or
		// not of the game and table asked for: the folder is bad input.
		errors.Is(err, output.ErrTampered), errors.Is(err, output.ErrContent):
		return &UsageError{Msg: err.Error(), Hint: hint}
	}
	return err
}

// lineError is a line of standard input that is not a position.
type lineError struct{ msg string }

func (e *lineError) Error() string { return e.msg }

// eachLine calls f with the position on each line of r, numbered from 1: the
// line itself when wholeLine (a flip board, possibly empty), its fields
// otherwise.
func eachLine(ctx context.Context, r io.Reader, wholeLine bool, f func(line int, args []string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes+2) // room for "\r\n"
	line := 0
	for sc.Scan() {
		line++
		if err := ctx.Err(); err != nil {
			return err
		}
		text := strings.TrimSuffix(sc.Text(), "\r")
		var args []string
		if wholeLine {
			args = []string{strings.TrimSpace(text)}
		} else {
			args = strings.Fields(text)
		}
		if err := f(line, args); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return &lineError{fmt.Sprintf("standard input line %d is longer than %d bytes (16 MiB), the most a position may take on standard input", line+1, MaxLineBytes)}
		}
		return fmt.Errorf("read standard input: %w", err)
	}
	return nil
}

// answerer returns how to answer positions of game: from the tables in
// from, or by the game's own solver, the game being registered or defined
// by rules in the configuration.
func answerer(ctx context.Context, game, from, configPath string) (answerFunc, error) {
	if from != "" && games.IsSpec(game) {
		game = games.SpecName(game) // as tabulate run --game names it
	}
	if from != "" {
		if _, err := os.Stat(filepath.Join(from, output.ManifestName)); err != nil {
			return nil, &UsageError{Msg: fmt.Sprintf("--from %s: %s has no %s: not the output folder of a tabulate run", from, from, output.ManifestName),
				Hint: "give the folder a tabulate run wrote (its --out); see tabulate solve --help"}
		}
		t, err := lookup.Open(from)
		if err != nil {
			return nil, fmt.Errorf("--from %s: %w", from, err)
		}
		return func(ctx context.Context, args []string) (*games.Answer, error) { return t.Answer(ctx, game, args) }, nil
	}
	if games.IsSpec(game) {
		// FAMILY:RULES, such as octal:0.77: no configuration needed.
		_, m, err := games.ParseSpec(game)
		if err != nil {
			return nil, err
		}
		d, err := m.Def(game)
		if err != nil {
			return nil, err
		}
		return d.Solve.Answer, nil
	}
	cfg, err := loadSolveConfig(configPath)
	if err != nil {
		return nil, err
	}
	d, ok, err := cfg.Def(game)
	if err != nil {
		return nil, err
	}
	if !ok {
		if d, ok, err = namedDef(game); err != nil {
			return nil, err
		}
	}
	if !ok || d.Solve == nil {
		allowed := append(solvable(), cfg.CustomGames()...)
		return nil, &UsageError{Msg: fmt.Sprintf("unknown game %q", game),
			Hint: "games: " + strings.Join(allowed, ", ") + ", or one defined under " + strings.Join(games.Families(), " or ") + " in --config FILE; see tabulate solve --help"}
	}
	return d.Solve.Answer, nil
}

// namedDef returns the game of a name of an octal game (games.OctalNames),
// keeping the name the user wrote; ok is false for another name.
func namedDef(game string) (d games.Def, ok bool, err error) {
	spec, named := games.NamedSpec(game)
	if !named {
		return games.Def{}, false, nil
	}
	_, m, err := games.ParseSpec(spec)
	if err != nil {
		return games.Def{}, false, err
	}
	d, err = m.Def(game)
	return d, err == nil, err
}

// SolveProgressAfter is how long a computation of tabulate solve runs before
// its progress is shown, so that quick answers print nothing on standard
// error; solveProgressEvery is how often Lines mode prints (tests shorten
// both).
var (
	solveProgressAfter = time.Second
	solveProgressEvery = progress.Interval
)

// solveTracker displays on w the progress (each a grundy.Progress) of
// tabulate solve's computations, from solveProgressAfter after each starts:
// a progress.Tracker with one task, made when first needed and stopped
// before the answer is printed, so that live bars never interleave with
// standard output.
type solveTracker struct {
	w    io.Writer
	mode progress.Mode
	name string

	mu      sync.Mutex
	tracker *progress.Tracker
	task    *progress.Task
}

// start is the games.WithProgress function: a Progress for one computation
// of the phase and unit.
func (sp *solveTracker) start(phase, unit string) grundy.Progress {
	began := time.Now()
	var last int64
	shown := false // whether the display shows this computation's phase
	return func(done, total int64) {
		sp.mu.Lock()
		defer sp.mu.Unlock()
		if time.Since(began) < solveProgressAfter {
			last = done
			return
		}
		if sp.tracker == nil {
			sp.tracker = progress.NewEvery(sp.w, sp.mode, solveProgressEvery)
			sp.task = sp.tracker.Task("solve " + sp.name)
			sp.task.Phase(phase, unit, total)
		} else if !shown || done < last {
			// A computation after the one displayed (the proof search
			// computes 1024, 4096, ... values, each against its own
			// total), or the engine's next pass (take-a-square: the
			// sieve, then the Grundy values).
			sp.task.Phase(phase, unit, total)
		}
		shown, last = true, done
		sp.task.Set(done)
	}
}

// stop ends the display, if any, leaving the next computation to start a
// new one.
func (sp *solveTracker) stop() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.tracker != nil {
		sp.task.Done()
		sp.tracker.Stop()
		sp.tracker, sp.task = nil, nil
	}
}

// stopOnWrite is standard output of tabulate solve: it ends the progress
// display before the answer is written.
type stopOnWrite struct {
	w  io.Writer
	sp *solveTracker
}

func (s stopOnWrite) Write(p []byte) (int, error) {
	s.sp.stop()
	return s.w.Write(p)
}

// DefaultSolveSeconds is the longest tabulate solve works on one position
// when --max-seconds does not say: a search that can run for hours (the
// misère search of a wild game's sums, the values of a growing
// take-and-break code) is refused past it, and --max-seconds raises it.
const DefaultSolveSeconds = 10

// solveSeconds is the default of --max-seconds: DefaultSolveSeconds; the
// tests of this package set it to 0 (TestMain), so that no answer of theirs
// depends on how loaded the machine is (a test of the bound gives
// --max-seconds itself).
var solveSeconds float64 = DefaultSolveSeconds

// answerWithin answers args within seconds (0: no bound); a position whose
// answer takes longer is an *games.ArgError (exit status 2) that names the
// bound and how to raise it.
func answerWithin(ctx context.Context, answer answerFunc, args []string, seconds float64) (*games.Answer, error) {
	if seconds == 0 {
		return answer(ctx, args)
	}
	actx, cancel := context.WithTimeout(ctx, time.Duration(seconds*float64(time.Second)))
	defer cancel()
	a, err := answer(actx, args)
	if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return nil, &games.ArgError{Arg: "position", Value: strings.Join(args, " "),
			Problem: fmt.Sprintf("was not answered within %g s (--max-seconds): its search is too long", seconds),
			Allowed: "a smaller position, or a larger --max-seconds S (0: no bound)"}
	}
	return a, err
}

// fromHint adds to the refusal of a position too long to compute (a
// *games.ArgError past --max-seconds) that --from answers from a run's
// tables at any position they hold. computed says whether the answer was
// computed (no --from, normal play).
func fromHint(err error, computed bool) error {
	var ae *games.ArgError
	if !computed || !errors.As(err, &ae) {
		return err
	}
	if strings.Contains(ae.Problem, "was not answered within") {
		ae.Allowed += "; or tabulate solve --from OUT, which answers any position the tables of a tabulate run into OUT hold"
	}
	return err
}

// DefaultMaxMoves is how many winning moves tabulate solve lists when
// --max-moves does not say: a screen's worth (a heap of 10^12 of 0.77 has
// some 8*10^10 winning moves); the others are counted in moves_not_shown.
const DefaultMaxMoves = 10

// movesFlag is the value of --max-moves: K >= 0 winning moves, or -1 for
// "all".
type movesFlag int64

func (m *movesFlag) String() string {
	if *m < 0 {
		return "all"
	}
	return strconv.FormatInt(int64(*m), 10)
}

func (m *movesFlag) Set(s string) error {
	if s == "all" {
		*m = -1
		return nil
	}
	k, err := strconv.ParseInt(s, 10, 64)
	if err != nil || k < 0 {
		return fmt.Errorf("%q is not a number of moves: give K >= 0 or all", s)
	}
	*m = movesFlag(k)
	return nil
}

// cutMoves lists at most k (k >= 0) of a's winning moves, counting the
// others in MovesNotShown: for the games whose solvers list them all (the
// solvers of heap games cut their own lists, through heapgame.WithMaxMoves).
func cutMoves(a *games.Answer, k int64) {
	if k < 0 {
		return
	}
	v := reflect.ValueOf(a.WinningMoves)
	if v.Kind() != reflect.Slice || int64(v.Len()) <= k {
		return
	}
	a.MovesNotShown += int64(v.Len()) - k
	a.WinningMoves = v.Slice(0, int(k)).Interface()
}

// splitLateFlags separates the flags given after GAME from the position:
// an argument that starts with '-' and holds a letter is a flag, with the
// next argument as its value when the flag takes one and has no "=".
func splitLateFlags(fs *flag.FlagSet, args []string) (pos, flags []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || !strings.ContainsFunc(a, unicode.IsLetter) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && i+1 < len(args) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return pos, flags
}

// loadSolveConfig loads the configuration of tabulate solve --config PATH:
// the built-in default when PATH is empty, standard input when it is "-"
// (bounded as files are), the file otherwise.
func loadSolveConfig(path string) (configs.Config, error) {
	switch path {
	case "":
		return configs.Load(configs.DefaultName, configs.Default)
	case "-":
		return configs.LoadReader(configs.StdinName, stdin)
	}
	return configs.LoadFile(path)
}
