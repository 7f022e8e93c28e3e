package octal

import (
	"context"
	"math"

	"github.com/tabulate-games/tabulate/grundy"
)

// Rough seconds of one core a split costs, as the engine lists it: the
// plain mex's branch-free loop (markPairs, 0.27 ns measured, kernels.go)
// and the sparse-space method's loops over rare heaps and step 3, slower
// per split (indirect loads, about twice).
const (
	plainSplitSeconds  = 0.3e-9
	sparseSplitSeconds = 0.6e-9
	// sparseCommonSplits is about how many splits step 3 lists at a
	// common heap beside those of the rare heaps (of the order of what
	// the helpers of octalPipe list from each end).
	sparseCommonSplits = 256
)

// costProbe is the heaps Cost computes to learn a game's shape: 2^14, where
// the census's first pass ends too (0.6 has a fifth of its heaps rare at
// 2^12 and under an eighth at 2^14; a plain mex to 2^14 takes about 20 ms).
const costProbe = 1 << 14

// CostOf estimates the seconds of one core that Values(c, max) takes, from
// the statistics s of a run of the engine on c to fewer heaps (s.Computed
// of them): a run that proved a period stops there (its cost is copying
// max values); a game without split moves lists a few options a heap; a
// game whose run was taking the plain mex at its end (most of the heaps it
// computed after the earlier run a full scan: plainNow) lists max^2/4
// splits over the run; one on the sparse-space method lists at
// each heap, for each split digit, the splits with a rare heap and step
// 3's few, its rare heaps those of s, or, when more than an eighth of the
// heaps of s are rare (no sparse space yet), as many in proportion to max,
// never more than the plain mex. Reason: the census and the run start the costliest games
// first, and the cost of the 1,023 three-digit codes spans five orders of
// magnitude at 2^20 heaps (a game without a sparse space about 75 s, most
// under a second): the estimate needs to be right within a few times,
// not more. Its rare heaps are those of s, a floor for max.
//
// With the statistics of an earlier, shorter run (earlier, its first),
// the rare heaps are extrapolated from their growth between the two:
// Rare(max) = Rare * (max/Computed)^a, a = log(Rare/Rare')/log(Computed/
// Computed'), between 0 and 1 (0.6, whose sparse space has settled:
// 1,576 rare heaps at 2^14 and 1,583 at 2^17, a = 0.002; 4.004: 4,559 and
// 8,241, a = 0.28).
func CostOf(c Code, max int, s Stats, earlier ...Stats) float64 {
	r := octalRulesOf(c)
	n := float64(max)
	if s.Period > 0 || len(r.split) == 0 || s.Computed <= 0 {
		return n * float64(len(r.single)+len(r.whole)+1) * plainSplitSeconds
	}
	if s.Mask == 0 || plainNow(s, earlier...) {
		return n * n / 4 * plainSplitSeconds
	}
	rare := float64(s.Rare)
	switch {
	case len(earlier) > 0 && earlier[0].Rare > 0 && earlier[0].Computed < s.Computed && s.Rare >= earlier[0].Rare:
		a := math.Log(float64(s.Rare)/float64(earlier[0].Rare)) / math.Log(float64(s.Computed)/float64(earlier[0].Computed))
		rare *= math.Pow(n/float64(s.Computed), math.Min(math.Max(a, 0), 1))
	case 8*s.Rare > s.Computed: // no sparse space yet: its rare heaps may grow with n
		rare *= n / float64(s.Computed)
	}
	return min(n*float64(len(r.split))*(rare+sparseCommonSplits)*sparseSplitSeconds, n*n/4*plainSplitSeconds)
}

// plainNow reports whether the run of s was taking the plain mex at its
// end: more than half the heaps it computed after the earlier run (or, with
// no earlier run, of all its heaps) needed every split. Reason: the engine
// takes the plain mex for the first heaps of many games and chooses again at
// its checkpoints (every 2^16 heaps), so a game that lists the splits of
// every heap to 2^16 and is on the sparse-space method from there shows
// FullScans of more than half of 2^17 heaps: 0.146 (65,538 of them at 2^17,
// 2 past 2^16) took 13.5 s to 2^20 in the census of 2026-11-27, 0.164 (a
// plain mex throughout) 69.8 s, and counted over the whole run both looked
// plain, so games of 13 s and of 89 s started in the order of their names.
func plainNow(s Stats, earlier ...Stats) bool {
	full, computed := s.FullScans, int64(s.Computed)
	if len(earlier) > 0 && earlier[0].Computed < s.Computed && earlier[0].FullScans <= s.FullScans {
		full -= earlier[0].FullScans
		computed -= int64(earlier[0].Computed)
	}
	return 2*full > computed
}

// Cost is CostOf from a run of the engine to min(max, 2^14) heaps, on
// one goroutine (milliseconds): an estimate of Values(c, max) before
// computing it, for a plan that orders its jobs.
func Cost(c Code, max int) float64 {
	if max <= 0 {
		return 0
	}
	_, s, err := ValuesWithStats(context.Background(), c, min(max, costProbe), grundy.Options{Workers: 1})
	if err != nil {
		return 0
	}
	return CostOf(c, max, s)
}
