package octal

import (
	"math/bits"

	"github.com/tabulate-games/tabulate/analysis"
)

// Periods that show in the tail.
//
// The prefix of a tail run proves a period when it can (octalProvenPeriod,
// over the full array). A period whose proof needs more values than the
// prefix has, 2*n0 + 2*p + t by the octal periodicity theorem
// (analysis.OctalNeeded), would go unseen: the tail keeps only the last W
// values. So the tail watches one candidate period p, the one the last W
// values show best, and proves it the moment the theorem allows:
//
//   - search: at the end of the tail's first block and of the first block
//     past each power of two, the Z-algorithm over the window read
//     backwards (as octalProvenPeriod does over the full array) gives, for
//     each shift k <= W/2, the first heap n0(k) from which g(m) = g(m+k)
//     holds through the last heap computed, as far as the window shows.
//     The candidate is the k of least n0(k) among those seen repeating at
//     least once (z(k) >= k), the smallest such k on a tie; it replaces the
//     one watched if its n0 is smaller. When the agreement reaches the
//     window's start, n0(k) is only an upper bound of the least preperiod
//     for k (the stretch may begin before the window): the claim then says
//     "from n0", never "the preperiod is n0".
//   - watch: after every block, the block's values are compared with those
//     p back (in the ring: p <= W - the block's length); at a difference,
//     at heap m, n0 becomes m - p + 1, now exact.
//   - proof: once the heaps computed reach analysis.OctalNeeded(p, n0, t),
//     g(m+p) = g(m) has been seen for every n0 <= m < 2*n0 + p + t, so by
//     the theorem for every m >= n0: the tail records the period, and from
//     the next block copies g(n) = g(n-p), as it does for a period of the
//     prefix. Grundy's game (splits into unequal heaps only) is not an
//     octal game and the theorem is not applied to it, as in the prefix.
//
// Everything depends on heap numbers only (block ends are fixed by the
// tail's start and the options), and the candidate is in the checkpoint,
// so a resumed run proves the same period at the same heap. Cost: one pass
// of the Z-algorithm over the window per power of two (W/2 int32 of
// scratch, freed after: 64 MiB for the window of 2^25 values of a run to
// 2^32), and a comparison of 4096 values per block of 4096 heaps. No
// source for the watch; the theorem is Guy and Smith's (Winning Ways,
// chapter 4), in analysis.OctalNeeded.

// tailWatch is the candidate period the tail watches (p == 0: none).
type tailWatch struct {
	p, n0 int64 // g(m) = g(m+p) for every m >= n0 with m+p computed
	bound bool  // n0 is an upper bound: the agreement reached the window's start
}

// tailPeriodFound is a period the tail proved (not the prefix's).
type tailPeriodFound struct {
	at    int64 // analysis.OctalNeeded(p, n0, t) - 1: the last heap the proof read
	bound bool  // the preperiod is an upper bound (tailWatch.bound)
}

// watchPeriod runs after each block of heaps [from, s.n): it searches the
// window for a candidate when a search is due, checks the candidate on the
// block, and proves it when the heaps computed allow.
func (s *tailState[V]) watchPeriod(from int64) {
	if s.per > 0 || s.r.unequal || s.n <= from {
		return
	}
	if s.n-1 >= s.searchAt {
		s.searchPeriod()
		s.searchAt = tailNextSearch(s.n)
	}
	wt := &s.watch
	if wt.p == 0 {
		return
	}
	w := s.w
	rec := s.ring[s.pos : s.pos+w] // g(s.n-d) = rec[w-d]
	for d := 1; d <= int(s.n-from); d++ {
		if rec[w-d] != rec[w-d-int(wt.p)] {
			wt.n0, wt.bound = s.n-int64(d)-wt.p+1, false
			break
		}
	}
	if tailProofDue(s.n, wt.p, wt.n0, s.r.t) {
		s.per, s.pre = wt.p, wt.n0
		s.tailPeriod = &tailPeriodFound{at: int64(analysis.OctalNeeded(int(wt.p), int(wt.n0), s.r.t)) - 1, bound: wt.bound}
		*wt = tailWatch{}
	}
}

// tailProofDue reports whether the heaps 0..computed-1 prove period p from
// n0 (g(m) = g(m+p) seen for every m >= n0 with m+p < computed) by the
// octal periodicity theorem, t the largest digit.
func tailProofDue(computed, p, n0 int64, t int) bool {
	return computed >= int64(analysis.OctalNeeded(int(p), int(n0), t))
}

// tailNextSearch returns the heap past which the next search is due after
// one at the end of a block with n heaps computed: the next power of two.
// A resumed run, whose checkpoint lies at a block end after the search
// decisions of that block, takes the same: no power of two lies between
// the last search and the checkpoint, or a search would have run there.
func tailNextSearch(n int64) int64 {
	return 1 << bits.Len64(uint64(n-1))
}

// searchPeriod looks for a better candidate in the window (see the comment
// at the top of this file). k is at most W/2 and leaves room for a block
// (4096 heaps) behind it in the ring.
func (s *tailState[V]) searchPeriod() {
	w := s.w
	rec := s.ring[s.pos : s.pos+w] // r(i) = g(s.n-1-i) = rec[w-1-i]
	kmax := min(w/2, w-tailBlock)
	if kmax < 1 {
		return
	}
	best, bestN0, bestBound := 0, int64(0), false
	zBackward(rec, kmax, func(k, zk int) bool {
		if zk < k {
			return false
		}
		if n0 := s.n - int64(k) - int64(zk); best == 0 || n0 < bestN0 {
			best, bestN0, bestBound = k, n0, k+zk == w
		}
		return false
	})
	if best > 0 && (s.watch.p == 0 || bestN0 < s.watch.n0) {
		s.watch = tailWatch{p: int64(best), n0: bestN0, bound: bestBound}
	}
}

// zBackward runs the Z-algorithm over x read backwards, r(i) = x[len(x)-1-i]:
// for k = 1..kmax in turn it calls visit(k, z), z the length of the longest
// common prefix of r and r shifted by k (so x[m] = x[m+k] for every m >=
// len(x)-k-z, and k+z <= len(x)), and stops when visit returns true. Linear
// in len(x): [l, right) is the rightmost stretch known to match a prefix of
// r, so each comparison either extends it or ends a k. Scratch: kmax+1
// int32, allocated once. Source: Gusfield, Algorithms on Strings, Trees and
// Sequences (1997), section 1.4; octalProvenPeriod and the tail's period
// search (tailperiod.go) share it.
func zBackward[V comparable](x []V, kmax int, visit func(k, z int) bool) {
	n := len(x)
	kmax = min(kmax, n-1)
	if kmax < 1 {
		return
	}
	z := make([]int32, kmax+1)
	l, right := 0, 0
	for k := 1; k <= kmax; k++ {
		zk := 0
		if k < right {
			zk = min(right-k, int(z[k-l]))
		}
		for k+zk < n && x[n-1-zk] == x[n-1-k-zk] {
			zk++
		}
		if k+zk > right {
			l, right = k, k+zk
		}
		z[k] = int32(zk)
		if visit(k, zk) {
			return
		}
	}
}
