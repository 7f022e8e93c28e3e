package catalogue

import (
	"context"
	"encoding/json"
	"fmt"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/caniwin"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// caniwin is Can I Win: players take unused numbers from 1..M into a running
// total, and whoever brings it to T or more wins.
var caniwinGame = games.Def{
	Name: "caniwin", Title: "Can I Win", Default: true,
	Section: func() games.Section { return &CanIWin{MaxChoosable: 20, MaxTotal: 300} },
	Solve: &games.Solver{Args: "M T", Help: fmt.Sprintf("Can I Win with pool 1..M (1 <= M <= %d), target total T >= 0", caniwin.ChoosableMax),
		Answer: answerCanIWin, Examples: []string{"10 11", "5 6", "3 7", "4 0"}},
	TableLookup: caniwinLookup,
	Redraw:      caniwinRedraw,
}

// CanIWin bounds Can I Win.
type CanIWin struct {
	MaxChoosable int `yaml:"max_choosable" json:"max_choosable"` // 1 <= M <= MaxChoosable
	MaxTotal     int `yaml:"max_total" json:"max_total"`         // 0 <= T <= MaxTotal
}

// Check keeps the bounds in what the engine accepts.
func (c *CanIWin) Check() error {
	if err := games.CheckRange("max_choosable", int64(c.MaxChoosable), 1, caniwin.ChoosableMax); err != nil {
		return err
	}
	return games.CheckRange("max_total", int64(c.MaxTotal), 0, caniwin.TotalMax)
}

// Jobs plans Can I Win: one retrograde pass answers every pair.
func (c *CanIWin) Jobs(game string, workers int) []games.Job {
	cfg := *c
	return []games.Job{{Table: "pairs", Memory: caniwin.Memory(cfg.MaxChoosable, cfg.MaxTotal) +
		games.WriteMemory(int64(cfg.MaxChoosable)*int64(cfg.MaxTotal+1), 4*int64(cfg.MaxChoosable)+25),
		Cost: float64(int64(1)<<cfg.MaxChoosable) / 1e6,
		Run: func(ctx context.Context, s games.Sink) error {
			table, err := caniwin.Tabulate(ctx, cfg.MaxChoosable, cfg.MaxTotal,
				grundy.Options{Workers: s.Workers(), Progress: s.Progress("retrograde pass", "sets")})
			if err != nil {
				return err
			}
			return caniwinTable(ctx, s, cfg, table)
		}}}
}

// caniwinTable writes caniwin/pairs and the outcome map.
func caniwinTable(ctx context.Context, s games.Sink, cfg CanIWin, table *caniwin.Table) error {
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
	err := s.Table(ctx, t, rows, func(ctx context.Context, emit func(output.Batch) error) error {
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
	s.Finding("pairs", games.Wins{What: "pairs (M, T)", Count: rows, FirstPlayerWins: int64(counts["first"]),
		SecondPlayerWins: int64(counts["second"]), Unreachable: int64(counts["unreachable"])})
	return caniwinFigure(ctx, s, cfg, func(m, total int) int {
		switch table.Outcome(m, total) {
		case caniwin.OutcomeFirst:
			return 0
		case caniwin.OutcomeSecond:
			return 1
		}
		return 2
	})
}

// caniwinFigure draws the outcome map; outcome(m, total) is 0 when the
// first player wins, 1 when the second does, 2 when the total is out of
// reach.
func caniwinFigure(ctx context.Context, s games.Sink, cfg CanIWin, outcome func(m, total int) int) error {
	return s.Figure(ctx, "outcomes", func() (*plot.Plot, error) {
		return plots.OutcomeHeatmap("Can I Win: outcome with perfect play", cfg.MaxChoosable, cfg.MaxTotal, outcome)
	})
}

// caniwinOutcomes reads the outcome map back from caniwin/pairs, for
// tabulate plot: first_player_wins, and "out of reach" where 1+...+M < T,
// the table's rule for its "unreachable" outcome (T <= M is a first-player
// win at once). The pairs must be the table's full grid for cfg.
func caniwinOutcomes(cols games.Columns, cfg CanIWin) (func(m, total int) int, error) {
	ms, err := cols.Int32s("pairs", "max_choosable")
	if err != nil {
		return nil, err
	}
	ts, err := cols.Int32s("pairs", "desired_total")
	if err != nil {
		return nil, err
	}
	wins, err := cols.Bools("pairs", "first_player_wins")
	if err != nil {
		return nil, err
	}
	width := cfg.MaxTotal + 1
	if len(ms) != cfg.MaxChoosable*width || len(ts) != len(ms) || len(wins) != len(ms) {
		return nil, fmt.Errorf("caniwin/pairs holds %d rows, its bounds (M <= %d, T <= %d) give %d", len(ms), cfg.MaxChoosable, cfg.MaxTotal, cfg.MaxChoosable*width)
	}
	grid := make([]int8, len(ms))
	for i := range ms {
		m, total := int(ms[i]), int(ts[i])
		if m < 1 || m > cfg.MaxChoosable || total < 0 || total > cfg.MaxTotal {
			return nil, fmt.Errorf("caniwin/pairs row %d: (M, T) = (%d, %d) outside its bounds", i, m, total)
		}
		switch {
		case wins[i]:
			grid[(m-1)*width+total] = 0
		case m*(m+1)/2 < total:
			grid[(m-1)*width+total] = 2
		default:
			grid[(m-1)*width+total] = 1
		}
	}
	return func(m, total int) int { return int(grid[(m-1)*width+total]) }, nil
}

// answerCanIWin answers one pair M T.
func answerCanIWin(ctx context.Context, args []string) (*games.Answer, error) {
	if len(args) != 2 {
		return nil, &games.ArgError{Arg: "solve caniwin", Problem: "takes two numbers, M and T"}
	}
	m, err := games.ParseArg("M", args[0], 1, caniwin.ChoosableMax)
	if err != nil {
		return nil, err
	}
	t, err := games.ParseArg("T", args[1], 0, 1<<31-1)
	if err != nil {
		return nil, err
	}
	ans := &games.Answer{Game: "caniwin", Position: []int{int(m), int(t)}, WinningMoves: []int{}, Source: "computed"}
	if t > m*(m+1)/2 {
		ans.Outcome = "unreachable"
		return ans, nil
	}
	table, err := caniwin.Tabulate(ctx, int(m), int(t), grundy.Options{Progress: games.ProgressOf(ctx, "retrograde pass", "sets")})
	if err != nil {
		return nil, err
	}
	o := table.Outcome(int(m), int(t))
	ans.Outcome, ans.Win = o.String(), o.FirstPlayerWins()
	for _, x := range table.WinningMoves(int(m), int(t)) {
		ans.WinningMoves = append(ans.WinningMoves.([]int), int(x))
	}
	return ans, nil
}

// caniwinLookup answers a pair M T from caniwin/pairs, the full grid
// 1 <= M <= max_choosable, 0 <= T <= max_total in order: the row of (M, T)
// is (M-1)(max_total+1) + T. The outcome is first when first_player_wins,
// else unreachable where 1+...+M < T (the table's rule), else second.
var caniwinLookup = &games.TableLookup{Table: "pairs", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		if len(args) != 2 {
			return nil, &games.ArgError{Arg: "solve " + game, Problem: "takes two numbers, M and T"}
		}
		m, err := games.ParseArg("M", args[0], 1, caniwin.ChoosableMax)
		if err != nil {
			return nil, err
		}
		total, err := games.ParseArg("T", args[1], 0, 1<<31-1)
		if err != nil {
			return nil, err
		}
		ms, err := t.Int32s("pairs", "max_choosable")
		if err != nil {
			return nil, err
		}
		ts, err := t.Int32s("pairs", "desired_total")
		if err != nil {
			return nil, err
		}
		wins, err := t.Bools("pairs", "first_player_wins")
		if err != nil {
			return nil, err
		}
		moves, err := t.Int32Lists("pairs", "winning_moves")
		if err != nil {
			return nil, err
		}
		width := 0
		for width < len(ms) && ms[width] == 1 {
			width++
		}
		if width == 0 || len(ms)%width != 0 || len(ts) != len(ms) || len(wins) != len(ms) || len(moves) != len(ms) {
			return nil, fmt.Errorf("%s: not the full grid of pairs that tabulate writes", t.Source("pairs"))
		}
		maxM, maxT := len(ms)/width, width-1
		if int(m) > maxM || int(total) > maxT {
			return nil, &games.BoundsError{Game: game, Position: fmt.Sprintf("M = %d, T = %d", m, total),
				Holds: fmt.Sprintf("%s holds M = 1 to %d, T = 0 to %d", t.Path("pairs"), maxM, maxT)}
		}
		row := (int(m)-1)*width + int(total)
		if int64(ms[row]) != m || int64(ts[row]) != total {
			return nil, fmt.Errorf("%s: row %d holds (%d, %d), not (%d, %d)", t.Source("pairs"), row, ms[row], ts[row], m, total)
		}
		ans := &games.Answer{Game: game, Position: []int{int(m), int(total)}, Win: wins[row], WinningMoves: []int{}, Source: t.Source("pairs")}
		switch {
		case wins[row]:
			ans.Outcome = caniwin.OutcomeFirst.String()
		case m*(m+1)/2 < total:
			ans.Outcome = "unreachable"
		default:
			ans.Outcome = caniwin.OutcomeSecond.String()
		}
		for _, x := range moves[row] {
			ans.WinningMoves = append(ans.WinningMoves.([]int), int(x))
		}
		return ans, nil
	}
}}

// caniwinRedraw draws the outcome map again from caniwin/pairs.
func caniwinRedraw(game string, bounds json.RawMessage, cols games.Columns) (func(ctx context.Context, s games.Sink) error, []string, error) {
	var b CanIWin
	if err := json.Unmarshal(bounds, &b); err != nil {
		return nil, nil, fmt.Errorf("%s bounds %s: %w", game, bounds, err)
	}
	outcome, err := caniwinOutcomes(cols, b)
	if err != nil {
		return nil, nil, err
	}
	return func(ctx context.Context, s games.Sink) error {
		return caniwinFigure(ctx, s, b, outcome)
	}, nil, nil
}
