package registertest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/pipeline"
)

// toyValues is the literal game the toy is: one heap, a move removes 1 or
// 2 stones. Its Grundy values by a plain mex over those two moves.
func toyValues(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
	g := make([]int32, max+1)
	for n := range g {
		seen := map[int32]bool{}
		for _, k := range []int{1, 2} {
			if n >= k {
				seen[g[n-k]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g, nil
}

var toyHeap = heapgame.Heap{
	Title:  "take 1 or 2",
	Values: toyValues,
	Memory: func(max int) int64 { return 4 * int64(max+1) },
	Moves: func(n int) []heapgame.HeapMove {
		var out []heapgame.HeapMove
		for _, k := range []int{1, 2} {
			if n >= k {
				out = append(out, heapgame.HeapMove{Remove: k, Leaves: []int{n - k}})
			}
		}
		return out
	},
}

// toySection bounds the toy.
type toySection struct {
	Max int `yaml:"max" json:"max"`
}

func (s *toySection) Check() error {
	if s.Max < 1 || s.Max > 1000 {
		return &games.KeyError{Key: "max", Value: fmt.Sprint(s.Max), Problem: "is out of range", Allowed: "1 to 1000"}
	}
	return nil
}

func (s *toySection) Jobs(game string, workers int) []games.Job { return toyHeap.Plan(game, s.Max) }

// The toy is registered by this package's initialization, which runs
// after that of configs, pipeline and lookup.
func init() {
	games.Register(games.Def{
		Name: "toy", Title: "take 1 or 2",
		Section: func() games.Section { return &toySection{Max: 10} },
		Solve: &games.Solver{Args: "N", Help: "a heap of N", Answer: func(ctx context.Context, args []string) (*games.Answer, error) {
			n, err := games.ParseArg("N", args[0], 0, 1000)
			if err != nil {
				return nil, err
			}
			g, _ := toyValues(ctx, int(n), grundy.Options{})
			return toyHeap.Answer("toy", g, int(n), "computed"), nil
		}},
		TableLookup: toyHeap.TableLookup(),
		Redraw:      toyHeap.Redraw,
	})
}

// TestRegisteredElsewhere runs the toy through every route: in take 1 or
// 2, g(n) = n mod 3 (the player to move loses exactly on multiples of 3,
// Winning Ways ch. 4), and from n = 7 the one winning move takes 1.
func TestRegisteredElsewhere(t *testing.T) {
	cfg, err := configs.Load("toy.yaml", []byte("games: [toy]\ntoy: {max: 30}\nformats: [parquet]\nplots: [svg]\n"))
	if err != nil {
		t.Fatalf("the toy's key is refused: %v", err)
	}
	if sec, ok := cfg.Section("toy").(*toySection); !ok || sec.Max != 30 {
		t.Fatalf("toy section %#v, want max 30", cfg.Section("toy"))
	}
	if _, err := configs.Load("toy.yaml", []byte("toy: {max: 5000}\n")); err == nil {
		t.Error("toy max 5000 accepted, want the toy's Check to refuse it")
	}
	cfg.Out = t.TempDir()
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"toy/grundy.parquet", "toy/p_positions.parquet", "toy/grundy.svg"} {
		if _, err := os.Stat(filepath.Join(cfg.Out, f)); err != nil {
			t.Errorf("the run wrote no %s: %v", f, err)
		}
	}

	d, ok, err := cfg.Def("toy")
	if err != nil || !ok {
		t.Fatalf("Def(toy): %v %v", ok, err)
	}
	computed, err := d.Solve.Answer(context.Background(), []string{"7"})
	if err != nil {
		t.Fatal(err)
	}
	tables, err := lookup.Open(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if got := tables.Games(); !slices.Equal(got, []string{"toy"}) {
		t.Errorf("the folder answers %v, want [toy]", got)
	}
	for n := range 31 {
		a, err := tables.Answer(context.Background(), "toy", []string{fmt.Sprint(n)})
		if err != nil {
			t.Fatalf("toy %d from the tables: %v", n, err)
		}
		if *a.Grundy != int64(n%3) || a.Win != (n%3 != 0) {
			t.Errorf("toy %d from the tables: grundy %d win %v, want %d", n, *a.Grundy, a.Win, n%3)
		}
	}
	read, _ := tables.Answer(context.Background(), "toy", []string{"7"})
	for _, a := range []*games.Answer{computed, read} {
		moves, _ := a.WinningMoves.([]heapgame.HeapMove)
		if *a.Grundy != 1 || len(moves) != 1 || moves[0].Remove != 1 {
			t.Errorf("toy 7 (%s): grundy %d moves %v, want 1 and one move taking 1", a.Source, *a.Grundy, a.WinningMoves)
		}
	}

	svg := filepath.Join(cfg.Out, "toy", "grundy.svg")
	if err := os.Remove(svg); err != nil {
		t.Fatal(err)
	}
	res, err := pipeline.Plot(context.Background(), cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 0 {
		t.Errorf("redraw skipped %v", res.Skipped)
	}
	if _, err := os.Stat(svg); err != nil {
		t.Errorf("redraw did not draw toy/grundy.svg again: %v", err)
	}
}
