package analysis

import "fmt"

// Arithmetic is an arithmetic period of a finite integer sequence, as found
// by FindArithmetic: g(n+Period) = g(n) + Saltus for every computed n >=
// Preperiod. Saltus 0 is ordinary periodicity.
type Arithmetic struct {
	// Found reports whether an arithmetic period was confirmed; when it is
	// false the other fields except Checked are zero.
	Found bool
	// Period is the smallest confirmed p, Preperiod the least n0 for it.
	Period, Preperiod int
	// Saltus is s = g(n+p) - g(n) for n >= n0.
	Saltus int64
	// Checked is how many values were examined.
	Checked int
}

// String describes a in words, for example "period 1 with saltus 1 from n =
// 0 (arithmetic; 1001 values checked)".
func (a Arithmetic) String() string {
	if !a.Found {
		return fmt.Sprintf("no arithmetic period found in %d values", a.Checked)
	}
	return fmt.Sprintf("period %d with saltus %d from n = %d (arithmetic; %d values checked)",
		a.Period, a.Saltus, a.Preperiod, a.Checked)
}

// FindArithmetic returns the arithmetic period of seq, where seq[n] is g(n):
// the smallest p with a saltus s and a preperiod n0 such that
// g(n+p) = g(n) + s for every n0 <= n < len(seq)-p, confirmed by FindPeriod's
// rule 2*n0 + 2*p <= len(seq). Sequences that grow, such as Nim's g(n) = n
// (period 1, saltus 1) or the subtraction games whose sets are all but
// finitely many numbers, have such a period and no ordinary one.
//
// The method: g(n+p) - g(n) is the sum of the p first differences
// d(k) = g(k+1) - g(k) for n <= k < n+p, so it is constant for n >= n0
// exactly when d(n+p) = d(n) for n >= n0. FindArithmetic therefore runs
// FindPeriodWhere on the differences (same linear time), and the least
// preperiod of the differences is the least n0 for g. When the saltus comes
// out 0 the result is an ordinary period, which FindPeriod also reports.
//
// It scans the differences as it reads them (exactly, in int64) rather
// than storing them, so its only scratch is FindPeriodWhere's Z-array, at
// most 2 bytes a value. A result with Found == false is "no arithmetic
// period within the values given", not a proof that there is none.
func FindArithmetic(seq []int32) Arithmetic {
	var s periodScan
	return s.arithmetic(seq)
}

// arithmetic is FindArithmetic with s's scratch.
func (s *periodScan) arithmetic(seq []int32) Arithmetic {
	a := Arithmetic{Checked: len(seq)}
	if len(seq) < 3 {
		return a
	}
	n := len(seq)
	p := s.where(seq, true, func(period, preperiod int) bool { return 2*preperiod+2*period <= n })
	if !p.Found {
		return a
	}
	a.Found, a.Period, a.Preperiod = true, p.Period, p.Preperiod
	a.Saltus = int64(seq[a.Preperiod+a.Period]) - int64(seq[a.Preperiod])
	return a
}
