package census

import (
	"context"
	"errors"
	"io"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// Options controls a census beyond its configuration.
type Options struct {
	Log     io.Writer // progress lines; nil for none
	Workers int       // games computed side by side; 0 = the configuration's workers, or the number of CPUs
	// MaxSecondsPerGame, when > 0, overrides census.max_seconds_per_game.
	MaxSecondsPerGame float64

	// Select, when set, limits the census to the games it keeps: they are
	// computed into the journal and no table or figure is written (a shard
	// of a census, see tabulate run --shard; tabulate merge writes the
	// tables from the journals of all shards).
	Select func(Game) bool
	// ReuseOnly takes every game from the journal and computes none: a game
	// without a whole record is an error (tabulate merge, after copying the
	// shards' journals in).
	ReuseOnly bool
	// Wave is the first wave of the census's jobs in its plan
	// (games.Job.Wave): after the waves of a run's tables.
	Wave int
}

// Result is what a census computed and wrote.
type Result struct {
	Files    []output.File
	Findings map[string]Findings // per family
	// Misere sums up census/misere, when the census has one.
	Misere   *MisereFindings
	Computed int    // games computed by this run
	Reused   int    // games taken from the journal
	Status   string // output.StatusComplete, StatusInterrupted or StatusFailed
}

// ErrNoCensus is returned (wrapped in a *configs.Error) by Run for a
// configuration without a census.
var ErrNoCensus = errors.New("census: no census in the configuration")

// settings returns the effective census of cfg with the options applied,
// or the configuration error.
func settings(cfg configs.Config, opts Options) (configs.Census, error) {
	if !cfg.Census.Enabled() {
		return configs.Census{}, &configs.Error{Key: "census", Problem: "is missing: the configuration asks for no census",
			Allowed: "census.octal.digits 1 to 4, census.subtraction.max_element 1 to 24, census.takebreak.digits 1 to 2 or census.misere", Err: ErrNoCensus}
	}
	c := cfg.Census.Effective()
	if opts.MaxSecondsPerGame > 0 {
		c.MaxSecondsPerGame = opts.MaxSecondsPerGame
	}
	if err := c.Validate(); err != nil {
		return c, err
	}
	return c, nil
}

// group is games computed with one run of the engine on rep: the octal
// codes that reduce to one code (equiv.go), or one game.
type group struct {
	rep     Game
	members []Game
	cost    float64      // the engine's estimate of rep's cost to max after a first pass (groupCost)
	stats   *octal.Stats // the engine's statistics of the last pass, nil before one or without them
	spent   float64      // seconds spent in a first pass
}

// probeValues is how many values the first pass of a census without a time
// bound computes (familyRun.jobs).
const probeValues = 1 << 14

// groups returns the groups of games, in the order of their first game.
func groups(games []Game) []*group {
	var out []*group
	byRep := map[string]*group{}
	for _, g := range games {
		rep := g.computedAs()
		gr := byRep[rep.Name()]
		if gr == nil {
			gr = &group{rep: rep}
			byRep[rep.Name()] = gr
			out = append(out, gr)
		}
		gr.members = append(gr.members, g)
	}
	return out
}

// knownValues recomputes the first n known values of a finished game: by
// the engine up to the values it computed, then by its proven period.
func knownValues(ctx context.Context, g Game, r *Record, n int) ([]int32, error) {
	seq, _, err := values(ctx, g.Heap, int(min(int64(n), r.Values)), grundy.Options{Workers: 1})
	if err != nil {
		return nil, err
	}
	if n <= len(seq) {
		return seq[:n], nil
	}
	at := extend(seq, periodOf(r), r.Proven)
	outv := make([]int32, n)
	for k := range outv {
		outv[k] = at(k)
	}
	return outv, nil
}

// groupCost estimates the cost of computing rep to maxValues from the
// engine's statistics of a shorter run (octal.CostOf), and of an earlier
// shorter one when there was one, or by the game's own estimate when the
// engine gives none (Heap.Cost), or maxValues.
func groupCost(rep Game, maxValues int, stats, earlier *octal.Stats) float64 {
	if stats != nil && rep.Family == Octal {
		if c, err := octal.Parse(rep.rules); err == nil {
			if earlier != nil {
				return octal.CostOf(c, maxValues, *stats, *earlier)
			}
			return octal.CostOf(c, maxValues, *stats)
		}
	}
	if rep.Heap.Cost != nil {
		return rep.Heap.Cost(maxValues)
	}
	return float64(maxValues)
}
