package analysis

import "fmt"

// ObservePeriod returns a period that the values plainly show but that
// FindPeriod's rule does not yet confirm, or Found == false. A candidate p
// with least preperiod n0(p) is observed when the repeating part, the values
// from n0 on, spans at least three whole periods and at least ObserveMin
// values repeat (g(n+p) = g(n) for ObserveMin values of n or more):
//
//	len(seq) - n0 >= 3*p   and   len(seq) - n0 - p >= ObserveMin.
//
// The second condition keeps a few equal values at the end of a sequence
// that is not periodic (take-a-square's) from passing as "period 1". Unlike
// FindPeriod's rule it does not compare the repeating part with the
// preperiod, so a long preperiod no longer hides a period repeated hundreds
// of times: Kayles computed to n = 160 shows period 12 from n = 71 over 7
// whole periods (FindPeriod asks for 2*71 + 2*12 = 166 values), and octal
// 0.56 computed by this tool to n = 400000 shows period 144 from n = 326640
// over 509 periods (FindPeriod would need 653568 values).
//
// An observed period is a report of what the values show, nothing more: a
// longer sequence can break it, and only a theorem (ProveOctal,
// ProveSubtraction) makes it a fact. Study says which of these applies.
func ObservePeriod(seq []int32) Period {
	var s periodScan
	return s.observe(seq)
}

// observe is ObservePeriod with s's scratch.
func (s *periodScan) observe(seq []int32) Period {
	n := len(seq)
	return s.where(seq, false, func(period, preperiod int) bool {
		tail := n - preperiod
		return tail >= 3*period && tail-period >= ObserveMin
	})
}

// ObserveMin is how many values must repeat before ObservePeriod reports a
// period: 32, so that a chance repetition is unlikely (in a sequence of k
// equally likely values, 32 chance matches for one candidate period have
// probability k^-32; a period p also needs 2p matches).
const ObserveMin = 32

// Prover applies a periodicity theorem to a period of seq: ProveOctal or
// ProveSubtraction with the game's bound, for example
//
//	func(seq []int32, p Period) Proof { return ProveOctal(seq, p, 2) }
type Prover func(seq []int32, p Period) Proof

// ArithmeticProver applies a theorem to an arithmetic period of seq, such as
// ProveAllBut with the game's excluded set.
type ArithmeticProver func(seq []int32, a Arithmetic) Proof

// Theorems are the proofs that apply to a game: either may be nil.
type Theorems struct {
	Period     Prover
	Arithmetic ArithmeticProver
}

// Status says how much is known about a period.
type Status string

// The statuses of a Report, from the strongest.
const (
	// Proven: a theorem shows the period lasts for ever.
	Proven Status = "proven"
	// Confirmed: FindPeriod's rule holds (the repeating part is longer
	// than everything before it and spans two periods), but no theorem
	// applies or its window is not yet computed or does not repeat.
	Confirmed Status = "confirmed"
	// Observed: ObservePeriod's weaker rule holds, FindPeriod's does not.
	Observed Status = "observed"
	// None: no period (ordinary or arithmetic) in the values.
	None Status = "none"
)

// Report is what Study finds about a Grundy sequence: its period and how
// sure it is, or its arithmetic period when it has no ordinary one.
type Report struct {
	// Status is Proven, Confirmed, Observed or None.
	Status Status
	// Period is the ordinary period (Found false when there is none).
	Period Period
	// Arithmetic is the arithmetic period with a non-zero saltus, found
	// only when the sequence has no ordinary period (Found false
	// otherwise).
	Arithmetic Arithmetic
	// Periods is how many whole periods the repeating part spans:
	// (Checked - Preperiod) / Period.
	Periods int
	// Proof is the theorem's verdict on the period or arithmetic period
	// found, nil when no theorem for it was given or nothing was found.
	Proof *Proof
}

