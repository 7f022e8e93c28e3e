package games

import (
	"context"
	"fmt"
	"reflect"
	"slices"
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
	if err := squaresHeap().losingTable(context.Background(), sink, "squares", max); err != nil {
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

// runJobs runs the jobs of a section into one memSink.
func runJobs(t *testing.T, sec Section, game string) *memSink {
	t.Helper()
	if err := sec.Check(); err != nil {
		t.Fatal(err)
	}
	sink := newMemSink()
	for _, j := range sec.Jobs(game, 1) {
		if err := j.Run(context.Background(), sink); err != nil {
			t.Fatalf("%s/%s: %v", game, j.Table, err)
		}
	}
	return sink
}

// TestSquaresOneGame asks for take-a-square both ways, the registered
// squares and a subtraction game of the squares, and checks that both give
// the same tables, findings and figures (squares/moves aside, a table of
// the registered game's own), their values those of the plain mex
// recursion over the moves k².
func TestSquaresOneGame(t *testing.T) {
	const max = 3000
	g := make([]int32, max+1)
	for n := range g {
		seen := map[int32]bool{}
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	builtin := runJobs(t, &Squares{GrundyMax: max, WinMax: max}, "squares")
	member := runJobs(t, &SubtractionRules{Set: SetSpec{Name: "squares"}, Max: max}, "sq")
	for _, name := range []string{"grundy", "records", "p_positions"} {
		if !reflect.DeepEqual(builtin.tables[name], member.tables[name]) {
			t.Errorf("table %s differs between squares and subtraction {set: squares}", name)
		}
	}
	var got []int32
	for _, b := range builtin.tables["grundy"] {
		got = append(got, b[1].([]int32)...)
	}
	if !slices.Equal(got, g) {
		t.Errorf("squares/grundy differs from the plain mex recursion")
	}
	for _, key := range []string{"grundy", "losing"} {
		if a, b := fmt.Sprint(builtin.findings[key]), fmt.Sprint(member.findings[key]); a != b {
			t.Errorf("finding %s: squares %s, subtraction of the squares %s", key, a, b)
		}
	}
	if !slices.Equal(builtin.figures, member.figures) || !slices.Contains(builtin.figures, "p_growth") {
		t.Errorf("figures: squares %v, subtraction of the squares %v", builtin.figures, member.figures)
	}
	if _, ok := member.findings["rules"]; !ok {
		t.Errorf("the subtraction game of the squares records no rules")
	}
}
