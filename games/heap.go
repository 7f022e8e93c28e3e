package games

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// batchRows is how many rows a job hands to the writers at a time.
const batchRows = 1 << 16

// Heap is a one-heap game known through its Grundy sequence g(0), ...,
// g(max): a game defined by rules in a configuration (an octal code, a
// subtraction set) or a built-in one such as Grundy's game. Its tables are
// GAME/grundy (n, grundy, win) and GAME/p_positions (n), with the figure of
// g(n), the period search and, where a theorem applies, its proof.
type Heap struct {
	// Title names the game in figures; empty means "GAME (RULES)".
	Title string
	// Rules describes the game, such as "octal 0.77"; it is recorded in the
	// tables' metadata and as the finding "rules".
	Rules string
	// Values computes g(0..max) with up to workers goroutines.
	Values func(ctx context.Context, max, workers int, progress grundy.Progress) ([]int32, error)
	// Sparse, when set, computes what Values computes and also the
	// engine's sparse-space statistics (octal games and Grundy's game),
	// recorded as the finding "sparse_space"; run prefers it to Values.
	Sparse func(ctx context.Context, max int, progress grundy.Progress) ([]int32, octal.Stats, error)
	// Memory estimates the peak bytes of Values for max.
	Memory func(max int) int64
	// Cost estimates the relative work of Values for max (1 is about a
	// second); nil means linear, max/10^6.
	Cost func(max int) float64
	// Prove returns the proof of a period found in the sequence, or nil
	// when no periodicity theorem applies to the game.
	Prove func(seq []int32, p analysis.Period) *analysis.Proof
	// Moves lists the moves from a heap of n, for tabulate solve's winning
	// moves (HeapAnswer); nil when the game cannot list them.
	Moves func(n int) []HeapMove
	// Losing, when set, streams the losing positions 0..max in ascending
	// order without the Grundy values (subtraction games, by
	// subtraction.Losing), so that GAME/p_positions can reach past the
	// Grundy table (JobsTo); LosingMemory estimates its peak bytes.
	Losing       func(ctx context.Context, max int64, opts grundy.Options, emit func([]int64) error) error
	LosingMemory func(max int64) int64

	noLosing bool // JobsTo: the grundy job leaves GAME/p_positions to its own job
}

// Jobs plans the game's tables up to max: one job computes the sequence and
// writes both tables, the figures and the findings.
func (h Heap) Jobs(game string, max int) []Job {
	cost := float64(max) / 1e6
	if h.Cost != nil {
		cost = h.Cost(max)
	}
	// The job holds the sequence (4 bytes a value) and the losing positions
	// (at most 8 bytes a value) beside the engine's working set; the period
	// search needs 4 bytes a value more for its Z-array, and the search for
	// an arithmetic period 4 more for the differences it scans; and the
	// writers.
	memory := h.Memory(max) + 20*int64(max+1) + writing(int64(max+1), 13)
	return []Job{{Table: "grundy", Memory: memory, Cost: cost,
		Run: func(ctx context.Context, s Sink) error { return h.run(ctx, s, game, max) }}}
}

// JobsTo is Jobs with GAME/p_positions up to losingMax: when losingMax is
// past max and the game has Losing, the table and the finding "losing" come
// from a job of their own that streams Losing, and reach losingMax; the
// other tables and findings stay those of Jobs(game, max). Otherwise it is
// Jobs(game, max).
func (h Heap) JobsTo(game string, max int, losingMax int64) []Job {
	if losingMax <= int64(max) || h.Losing == nil {
		return h.Jobs(game, max)
	}
	h.noLosing = true
	return append(h.Jobs(game, max), Job{Table: "p_positions",
		Memory: h.LosingMemory(losingMax) + writing(losingMax, 8), Cost: float64(losingMax) / 1e7,
		Run: func(ctx context.Context, s Sink) error { return h.losingTable(ctx, s, game, losingMax) }})
}

