package lookup_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
)

// toy is a game lookup has never heard of, registered by this test alone:
// its tables are toy/values (n, value), and it answers N with value(N).
// Package lookup must answer it through its Def and nothing else.
type toySection struct{}

func (toySection) Check() error                              { return nil }
func (toySection) Jobs(game string, workers int) []games.Job { return nil }

func init() {
	games.Register(games.Def{Name: "toy", Title: "a test game", Section: func() games.Section { return toySection{} },
		TableLookup: &games.TableLookup{Table: "values", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
			return func(ctx context.Context, args []string) (*games.Answer, error) {
				if len(args) != 1 {
					return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one number N"}
				}
				n, err := games.ParseArg("N", args[0], 0, 1<<62)
				if err != nil {
					return nil, err
				}
				v, err := t.Int32s("values", "value")
				if err != nil {
					return nil, err
				}
				if n >= int64(len(v)) {
					return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("n = %d", n), Holds: t.Path("values")}
				}
				g := int64(v[n])
				return &games.Answer{Game: game, Position: n, Grundy: &g, Win: g != 0, WinningMoves: []int{}, Source: t.Source("values")}, nil
			}
		}}})
}

// writeToy writes toy/values with the given values, and the folder's
// manifest, as a run would.
func writeToy(t *testing.T, values []int32) string {
	t.Helper()
	dir := t.TempDir()
	ns := make([]int64, len(values))
	for i := range ns {
		ns[i] = int64(i)
	}
	tab := output.Table{Game: "toy", Name: "values", Columns: []output.Column{
		{Name: "n", Type: output.Int64, Sorted: true}, {Name: "value", Type: output.Int32}}}
	w := &output.Writer{Dir: dir, Formats: []string{output.FormatParquet}, Version: "test", Temps: &output.Temps{}}
	files, err := w.WriteTable(context.Background(), tab, json.RawMessage(`{"max":3}`), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{ns, values})
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := output.OpenManifest(dir, "tabulate", "test", nil, nil)
	if err == nil {
		err = m.Add(files...)
	}
	if err == nil {
		err = m.Finish(output.StatusComplete)
	}
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRegisteredGame answers a game known only through its registration.
func TestRegisteredGame(t *testing.T) {
	values := []int32{0, 3, 0, 7}
	dir := writeToy(t, values)
	tables, err := lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := tables.Games(); !slices.Equal(got, []string{"toy"}) {
		t.Errorf("Games() = %v, want [toy]", got)
	}
	for n, want := range values {
		a, err := tables.Answer(context.Background(), "toy", []string{fmt.Sprint(n)})
		if err != nil {
			t.Fatalf("toy %d: %v", n, err)
		}
		if *a.Grundy != int64(want) || a.Win != (want != 0) {
			t.Errorf("toy %d: grundy %d win %v, want %d %v", n, *a.Grundy, a.Win, want, want != 0)
		}
		if wantSrc := filepath.ToSlash(filepath.Join(dir, "toy/values.parquet")); a.Source != wantSrc {
			t.Errorf("toy %d: source %q, want %q", n, a.Source, wantSrc)
		}
	}
	var be *lookup.BoundsError
	if _, err := tables.Answer(context.Background(), "toy", []string{"4"}); !errors.As(err, &be) {
		t.Errorf("toy 4: got %v, want a *BoundsError", err)
	}
	var ae *games.ArgError
	if _, err := tables.Answer(context.Background(), "squares", []string{"4"}); !errors.As(err, &ae) {
		t.Errorf("squares 4 from a folder without squares: got %v, want an *ArgError", err)
	} else if want := "--from " + dir + " has no table squares/grundy.parquet to answer squares from (allowed: games with a sequence table in this folder: toy)"; err.Error() != want {
		t.Errorf("squares 4:\n got %s\nwant %s", err, want)
	}
}
