package pipeline

import (
	"context"
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// batchRows is how many rows a job hands to the writers at a time.
const batchRows = 1 << 16

// squaresJobs plans take-a-square: the Grundy table (with records) and the
// losing positions, which come from their own sieve so that they can go far
// past the Grundy table.
func squaresJobs(cfg configs.Squares) []Job {
	var (
		once   sync.Once
		values []uint16
		err    error
	)
	grundyValues := func(ctx context.Context, e *env) ([]uint16, error) {
		once.Do(func() {
			values, err = grundy.SquaresGrundy(ctx, cfg.GrundyMax, e.workers(), e.progress("computing Grundy values", "n"))
		})
		return values, err
	}
	n := float64(cfg.GrundyMax)
	w := float64(cfg.WinMax)
	return []Job{
		{Game: "squares", Name: "grundy", Memory: grundy.SquaresGrundyMemory(cfg.GrundyMax) + 4*int64(cfg.GrundyMax+1),
			Cost: n * math.Sqrt(n) / 1e9, run: func(ctx context.Context, e *env) error {
				g, err := grundyValues(ctx, e)
				if err != nil {
					return err
				}
				return squaresGrundyTables(ctx, e, g)
			}},
		{Game: "squares", Name: "p_positions", Memory: grundy.SquaresLosingMemory(cfg.WinMax),
			Cost: math.Pow(w, 1.2) / 1e9, run: func(ctx context.Context, e *env) error {
				return squaresLosingTable(ctx, e, cfg.WinMax)
			}},
	}
}

// squaresGrundyTables writes squares/grundy and squares/records, their
// figure, and the findings on Grundy values.
func squaresGrundyTables(ctx context.Context, e *env, g []uint16) error {
	t := output.Table{Game: "squares", Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	err := e.table(ctx, t, int64(len(g)), func(ctx context.Context, emit func(output.Batch) error) error {
		ns := make([]int64, 0, batchRows)
		gs := make([]int32, 0, batchRows)
		ws := make([]bool, 0, batchRows)
		for start := 0; start < len(g); start += batchRows {
			ns, gs, ws = ns[:0], gs[:0], ws[:0]
			for i := start; i < min(len(g), start+batchRows); i++ {
				ns = append(ns, int64(i))
				gs = append(gs, int32(g[i]))
				ws = append(ws, g[i] != 0)
			}
			if err := emit(output.Batch{ns, gs, ws}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	records, err := stoppable(ctx, func() ([]analysis.Record, error) { return analysis.Records(g), nil })
	if err != nil {
		return err
	}
	rt := output.Table{Game: "squares", Name: "records",
		Columns: []output.Column{
			{Name: "grundy", Type: output.Int32, Sorted: true},
			{Name: "first_n", Type: output.Int64, Sorted: true},
		},
	}
	err = e.table(ctx, rt, int64(len(records)), func(ctx context.Context, emit func(output.Batch) error) error {
		gs := make([]int32, len(records))
		ns := make([]int64, len(records))
		for i, r := range records {
			gs[i], ns[i] = r.Grundy, r.FirstN
		}
		return emit(output.Batch{gs, ns})
	})
	if err != nil {
		return err
	}

	seq := make([]int32, len(g))
	for i, v := range g {
		seq[i] = int32(v)
	}
	e.task.Phase("looking for a period", "", 0)
	period, err := stoppable(ctx, func() (analysis.Period, error) { return analysis.FindPeriod(seq), nil })
	if err != nil {
		return err
	}
	last := records[len(records)-1]
	e.finding("grundy", map[string]any{
		"values":          len(g),
		"largest":         last.Grundy,
		"largest_first_n": last.FirstN,
		"records":         len(records),
		"period":          periodFinding(period, nil),
	})
	return e.figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter("Take-a-square: Grundy value g(n)", "n", seq)
	})
}

// periodFinding renders a period search (and its proof, if any) for the
// manifest.
func periodFinding(p analysis.Period, proof *analysis.Proof) map[string]any {
	f := map[string]any{"found": p.Found, "checked": p.Checked, "summary": p.String()}
	if p.Found {
		f["period"] = p.Period
		f["preperiod"] = p.Preperiod
		f["last_exception"] = p.LastException
	}
	if proof != nil {
		f["proven"] = proof.Proven
		f["values_needed"] = proof.Needed
		switch {
		case proof.Proven:
			f["summary"] = fmt.Sprintf("%s; proven periodic for ever (the theorem needs %d values, %d computed)", p, proof.Needed, proof.Have)
		case proof.Missing > 0:
			f["values_missing"] = proof.Missing
			f["summary"] = fmt.Sprintf("%s; not proven: the theorem needs %d values, %d more than computed", p, proof.Needed, proof.Missing)
		default:
			f["summary"] = fmt.Sprintf("%s; not proven: the values in the theorem's window do not all repeat", p)
		}
	}
	return f
}

// countSampler records the count of losing positions up to log-spaced x as
// they stream past, so the growth curve needs no list of them.
type countSampler struct {
	xs     []float64 // thresholds, ascending
	counts []float64
	next   int
	count  int64
}

func newCountSampler(max int64, points int) *countSampler {
	s := &countSampler{}
	lo, hi := 1.0, math.Log10(float64(max))
	if hi <= lo {
		lo = 0
	}
	for i := 0; i < points; i++ {
		x := math.Round(math.Pow(10, lo+(hi-lo)*float64(i)/float64(points-1)))
		if len(s.xs) == 0 || x > s.xs[len(s.xs)-1] {
			s.xs = append(s.xs, x)
		}
	}
	return s
}

// add takes the next losing positions, in ascending order.
func (s *countSampler) add(losing []int64) {
	for _, p := range losing {
		for s.next < len(s.xs) && float64(p) > s.xs[s.next] {
			s.counts = append(s.counts, float64(s.count))
			s.next++
		}
		s.count++
	}
}

// finish closes the thresholds after the last position.
func (s *countSampler) finish() ([]float64, []float64) {
	for s.next < len(s.xs) {
		s.counts = append(s.counts, float64(s.count))
		s.next++
	}
	return s.xs, s.counts
}

// squaresLosingTable writes squares/p_positions from the sieve, streamed,
// with the growth figure and the power-law fit.
func squaresLosingTable(ctx context.Context, e *env, max int64) error {
	t := output.Table{Game: "squares", Name: "p_positions",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
	}
	sampler := newCountSampler(max, 60)
	e.task.Phase("sieving", "n", max)
	err := e.table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		return grundy.SquaresLosing(ctx, max, e.workers(), func(done, total int64) { e.task.Set(done) },
			func(losing []int64) error {
				sampler.add(losing)
				for start := 0; start < len(losing); start += batchRows {
					if err := emit(output.Batch{losing[start:min(len(losing), start+batchRows)]}); err != nil {
						return err
					}
				}
				return nil
			})
	})
	if err != nil {
		return err
	}
	xs, counts := sampler.finish()
	finding := map[string]any{"up_to": max, "count": sampler.count}
	// Fit where the count is past its small-number start.
	var fx, fy []float64
	for i := range xs {
		if xs[i] >= 1000 && counts[i] > 0 {
			fx, fy = append(fx, xs[i]), append(fy, counts[i])
		}
	}
	fit, ferr := analysis.FitPowerLaw(fx, fy)
	if ferr == nil {
		finding["fit"] = map[string]any{"c": fit.C, "alpha": fit.Alpha, "x_min": fit.XMin, "x_max": fit.XMax, "points": fit.Points, "r2": fit.R2, "summary": fit.String()}
	} else {
		finding["fit"] = "not enough range to fit (needs win_max > 1000)"
	}
	e.finding("losing", finding)
	if ferr != nil {
		return nil
	}
	return e.figure(ctx, "p_growth", func() (*plot.Plot, error) {
		return plots.PowerLawGrowth("Take-a-square: losing positions up to x", xs, counts, fit)
	})
}
