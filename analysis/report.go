package analysis

import "fmt"

// ObservePeriod returns a candidate period: one the values plainly show
// but that FindPeriod's rule does not yet confirm, or Found == false. A
// period p with least preperiod n0(p) is a candidate when the repeating part,
// the values from n0 on, spans at least three whole periods, at least
// ObserveMin values repeat (g(n+p) = g(n) for ObserveMin values of n or
// more), and the repeating part is at least an ObserveShare-th of the
// preperiod:
//
//	len(seq) - n0 >= 3*p,   len(seq) - n0 - p >= ObserveMin,
//	ObserveShare * (len(seq) - n0) >= n0.
//
// The second condition keeps a few equal values at the end of a sequence
// that is not periodic (take-a-square's) from passing as "period 1"; the
// third keeps a short repetition at the end of a long irregular stretch
// from passing as a period (see ObserveShare for the measurement behind
// it). Unlike FindPeriod's rule it does not ask the repeating part to be
// longer than the preperiod, so a long preperiod no longer hides a period
// repeated hundreds of times: Kayles computed to n = 160 shows period 12
// from n = 71 over 7 whole periods (FindPeriod asks for 2*71 + 2*12 = 166
// values), and octal 0.56 computed by this tool to n = 400000 shows period
// 144 from n = 326640 over 509 periods (FindPeriod would need 653568
// values).
//
// A candidate is a report of what the values show, nothing more: a longer
// sequence can break it, and only a theorem (ProveOctal, ProveSubtraction)
// makes it a fact. Study says which of these applies.
func ObservePeriod(seq []int32) Period {
	var s periodScan
	return s.observe(seq)
}

// observe is ObservePeriod with s's scratch.
func (s *periodScan) observe(seq []int32) Period {
	n := len(seq)
	return s.where(seq, false, func(period, preperiod int) bool {
		tail := n - preperiod
		return tail >= 3*period && tail-period >= ObserveMin && ObserveShare*tail >= preperiod
	})
}

// ObserveMin is how many values must repeat before ObservePeriod reports a
// candidate: 32, so that a few equal values at the end of a sequence are not
// taken for a period. It is a rule of thumb, not a probability: Grundy
// sequences are not random, and no bound on a chance repetition follows
// from it.
const ObserveMin = 32

// ObserveShare bounds the preperiod of a candidate: the repeating part must
// be at least 1/ObserveShare of it. Measured (go run ./scripts/candidates,
// docs/periods.md): over the 511 octal codes of up to three digits, the rule
// without this bound reported 4 candidates at 2^12, 2^14 and 2^16 values,
// and the values to 2^20 broke 3 of them, each a repetition of 41 to 104
// values after a preperiod of 3,992 to 65,495 (0.14 at 2^12: period 30 from
// n = 3992; 0.16 at 2^12 and at 2^16: period 3 from n = 4041 and from
// 65495); with it, the one candidate left (0.127 at 2^16: period 4 from n =
// 46578, a repeating part 0.41 of the preperiod) holds to 2^20.
const ObserveShare = 8

// Prover applies a periodicity theorem to a period of seq: ProveOctal or
// ProveSubtraction with the game's bound, for example
//
//	func(seq []int32, p Period) Proof { return ProveOctal(seq, p, 2) }
type Prover func(seq []int32, p Period) Proof

// ArithmeticProver applies a theorem to an arithmetic period of seq, such as
// ProveAllBut with the game's excluded set.
type ArithmeticProver func(seq []int32, a Arithmetic) Proof

// Theorems are the proofs that apply to a game: either may be nil. Name
// names the theorem of Period and of Arithmetic ("the Guy–Smith
// periodicity theorem"), for the Report to say which proved it; it may be
// empty. ArithmeticName, when set, names Arithmetic's instead (a game
// whose two theorems differ, as take-and-break codes').
type Theorems struct {
	Period         Prover
	Arithmetic     ArithmeticProver
	Name           string
	ArithmeticName string
}

