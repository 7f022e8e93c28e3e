package flip

import (
	"context"
	"fmt"
	"sync"
)

// The values of single runs are ultimately periodic, and Solve answers a
// run of any length from that period rather than computing every value up
// to it (the values themselves take time quadratic in the length: a run of
// 800,000 '+' took 7.3 s, one of 16 MiB would take about 50 minutes).
//
// What is proven. A run of r '+' is a heap of r in the octal game 0.07
// (Dawson's Kayles), and g(r) = A002187(r-1). Guy and Smith's periodicity
// theorem for octal games (R. K. Guy and C. A. B. Smith, "The G-values of
// various games", Proc. Cambridge Philos. Soc. 52 (1956) 514-526; Berlekamp,
// Conway and Guy, Winning Ways, ch. 4) says: if a game whose moves remove at
// most t tokens has g(n+p) = g(n) for every n with n0 <= n < 2*n0 + p + t,
// then g(n+p) = g(n) for every n >= n0. For 0.07, t = 2, and the values
// computed exactly (RunValues' engine, no period assumed) satisfy it with
// p = 34 from n0 = 53 (A002187: "period 34 with the only exceptions at
// n=0, 14, 16, 17, 31, 34 and 51"; its index is r-1, and the first n0 with
// no exception at or past it within one period is found, not assumed).
// runPeriodic checks the hypothesis of the theorem on those values once per
// process, at the first call; should it ever fail (it cannot, the values
// being those of the game), Solve falls back to computing every value.
//
// Cost: the first call computes runPeriodicSpan values (under a
// millisecond); each later run value is one table lookup and a modulo.

// runPeriod is the period of the run values of Flip Game II (0.07).
const runPeriod = 34

// runMaxRemove is t of the Guy–Smith theorem: a move takes two '+'.
const runMaxRemove = 2

// runPeriodicSpan is how many exact values the check of the theorem
// computes: enough for any preperiod n0 with 2*n0 + p + t + p <= span.
const runPeriodicSpan = 1024

// periodicRuns is the proven periodic form of the run values: g(r) is
// vals[r] for r < len(vals), and vals[from + (r-from) % runPeriod] past it.
type periodicRuns struct {
	vals []int32
	from int // n0: g(n+34) = g(n) for every n >= from
}

// value returns g(r), for any r >= 0.
func (p *periodicRuns) value(r int) int32 {
	if r < len(p.vals) {
		return p.vals[r]
	}
	return p.vals[p.from+(r-p.from)%runPeriod]
}

var runPeriodic struct {
	once sync.Once
	p    *periodicRuns
	err  error
}

// provenRuns returns the proven periodic form of the run values, or an
// error saying why the theorem's hypothesis was not met.
func provenRuns() (*periodicRuns, error) {
	runPeriodic.once.Do(func() {
		runPeriodic.p, runPeriodic.err = proveRunPeriod(flipRunExtend(nil, runPeriodicSpan-1))
	})
	return runPeriodic.p, runPeriodic.err
}

// proveRunPeriod finds the least n0 from which g(n+34) = g(n) over all of
// g, and checks the Guy–Smith hypothesis with it: the window
// n0 <= n < 2*n0 + 34 + 2 must lie inside g and hold.
func proveRunPeriod(g []int32) (*periodicRuns, error) {
	last := -1 // the last n with g(n+p) != g(n)
	for n := 0; n+runPeriod < len(g); n++ {
		if g[n+runPeriod] != g[n] {
			last = n
		}
	}
	from := last + 1
	if end := 2*from + runPeriod + runMaxRemove; end+runPeriod > len(g) {
		return nil, fmt.Errorf("flip: period %d from %d not proven by %d values (the theorem needs g up to %d)", runPeriod, from, len(g), end+runPeriod-1)
	}
	return &periodicRuns{vals: g, from: from}, nil
}

// solveRuns answers a board's runs by the run values val (exact for any
// length), polling ctx every few thousand splits: the winning moves of a
// run of r are found among its r-1 splits.
func solveRuns(ctx context.Context, runs []Run, val func(int) int32) (Answer, error) {
	var total int32
	for _, r := range runs {
		total ^= val(r.Len)
	}
	ans := Answer{Grundy: int(total), Win: total != 0, WinningMoves: []int{}}
	if total == 0 {
		return ans, nil
	}
	for _, r := range runs {
		want := val(r.Len) ^ total // what the two pieces must XOR to
		s := r.Len - 2
		for a := 0; a <= s; a++ {
			if a&(1<<14-1) == 0 {
				if err := ctx.Err(); err != nil {
					return Answer{}, err
				}
			}
			if val(a)^val(s-a) == want {
				ans.WinningMoves = append(ans.WinningMoves, r.Start+a)
			}
		}
	}
	return ans, nil
}
