package census

import (
	"context"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// Row is one game's row of a census table.
type Row struct {
	Game       Game
	Record     *Record
	Class      string
	Difference Difference
}

// columns returns the columns of a family's table: the game (code string or
// set list<int32>), then the value columns of the contract, then extras.
func columns(family string) []output.Column {
	ref := kindOf(family).column.Type
	cols := []output.Column{
		kindOf(family).column,
		{Name: "period", Type: output.OptInt64},
		{Name: "preperiod", Type: output.OptInt64},
		{Name: "last_exception", Type: output.OptInt64},
		{Name: "proven", Type: output.Bool},
		{Name: "values", Type: output.Int64},
		{Name: "max_value", Type: output.Int32},
		{Name: "max_value_first_n", Type: output.Int64},
		{Name: "rare_mask", Type: output.OptInt32},
		{Name: "rare_count", Type: output.OptInt64},
		// class, nearest and computed_as name games: each has the type and
		// the format of the game column (a code string, or a set as a
		// list<int32>, [1,3,4] in CSV), so that they join with it.
		{Name: "class", Type: ref},
		{Name: "first_difference", Type: output.OptInt64},
		// Beyond the contract: the game first_difference compares with,
		// whether the sparse space labels by position parity as well
		// (Flammenkamp's "+pos"), and whether the time bound stopped it.
		{Name: "nearest", Type: ref},
		{Name: "rare_position_parity", Type: output.Bool},
		{Name: "timed_out", Type: output.Bool},
		// The game whose engine run gave the values: the game itself, or
		// for an octal code the code it reduces to (equiv.go).
		{Name: "computed_as", Type: ref},
		// The row's status as every output gives it (statusOf):
		// proven, candidate or open.
		{Name: "status", Type: output.String},
	}
	if kindOf(family).behaviour {
		// The arithmetic period (saltus not 0) of the values when they
		// show no ordinary one, whether the game's arithmetic theorem
		// proves it, and the game's behaviour (Behaviour).
		cols = append(cols,
			output.Column{Name: "arithmetic_period", Type: output.OptInt64},
			output.Column{Name: "arithmetic_preperiod", Type: output.OptInt64},
			output.Column{Name: "saltus", Type: output.OptInt64},
			output.Column{Name: "arithmetic_proven", Type: output.Bool},
			output.Column{Name: "behaviour", Type: output.String},
		)
	}
	return cols
}

// Table returns the output table of a family. Without a time bound per game
// its bytes depend only on the configuration and the tool version: a census
// run again, resumed from its journal or merged from shards writes the same
// file. The time each game took is in timingsTable.
func Table(family string) output.Table {
	return output.Table{Game: "census", Name: family, Columns: columns(family)}
}

// timingsTable returns the side table of a family's wall times: the game
// (the first column of Table) and seconds, the time its computation took, in
// the rows of Table; then start and end, the seconds from the start of the
// family's computation to the start and the end of the engine run that
// finished it, and worker, the CPU slot that run took (Timing): the
// schedule, which Replay plays again on another number of workers. It is
// the one census output that differs between two runs of one
// configuration, which is why the time is not a column of Table. A game
// taken from the journal keeps the times of the run that computed it; the
// games of one group (computed_as) share one engine run and its times.
func timingsTable(family string) output.Table {
	cols := columns(family)
	return output.Table{Game: "census", Name: family + "_timings", Columns: []output.Column{
		cols[0],
		{Name: "seconds", Type: output.Float64},
		{Name: "start", Type: output.Float64},
		{Name: "end", Type: output.Float64},
		{Name: "worker", Type: output.Int32},
	}}
}

// source returns the rows as one batch.
func source(family string, rows []Row) output.Source {
	return func(ctx context.Context, emit func(output.Batch) error) error {
		n := len(rows)
		period, pre, last := make([]output.Opt[int64], n), make([]output.Opt[int64], n), make([]output.Opt[int64], n)
		proven, values := make([]bool, n), make([]int64, n)
		maxV, maxN := make([]int32, n), make([]int64, n)
		rareMask, rareCount := make([]output.Opt[int32], n), make([]output.Opt[int64], n)
		class, firstDiff := make([]string, n), make([]output.Opt[int64], n)
		nearest, parity, timedOut, computedAs := make([]string, n), make([]bool, n), make([]bool, n), make([]string, n)
		status := make([]string, n)
		for i, row := range rows {
			r := row.Record
			if r.Found {
				period[i], pre[i] = output.Some(r.Period), output.Some(r.Preperiod)
				if r.Preperiod > 0 { // none when periodic from n = 0, as in the paper tables
					last[i] = output.Some(r.Preperiod - 1)
				}
			}
			proven[i], values[i] = r.Proven, r.Values
			maxV[i], maxN[i] = r.MaxValue, r.MaxValueFirstN
			if r.Sparse {
				rareMask[i], rareCount[i], parity[i] = output.Some(r.RareMask), output.Some(r.RareCount), r.RareParity
			}
			class[i] = row.Class
			if row.Difference.Nearest != "" {
				firstDiff[i], nearest[i] = output.Some(row.Difference.FirstN), row.Difference.Nearest
			}
			timedOut[i], computedAs[i] = r.TimedOut, r.ComputedAs
			status[i] = statusOf(row).word()
		}
		batch := output.Batch{gameColumn(family, rows), period, pre, last, proven, values, maxV, maxN,
			rareMask, rareCount, refs(family, class), firstDiff, refs(family, nearest), parity, timedOut, refs(family, computedAs), status}
		if kindOf(family).behaviour {
			ap, apre, saltus, behaviour := make([]output.Opt[int64], n), make([]output.Opt[int64], n), make([]output.Opt[int64], n), make([]string, n)
			aproven := make([]bool, n)
			for i, row := range rows {
				if a := row.Record.Arithmetic; a != nil {
					ap[i], apre[i], saltus[i], aproven[i] = output.Some(a.Period), output.Some(a.Preperiod), output.Some(a.Saltus), a.Proven
				}
				behaviour[i] = Behaviour(row.Record)
			}
			batch = append(batch, ap, apre, saltus, aproven, behaviour)
		}
		return emit(batch)
	}
}

// timingsSource returns the rows' wall times as one batch of timingsTable.
func timingsSource(family string, rows []Row) output.Source {
	return func(ctx context.Context, emit func(output.Batch) error) error {
		n := len(rows)
		seconds, start, end, worker := make([]float64, n), make([]float64, n), make([]float64, n), make([]int32, n)
		for i, row := range rows {
			r := row.Record
			seconds[i], start[i], end[i], worker[i] = r.Seconds, r.Run.Start, r.Run.End, int32(r.Run.Worker)
		}
		return emit(output.Batch{gameColumn(family, rows), seconds, start, end, worker})
	}
}

// gameColumn returns the first column of a family's tables: the codes as
// strings, or the sets as lists (the family's kind says which).
func gameColumn(family string, rows []Row) any {
	games := make([]Game, len(rows))
	for i, row := range rows {
		games[i] = row.Game
	}
	return kindOf(family).cell(games)
}

// refs returns a column of game names (class, nearest, computed_as) in the
// type of the family's game column: the names themselves, or for a family
// whose games are sets ("{1,3,4}", "all but {3,5}") each as its list of
// elements, an empty
// list for no game (nearest without one; no census set is empty).
func refs(family string, names []string) any {
	if kindOf(family).column.Type != output.Int32List {
		return names
	}
	out := make([][]int32, len(names))
	for i, name := range names {
		out[i] = []int32{} // an empty list, not null, for no game
		inner := strings.Trim(strings.TrimPrefix(name, allButName), "{}")
		if inner == "" {
			continue
		}
		for _, f := range strings.Split(inner, ",") {
			x, _ := strconv.Atoi(f) // a set's name, written by SubtractionGames
			out[i] = append(out[i], int32(x))
		}
	}
	return out
}
