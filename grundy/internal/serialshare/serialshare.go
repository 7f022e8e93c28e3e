// Package serialshare is the shared part of the engines' serial-share
// measures (grundy/octal TestOctalSerialShare, grundy/subtraction
// TestSquaresSerialShare, for a many-core machine is seldom at hand):
// the clock, the CPU time of the calling thread (Thread), so that a run
// timed on one goroutine locked to its thread counts its own work and not
// the waits of a loaded machine; and the models that turn such a run's
// parts into the speed-ups they predict on P cores (Turns.Predict). Tests
// only: no engine imports it.
package serialshare

import (
	"slices"
	"time"
)

// start is Thread's origin where it falls back to the wall clock.
var start = time.Now()

// Turns is the measure of a pipelined run on one goroutine: for each turn
// (a block or segment of the engine's loop), Serial is what the main
// goroutine does in order and Far the far part that helpers would take
// meanwhile, in Pieces pieces of equal cost where known (nil: not
// counted); Unpiped is the work that nothing overlaps.
type Turns struct {
	Serial, Far []time.Duration
	Pieces      []int
	Unpiped     time.Duration
}

// Prediction is T1 divided by the wall that a model predicts on P cores.
type Prediction struct {
	// Amdahl: U + S + F/P, the in-order part run alone.
	Amdahl float64
	// Pipe: U + sum over turns of max(S_t, (S_t+F_t)/P), the far part
	// shared by all P, overlapping the in-order part turn by turn (the
	// main goroutine joins the helpers when done).
	Pipe float64
	// NoSteal: U + sum over turns of max(S_t, F_t/(P-1)), the main
	// goroutine taking no part of the far part.
	NoSteal float64
	// Greedy: U + sum over turns of the turn's end when the far part's
	// pieces (each F_t/pieces) go one by one to whichever of the P−1
	// helpers (free from the start) and the main goroutine (free after
	// S_t) is free first: Pipe with the grain of the pieces. 0 without
	// Pieces.
	Greedy float64
}

// Totals returns the sums of Serial and Far.
func (m *Turns) Totals() (serial, far time.Duration) {
	for i := range m.Serial {
		serial += m.Serial[i]
		far += m.Far[i]
	}
	return serial, far
}

// Predict returns the speed-ups over t1 that the models predict at p >= 2
// cores.
func (m *Turns) Predict(t1 time.Duration, p int) Prediction {
	u := m.Unpiped
	pipe, nosteal, greedy := u, u, u
	s, f := m.Totals()
	free := make([]time.Duration, p) // free[0]: the main goroutine
	for i := range m.Serial {
		sb, fb := m.Serial[i], m.Far[i]
		pipe += max(sb, (sb+fb)/time.Duration(p))
		nosteal += max(sb, fb/time.Duration(p-1))
		if m.Pieces == nil {
			continue
		}
		clear(free)
		free[0] = sb
		for range m.Pieces[i] {
			j := 0
			for k := range free {
				if free[k] < free[j] {
					j = k
				}
			}
			free[j] += fb / time.Duration(m.Pieces[i])
		}
		greedy += max(sb, slices.Max(free))
	}
	x := func(d time.Duration) float64 { return t1.Seconds() / d.Seconds() }
	pr := Prediction{
		Amdahl:  t1.Seconds() / ((u + s).Seconds() + f.Seconds()/float64(p)),
		Pipe:    x(pipe),
		NoSteal: x(nosteal),
	}
	if m.Pieces != nil {
		pr.Greedy = x(greedy)
	}
	return pr
}

// Percentiles returns the median, the 99th percentile and the largest of
// Serial (zeros if there is no turn).
func (m *Turns) Percentiles() (median, p99, most time.Duration) {
	s := slices.Clone(m.Serial)
	if len(s) == 0 {
		return 0, 0, 0
	}
	slices.Sort(s)
	return s[len(s)/2], s[len(s)*99/100], s[len(s)-1]
}
