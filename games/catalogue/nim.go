package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/nim"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// nim is Nim: a move removes any positive number of stones from one pile.
var nimGame = games.Def{
	Name: "nim", Title: "Nim", Default: true,
	Section:     func() games.Section { return &Nim{MaxPiles: 7, MaxPile: 7} },
	Solve:       &games.Solver{Args: "PILE...", Help: "Nim position, one or more pile sizes >= 0", Answer: answerNim, Examples: []string{"1 2 3", "3 4 5", "7", "2 2 5 1"}},
	TableLookup: nimLookup,
	Redraw:      nimRedraw,
	Misere:      nimMisere,
}

// Nim bounds Nim.
type Nim struct {
	MaxPiles int `yaml:"max_piles" json:"max_piles"` // 1..MaxPiles piles
	MaxPile  int `yaml:"max_pile" json:"max_pile"`   // of 1..MaxPile stones
	// Play is normal (the default: nim/positions), misere
	// (nim/misere_positions) or both (games/heapgame/misere.go).
	Play string `yaml:"play" json:"play,omitempty"`
}

// Check keeps the bounds, and the number of positions they give, in what
// the engine accepts.
func (n *Nim) Check() error {
	if err := games.CheckRange("max_piles", int64(n.MaxPiles), 1, 16); err != nil {
		return err
	}
	if err := games.CheckRange("max_pile", int64(n.MaxPile), 1, 63); err != nil {
		return err
	}
	if c := nim.PositionCount(n.MaxPiles, n.MaxPile); c > nim.PositionsMax {
		return &games.KeyError{Key: "max_pile", Value: fmt.Sprint(n.MaxPile),
			Problem: fmt.Sprintf("gives %d positions with max_piles %d", c, n.MaxPiles),
			Allowed: fmt.Sprintf("bounds giving at most %d positions, such as max_piles 10 with max_pile 15", int64(nim.PositionsMax))}
	}
	return heapgame.Play{Play: n.Play}.Check()
}

// Jobs plans Nim: every multiset of piles decided by search, then checked
// against Bouton's rule.
func (n *Nim) Jobs(game string, workers int) []games.Job {
	cfg := *n
	count := nim.PositionCount(cfg.MaxPiles, cfg.MaxPile)
	var jobs []games.Job
	if p := (heapgame.Play{Play: cfg.Play}); p.Misere() {
		jobs = append(jobs, nimMisereJob(cfg, count))
		if !p.Normal() {
			return jobs
		}
	}
	return append([]games.Job{{Table: "positions", Memory: nim.Memory(cfg.MaxPiles, cfg.MaxPile) + games.WriteMemory(count, 4*int64(cfg.MaxPiles)+17), Cost: float64(count) / 1e6,
		Run: func(ctx context.Context, s games.Sink) error {
			table, err := nim.Positions(ctx, cfg.MaxPiles, cfg.MaxPile,
				grundy.Options{Workers: s.Workers(), Progress: s.Progress("searching positions", "positions")})
			if err != nil {
				return err
			}
			if err := table.CheckBouton(); err != nil {
				return fmt.Errorf("the search disagrees with Bouton's rule: %w", err)
			}
			return nimTable(ctx, s, cfg, table, count)
		}}}, jobs...)
}

// nimPositionColumns are the columns of nim/positions and of
// nim/misere_positions (the same position under the other convention).
func nimPositionColumns() []output.Column {
	return []output.Column{
		{Name: "piles", Type: output.Int32List},
		{Name: "nim_sum", Type: output.Int32},
		{Name: "win", Type: output.Bool},
		{Name: "winning_moves", Type: output.Int32},
		{Name: "winning_piles", Type: output.Int32List},
		{Name: "winning_sizes", Type: output.Int32List},
	}
}

