// Package lookup answers positions from the tables of an earlier run
// (tabulate solve --from OUT) instead of computing them. It opens the
// folder and reads the tables; which tables answer a game, and how, is the
// game's own (games.Def.TableLookup of the game the manifest records:
// games.RecordedGames, a registered game or a member of a family).
//
// Before a table is used, its bytes are checked against the size and sha256
// that OUT/manifest.json lists for it, so a table changed, truncated or
// replaced since the run is refused (output.ErrTampered) rather than
// trusted; and the table's own Parquet metadata (tabulate.game,
// tabulate.table, and its row count) must name the game and table asked
// for, so another game's table put in its place, with the manifest's
// sha256 refreshed to match, is refused too (output.ErrContent). A game
// the manifest records under a name that is not a folder name of OUT
// (../xout, a/b, .hidden) is refused (*GameNameError) and nothing is read
// for it. A position outside the bounds the tables were computed with is a
// *BoundsError that names the table and its bounds.
//
// The files a run killed with kill -9 left under "replacing" in the
// manifest (those of the games it was rerunning, whole when it started) are
// answered from too, each checked as any other: tabulate solve --from
// works at once after such a kill, before any later run lists them again.
//
//	t, _ := lookup.Open("out")
//	a, _ := t.Answer(ctx, "squares", []string{"20"})
//	// a.Grundy = 0, a.Win = false, a.WinningMoves = []heapgame.HeapMove{}
//	// a.Source = "out/squares/grundy.parquet"
package lookup

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// Tables is the output folder of an earlier run, read lazily: each table is
// verified and read on first use and kept in memory for later answers.
type Tables struct {
	Dir      string
	manifest *output.Manifest
	defs     map[string]games.Def // the games the manifest records
	int32s   map[string][]int32
	int64s   map[string][]int64
	bools    map[string][]bool
	lists    map[string][][]int32
	// files holds each table verified so far, open: its columns are read
	// from the file that was checked, not from the path again.
	files map[string]*os.File
	// answers holds each game's answering function, opened on first use.
	answers map[string]func(ctx context.Context, args []string) (*games.Answer, error)
}

// BoundsError is a position outside what the tables of the run hold.
type BoundsError = games.BoundsError

// Open reads the manifest of the output folder dir (by the rule of every
// file under OUT, output.ReadManifestIn: never a link, a FIFO or a device).
// The files the manifest lists under "replacing" (left by a run killed
// mid-rerun) are read too, each still checked (see the package
// documentation).
func Open(dir string) (*Tables, error) {
	m, err := output.ReadManifestIn(dir)
	if err != nil {
		return nil, err
	}
	return FromManifest(dir, m.WithReplacing())
}

// GameNameError is a game that a manifest records, or that is asked for,
// under a name that cannot be the folder of a game inside OUT: empty,
// holding a slash or a backslash, or starting with a dot (".." among them).
// Nothing is read for it.
type GameNameError struct {
	Dir, Game string
}

// Error names the folder, the game and what a game's name may be.
func (e *GameNameError) Error() string {
	return fmt.Sprintf("%s: the game %q is not a game's folder name in it (a name without '/' or '\\' that does not start with '.'); its tables are not read", e.Dir, e.Game)
}

