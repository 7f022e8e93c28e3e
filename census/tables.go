package census

import (
	"context"

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
	first := output.Column{Name: "code", Type: output.String, Sorted: true}
	if family == Subtraction {
		first = output.Column{Name: "set", Type: output.Int32List}
	}
	return []output.Column{
		first,
		{Name: "period", Type: output.OptInt64},
		{Name: "preperiod", Type: output.OptInt64},
		{Name: "last_exception", Type: output.OptInt64},
		{Name: "proven", Type: output.Bool},
		{Name: "values", Type: output.Int64},
		{Name: "max_value", Type: output.Int32},
		{Name: "max_value_first_n", Type: output.Int64},
		{Name: "rare_mask", Type: output.OptInt32},
		{Name: "rare_count", Type: output.OptInt64},
		{Name: "class", Type: output.String},
		{Name: "first_difference", Type: output.OptInt64},
		{Name: "seconds", Type: output.Float64},
		// Beyond the contract: the game first_difference compares with,
		// whether the sparse space labels by position parity as well
		// (Flammenkamp's "+pos"), and whether the time bound stopped it.
		{Name: "nearest", Type: output.String},
		{Name: "rare_position_parity", Type: output.Bool},
		{Name: "timed_out", Type: output.Bool},
	}
}

// Table returns the output table of a family.
func Table(family string) output.Table {
	return output.Table{Game: "census", Name: family, Columns: columns(family)}
}

// source returns the rows as one batch.
func source(family string, rows []Row) output.Source {
	return func(ctx context.Context, emit func(output.Batch) error) error {
		n := len(rows)
		var codes []string
		var sets [][]int32
		period, pre, last := make([]output.Opt[int64], n), make([]output.Opt[int64], n), make([]output.Opt[int64], n)
		proven, values := make([]bool, n), make([]int64, n)
		maxV, maxN := make([]int32, n), make([]int64, n)
		rareMask, rareCount := make([]output.Opt[int32], n), make([]output.Opt[int64], n)
		class, firstDiff, seconds := make([]string, n), make([]output.Opt[int64], n), make([]float64, n)
		nearest, parity, timedOut := make([]string, n), make([]bool, n), make([]bool, n)
		for i, row := range rows {
			r := row.Record
			if family == Subtraction {
				s := make([]int32, len(row.Game.Set))
				for k, x := range row.Game.Set {
					s[k] = int32(x)
				}
				sets = append(sets, s)
			} else {
				codes = append(codes, row.Game.Name())
			}
			if r.Found {
				period[i], pre[i], last[i] = output.Some(r.Period), output.Some(r.Preperiod), output.Some(r.Preperiod-1)
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
			seconds[i], timedOut[i] = r.Seconds, r.TimedOut
		}
		var first any = codes
		if family == Subtraction {
			first = sets
		}
		return emit(output.Batch{first, period, pre, last, proven, values, maxV, maxN,
			rareMask, rareCount, class, firstDiff, seconds, nearest, parity, timedOut})
	}
}
