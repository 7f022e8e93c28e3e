package pipeline

import (
	"context"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// caniwinJobs plans Can I Win: one retrograde pass answers every pair.
func caniwinJobs(cfg configs.CanIWin) []Job {
	return []Job{{Game: "caniwin", Name: "pairs", Memory: grundy.CanIWinMemory(cfg.MaxChoosable, cfg.MaxTotal),
		Cost: float64(int64(1)<<cfg.MaxChoosable) / 1e6,
		run: func(ctx context.Context, e *env) error {
			table, err := grundy.SolveCanIWin(ctx, cfg.MaxChoosable, cfg.MaxTotal, e.workers(), e.progress("retrograde pass", "sets"))
			if err != nil {
				return err
			}
			return caniwinTable(ctx, e, cfg, table)
		}}}
}

// caniwinTable writes caniwin/pairs and the outcome map.
func caniwinTable(ctx context.Context, e *env, cfg configs.CanIWin, table *grundy.CanIWinTable) error {
	t := output.Table{Game: "caniwin", Name: "pairs",
		Columns: []output.Column{
			{Name: "max_choosable", Type: output.Int32, Sorted: true},
			{Name: "desired_total", Type: output.Int32},
			{Name: "outcome", Type: output.String},
			{Name: "first_player_wins", Type: output.Bool},
			{Name: "winning_moves", Type: output.Int32List},
		},
	}
	counts := map[string]int{}
	rows := int64(cfg.MaxChoosable * (cfg.MaxTotal + 1))
	err := e.table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
		for m := 1; m <= cfg.MaxChoosable; m++ {
			var ms, ts []int32
			var outcomes []string
			var wins []bool
			var moves [][]int32
			for total := 0; total <= cfg.MaxTotal; total++ {
				o, mv := table.Outcome(m, total), table.WinningMoves(m, total)
				ms, ts = append(ms, int32(m)), append(ts, int32(total))
				outcomes, wins, moves = append(outcomes, o.String()), append(wins, o.FirstPlayerWins()), append(moves, mv)
				counts[o.String()]++
			}
			if err := emit(output.Batch{ms, ts, outcomes, wins, moves}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	e.finding("pairs", map[string]any{"pairs": rows, "first": counts["first"], "second": counts["second"], "unreachable": counts["unreachable"]})
	return e.figure(ctx, "outcomes", func() (*plot.Plot, error) {
		return plots.OutcomeHeatmap("Can I Win: outcome with perfect play", cfg.MaxChoosable, cfg.MaxTotal, func(m, total int) int {
			switch table.Outcome(m, total) {
			case grundy.OutcomeFirst:
				return 0
			case grundy.OutcomeSecond:
				return 1
			}
			return 2
		})
	})
}
