// Package lookup answers positions from the tables of an earlier run
// (tabulate solve --from OUT) instead of computing them: take-a-square from
// squares/grundy and squares/p_positions, Flip Game II boards from
// flip/run_grundy, Grundy's game from grundy-game/grundy, and games defined
// by rules (octal codes, subtraction sets) from NAME/grundy.
//
// Before a table is used, its bytes are checked against the size and sha256
// that OUT/manifest.json lists for it, so a table changed, truncated or
// replaced since the run is refused (output.ErrTampered) rather than
// trusted. A position outside the bounds the tables were computed with is a
// *BoundsError that names the table and its bounds.
//
//	t, _ := lookup.Open("out")
//	a, _ := t.Answer(ctx, "squares", []string{"20"})
//	// a.Grundy = 0, a.Win = false, a.WinningMoves = []int64{}
//	// a.Source = "out/squares/grundy.parquet"
package lookup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/output"
)

// Tables is the output folder of an earlier run, read lazily: each table is
// verified and read on first use and kept in memory for later answers.
type Tables struct {
	Dir      string
	manifest *output.Manifest
	rules    map[string]games.Heap
	int32s   map[string][]int32
	int64s   map[string][]int64
	bools    map[string][]bool
	// int32Lists holds list columns read; nimRows indexes nim/positions by
	// its sorted piles.
	int32Lists map[string][][]int32
	nimRows    map[string]int
}

// BoundsError is a position outside what the tables of the run hold.
type BoundsError struct {
	Game     string
	Position string // such as "n = 100001"
	Holds    string // such as "squares/grundy.parquet holds n = 0 to 100000"
}

// Error says what was asked and what the tables hold.
func (e *BoundsError) Error() string {
	return fmt.Sprintf("%s: %s is outside the tables (%s); run tabulate run with larger bounds, or drop --from to compute it", e.Game, e.Position, e.Holds)
}

// Open reads the manifest of the output folder dir.
func Open(dir string) (*Tables, error) {
	m, err := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	if err != nil {
		return nil, err
	}
	t := &Tables{Dir: dir, manifest: m, int32s: map[string][]int32{}, int64s: map[string][]int64{}, bools: map[string][]bool{}, int32Lists: map[string][][]int32{}}
	if t.rules, err = Rules(m); err != nil {
		return nil, fmt.Errorf("%s: the configuration it records: %w", filepath.Join(dir, output.ManifestName), err)
	}
	return t, nil
}

