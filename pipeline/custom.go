package pipeline

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// sequenceGame is a one-heap game given by its rules (a subtraction set or an
// octal code): its Grundy sequence, how to compute it and how to prove its
// period.
type sequenceGame struct {
	name   string
	rules  string // "subtraction {1,3,4}" or "octal 0.77"
	max    int
	memory int64
	values func(ctx context.Context, progress grundy.Progress) ([]int32, error)
	// prove returns the proof of a period, or nil when no theorem applies.
	prove func(seq []int32, p analysis.Period) *analysis.Proof
}

// customJobs plans the games a configuration defines by rules.
func customJobs(cfg configs.Config, workers int) []Job {
	var jobs []Job
	for _, name := range cfg.CustomGames() {
		if !cfg.Runs(name) {
			continue
		}
		var g sequenceGame
		if sub, ok := cfg.Subtraction[name]; ok {
			set, _ := sub.Rules() // validated with the configuration
			g = sequenceGame{name: name, rules: "subtraction " + set.String(), max: sub.Max,
				memory: grundy.SubtractionGrundyMemory(set, sub.Max),
				values: func(ctx context.Context, progress grundy.Progress) ([]int32, error) {
					return grundy.SubtractionGrundy(ctx, set, sub.Max, workers, progress)
				},
			}
			if set.Finite() {
				g.prove = func(seq []int32, p analysis.Period) *analysis.Proof {
					proof := analysis.ProveSubtraction(seq, p, set.Max())
					return &proof
				}
			}
		} else {
			oct := cfg.Octal[name]
			code, _ := oct.Rules()
			g = sequenceGame{name: name, rules: "octal " + code.String(), max: oct.Max,
				memory: grundy.OctalGrundyMemory(code, oct.Max),
				values: func(ctx context.Context, progress grundy.Progress) ([]int32, error) {
					return grundy.OctalGrundy(ctx, code, oct.Max, progress)
				},
			}
			g.prove = func(seq []int32, p analysis.Period) *analysis.Proof {
				proof := analysis.ProveOctal(seq, p, code.MaxRemove())
				return &proof
			}
		}
		jobs = append(jobs, Job{Game: name, Name: "grundy", Memory: g.memory + 8*int64(g.max+1),
			Cost: float64(g.max) / 1e6, run: g.run})
	}
	return jobs
}

// run computes the sequence and writes <name>/grundy, <name>/p_positions,
// the findings and the figures.
func (g sequenceGame) run(ctx context.Context, e *env) error {
	seq, err := g.values(ctx, e.progress("computing Grundy values", "n"))
	if err != nil {
		return err
	}
	e.finding("rules", g.rules)
	t := output.Table{Game: g.name, Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: g.rules}},
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	var losing []int64
	err = e.table(ctx, t, int64(len(seq)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(seq); start += batchRows {
			end := min(len(seq), start+batchRows)
			ns := make([]int64, end-start)
			ws := make([]bool, end-start)
			for i := range ns {
				ns[i], ws[i] = int64(start+i), seq[start+i] != 0
				if !ws[i] {
					losing = append(losing, ns[i])
				}
			}
			if err := emit(output.Batch{ns, seq[start:end], ws}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	pt := output.Table{Game: g.name, Name: "p_positions",
		Columns:  []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: g.rules}},
	}
	if err := e.table(ctx, pt, int64(len(losing)), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(output.Batch{losing})
	}); err != nil {
		return err
	}
	var th analysis.Theorems
	if g.prove != nil {
		th.Period = func(seq []int32, p analysis.Period) analysis.Proof { return *g.prove(seq, p) }
	}
	report := analysis.Study(seq, th)
	period := report.Period
	finding := report.Finding()
	if g.prove == nil {
		finding["proof"] = "no periodicity theorem applies to these rules"
	}
	e.finding("grundy", finding)
	if err := periodTables(ctx, e, seq, report, t.Metadata); err != nil {
		return err
	}
	e.finding("losing", map[string]any{"count": len(losing), "up_to": g.max})
	title := fmt.Sprintf("%s (%s): Grundy value g(n)", g.name, g.rules)
	if err := e.figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter(title, "heap size n", seq)
	}); err != nil {
		return err
	}
	if !period.Found {
		return nil
	}
	return e.figure(ctx, "period", func() (*plot.Plot, error) {
		return plots.PeriodRaster(fmt.Sprintf("%s (%s): g(n) by n mod p and n div p", g.name, g.rules), seq, period, report.Proven())
	})
}