// losingTable writes GAME/p_positions up to max from Losing, streamed, and
// the finding "losing".
func (h Heap) losingTable(ctx context.Context, s Sink, game string, max int64) error {
	t := output.Table{Game: game, Name: "p_positions",
		Columns: []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
	}
	if h.Rules != "" {
		t.Metadata = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	var count int64
	s.Phase("finding losing positions", "n", max)
	err := s.Table(ctx, t, -1, func(ctx context.Context, emit func(output.Batch) error) error {
		opts := grundy.Options{Workers: s.Workers(), Progress: func(done, total int64) { s.Set(done) }}
		return h.Losing(ctx, max, opts, func(losing []int64) error {
			count += int64(len(losing))
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
	s.Finding("losing", Losing{UpTo: max, Count: count})
	return nil
}

// run computes the sequence and writes GAME/grundy, GAME/p_positions (unless
// JobsTo gave it a job of its own), the findings and the figures.
func (h Heap) run(ctx context.Context, s Sink, game string, max int) error {
	var seq []int32
	var err error
	if h.Sparse != nil {
		var stats octal.Stats
		seq, stats, err = h.Sparse(ctx, max, s.Progress("computing Grundy values", "n"))
		if err == nil {
			s.Finding("sparse_space", NewSparseSpace(stats))
		}
	} else {
		seq, err = h.Values(ctx, max, s.Workers(), s.Progress("computing Grundy values", "n"))
	}
	if err != nil {
		return err
	}
	var meta []output.KeyValue
	if h.Rules != "" {
		s.Finding("rules", Note(h.Rules))
		meta = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	t := output.Table{Game: game, Name: "grundy",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "win", Type: output.Bool},
		},
		Metadata: meta,
		Sequence: &output.Sequence{Index: "n", Value: "grundy"},
	}
	var losing []int64
	err = s.Table(ctx, t, int64(len(seq)), func(ctx context.Context, emit func(output.Batch) error) error {
		for start := 0; start < len(seq); start += batchRows {
			end := min(len(seq), start+batchRows)
			ns := make([]int64, end-start)
			ws := make([]bool, end-start)
			for i := range ns {
				ns[i], ws[i] = int64(start+i), seq[start+i] != 0
				if !ws[i] && !h.noLosing {
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
	if !h.noLosing {
		pt := output.Table{Game: game, Name: "p_positions",
			Columns:  []output.Column{{Name: "n", Type: output.Int64, Sorted: true}},
			Metadata: meta,
		}
		if err := s.Table(ctx, pt, int64(len(losing)), func(ctx context.Context, emit func(output.Batch) error) error {
			return emit(output.Batch{losing})
		}); err != nil {
			return err
		}
	}
	s.Phase("looking for a period", "", 0)
	var th analysis.Theorems
	if h.Prove != nil {
		th.Period = func(seq []int32, p analysis.Period) analysis.Proof { return *h.Prove(seq, p) }
	}
	report := analysis.Study(seq, th)
	period := report.Period
	finding := NewReport(report)
	if h.Prove == nil {
		finding.Proof = "no periodicity theorem applies to these rules"
	}
	s.Finding("grundy", finding)
	if err := periodTables(ctx, s, game, seq, report, meta); err != nil {
		return err
	}
	if !h.noLosing {
		s.Finding("losing", Losing{UpTo: int64(max), Count: int64(len(losing))})
	}
	name := h.Title
	if name == "" {
		name = fmt.Sprintf("%s (%s)", game, h.Rules)
	}
	if err := s.Figure(ctx, "grundy", func() (*plot.Plot, error) {
		return plots.GrundyScatter(name+": Grundy value g(n)", "heap size n", seq)
	}); err != nil {
		return err
	}
	if !period.Found {
		return nil
	}
	return s.Figure(ctx, "period", func() (*plot.Plot, error) {
		return plots.PeriodRaster(name+": g(n) by n mod p and n div p", seq, period, report.Proven())
	})
}