// Games lists the games whose positions the folder can answer.
func (t *Tables) Games() []string {
	var names []string
	for _, g := range append([]string{"squares", "flip", "caniwin", "nim", "grundy-game"}, sortedKeys(t.rules)...) {
		if _, ok := t.manifest.Entry(t.tablePath(g)); ok {
			names = append(names, g)
		}
	}
	return names
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// tablePath is the main table of game, relative to the folder.
func (t *Tables) tablePath(game string) string {
	switch game {
	case "flip":
		return "flip/run_grundy.parquet"
	case "caniwin":
		return caniwinRel
	case "nim":
		return nimRel
	}
	return game + "/grundy.parquet"
}

// Answer answers one position of game, given as tabulate solve takes it. A
// malformed position is a *games.ArgError, one outside the tables a
// *BoundsError.
func (t *Tables) Answer(ctx context.Context, game string, args []string) (*games.Answer, error) {
	if _, ok := t.manifest.Entry(t.tablePath(game)); !ok {
		can := t.Games()
		return nil, &games.ArgError{Arg: "--from " + t.Dir, Problem: fmt.Sprintf("has no table %s to answer %s from", t.tablePath(game), game),
			Allowed: "games with a sequence table in this folder: " + strings.Join(can, ", ")}
	}
	switch game {
	case "squares":
		return t.squares(args)
	case "flip":
		return t.flip(args)
	case "caniwin":
		return t.caniwin(args)
	case "nim":
		return t.nim(args)
	case "grundy-game":
		return t.grundysGame(args)
	}
	return t.heap(game, args)
}

// column reads a verified integer or boolean column, once.
func column[T int32 | int64 | bool](t *Tables, cache map[string][]T, rel, name string) ([]T, error) {
	key := rel + "#" + name
	if v, ok := cache[key]; ok {
		return v, nil
	}
	if err := output.VerifyFile(t.Dir, t.manifest, rel); err != nil {
		return nil, err
	}
	v, err := output.ReadColumn[T](filepath.Join(t.Dir, filepath.FromSlash(rel)), name)
	if err != nil {
		return nil, err
	}
	cache[key] = v
	return v, nil
}

// source names a table for Answer.Source.
func (t *Tables) source(rel string) string { return filepath.ToSlash(filepath.Join(t.Dir, rel)) }

// squares answers a pile: from squares/grundy when n is in it, else from
// squares/p_positions (outcome and winning moves, no Grundy value).
func (t *Tables) squares(args []string) (*games.Answer, error) {
	if len(args) != 1 {
		return nil, &games.ArgError{Arg: "solve squares", Problem: "takes one number N"}
	}
	n, err := games.ParseArg("N", args[0], 0, 1<<62)
	if err != nil {
		return nil, err
	}
	const grundyRel, losingRel = "squares/grundy.parquet", "squares/p_positions.parquet"
	g, err := column(t, t.int32s, grundyRel, "grundy")
	if err != nil {
		return nil, err
	}
	if n < int64(len(g)) {
		moves := []int64{}
		for k := int64(1); k*k <= n; k++ {
			if g[n-k*k] == 0 {
				moves = append(moves, k*k)
			}
		}
		v := int64(g[n])
		return &games.Answer{Game: "squares", Position: n, Grundy: &v, Win: v != 0, WinningMoves: moves, Source: t.source(grundyRel)}, nil
	}
	holds := fmt.Sprintf("%s holds n = 0 to %d", grundyRel, len(g)-1)
	entry, ok := t.manifest.Entry(losingRel)
	if !ok {
		return nil, &BoundsError{Game: "squares", Position: fmt.Sprintf("n = %d", n), Holds: holds}
	}
	winMax, err := boundOf(entry, "win_max")
	if err != nil {
		return nil, err
	}
	if n > winMax {
		return nil, &BoundsError{Game: "squares", Position: fmt.Sprintf("n = %d", n),
			Holds: fmt.Sprintf("%s; %s every losing n up to %d", holds, losingRel, winMax)}
	}
	losing, err := column(t, t.int64s, losingRel, "n")
	if err != nil {
		return nil, err
	}
	isLosing := func(x int64) bool { _, found := slices.BinarySearch(losing, x); return found }
	moves := []int64{}
	for k := int64(1); k*k <= n; k++ {
		if isLosing(n - k*k) {
			moves = append(moves, k*k)
		}
	}
	return &games.Answer{Game: "squares", Position: n, Win: !isLosing(n), WinningMoves: moves, Source: t.source(losingRel)}, nil
}

// boundOf reads one bound recorded with a file in the manifest.
func boundOf(f output.File, key string) (int64, error) {
	var b map[string]json.Number
	if err := json.Unmarshal(f.Bounds, &b); err != nil || b[key] == "" {
		return 0, fmt.Errorf("manifest entry %s records no bound %s", f.Path, key)
	}
	return b[key].Int64()
}

// flip answers a board from the values of single runs.
func (t *Tables) flip(args []string) (*games.Answer, error) {
	if len(args) != 1 {
		return nil, &games.ArgError{Arg: "solve flip", Problem: "takes one board, such as ++-++ (quote it in the shell if needed)"}
	}
	board := args[0]
	runs, err := flip.ParseBoard(board)
	if err != nil {
		var be *flip.BoardError
		if errors.As(err, &be) {
			return nil, &games.ArgError{Arg: "board", Problem: fmt.Sprintf("has the character %q at position %d (0-based)", be.Char, be.Pos), Allowed: "only '+' and '-'"}
		}
		return nil, err
	}
	const rel = "flip/run_grundy.parquet"
	g, err := column(t, t.int32s, rel, "grundy")
	if err != nil {
		return nil, err
	}
	var total int32
	for _, r := range runs {
		if r.Len >= len(g) {
			return nil, &BoundsError{Game: "flip", Position: fmt.Sprintf("a run of %d '+' at index %d", r.Len, r.Start),
				Holds: fmt.Sprintf("%s holds runs of length 0 to %d", rel, len(g)-1)}
		}
		total ^= g[r.Len]
	}
	moves := []int{}
	for _, r := range runs {
		want := g[r.Len] ^ total
		for a := 0; a <= r.Len-2; a++ {
			if g[a]^g[r.Len-2-a] == want {
				moves = append(moves, r.Start+a)
			}
		}
	}
	v := int64(total)
	return &games.Answer{Game: "flip", Position: board, Grundy: &v, Win: total != 0, WinningMoves: moves, Source: t.source(rel)}, nil
}

// heap answers a heap of a game defined by rules.
func (t *Tables) heap(game string, args []string) (*games.Answer, error) {
	h, ok := t.rules[game]
	if !ok {
		return nil, &games.ArgError{Arg: "--from " + t.Dir, Problem: fmt.Sprintf("records no rules for %s", game),
			Allowed: "games with a sequence table in this folder: " + strings.Join(t.Games(), ", ")}
	}
	if len(args) != 1 {
		return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one heap size N"}
	}
	n, err := games.ParseArg("N", args[0], 0, 1<<62)
	if err != nil {
		return nil, err
	}
	rel := t.tablePath(game)
	g, err := column(t, t.int32s, rel, "grundy")
	if err != nil {
		return nil, err
	}
	if n >= int64(len(g)) {
		return nil, &BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n), Holds: fmt.Sprintf("%s holds n = 0 to %d", rel, len(g)-1)}
	}
	return h.HeapAnswer(game, g, int(n), t.source(rel)), nil
}