func nimTable(ctx context.Context, s games.Sink, cfg Nim, table *nim.Table, count int64) error {
	t := output.Table{Game: "nim", Name: "positions",
		Columns: nimPositionColumns(),
	}
	var losing int64
	err := s.Table(ctx, t, count, func(ctx context.Context, emit func(output.Batch) error) error {
		return table.Each(ctx, heapgame.BatchRows, func(ps []nim.Position) error {
			piles := make([][]int32, len(ps))
			sums := make([]int32, len(ps))
			wins := make([]bool, len(ps))
			moves := make([]int32, len(ps))
			movePiles := make([][]int32, len(ps))
			moveSizes := make([][]int32, len(ps))
			for i, p := range ps {
				piles[i], sums[i], wins[i], moves[i] = p.Piles, p.NimSum, p.Win, p.WinningMoves
				if !p.Win {
					losing++
				}
				movePiles[i], moveSizes[i] = nimWinningMoves(p.Piles, p.NimSum)
				if int32(len(movePiles[i])) != p.WinningMoves {
					return fmt.Errorf("piles %v: Bouton's rule gives %d winning moves, the search %d", p.Piles, len(movePiles[i]), p.WinningMoves)
				}
			}
			return emit(output.Batch{piles, sums, wins, moves, movePiles, moveSizes})
		})
	})
	if err != nil {
		return err
	}
	s.Finding("positions", games.Wins{What: "positions", Count: count, FirstPlayerWins: count - losing, SecondPlayerWins: losing})
	s.Finding("bouton", games.RuleCheck{Rule: "Bouton's rule (the player to move wins iff the nim-sum is not 0)", Positions: count, Agrees: true})
	return nimFigure(ctx, s, cfg.MaxPile)
}

// nimFigure draws the nim-sum of two piles of up to maxPile.
func nimFigure(ctx context.Context, s games.Sink, maxPile int) error {
	return s.Figure(ctx, "nim_sum", func() (*plot.Plot, error) {
		return plots.NimSumHeatmap("Nim: nim-sum of two piles (0 = the player to move loses)", maxPile)
	})
}

// nimWinningMoves lists the winning moves of a position as parallel lists:
// the pile (numbered from 1 in the ascending piles) and the size it is
// reduced to. By Bouton's theorem they are the piles p with p XOR sum < p,
// reduced to p XOR sum (none when sum is 0); the caller checks their count
// against the exhaustive search. Both lists are empty, not nil, for a
// losing position.
func nimWinningMoves(piles []int32, sum int32) (index, size []int32) {
	index, size = []int32{}, []int32{}
	if sum == 0 {
		return index, size
	}
	for i, p := range piles {
		if p^sum < p {
			index, size = append(index, int32(i+1)), append(size, p^sum)
		}
	}
	return index, size
}

// NimMove is a winning move in nim: pile Pile (from 1) goes from From
// stones to To.
type NimMove struct {
	Pile int `json:"pile"`
	From int `json:"from"`
	To   int `json:"to"`
}

// String writes m as tabulate solve prints it: "pile 2: 4 -> 1".
func (m NimMove) String() string { return fmt.Sprintf("pile %d: %d -> %d", m.Pile, m.From, m.To) }

// answerNim answers one nim position.
func answerNim(ctx context.Context, args []string) (*games.Answer, error) {
	if len(args) == 0 {
		return nil, &games.ArgError{Arg: "solve nim", Problem: "takes one or more pile sizes"}
	}
	piles := make([]int, len(args))
	for i, s := range args {
		p, err := games.ParseArg(fmt.Sprintf("pile %d", i+1), s, 0, 1<<31-1)
		if err != nil {
			return nil, err
		}
		piles[i] = int(p)
	}
	a, err := nim.Solve(piles)
	if err != nil {
		return nil, &games.ArgError{Arg: "solve nim", Problem: err.Error()}
	}
	moves := []NimMove{}
	for _, m := range a.WinningMoves {
		moves = append(moves, NimMove{Pile: m.Pile + 1, From: piles[m.Pile], To: m.NewSize})
	}
	return &games.Answer{Game: "nim", Position: piles, Grundy: games.Int64Ptr(int64(a.NimSum)), Win: a.Win,
		WinningMoves: moves, Source: "computed"}, nil
}

