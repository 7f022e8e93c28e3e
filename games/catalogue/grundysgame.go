package catalogue

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// grundysGame is Grundy's game: a move splits one heap into two non-empty
// heaps of different sizes (OEIS A002188).
var grundysGame = games.Def{
	Name: "grundy-game", Title: "Grundy's game",
	Section: func() games.Section { return &GrundysGame{Max: 10000} },
	Solve: &games.Solver{Args: "HEAP...", Help: fmt.Sprintf("Grundy's game position, one or more heaps (0 <= HEAP <= %d)", grundysGameSolveMax),
		Answer: answerGrundysGame, Examples: []string{"7 5", "10", "0", "20 13 9"}},
	// Its tables are those of every heap game: GAME/grundy answers a
	// position (of several heaps, through the heap's Sum) and redraws
	// the figures.
	TableLookup:       grundysGameHeap.TableLookup(),
	Redraw:            heapgame.RedrawUnlessTail(grundysGameHeap.Redraw),
	Misere:            heapgame.HeapsSolver("grundy-game", "Grundy's game", heapgame.GrundysSplit{}, misere.GenusRule{}),
	MisereTableLookup: grundysGameHeap.MisereTableLookup(),
}

// GrundysGame bounds Grundy's game.
type GrundysGame struct {
	Max           int `yaml:"max" json:"max"` // grundy-game/grundy: heaps 0 <= n <= Max
	heapgame.Play `yaml:",inline"`
	// TailKeys: tail mode (games/heapgame/tail.go), GAME/frequencies past a full array.
	heapgame.TailKeys `yaml:",inline"`
}

// Check keeps the bound in what the engine accepts.
func (g *GrundysGame) Check() error {
	if err := heapgame.GrundysGameTail(&g.TailKeys, grundysGameHeap.Rules).Check(int64(g.Max)); err != nil {
		return err
	}
	if err := g.Play.Check(); err != nil {
		return err
	}
	return g.TailKeys.CheckWith(g.Play, false)
}

// grundysGameHeap is Grundy's game as a heap game: no periodicity theorem
// applies (none is known), so a period found is reported, not proven.
var grundysGameHeap = heapgame.Heap{
	Title: "Grundy's game",
	Rules: "Grundy's game: split a heap into two unequal heaps",
	Values: func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
		g, _, err := octal.GrundysGame(ctx, max, opts)
		return g, err
	},
	Sparse: octal.GrundysGame,
	Memory: octal.GrundysGameMemory,
	// max^2/4 steps at a few hundred million a second.
	Cost: func(max int) float64 { return float64(max) * float64(max) / 4 / 3e8 },
	// A position of several heaps: their sum.
	Sum:    grundysGameAnswer,
	Misere: heapgame.GrundysSplit{},
}

// Jobs plans the Grundy table and the losing heaps.
func (g *GrundysGame) Jobs(game string, workers int) []games.Job {
	if g.Tail {
		return heapgame.GrundysGameTail(&g.TailKeys, grundysGameHeap.Rules).Plan(game, int64(g.Max))
	}
	h := grundysGameHeap
	h.Play = g.Play
	return h.Plan(game, g.Max)
}

// grundysGameSolveMax is the largest heap solve answers for (about a second).
const grundysGameSolveMax = 50000

// SplitMove is a winning move in Grundy's game: heap Heap (numbered from 1)
// of From is split into the two unequal heaps Leaves.
type SplitMove struct {
	Heap   int   `json:"heap"`
	From   int   `json:"from"`
	Leaves []int `json:"leaves"`
}

// String writes m as tabulate solve prints it: "heap 1: 7 -> 2 + 5".
func (m SplitMove) String() string {
	return fmt.Sprintf("heap %d: %d -> %d + %d", m.Heap, m.From, m.Leaves[0], m.Leaves[1])
}

// grundysGameAnswer answers a position of Grundy's game of several heaps
// from the values g(0..m), m at least the largest heap: the XOR of the
// heaps' values and every split that leaves XOR 0. It panics when g is too
// short (the caller's mistake).
func grundysGameAnswer(heaps []int, g []int32, source string) *games.Answer {
	var x int32
	for _, h := range heaps {
		x ^= g[h]
	}
	moves := []SplitMove{}
	for i, h := range heaps {
		rest := x ^ g[h]
		for a := 1; 2*a < h; a++ {
			if g[a]^g[h-a] == rest {
				moves = append(moves, SplitMove{Heap: i + 1, From: h, Leaves: []int{a, h - a}})
			}
		}
	}
	return &games.Answer{Game: "grundy-game", Position: heaps, Grundy: games.Int64Ptr(int64(x)), Win: x != 0, WinningMoves: moves, Source: source}
}

// answerGrundysGame answers a position of Grundy's game by computing the
// values up to its largest heap.
func answerGrundysGame(ctx context.Context, args []string) (*games.Answer, error) {
	heaps, err := heapgame.ParseHeaps("grundy-game", args, grundysGameSolveMax)
	if ae, ok := err.(*games.ArgError); ok && strings.Contains(ae.Problem, "out of range") {
		ae.Allowed += "; tabulate solve --from OUT answers any heap the grundy-game/grundy table of a run into OUT holds: tabulate run --only grundy-game with grundy-game.max set"
	}
	if err != nil {
		return nil, err
	}
	g, err := grundysGameValues.get(int64(slices.Max(heaps)), grundysGameSolveMax, func(top int64) ([]int32, error) {
		g, _, err := octal.GrundysGame(ctx, int(top), grundy.Options{Progress: games.ProgressOf(ctx, "computing", "n")})
		return g, err
	})
	if err != nil {
		return nil, err
	}
	return grundysGameAnswer(heaps, g, "computed"), nil
}

// grundysGameValues are the values Grundy's game's solver keeps between
// positions (see grown).
var grundysGameValues grown[[]int32]
