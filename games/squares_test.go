package games

import (
	"context"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/output"
)

// memSink keeps what a job writes, for tests.
type memSink struct {
	tables   map[string][]output.Batch
	figures  []string
	findings map[string]Finding
}

func newMemSink() *memSink {
	return &memSink{tables: map[string][]output.Batch{}, findings: map[string]Finding{}}
}

func (m *memSink) Workers() int                                { return 1 }
func (m *memSink) Phase(name, unit string, total int64)        {}
func (m *memSink) Set(done int64)                              {}
func (m *memSink) Progress(phase, unit string) grundy.Progress { return nil }
func (m *memSink) Finding(key string, f Finding)               { m.findings[key] = f }
func (m *memSink) Table(ctx context.Context, t output.Table, rows int64, src output.Source) error {
	return src(ctx, func(b output.Batch) error {
		m.tables[t.Name] = append(m.tables[t.Name], b)
		return nil
	})
}
func (m *memSink) Figure(ctx context.Context, name string, draw func() (*plot.Plot, error)) error {
	if _, err := draw(); err != nil {
		return err
	}
	m.figures = append(m.figures, name)
	return nil
}

// TestSquaresLosingCount checks the losing positions, their count and the
// growth curve of squares/p_positions against the plain mex recursion over
// the moves k².
func TestSquaresLosingCount(t *testing.T) {
	const max = 50000
	g := make([]int, max+1)
	var want []int64
	for n := 0; n <= max; n++ {
		seen := map[int]bool{}
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
		if g[n] == 0 {
			want = append(want, int64(n))
		}
	}
	sink := newMemSink()
	if err := squaresLosingTable(context.Background(), sink, max); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, b := range sink.tables["p_positions"] {
		got = append(got, b[0].([]int64)...)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d losing positions, want %d", len(got), len(want))
	}
	l := sink.findings["losing"].(Losing)
	if l.Count != int64(len(want)) || l.UpTo != max || l.Fit == nil || l.Fit.Alpha < 0.6 || l.Fit.Alpha > 0.8 {
		t.Errorf("finding %+v, want count %d and a fit with an exponent near 0.7", l, len(want))
	}
	if len(sink.figures) != 1 || sink.figures[0] != "p_growth" {
		t.Errorf("figures %v, want p_growth", sink.figures)
	}
}