// Status says how much is known about a period.
type Status string

// The statuses of a Report, from the strongest.
const (
	// Proven: a theorem shows the period lasts for ever.
	Proven Status = "proven"
	// Candidate: a period (or arithmetic period) the values show, by
	// FindPeriod's rule or ObservePeriod's, that no theorem proves: either
	// none applies, or its window is not yet computed or does not repeat.
	// A longer sequence may break it.
	Candidate Status = "candidate"
	// None: no period (ordinary or arithmetic) in the values.
	None Status = "none"
)

// Report is what Study finds about a Grundy sequence: its period and how
// sure it is, or its arithmetic period when it has no ordinary one.
type Report struct {
	// Status is Proven, Candidate or None.
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
	// Theorem names the theorem that proved the period (Theorems.Name):
	// empty unless Status is Proven and the theorem was named.
	Theorem string
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
		r.Status = Candidate
	} else if o := s.observe(seq); o.Found {
		r.Period, r.Status = o, Candidate
	}
	if r.Period.Found {
		r.Periods = (r.Period.Checked - r.Period.Preperiod) / r.Period.Period
		if th.Period != nil {
			pr := th.Period(seq, r.Period)
			r.Proof = &pr
			if pr.Proven {
				r.Status, r.Theorem = Proven, th.Name
			}
		}
		return r
	}
	if a := s.arithmetic(seq); a.Found && a.Saltus != 0 {
		r.Arithmetic, r.Status = a, Candidate
		r.Periods = (a.Checked - a.Preperiod) / a.Period
		if th.Arithmetic != nil {
			pr := th.Arithmetic(seq, a)
			r.Proof = &pr
			if pr.Proven {
				r.Status, r.Theorem = Proven, th.Name
				if th.ArithmeticName != "" {
					r.Theorem = th.ArithmeticName
				}
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

// Proven reports whether the period is proven (false for a candidate, and
// when nothing was found).
func (r Report) Proven() bool { return r.Status == Proven }

// String describes r in one line a paper can quote, for example
//
//	candidate period 12 from n = 71, not proven: seen over 7 periods; the proof needs 168 values, 161 computed
//	period 34 from n = 53 (last exception at n = 52), proven: the theorem needs 176 values, 1001 computed
//	period 12 from n = 71 (last exception at n = 70), proven by the Guy–Smith periodicity theorem: it needs 168 values, 1001 computed
//	period 1 with saltus 1 from n = 0 (arithmetic), proven: the theorem needs 1 value, 1001 computed
//
// A period no theorem proves is written "candidate ..., not proven", so
// that a reader cannot take it for a fact.
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
	if r.Status == Proven && r.Theorem != "" {
		return fmt.Sprintf("%s, proven by %s: it needs %s, %d computed", head, r.Theorem, count(r.Proof.Needed, "value"), r.Proof.Have)
	}
	if r.Status == Proven {
		return fmt.Sprintf("%s, proven: the theorem needs %s, %d computed", head, count(r.Proof.Needed, "value"), r.Proof.Have)
	}
	seen := fmt.Sprintf("candidate %s, not proven: seen over %s", head, count(r.Periods, "period"))
	switch {
	case r.Proof == nil:
		return seen + "; no periodicity theorem applies"
	case r.Proof.Missing > 0:
		return fmt.Sprintf("%s; the proof needs %s, %d computed", seen, count(r.Proof.Needed, "value"), r.Proof.Have)
	default:
		return fmt.Sprintf("%s; the theorem's window (%s) does not all repeat", seen, count(r.Proof.Needed, "value"))
	}
}

// Finding returns r as the manifest records a period: found, status,
// proven (always present, false unless a theorem proved it), checked,
// summary (String), and where they apply period, preperiod,
// last_exception, periods_observed, saltus (arithmetic), theorem (the
// theorem that proved it, when named), values_needed and values_missing.
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
	if r.Theorem != "" {
		f["theorem"] = r.Theorem
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
