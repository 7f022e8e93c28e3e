package heapgame

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// PeriodTables writes <game>/period, the repeating block of seq, and
// <game>/exceptions, every n before the periodic part where g(n) differs from
// its periodic value (the OEIS convention), when r found a proven period, or
// a candidate when candidates is set (the status and proven columns say
// which). It writes nothing when r found none, nor for a candidate unless
// asked: a table of a period no theorem proves would be read as a fact.
//
// period: offset int32 (n mod period), grundy int64, period int32,
// preperiod int64, saltus int64, status string, proven bool; for every
// n >= preperiod, g(n) = grundy[n mod period] + saltus * (n div period).
// exceptions: n int64, grundy int32, periodic int64 (what the period gives
// at n).
func PeriodTables(ctx context.Context, s games.Sink, game string, seq []int32, r analysis.Report, meta []output.KeyValue, candidates bool) error {
	if !r.Proven() && !candidates {
		return nil
	}
	shape, err := r.Shape(seq)
	if err != nil {
		return nil // no period: nothing to tabulate
	}
	meta = append(meta,
		output.KeyValue{Key: "tabulate.period", Value: fmt.Sprint(shape.Period)},
		output.KeyValue{Key: "tabulate.preperiod", Value: fmt.Sprint(shape.Preperiod)},
		output.KeyValue{Key: "tabulate.saltus", Value: fmt.Sprint(shape.Saltus)},
		output.KeyValue{Key: "tabulate.period_status", Value: string(r.Status)},
	)
	pt := output.Table{Game: game, Name: "period",
		Columns: []output.Column{
			{Name: "offset", Type: output.Int32, Sorted: true},
			{Name: "grundy", Type: output.Int64},
			{Name: "period", Type: output.Int32},
			{Name: "preperiod", Type: output.Int64},
			{Name: "saltus", Type: output.Int64},
			{Name: "status", Type: output.String},
			{Name: "proven", Type: output.Bool},
		},
		Metadata: meta,
	}
	// Both tables are streamed in batches: a candidate period may be as long as half the values, and the preperiod
	// before it can hold millions of exceptions (0.354: 7,912,461).
	p := shape.Period
	err = s.Table(ctx, pt, int64(p), func(ctx context.Context, emit func(output.Batch) error) error {
		size := min(p, BatchRows)
		offsets, pers, pres, salts := make([]int32, size), make([]int32, size), make([]int64, size), make([]int64, size)
		statuses, proven := make([]string, size), make([]bool, size)
		for i := range size {
			pers[i], pres[i], salts[i] = int32(p), int64(shape.Preperiod), shape.Saltus
			statuses[i], proven[i] = string(r.Status), r.Proven()
		}
		for start := 0; start < p; start += BatchRows {
			end := min(p, start+BatchRows)
			for i := range end - start {
				offsets[i] = int32(start + i)
			}
			m := end - start
			if err := emit(output.Batch{offsets[:m], shape.Block[start:end], pers[:m], pres[:m], salts[:m], statuses[:m], proven[:m]}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var count int64
	for range analysis.ExceptionsSeq(seq, shape) {
		count++
	}
	et := output.Table{Game: game, Name: "exceptions",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "periodic", Type: output.Int64},
		},
		Metadata: meta,
	}
	return s.Table(ctx, et, count, func(ctx context.Context, emit func(output.Batch) error) error {
		size := int(min(count, BatchRows))
		ns, gs, ps := make([]int64, 0, size), make([]int32, 0, size), make([]int64, 0, size)
		for x := range analysis.ExceptionsSeq(seq, shape) {
			ns, gs, ps = append(ns, x.N), append(gs, int32(x.Value)), append(ps, x.Periodic)
			if len(ns) == size {
				if err := emit(output.Batch{ns, gs, ps}); err != nil {
					return err
				}
				ns, gs, ps = ns[:0], gs[:0], ps[:0]
			}
		}
		if len(ns) == 0 && count > 0 {
			return nil
		}
		return emit(output.Batch{ns, gs, ps})
	})
}
