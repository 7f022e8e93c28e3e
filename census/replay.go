package census

import (
	"cmp"
	"container/heap"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Schedule is a census's order of engine runs played again on a number
// of workers (Replay), beside its lower bound.
type Schedule struct {
	Workers  int
	Runs     int     // engine runs (groups of games that share one)
	Total    float64 // seconds of all runs
	Longest  float64 // seconds of the longest
	Makespan float64 // seconds until the last run ends on Workers workers
	// Bound is max(Total/Workers, Longest): no order does better.
	Bound float64
}

// String says the schedule in one line.
func (s Schedule) String() string {
	return fmt.Sprintf("%d workers: makespan %.2f s, lower bound %.2f s (total %.2f s / %d = %.2f, longest %.2f), ratio %.3f, %d runs",
		s.Workers, s.Makespan, s.Bound, s.Total, s.Workers, s.Total/float64(s.Workers), s.Longest, s.Makespan/max(s.Bound, 1e-12), s.Runs)
}

// TimingRow is one row of a census timings table (timingsTable): the
// seconds a game's computation took and the run that finished it.
type TimingRow struct {
	Seconds float64
	Run     Timing
}

// Replay plays the order of a census's engine runs again on workers
// workers: each run (the rows that share start, end and worker are one
// run, the games of a group) takes its seconds (every pass of a game
// computed to the probe's values first), and starts, in the order of its
// start, on the first worker free (list scheduling, the census's own rule
// with one token a run). It returns the makespan and the lower bound
// max(total/workers, longest). The seconds are wall seconds: a run that
// held several tokens (the plain mex on the CPUs others left) counts as
// one worker's, so a replay on more workers than measured is a floor for
// those runs, not an exact figure.
func Replay(rows []TimingRow, workers int) Schedule {
	workers = max(workers, 1)
	seen := map[Timing]bool{}
	var runs []TimingRow
	for _, r := range rows {
		if !seen[r.Run] {
			seen[r.Run] = true
			runs = append(runs, r)
		}
	}
	slices.SortStableFunc(runs, func(a, b TimingRow) int {
		return cmp.Or(cmp.Compare(a.Run.Start, b.Run.Start), cmp.Compare(a.Run.Worker, b.Run.Worker))
	})
	s := Schedule{Workers: workers, Runs: len(runs)}
	free := make(freeAt, workers) // the time each worker is next free, a min-heap
	for _, r := range runs {
		s.Total += r.Seconds
		s.Longest = max(s.Longest, r.Seconds)
		free[0] += r.Seconds // the worker free first takes the run
		heap.Fix(&free, 0)
	}
	s.Makespan = slices.Max(free)
	s.Bound = max(s.Total/float64(workers), s.Longest)
	return s
}

// freeAt is a min-heap of the times the workers are free.
type freeAt []float64

func (h freeAt) Len() int           { return len(h) }
func (h freeAt) Less(i, j int) bool { return h[i] < h[j] }
func (h freeAt) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *freeAt) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *freeAt) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// ReadTimingsCSV reads a census timings table written as CSV
// (census/FAMILY_timings.csv): its seconds, start, end and worker columns.
func ReadTimingsCSV(r io.Reader) ([]TimingRow, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("census timings: %w", err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("census timings: empty file, want a header with seconds, start, end and worker")
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	for _, name := range []string{"seconds", "start", "end", "worker"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("census timings: no column %q (columns %v): a timings table of this version has seconds, start, end and worker", name, recs[0])
		}
	}
	out := make([]TimingRow, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		var row TimingRow
		var werr error
		num := func(name string) float64 {
			x, err := strconv.ParseFloat(rec[col[name]], 64)
			if err != nil && werr == nil {
				werr = fmt.Errorf("census timings: row %d, %s %q: %w", i+1, name, rec[col[name]], err)
			}
			return x
		}
		row.Seconds = num("seconds")
		row.Run = Timing{Start: num("start"), End: num("end"), Worker: int(num("worker"))}
		if werr != nil {
			return nil, werr
		}
		out = append(out, row)
	}
	return out, nil
}
