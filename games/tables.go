package games

import (
	"context"
	"encoding/json"
	"fmt"
)

// Columns reads the columns of a game's tables written by an earlier run,
// each table checked before it is read (for Redraw and TableLookup).
type Columns interface {
	// Int32s, Int64s and Bools return a column of the game's table, such
	// as ("grundy", "grundy") for GAME/grundy.
	Int32s(table, column string) ([]int32, error)
	Int64s(table, column string) ([]int64, error)
	Bools(table, column string) ([]bool, error)
}

// Tables reads the tables of one game written by an earlier run, for
// answering positions from them (TableLookup). Package lookup implements
// it over an output folder, checking each file against its manifest.
type Tables interface {
	Columns
	// Int32Lists returns a list<int32> column of the game's table.
	Int32Lists(table, column string) ([][]int32, error)
	// Path names the file of the game's table relative to the folder, as
	// the manifest lists it and as a *BoundsError shows it, such as
	// "squares/grundy.parquet".
	Path(table string) string
	// Source names the file of the game's table as an answer's Source,
	// such as "out/squares/grundy.parquet".
	Source(table string) string
	// Bound returns the bound called key that the run recorded with the
	// file of the game's table, and ok false when the folder lists no
	// such table. A listed table without that bound is an error.
	Bound(table, key string) (v int64, ok bool, err error)
}

// Findings is what Tables may also give: a finding the run recorded for the
// game in its manifest, such as "grundy" (the period and its proof), as
// JSON; ok false when there is none. Package lookup's Tables implement it.
type Findings interface {
	Finding(key string) (raw json.RawMessage, ok bool)
}

// TableLookup answers positions of a game from the tables of an earlier
// run (tabulate solve --from OUT) instead of computing them.
type TableLookup struct {
	// Table is the game's table the answers start from, such as
	// "run_grundy" for flip/run_grundy: a folder that lists it can answer
	// the game's positions.
	Table string
	// Open returns how to answer positions of game from t. It is called
	// once per folder and game, so the function it returns may keep what
	// it builds from the tables (an index) for later positions. That
	// function takes a position as tabulate solve does; a malformed one is
	// an *ArgError, one outside the tables a *BoundsError.
	Open func(game string, t Tables) func(ctx context.Context, args []string) (*Answer, error)
}

// BoundsError is a position outside what the tables of a run hold.
type BoundsError struct {
	Game     string
	Position string // such as "n = 100001"
	Holds    string // such as "squares/grundy.parquet holds n = 0 to 100000"
}

// Error says what was asked and what the tables hold.
func (e *BoundsError) Error() string {
	return fmt.Sprintf("%s: %s is outside the tables (%s); run tabulate run with larger bounds, or drop --from to compute it", e.Game, e.Position, e.Holds)
}
