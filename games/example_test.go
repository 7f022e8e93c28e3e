package games_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/catalogue"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
)

// Every built-in game is found by name; a new one is a Def given to
// Register.
func ExampleNames() {
	for _, name := range games.Names() {
		d, _ := games.ByName(name)
		fmt.Printf("%s: %s\n", d.Name, d.Title)
	}
	// Output:
	// squares: take-a-square
	// flip: Flip Game II
	// caniwin: Can I Win
	// nim: Nim
	// grundy-game: Grundy's game
	// wythoff: Wythoff's game
	// wythoff-rows: Wythoff's game, row by row
	// cram: Cram
}

// Solve answers one position of a game, as tabulate solve does: Grundy's
// game with heaps 7 and 5 is worth g(7) XOR g(5) = 0 XOR 2 = 2 (OEIS
// A002188); splitting 7 into 2 + 5 leaves 0 XOR 2 XOR 2 = 0, and splitting
// 5 into 1 + 4 leaves 0 XOR 0 XOR 0 = 0.
func ExampleSolver() {
	d, _ := games.ByName("grundy-game")
	a, err := d.Solve.Answer(context.Background(), []string{"7", "5"})
	if err == nil {
		err = a.WriteText(os.Stdout)
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// grundy-game, position 7 5
	// grundy value: 2
	// outcome: the player to move wins
	// winning moves: heap 1: 7 -> 2 + 5, heap 2: 5 -> 1 + 4
}

// memTables is a games.Tables over columns held in memory; package lookup
// gives the same over the Parquet files of a run's folder.
type memTables map[string][]int32

func (m memTables) Int32s(table, column string) ([]int32, error) {
	if v, ok := m[table+"."+column]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("no column %s.%s", table, column)
}
func (m memTables) Int64s(table, column string) ([]int64, error) { return nil, errors.ErrUnsupported }
func (m memTables) Bools(table, column string) ([]bool, error)   { return nil, errors.ErrUnsupported }
func (m memTables) Int32Lists(table, column string) ([][]int32, error) {
	return nil, errors.ErrUnsupported
}
func (m memTables) Path(table string) string   { return "grundy-game/" + table + ".parquet" }
func (m memTables) Source(table string) string { return "memory/" + m.Path(table) }
func (m memTables) Bound(table, key string) (int64, bool, error) {
	return 0, false, nil
}

// A game answers positions from the tables of a run through its TableLookup, as
// tabulate solve --from does: here Grundy's game from g(0..10), OEIS
// A002188, and a heap past the table.
func ExampleTableLookup() {
	d, _ := games.ByName("grundy-game")
	tables := memTables{"grundy.grundy": {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0}}
	answer := d.TableLookup.Open(d.Name, tables)
	a, err := answer(context.Background(), []string{"7", "5"})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := a.WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	_, err = answer(context.Background(), []string{"11"})
	fmt.Println(err)
	// Output:
	// grundy-game, position 7 5
	// grundy value: 2
	// outcome: the player to move wins
	// winning moves: heap 1: 7 -> 2 + 5, heap 2: 5 -> 1 + 4
	// source: memory/grundy-game/grundy.parquet
	// grundy-game: heap 1 = 11 is outside the tables (grundy-game/grundy.parquet holds n = 0 to 10); run tabulate run with larger bounds, or drop --from to compute it
}

// RecordedGames rebuilds the games a run's manifest records: a registered
// game by its name, a game defined by rules from its recorded bounds, which
// name its family (manifests written before the family was recorded are
// read by their keys: a code is an octal game's, a set a subtraction
// game's).
func ExampleRecordedGames() {
	m := &output.Manifest{Games: map[string]*output.GameEntry{
		"kayles":  {Bounds: map[string]any{"family": "octal", "code": "0.77", "max": 100.0}},
		"oddp":    {Bounds: map[string]any{"family": "subtraction", "set": "primes", "all_but": []any{2.0}, "max": 100.0}},
		"s134":    {Bounds: map[string]any{"set": []any{1.0, 3.0, 4.0}, "max": 100.0}},
		"squares": {Bounds: map[string]any{"grundy_max": 100.0, "win_max": 100.0}},
		"other":   {Bounds: map[string]any{"max": 100.0}},
	}}
	defs, err := games.RecordedGames(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"kayles", "oddp", "s134", "squares", "other"} {
		d, ok := defs[name]
		fmt.Printf("%s %v %q\n", name, ok, d.Title)
	}
	// Output:
	// kayles true "octal 0.77"
	// oddp true "subtraction primes except {2}"
	// s134 true "subtraction {1,3,4}"
	// squares true "take-a-square"
	// other false ""
}

// A family of games defined by rules gives each member's Def from its
// section: here Kayles from octal: {kayles: {code: "0.77", max: 1000}},
// which then answers a heap as any game does. A heap of 5 in Kayles is
// worth g(5) = 4 (OEIS A002186); taking 1 from the middle leaves 2 + 2
// (g = 2 XOR 2 = 0), the only move to a zero position.
func ExampleFamily() {
	f, _ := games.FamilyByName("octal")
	m := f.Member()
	m.(*catalogue.OctalRules).Code = "0.77"
	if err := m.Check(); err != nil {
		fmt.Println(err)
		return
	}
	d, err := m.Def("kayles")
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := d.Solve.Answer(context.Background(), []string{"5"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(games.Families(), d.Name, d.Title, *a.Grundy, a.WinningMoves)
	// Output:
	// [subtraction octal takebreak] kayles octal 0.77 4 [remove 1 leaving [2 2]]
}

// Register adds a built-in game at initialization; a name already taken is
// the program's own mistake, and panics.
func ExampleRegister() {
	defer func() { fmt.Println("panicked:", recover() != nil) }()
	d, _ := games.ByName("nim")
	games.Register(d)
	// Output:
	// panicked: true
}

// ParseArg reads one whole-number argument of tabulate solve within its
// bounds, and says what is allowed otherwise.
func ExampleParseArg() {
	for _, s := range []string{"20", "-1", "x"} {
		n, err := games.ParseArg("N", s, 0, 100)
		fmt.Println(n, err)
	}
	// Output:
	// 20 <nil>
	// 0 N = -1 is out of range (allowed: 0 to 100)
	// 0 N = "x" is not a whole number (allowed: 0 to 100)
}

// WithProgress hands a solver's long computations a way to report how far
// they have got; ProgressOf is how a solver finds it (nil without one).
func ExampleWithProgress() {
	ctx := games.WithProgress(context.Background(), func(phase, unit string) grundy.Progress {
		fmt.Println("start:", phase, "in", unit)
		return func(done, total int64) {}
	})
	p := games.ProgressOf(ctx, "computing Grundy values", "n")
	fmt.Println(p != nil, games.ProgressOf(context.Background(), "x", "n") == nil)
	// Output:
	// start: computing Grundy values in n
	// true true
}