// nimLookup answers piles from nim/positions, whose rows are the multisets
// of 1..max_piles piles of 1..max_pile in ascending order. Empty piles are
// left out of the look-up (they change nothing), and the winning moves,
// listed there by the index of a pile in the sorted list, are given back by
// the index of that pile as it was given. The rows are indexed by their
// piles on first use.
var nimLookup = &games.TableLookup{Table: "positions", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	var index map[string]int // row of each sorted list of piles
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		if len(args) == 0 {
			return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes one or more pile sizes"}
		}
		piles := make([]int, len(args))
		var order []int // indices of the non-empty piles, by size (stable)
		for i, s := range args {
			p, err := games.ParseArg(fmt.Sprintf("pile %d", i+1), s, 0, 1<<31-1)
			if err != nil {
				return nil, err
			}
			piles[i] = int(p)
			if p > 0 {
				order = append(order, i)
			}
		}
		slices.SortStableFunc(order, func(a, b int) int { return piles[a] - piles[b] })
		rows, err := t.Int32Lists("positions", "piles")
		if err != nil {
			return nil, err
		}
		sums, err := t.Int32s("positions", "nim_sum")
		if err != nil {
			return nil, err
		}
		wins, err := t.Bools("positions", "win")
		if err != nil {
			return nil, err
		}
		movePiles, err := t.Int32Lists("positions", "winning_piles")
		if err != nil {
			return nil, err
		}
		moveSizes, err := t.Int32Lists("positions", "winning_sizes")
		if err != nil {
			return nil, err
		}
		if len(sums) != len(rows) || len(wins) != len(rows) || len(movePiles) != len(rows) || len(moveSizes) != len(rows) {
			return nil, fmt.Errorf("%s: its columns have different lengths", t.Source("positions"))
		}
		if index == nil {
			index = make(map[string]int, len(rows))
			for i, r := range rows {
				index[pilesKey(r)] = i
			}
		}
		sorted := make([]int32, len(order))
		for j, i := range order {
			sorted[j] = int32(piles[i])
		}
		if len(sorted) == 0 {
			// No stones at all: the player to move cannot move and loses.
			return &games.Answer{Game: game, Position: piles, Grundy: new(int64), WinningMoves: []NimMove{}, Source: t.Source("positions")}, nil
		}
		row, ok := index[pilesKey(sorted)]
		if !ok {
			holds := fmt.Sprintf("%s holds every multiset of piles from its run's bounds (max_piles, max_pile)", t.Path("positions"))
			maxPiles, ok1, err1 := t.Bound("positions", "max_piles")
			maxPile, ok2, err2 := t.Bound("positions", "max_pile")
			if ok1 && ok2 && err1 == nil && err2 == nil {
				holds = fmt.Sprintf("%s holds every position of 1 to %d non-empty piles of 1 to %d stones (max_piles %d, max_pile %d; empty piles are left out)",
					t.Path("positions"), maxPiles, maxPile, maxPiles, maxPile)
			}
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("piles %v", piles), Holds: holds}
		}
		moves := []NimMove{}
		for k, idx := range movePiles[row] {
			if idx < 1 || int(idx) > len(order) || k >= len(moveSizes[row]) {
				return nil, fmt.Errorf("%s: row %d lists a move on pile %d of %d", t.Source("positions"), row, idx, len(order))
			}
			i := order[idx-1]
			moves = append(moves, NimMove{Pile: i + 1, From: piles[i], To: int(moveSizes[row][k])})
		}
		slices.SortFunc(moves, func(a, b NimMove) int { return a.Pile - b.Pile })
		v := int64(sums[row])
		return &games.Answer{Game: game, Position: piles, Grundy: &v, Win: wins[row], WinningMoves: moves, Source: t.Source("positions")}, nil
	}
}}

// pilesKey is a map key for a sorted list of piles.
func pilesKey(piles []int32) string {
	var b strings.Builder
	for _, p := range piles {
		fmt.Fprintf(&b, "%d,", p)
	}
	return b.String()
}

