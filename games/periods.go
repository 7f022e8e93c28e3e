package games

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/output"
)

// periodTables writes <game>/period, the repeating block of seq, and
// <game>/exceptions, every n before the periodic part where g(n) differs from
// its periodic value (the OEIS convention), when r found a period (proven,
// confirmed or observed: the status column says which). It writes nothing
// when r found none.
//
// period: offset int32 (n mod period), grundy int64, period int32,
// preperiod int64, saltus int64, status string, proven bool; for every
// n >= preperiod, g(n) = grundy[n mod period] + saltus * (n div period).
// exceptions: n int64, grundy int32, periodic int64 (what the period gives
// at n).
func periodTables(ctx context.Context, s Sink, game string, seq []int32, r analysis.Report, meta []output.KeyValue) error {
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
	p := shape.Period
	err = s.Table(ctx, pt, int64(p), func(ctx context.Context, emit func(output.Batch) error) error {
		offsets, pers, pres, salts := make([]int32, p), make([]int32, p), make([]int64, p), make([]int64, p)
		statuses, proven := make([]string, p), make([]bool, p)
		for i := range p {
			offsets[i], pers[i], pres[i], salts[i] = int32(i), int32(p), int64(shape.Preperiod), shape.Saltus
			statuses[i], proven[i] = string(r.Status), r.Proven()
		}
		return emit(output.Batch{offsets, shape.Block, pers, pres, salts, statuses, proven})
	})
	if err != nil {
		return err
	}
	exc := analysis.Exceptions(seq, shape)
	et := output.Table{Game: game, Name: "exceptions",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "periodic", Type: output.Int64},
		},
		Metadata: meta,
	}
	return s.Table(ctx, et, int64(len(exc)), func(ctx context.Context, emit func(output.Batch) error) error {
		ns, gs, ps := make([]int64, len(exc)), make([]int32, len(exc)), make([]int64, len(exc))
		for i, x := range exc {
			ns[i], gs[i], ps[i] = x.N, int32(x.Value), x.Periodic
		}
		return emit(output.Batch{ns, gs, ps})
	})
}