// validGame reports whether game can name a game's folder inside OUT.
func validGame(game string) bool {
	return game != "" && !strings.ContainsAny(game, `/\`) && !strings.HasPrefix(game, ".") && filepath.IsLocal(game)
}

// CheckNames returns a *GameNameError for the first game (by name) the
// manifest records under a name that cannot be a game's folder inside OUT,
// nil when every name can: tabulate plot asks it before it takes the
// folder, so that such a manifest is refused with the folder as it was.
func (t *Tables) CheckNames() error {
	for _, g := range slices.Sorted(maps.Keys(t.manifest.Games)) {
		if !validGame(g) {
			return &GameNameError{Dir: t.Dir, Game: g}
		}
	}
	return nil
}

// FromManifest is Open with the manifest m of dir already read (tabulate
// plot reads the one it found when it took the folder's lock). Every table
// is still checked against m before it is read.
func FromManifest(dir string, m *output.Manifest) (*Tables, error) {
	var err error
	t := &Tables{Dir: dir, manifest: m, files: map[string]*os.File{}, int32s: map[string][]int32{}, int64s: map[string][]int64{}, bools: map[string][]bool{},
		lists: map[string][][]int32{}, answers: map[string]func(context.Context, []string) (*games.Answer, error){}}
	if t.defs, err = games.RecordedGames(m); err != nil {
		return nil, fmt.Errorf("%s: the configuration it records: %w", filepath.Join(dir, output.ManifestName), err)
	}
	return t, nil
}

// Games lists the games whose positions the folder can answer: the
// registered games in the order they are registered, then the others (games
// defined by rules) by name.
func (t *Tables) Games() []string {
	var names []string
	for _, g := range games.Names() {
		if l := t.lookupOf(g); l != nil && t.listed(g, l.Table) {
			names = append(names, g)
		}
	}
	var others []string
	for g := range t.defs {
		if _, registered := games.ByName(g); !registered && validGame(g) {
			others = append(others, g)
		}
	}
	slices.Sort(others)
	for _, g := range others {
		if l := t.lookupOf(g); l != nil && t.listed(g, l.Table) {
			names = append(names, g)
		}
	}
	return names
}

// lookupOf returns how game's positions are answered from its tables: the
// registered game's, or that of the game the manifest records; nil when
// there is neither.
func (t *Tables) lookupOf(game string) *games.TableLookup {
	if d, ok := t.defs[game]; ok {
		return d.TableLookup
	}
	if d, ok := games.ByName(game); ok {
		return d.TableLookup
	}
	return nil
}

// Def returns the game called game as the folder knows it: the one the
// manifest records (a game defined by rules among them), else the
// registered one; ok false when there is neither (tabulate solve --misere
// --from reads its Def.MisereTableLookup).
func (t *Tables) Def(game string) (games.Def, bool) {
	if d, ok := t.defs[game]; ok {
		return d, true
	}
	return games.ByName(game)
}

// path is the file of a game's table, relative to the folder.
func path(game, table string) string { return game + "/" + table + ".parquet" }

// otherFormats says which files of the game's table in formats the lookup
// does not read the manifest lists (" (it holds kayles/grundy.arrow: the
// tables are read from Parquet; run with formats: [parquet])"), or is
// empty.
func (t *Tables) otherFormats(game, table string) string {
	var held []string
	for _, f := range output.TableFormats() {
		if f.Name == output.FormatParquet {
			continue
		}
		if _, ok := t.manifest.Entry(game + "/" + table + f.Ext); ok {
			held = append(held, game+"/"+table+f.Ext)
		}
	}
	if len(held) == 0 {
		return ""
	}
	return fmt.Sprintf(" (it holds %s: the tables are read from Parquet; run with formats: [parquet])", strings.Join(held, ", "))
}

// Listed reports whether the manifest lists the game's table, such as
// ("kayles", "misere").
func (t *Tables) Listed(game, table string) bool { return t.listed(game, table) }

// listed reports whether the manifest lists the game's table.
func (t *Tables) listed(game, table string) bool {
	_, ok := t.manifest.Entry(path(game, table))
	return ok
}

// Answer answers one position of game, given as tabulate solve takes it. A
// malformed position is a *games.ArgError, one outside the tables a
// *BoundsError.
func (t *Tables) Answer(ctx context.Context, game string, args []string) (*games.Answer, error) {
	if !validGame(game) {
		return nil, &GameNameError{Dir: t.Dir, Game: game}
	}
	l := t.lookupOf(game)
	table := "grundy" // the table of a heap game, for a game the folder does not know
	if l != nil {
		table = l.Table
	}
	if !t.listed(game, table) {
		return nil, &games.ArgError{Arg: "--from " + t.Dir, Problem: fmt.Sprintf("has no table %s to answer %s from%s", path(game, table), game, t.otherFormats(game, table)),
			Allowed: "games with a sequence table in this folder: " + strings.Join(t.Games(), ", ")}
	}
	if l == nil {
		return nil, &games.ArgError{Arg: "--from " + t.Dir, Problem: fmt.Sprintf("records no rules for %s", game),
			Allowed: "games with a sequence table in this folder: " + strings.Join(t.Games(), ", ")}
	}
	answer, ok := t.answers[game]
	if !ok {
		answer = l.Open(game, t.Columns(game))
		t.answers[game] = answer
	}
	a, err := answer(ctx, args)
	if err == nil && a != nil {
		if problem := contradiction(a); problem != "" {
			return nil, &output.FileError{Op: "check", Path: filepath.Join(t.Dir, filepath.FromSlash(path(game, table))),
				Err: fmt.Errorf("%w: the answer read from it contradicts itself (%s)", output.ErrContent, problem)}
		}
	}
	return a, err
}

// contradiction says how an answer read from tables contradicts itself,
// or "": a position lost to the player to move has no winning move, and
// under normal play a sum's Grundy value is 0 exactly when it is lost.
// Tables tampered with their sha256 refreshed pass every hash; this is
// the check that costs nothing.
func contradiction(a *games.Answer) string {
	moves := a.MovesNotShown
	if v := reflect.ValueOf(a.WinningMoves); v.Kind() == reflect.Slice {
		moves += int64(v.Len())
	}
	switch {
	case !a.Win && moves > 0:
		return fmt.Sprintf("win: false, yet %d winning moves", moves)
	case a.Grundy != nil && a.Play != "misere" && a.Outcome == "" && a.Win != (*a.Grundy != 0):
		return fmt.Sprintf("Grundy value %d, yet win: %v", *a.Grundy, a.Win)
	}
	return ""
}

// column reads a verified column of game's table, once.
func column[T any](t *Tables, cache map[string]T, game, table, name string, read func(f *os.File, path, column string) (T, error)) (T, error) {
	rel := path(game, table)
	key := rel + "#" + name
	if v, ok := cache[key]; ok {
		return v, nil
	}
	var zero T
	f, err := t.verify(game, table)
	if err != nil {
		return zero, err
	}
	v, err := read(f, filepath.Join(t.Dir, filepath.FromSlash(rel)), name)
	if err != nil {
		return zero, err
	}
	cache[key] = v
	return v, nil
}

// verify checks game's table before it is read: a game named as a folder of
// OUT, its bytes those the manifest lists (output.VerifyFile), the entry
// that of this game and table, and the file's own metadata and rows those
// of the entry (output.CheckTableIn), so that a table of another game put
// in its place with a refreshed sha256 is refused. Cost: one hashing of the
// file and one reading of its footer, once per table. It returns the file
// it checked, open, which the columns are read from (one open: a run that
// renames a new table to the path meanwhile changes nothing read here).
func (t *Tables) verify(game, table string) (*os.File, error) {
	if !validGame(game) {
		return nil, &GameNameError{Dir: t.Dir, Game: game}
	}
	rel := path(game, table)
	if in, ok := t.files[rel]; ok {
		return in, nil
	}
	if _, ok := t.manifest.Entry(rel); !ok {
		if other := t.otherFormats(game, table); other != "" {
			return nil, &output.FileError{Op: "verify", Path: filepath.Join(t.Dir, filepath.FromSlash(rel)), Err: fmt.Errorf("is not listed in the manifest%s", other)}
		}
	}
	f, _ := t.manifest.Entry(rel)
	in, err := output.VerifyOpen(t.Dir, t.manifest, rel)
	if err != nil {
		return nil, err
	}
	if f.Game != game || f.Table != table || f.Format != output.FormatParquet {
		in.Close()
		return nil, &output.FileError{Op: "verify", Path: filepath.Join(t.Dir, filepath.FromSlash(rel)),
			Err: fmt.Errorf("%w: the manifest lists it as game %q, table %q, format %q; asked for game %q, table %q (Parquet)", output.ErrContent, f.Game, f.Table, f.Format, game, table)}
	}
	if err := output.CheckTable(in, f); err != nil {
		in.Close()
		return nil, err
	}
	if afterVerify != nil {
		afterVerify(rel)
	}
	t.files[rel] = in
	return in, nil
}

// afterVerify, when set (tests), is called with a table's path once it is
// verified and before any of it is read.
var afterVerify func(rel string)

// Manifest returns the manifest of the folder.
func (t *Tables) Manifest() *output.Manifest { return t.manifest }

// Columns reads the tables of game, each checked against the manifest
// before it is read (for games.RedrawRecorded, and for the game's TableLookup).
func (t *Tables) Columns(game string) games.Tables { return gameTables{t, game} }

// gameTables reads the tables of one game of the folder.
type gameTables struct {
	t    *Tables
	game string
}

func (c gameTables) Int32s(table, name string) ([]int32, error) {
	return column(c.t, c.t.int32s, c.game, table, name, output.ReadColumnFrom[int32])
}

func (c gameTables) Int64s(table, name string) ([]int64, error) {
	return column(c.t, c.t.int64s, c.game, table, name, output.ReadColumnFrom[int64])
}

func (c gameTables) Bools(table, name string) ([]bool, error) {
	return column(c.t, c.t.bools, c.game, table, name, output.ReadColumnFrom[bool])
}

func (c gameTables) Int32Lists(table, name string) ([][]int32, error) {
	return column(c.t, c.t.lists, c.game, table, name, output.ReadInt32ListsFrom)
}

func (c gameTables) Path(table string) string { return path(c.game, table) }

func (c gameTables) Source(table string) string {
	return filepath.ToSlash(filepath.Join(c.t.Dir, path(c.game, table)))
}

// Bound reads one bound recorded with a table's file in the manifest.
func (c gameTables) Bound(table, key string) (int64, bool, error) {
	f, ok := c.t.manifest.Entry(path(c.game, table))
	if !ok {
		return 0, false, nil
	}
	var b map[string]json.Number
	if err := json.Unmarshal(f.Bounds, &b); err != nil || b[key] == "" {
		return 0, true, fmt.Errorf("manifest entry %s records no bound %s", f.Path, key)
	}
	v, err := b[key].Int64()
	return v, true, err
}

// Finding returns the finding key the manifest records for the game, as
// JSON (games.Findings): what a game's lookup trusts past its tables, such
// as a proven period, which it checks again on the tables' values.
func (c gameTables) Finding(key string) (json.RawMessage, bool) {
	e := c.t.manifest.Games[c.game]
	if e == nil || e.Findings[key] == nil {
		return nil, false
	}
	data, err := json.Marshal(e.Findings[key])
	if err != nil {
		return nil, false
	}
	return data, true
}