// nimRedraw draws the nim-sum map again: it depends on the bound max_pile
// alone.
func nimRedraw(game string, bounds json.RawMessage, cols games.Columns) (func(ctx context.Context, s games.Sink) error, []string, error) {
	var b Nim
	if err := json.Unmarshal(bounds, &b); err != nil {
		return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
	}
	if !(heapgame.Play{Play: b.Play}).Normal() {
		// play: misere draws no figure.
		return func(ctx context.Context, s games.Sink) error { return nil }, nil, nil
	}
	return func(ctx context.Context, s games.Sink) error { return nimFigure(ctx, s, b.MaxPile) }, nil, nil
}

// nimMisere is Nim under misère play (tabulate solve --misere nim PILE...).
var nimMisere = heapgame.HeapsSolver("nim", "Nim", misere.Nim(), misere.GenusRule{})

// nimMisereJob is the job of nim/misere_positions: every multiset of
// piles decided under misère play by exhaustive search
// (nim.MiserePositions), checked against Bouton's misère rule.
func nimMisereJob(cfg Nim, count int64) games.Job {
	return games.Job{Table: "misere_positions", Memory: nim.Memory(cfg.MaxPiles, cfg.MaxPile) + games.WriteMemory(count, 4*int64(cfg.MaxPiles)+17), Cost: float64(count) / 1e6,
		Run: func(ctx context.Context, s games.Sink) error {
			table, err := nim.MiserePositions(ctx, cfg.MaxPiles, cfg.MaxPile,
				grundy.Options{Workers: s.Workers(), Progress: s.Progress("searching positions (misère play)", "positions")})
			if err != nil {
				return err
			}
			if err := table.CheckBouton(); err != nil {
				return fmt.Errorf("the misère search disagrees with Bouton's misère rule: %w", err)
			}
			return nimMisereTable(ctx, s, table, count)
		}}
}

// nimMisereTable writes nim/misere_positions: the columns of nim/positions
// under misère play (the player who makes the last move loses), the
// winning moves by Bouton's misère rule (nim.MisereWinningMoves), their
// number checked against the search's; and the findings
// misere_positions and bouton_misere.
func nimMisereTable(ctx context.Context, s games.Sink, table *nim.Table, count int64) error {
	t := output.Table{Game: "nim", Name: "misere_positions",
		Columns: nimPositionColumns(),
	}
	var losing int64
	err := s.Table(ctx, t, count, func(ctx context.Context, emit func(output.Batch) error) error {
		return table.Each(ctx, heapgame.BatchRows, func(ps []nim.Position) error {
			piles, sums, wins := make([][]int32, len(ps)), make([]int32, len(ps)), make([]bool, len(ps))
			moves, movePiles, moveSizes := make([]int32, len(ps)), make([][]int32, len(ps)), make([][]int32, len(ps))
			for i, p := range ps {
				piles[i], sums[i], wins[i], moves[i] = p.Piles, p.NimSum, p.Win, p.WinningMoves
				if !p.Win {
					losing++
				}
				movePiles[i], moveSizes[i] = nim.MisereWinningMoves(p.Piles)
				if int32(len(movePiles[i])) != p.WinningMoves {
					return fmt.Errorf("piles %v: Bouton's misère rule gives %d winning moves, the search %d", p.Piles, len(movePiles[i]), p.WinningMoves)
				}
			}
			return emit(output.Batch{piles, sums, wins, moves, movePiles, moveSizes})
		})
	})
	if err != nil {
		return err
	}
	s.Finding("misere_positions", games.Wins{What: "positions under misère play", Count: count, FirstPlayerWins: count - losing, SecondPlayerWins: losing})
	s.Finding("bouton_misere", games.RuleCheck{Rule: "Bouton's misère rule (the player to move loses iff every pile is at most 1 and their number is odd, or some pile is 2 or more and the nim-sum is 0)", Positions: count, Agrees: true})
	return nil
}
