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
// max values); a game without split moves lists a few options a heap; one
// on the sparse-space method lists at each heap, for each split digit, the
// splits with a rare heap and step 3's few, its rare heaps those of s, or,
// when more than an eighth of the heaps of s are rare (no sparse space
// yet), as many in proportion to max. Where that is above the plain mex's
// max^2/4 splits, or the run was taking the plain mex at its end (most of
// the heaps it computed after the earlier run a full scan: plainNow), the
// engine's own choice is followed: a game on the sparse-space method with
// between an eighth and a quarter of its heaps rare (times its split
// digits) takes the cheaper of the two methods (costBand), and
// one on the plain mex keeps it while its rare heaps, grown as below, stay
// above an eighth, and takes the sparse-space method after
// (costPlainThenSparse). Reason: the census and the run start the costliest games
// first, and the cost of the 1,023 three-digit codes spans five orders of
// magnitude at 2^20 heaps (a game without a sparse space about 75 s, most
// under a second): the estimate needs to be right within a few times,
// not more, but among the 20-odd games of 70 to 90 s at 2^20 it decides
// which start last on 16 workers. Its rare heaps are those of s, a floor
// for max.
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
	plain := n * n / 4 * plainSplitSeconds
	if s.Mask == 0 {
		return plain
	}
	a := rareGrowth(s, earlier...)
	rare := float64(s.Rare) * math.Pow(n/float64(s.Computed), a)
	now := plainNow(s, earlier...)
	if sparse := n * float64(len(r.split)) * (rare + sparseCommonSplits) * sparseSplitSeconds; sparse < plain && !now {
		return sparse
	}
	if d := float64(len(r.split)) * float64(s.Rare) / float64(s.Computed); !now && d >= 1.0/8 && d < 1.0/4 {
		return costBand(len(r.split), max, s, d, fullShare(s, earlier...))
	}
	return costPlainThenSparse(len(r.split), max, s, a)
}

// rareGrowth returns the exponent a of the growth of the rare heaps of s,
// Rare(n) = Rare * (n/Computed)^a, between 0 and 1: from the earlier run
// when there is one (see CostOf), otherwise 1 when more than an eighth of
// the heaps of s are rare (no sparse space yet: they may grow with n) and
// 0 when fewer.
func rareGrowth(s Stats, earlier ...Stats) float64 {
	switch {
	case len(earlier) > 0 && earlier[0].Rare > 0 && earlier[0].Computed < s.Computed && s.Rare >= earlier[0].Rare:
		a := math.Log(float64(s.Rare)/float64(earlier[0].Rare)) / math.Log(float64(s.Computed)/float64(earlier[0].Computed))
		return math.Min(math.Max(a, 0), 1)
	case 8*s.Rare > s.Computed:
		return 1
	}
	return 0
}

// plainNow reports whether the run of s was taking the plain mex at its
// end: more than half the heaps it computed after the earlier run (or, with
// no earlier run, of all its heaps) needed every split. Reason: the engine
// takes the plain mex for the first heaps of many games and chooses again at
// its checkpoints (every 2^16 heaps), so a game that lists the splits of
// every heap to 2^16 and is on the sparse-space method from there shows
// FullScans of more than half of 2^17 heaps: 0.146 (65,538 of them at 2^17,
// 2 past 2^16) took 13.5 s to 2^20 in a census run, 0.164 (a
// plain mex throughout) 69.8 s, and counted over the whole run both looked
// plain, so games of 13 s and of 89 s started in the order of their names.
func plainNow(s Stats, earlier ...Stats) bool {
	return fullShare(s, earlier...) > 0.5
}

