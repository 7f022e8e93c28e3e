// Package memsink is a games.Sink that keeps in memory what a job writes,
// for the tests of the games' jobs. It runs one worker and reports no
// progress.
package memsink

import (
	"context"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
)

// Sink keeps what a job writes: the batches of each table by its name, the
// names of the figures drawn (in order) and the findings by key.
type Sink struct {
	Tables   map[string][]output.Batch
	Figures  []string
	Findings map[string]games.Finding
}

// New is an empty Sink.
func New() *Sink {
	return &Sink{Tables: map[string][]output.Batch{}, Findings: map[string]games.Finding{}}
}

// Workers is 1.
func (m *Sink) Workers() int { return 1 }

// Phase does nothing.
func (m *Sink) Phase(name, unit string, total int64) {}

// Set does nothing.
func (m *Sink) Set(done int64) {}

// Progress reports nowhere (nil).
func (m *Sink) Progress(phase, unit string) grundy.Progress { return nil }

// Finding keeps f under key.
func (m *Sink) Finding(key string, f games.Finding) { m.Findings[key] = f }

// Table keeps every batch of the table.
func (m *Sink) Table(ctx context.Context, t output.Table, rows int64, src output.Source) error {
	return src(ctx, func(b output.Batch) error {
		m.Tables[t.Name] = append(m.Tables[t.Name], b)
		return nil
	})
}

// Figure draws the figure and keeps its name.
func (m *Sink) Figure(ctx context.Context, name string, draw func() (*plot.Plot, error)) error {
	if _, err := draw(); err != nil {
		return err
	}
	m.Figures = append(m.Figures, name)
	return nil
}
