package pipeline

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// nimJobs plans Nim: every multiset of piles decided by search, then checked
// against Bouton's rule.
func nimJobs(cfg configs.Nim) []Job {
	count := grundy.NimPositionCount(cfg.MaxPiles, cfg.MaxPile)
	return []Job{{Game: "nim", Name: "positions", Memory: grundy.NimMemory(cfg.MaxPiles, cfg.MaxPile), Cost: float64(count) / 1e6,
		run: func(ctx context.Context, e *env) error {
			table, err := grundy.SolveNimPositions(ctx, cfg.MaxPiles, cfg.MaxPile, e.workers(), e.progress("searching positions", "positions"))
			if err != nil {
				return err
			}
			if err := table.CheckBouton(); err != nil {
				return fmt.Errorf("the search disagrees with Bouton's rule: %w", err)
			}
			return nimTable(ctx, e, cfg, table, count)
		}}}
}

func nimTable(ctx context.Context, e *env, cfg configs.Nim, table *grundy.NimTable, count int64) error {
	t := output.Table{Game: "nim", Name: "positions",
		Columns: []output.Column{
			{Name: "piles", Type: output.Int32List},
			{Name: "nim_sum", Type: output.Int32},
			{Name: "win", Type: output.Bool},
			{Name: "winning_moves", Type: output.Int32},
		},
	}
	var losing int64
	err := e.table(ctx, t, count, func(ctx context.Context, emit func(output.Batch) error) error {
		return table.Each(ctx, batchRows, func(ps []grundy.NimPosition) error {
			piles := make([][]int32, len(ps))
			sums := make([]int32, len(ps))
			wins := make([]bool, len(ps))
			moves := make([]int32, len(ps))
			for i, p := range ps {
				piles[i], sums[i], wins[i], moves[i] = p.Piles, p.NimSum, p.Win, p.WinningMoves
				if !p.Win {
					losing++
				}
			}
			return emit(output.Batch{piles, sums, wins, moves})
		})
	})
	if err != nil {
		return err
	}
	e.finding("positions", map[string]any{"positions": count, "losing": losing, "winning": count - losing,
		"bouton_checked": true, "bouton_agrees": true})
	return e.figure(ctx, "nim_sum", func() (*plot.Plot, error) {
		return plots.NimSumHeatmap("Nim: nim-sum of two piles (0 = the player to move loses)", cfg.MaxPile)
	})
}