// fullShare returns the share of full scans among the heaps the run of s
// computed after the earlier run (or, with no earlier run, among all its
// heaps): the heaps whose mex listed every split.
func fullShare(s Stats, earlier ...Stats) float64 {
	full, computed := s.FullScans, int64(s.Computed)
	if len(earlier) > 0 && earlier[0].Computed < s.Computed && earlier[0].FullScans <= s.FullScans {
		full -= earlier[0].FullScans
		computed -= int64(earlier[0].Computed)
	}
	return float64(full) / float64(computed)
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

// farRareSplitSeconds is the seconds of one core the sparse-space method
// spends on a split with a rare heap (step 1) in a game whose rare heaps
// lie all over the values: its loop (octalMarkRare) reads the partner
// g(s-a) of each rare heap a from anywhere in the array, where 0.6's loop
// reads it from a ring of the last 2^16 values (markRareRing), hence more
// than sparseSplitSeconds. Measured (one goroutine, CPU time of the
// process, on a machine loaded by other work): 0.314 to 2^18
// and 2^19 (a fifth of its heaps rare, one split digit, on that method
// from 2^14) took 1.35 and 1.40 times the CPU of a game on the plain mex
// throughout (0.004, 0.006, 0.164, 0.256 ...: 4.28 to 4.44 s to 2^18,
// 17.5 s to 2^19), and 0.371 1.27 times to 2^18; costBand's ratio with
// 0.8 ns is 1.36 for 0.314 (ours).
const farRareSplitSeconds = 0.8e-9

// costBand estimates the seconds of one core of a run to max heaps of a
// game with split split digits that the engine has on its sparse-space
// method with r = split * Rare/Computed between 1/8 and 1/4 of its heaps
// rare, full the share of its heaps since the earlier run that were full
// scans: plainPays keeps such a game on that method where it costs less
// than the plain mex, r*n splits with a rare heap (farRareSplitSeconds
// each) and full*split full scans of n/2 splits (at the plain loop's
// speed) a heap, r and full taken as they are, and takes the plain mex
// where not (bandRate): summed over the heaps past Computed, (max^2 -
// Computed^2)/2 * bandRate, the heaps before at the plain mex's cost.
// Reason: CostOf's estimate of such a game's sparse space, its rare heaps
// at max at every heap, is above the plain mex's, its cap; when plainPays
// kept the band on the sparse-space method up to twice the plain mex's
// splits, 0.314 and 0.371 took 1.3 to 1.4 times a plain game's CPU and
// tied with the plain games in the estimate (0.314 was the longest game of
// a census run: 89 s at 2^20 on two cores, 61 s at 2^19 on the
// 16-core node). Cost: a few operations.
func costBand(split, max int, s Stats, r, full float64) float64 {
	n0, n := float64(s.Computed), float64(max)
	if n <= n0 {
		return n * n / 4 * plainSplitSeconds
	}
	return n0*n0/4*plainSplitSeconds + (n*n-n0*n0)/2*bandRate(split, r, full)
}

// bandRate returns the seconds of one core that heap n costs in the band,
// over n: r*farRareSplitSeconds + full*split*plainSplitSeconds/2 on the
// sparse-space method (r*n splits with a rare heap, and a share full of
// the heaps full scans of split*n/2 splits), or the plain mex's
// plainSplitSeconds/2 where that is less, as plainPays takes the cheaper
// of the two.
func bandRate(split int, r, full float64) float64 {
	return math.Min(r*farRareSplitSeconds+full*float64(split)*plainSplitSeconds/2, plainSplitSeconds/2)
}

// costPathSteps is how many stretches costPlainThenSparse sums over.
const costPathSteps = 64

// costPlainThenSparse estimates the seconds of one core of a run to max
// heaps of a game with split split digits that the engine has on the plain
// mex (plainNow) or whose sparse space CostOf costs above it: it follows
// its rare heaps grown as Rare(n) = Rare * (n/Computed)^a heap by heap (in
// costPathSteps stretches from Computed, each at its middle heap) through
// the engine's rule (plainPays) on r(n) = split * Rare(n)/n: the plain
// mex's n/2 splits a heap while r(n) >= 1/4; between 1/8 and 1/4 the
// sparse-space method as costBand counts it, its full scans the new rare
// heaps (a share a*Rare(n)/n of the heaps, split*n/2 splits each); below
// 1/8 CostOf's sparse-space cost, split * (Rare(n) + 256) splits a heap.
// The heaps below Computed are counted at the plain mex's cost; a game
// whose rare heaps stay above a quarter costs max^2/4 splits, as before.
// Reason: games on the plain mex at the census's max/8 pass leave it
// before max, at a cost of either sign: 0.764 (three split digits, 5,536
// rare heaps at 2^14, 11,945 at 2^17, a = 0.37) takes its sparse space
// past 2^17 (12,068 rare heaps at 2^19) and took 39 s at 2^20 in a
// census run where the plain games took 70 to 89 s; 0.006 (a
// = 0.81, 0.32 of its heaps rare at 2^17) is taken into the band at about
// 460,000 heaps, at 1.3 times the plain mex's cost in all to 2^20 (82 s
// there; 0.27 of its heaps rare at 2^19, measured). Not seen: 0.004 (0.31
// rare at 2^17, a = 0.98, so r stays at 0.3 here) had 0.23 rare at 2^19
// and the sparse-space method for some 57,000 of its heaps, 20.2 s of CPU
// to 2^19 on one goroutine against 17.5 s for 0.006 and 0.164. Cost:
// costPathSteps steps.
func costPlainThenSparse(split, max int, s Stats, a float64) float64 {
	n0, n := float64(s.Computed), float64(max)
	if n <= n0 {
		return n * n / 4 * plainSplitSeconds
	}
	d := float64(split)
	cost := n0 * n0 / 4 * plainSplitSeconds
	step := (n - n0) / costPathSteps
	for i := range costPathSteps {
		x := n0 + (float64(i)+0.5)*step
		rare := float64(s.Rare) * math.Pow(x/n0, a)
		switch r := d * rare / x; {
		case r >= 1.0/4:
			cost += step * x / 2 * plainSplitSeconds
		case r >= 1.0/8:
			cost += step * x * bandRate(split, r, a*r/d)
		default:
			cost += step * d * (rare + sparseCommonSplits) * sparseSplitSeconds
		}
	}
	return cost
}