// Rules reads the games defined by rules from a manifest: from the bounds
// each game's files were made with ({"code", "max"} for an octal game,
// {"set", "all_but", "max"} for a subtraction game), so that a game keeps
// its rules after a partial rerun with another configuration.
func Rules(m *output.Manifest) (map[string]games.Heap, error) {
	c := map[string]any{"octal": map[string]any{}, "subtraction": map[string]any{}}
	for name, e := range m.Games {
		b, ok := e.Bounds.(map[string]any)
		if !ok {
			continue
		}
		if _, ok := b["code"]; ok {
			c["octal"].(map[string]any)[name] = b
		} else if _, ok := b["set"]; ok {
			c["subtraction"].(map[string]any)[name] = b
		}
	}
	return rulesOf(c)
}

// rulesOf reads games defined by rules from a configuration's "octal" and
// "subtraction" sections.
func rulesOf(config any) (map[string]games.Heap, error) {
	data, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	var c struct {
		Octal map[string]struct {
			Code string `json:"code"`
		} `json:"octal"`
		Subtraction map[string]struct {
			Set    json.RawMessage `json:"set"`
			AllBut []int           `json:"all_but"`
		} `json:"subtraction"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	out := map[string]games.Heap{}
	for name, o := range c.Octal {
		code, err := octal.Parse(o.Code)
		if err != nil {
			return nil, fmt.Errorf("octal.%s: %w", name, err)
		}
		out[name] = games.Octal(code)
	}
	for name, s := range c.Subtraction {
		var set subtraction.Set
		var elems []int
		var setName string
		if err := json.Unmarshal(s.Set, &elems); err != nil {
			if err := json.Unmarshal(s.Set, &setName); err != nil {
				return nil, fmt.Errorf("subtraction.%s.set: %s is neither a list nor a name", name, strconv.Quote(string(s.Set)))
			}
		}
		if set, err = subtraction.NewSet(setName, elems, s.AllBut); err != nil {
			return nil, fmt.Errorf("subtraction.%s: %w", name, err)
		}
		out[name] = games.Subtraction(set)
	}
	return out, nil
}

// grundysGame answers a position of Grundy's game of several heaps.
func (t *Tables) grundysGame(args []string) (*games.Answer, error) {
	heaps, err := games.ParseHeaps("grundy-game", args, 1<<62)
	if err != nil {
		return nil, err
	}
	rel := t.tablePath("grundy-game")
	g, err := column(t, t.int32s, rel, "grundy")
	if err != nil {
		return nil, err
	}
	for i, h := range heaps {
		if h >= len(g) {
			return nil, &BoundsError{Game: "grundy-game", Position: fmt.Sprintf("heap %d = %d", i+1, h), Holds: fmt.Sprintf("%s holds n = 0 to %d", rel, len(g)-1)}
		}
	}
	return games.GrundysGameAnswer(heaps, g, t.source(rel)), nil
}

// Manifest returns the manifest of the folder.
func (t *Tables) Manifest() *output.Manifest { return t.manifest }

// Columns reads the tables of game, each checked against the manifest
// before it is read (for games.Redraw).
func (t *Tables) Columns(game string) games.Columns { return gameColumns{t, game} }

type gameColumns struct {
	t    *Tables
	game string
}

func (c gameColumns) Int32s(table, name string) ([]int32, error) {
	return column(c.t, c.t.int32s, c.game+"/"+table+".parquet", name)
}

func (c gameColumns) Int64s(table, name string) ([]int64, error) {
	return column(c.t, c.t.int64s, c.game+"/"+table+".parquet", name)
}

func (c gameColumns) Bools(table, name string) ([]bool, error) {
	return column(c.t, c.t.bools, c.game+"/"+table+".parquet", name)
}
