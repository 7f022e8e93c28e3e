package analysis

import (
	"fmt"
	"math"
)

// Period is the eventual periodicity of a finite integer sequence g(0), g(1),
// ..., g(Checked-1), as found by FindPeriod.
type Period struct {
	// Found reports whether a period was confirmed. When it is false the
	// other fields except Checked are zero (LastException is -1): no period
	// is claimed for the Checked values examined.
	Found bool

	// Period is the smallest confirmed period p.
	Period int

	// Preperiod is the shortest n0 such that g(n+p) == g(n) for every
	// computed n >= n0 (that is, for n0 <= n < Checked-p).
	Preperiod int

	// LastException is the largest n with g(n+p) != g(n), which is
	// Preperiod-1, or -1 when the sequence is periodic from n = 0.
	LastException int

	// Checked is how many values were examined: the length of the sequence.
	Checked int
}

// String describes p in words, for logs and reports: for example
// "period 34 from n = 53 (last exception at n = 52; 1001 values checked)" or
// "no period found in 1001 values".
func (p Period) String() string {
	if !p.Found {
		return fmt.Sprintf("no period found in %d values", p.Checked)
	}
	exc := "purely periodic"
	if p.LastException >= 0 {
		exc = fmt.Sprintf("last exception at n = %d", p.LastException)
	}
	return fmt.Sprintf("period %d from n = %d (%s; %d values checked)",
		p.Period, p.Preperiod, exc, p.Checked)
}

// FindPeriod returns the eventual period of seq, where seq[n] is g(n).
//
// For each candidate p it finds the shortest preperiod n0(p), the smallest n0
// with seq[n+p] == seq[n] for all n0 <= n < len(seq)-p. A candidate is
// confirmed when
//
//	2*n0(p) + 2*p <= len(seq),
//
// that is, when the values after the preperiod span at least two full periods
// and at least as many values as the preperiod itself. FindPeriod returns the
// smallest confirmed p (1 <= p <= len(seq)/2) with its n0(p), or Found ==
// false if there is none.
//
// The rule is the Guy–Smith window of ProveOctal with t = 0: a sequence that
// passes it repeats over a stretch longer than everything before it, so short
// coincidences such as a repeated last value are not reported as a period.
// For an octal game, ProveOctal then asks for t more values to turn the
// observation into a proof. A result with Found == false is an honest "no
// period within the values given", not a proof that there is none: a longer
// sequence may still show one.
//
// FindPeriod runs in time linear in len(seq), whatever the data (it
// computes the Z-function of the reversed sequence, stopping at the first
// confirmed period), so 10^7 values take well under a second; its scratch is
// at most 2 bytes a value (see FindPeriodWhere). It panics on more than
// math.MaxInt32 values.
func FindPeriod(seq []int32) Period {
	var s periodScan
	return s.find(seq)
}

// FindPeriodWhere is FindPeriod with another rule for confirming a
// candidate: it returns the smallest p (1 <= p <= len(seq)/2) for which
// confirm(p, n0(p)) holds, where n0(p) is the shortest preperiod for p, or
// Found == false if there is none. An engine that applies a periodicity
// theorem passes the theorem's window as confirm; it runs in the same linear
// time as FindPeriod.
//
// Its scratch, the Z-array, holds one int32 for each candidate tried: none
// to speak of when a period shows early, len(seq)/2+1 of them (2 bytes a
// value) when none does. It grows by factors of 8 from 4096 entries and
// jumps to its final size once the next step would pass an eighth of it, so
// the copies it leaves behind add at most a quarter byte a value: 2.25 bytes
// a value at the most, where growth by append reached about twice that.
func FindPeriodWhere(seq []int32, confirm func(period, preperiod int) bool) Period {
	var s periodScan
	return s.where(seq, false, confirm)
}

// periodScan holds the Z-array of the scans of FindPeriodWhere, so that the
// scans of one Study share it (the second reuses what the first grew).
type periodScan struct{ z []int32 }

// find is FindPeriod with s's scratch.
func (s *periodScan) find(seq []int32) Period {
	n := len(seq)
	return s.where(seq, false, func(period, preperiod int) bool { return 2*preperiod+2*period <= n })
}

// where is FindPeriodWhere with s's scratch. With diff set it scans the
// len(seq)-1 first differences d(i) = seq[i+1] - seq[i] instead of seq,
// computed as it reads them (exactly, in int64), so that FindArithmetic
// needs no array of them; Checked is then len(seq)-1.
func (s *periodScan) where(seq []int32, diff bool, confirm func(period, preperiod int) bool) Period {
	n := len(seq)
	if diff {
		n = max(n-1, 0)
	}
	res := Period{LastException: -1, Checked: n}
	if n < 2 {
		return res
	}
	if n > math.MaxInt32 {
		panic(fmt.Sprintf("analysis: FindPeriod: %d values is more than it handles (%d)", n, math.MaxInt32))
	}
	// r(i) is the scanned sequence read backwards: seq[n-1-i], or
	// d(n-1-i). z[k] is the length of the longest common prefix of r and r
	// shifted by k, so r(i) == r(i+k) for i < z[k], which is x[m] ==
	// x[m+k] for every m >= n-k-z[k] (x the scanned sequence). Hence
	// n0(k) = n - k - z[k]. This is the Z-algorithm: [l, right) is the
	// rightmost window known to match a prefix of r, which keeps the total
	// work O(n).
	d := func(j int) int64 { return int64(seq[j+1]) - int64(seq[j]) }
	full := n/2 + 1
	z := s.z[:0]
	if cap(z) == 0 {
		z = make([]int32, 0, min(full, 1<<12))
	}
	z = append(z, 0) // z[0] is never read
	defer func() { s.z = z[:0] }()
	l, right := 0, 0
	for k := 1; 2*k <= n; k++ {
		zk := 0
		if k < right {
			zk = min(right-k, int(z[k-l]))
		}
		if diff {
			for k+zk < n && d(n-1-zk) == d(n-1-k-zk) {
				zk++
			}
		} else {
			for k+zk < n && seq[n-1-zk] == seq[n-1-k-zk] {
				zk++
			}
		}
		if k+zk > right {
			l, right = k, k+zk
		}
		if len(z) == cap(z) {
			z = growZ(z, full)
		}
		z = append(z, int32(zk))
		n0 := n - k - zk
		if confirm(k, n0) {
			res.Found = true
			res.Period = k
			res.Preperiod = n0
			res.LastException = n0 - 1
			return res
		}
	}
	return res
}

// growZ returns z with room for more entries, at most full in all: eight
// times its capacity, or full once that would pass full/8 (so a copy left
// behind is at most an eighth of the final array).
func growZ(z []int32, full int) []int32 {
	c := 8 * cap(z)
	if c > full/8 {
		c = full
	}
	nz := make([]int32, len(z), max(c, len(z)+1))
	copy(nz, z)
	return nz
}