// Study finds the period of seq and reports how sure it is: FindPeriod
// first, then ObservePeriod, then FindArithmetic; the theorem for what was
// found, if given, decides whether it is proven. Nothing is reported proven
// unless a theorem says so.
//
// The three searches share one scratch array, so Study needs at most 2.25
// bytes a value beside seq (see FindPeriodWhere), and none to speak of when
// a period shows early.
func Study(seq []int32, th Theorems) Report {
	var s periodScan
	r := Report{Status: None, Period: s.find(seq), Arithmetic: Arithmetic{Checked: len(seq)}}
	if r.Period.Found {
		r.Status = Confirmed
	} else if o := s.observe(seq); o.Found {
		r.Period, r.Status = o, Observed
	}
	if r.Period.Found {
		r.Periods = (r.Period.Checked - r.Period.Preperiod) / r.Period.Period
		if th.Period != nil {
			pr := th.Period(seq, r.Period)
			r.Proof = &pr
			if pr.Proven {
				r.Status = Proven
			}
		}
		return r
	}
	if a := s.arithmetic(seq); a.Found && a.Saltus != 0 {
		r.Arithmetic, r.Status = a, Confirmed
		r.Periods = (a.Checked - a.Preperiod) / a.Period
		if th.Arithmetic != nil {
			pr := th.Arithmetic(seq, a)
			r.Proof = &pr
			if pr.Proven {
				r.Status = Proven
			}
		}
	}
	return r
}

// Shape returns the eventual form of seq that r describes (Block or
// ArithmeticBlock), with an error wrapping ErrNoStructure when r found none.
// seq must be the sequence r was made from.
func (r Report) Shape(seq []int32) (Shape, error) {
	if r.Arithmetic.Found {
		return ArithmeticBlock(seq, r.Arithmetic)
	}
	return Block(seq, r.Period)
}

// Proven reports whether the period is proven (false for an arithmetic or
// observed period, and when no theorem applies).
func (r Report) Proven() bool { return r.Status == Proven }

// String describes r in one line a paper can quote, for example
//
//	period 12 from n = 71, observed over 7 periods; proof needs 168 values, 161 computed
//	period 34 from n = 53 (last exception at n = 52), proven: the theorem needs 176 values, 1001 computed
//	period 1 with saltus 1 from n = 0 (arithmetic), proven: the theorem needs 1 value, 1001 computed
func (r Report) String() string {
	if r.Status == None {
		return fmt.Sprintf("no period found in %d values", r.Period.Checked)
	}
	var head string
	if a := r.Arithmetic; a.Found {
		head = fmt.Sprintf("period %d with saltus %d from n = %d (arithmetic)", a.Period, a.Saltus, a.Preperiod)
	} else {
		p := r.Period
		head = fmt.Sprintf("period %d from n = %d", p.Period, p.Preperiod)
		if p.LastException >= 0 {
			head += fmt.Sprintf(" (last exception at n = %d)", p.LastException)
		}
	}
	switch {
	case r.Status == Proven:
		return fmt.Sprintf("%s, proven: the theorem needs %s, %d computed", head, count(r.Proof.Needed, "value"), r.Proof.Have)
	case r.Proof == nil:
		return fmt.Sprintf("%s, %s over %s; not proven: no periodicity theorem applies", head, r.Status, count(r.Periods, "period"))
	case r.Proof.Missing > 0:
		return fmt.Sprintf("%s, %s over %s; proof needs %s, %d computed", head, r.Status, count(r.Periods, "period"), count(r.Proof.Needed, "value"), r.Proof.Have)
	default:
		return fmt.Sprintf("%s, %s over %s; not proven: the theorem's window (%s) does not all repeat", head, r.Status, count(r.Periods, "period"), count(r.Proof.Needed, "value"))
	}
}

// Finding returns r as the manifest records a period: found, status,
// proven (always present, false unless a theorem proved it), checked,
// summary (String), and where they apply period, preperiod,
// last_exception, periods_observed, saltus (arithmetic), values_needed and
// values_missing.
func (r Report) Finding() map[string]any {
	f := map[string]any{
		"found":   r.Status != None,
		"status":  string(r.Status),
		"proven":  r.Proven(),
		"checked": r.Period.Checked,
		"summary": r.String(),
	}
	switch {
	case r.Arithmetic.Found:
		a := r.Arithmetic
		f["period"], f["preperiod"], f["last_exception"], f["saltus"] = a.Period, a.Preperiod, a.Preperiod-1, a.Saltus
		f["periods_observed"] = r.Periods
	case r.Period.Found:
		p := r.Period
		f["period"], f["preperiod"], f["last_exception"] = p.Period, p.Preperiod, p.LastException
		f["periods_observed"] = r.Periods
	}
	if r.Proof != nil {
		f["values_needed"] = r.Proof.Needed
		if r.Proof.Missing > 0 {
			f["values_missing"] = r.Proof.Missing
		}
	}
	return f
}

// count writes n with its noun, plural unless n is 1: "1 value", "7 periods".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
