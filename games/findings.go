package games

import (
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// Note is a finding that is a sentence, such as the rules of a game.
type Note string

// String returns the note.
func (n Note) String() string { return string(n) }

// Period is the period search over a Grundy sequence and, where a theorem
// applies, its proof.
type Period struct {
	Found         bool `json:"found"`
	Checked       int  `json:"checked"`
	Period        int  `json:"period,omitempty"`
	Preperiod     int  `json:"preperiod,omitempty"`
	LastException int  `json:"last_exception,omitempty"`
	// Proven is set when a periodicity theorem was tried.
	Proven        *bool `json:"proven,omitempty"`
	ValuesNeeded  int   `json:"values_needed,omitempty"`
	ValuesMissing int   `json:"values_missing,omitempty"`
	// Theorem names the theorem that proved the period (set by
	// NewReport from analysis.Report.Theorem).
	Theorem string `json:"theorem,omitempty"`
	// Proof says why there is no proof when no theorem applies.
	Proof string `json:"proof,omitempty"`
	// Status, PeriodsObserved and Saltus are set by NewReport: proven,
	// candidate or none; how many whole periods the repeating
	// part spans; the saltus of an arithmetic period (0 otherwise).
	Status          string `json:"status,omitempty"`
	PeriodsObserved int    `json:"periods_observed,omitempty"`
	Saltus          int64  `json:"saltus,omitempty"`

	search analysis.Period
	proof  *analysis.Proof
	report *analysis.Report
}

// NewReport records what analysis.Study found: an ordinary or arithmetic
// period, proven or candidate, and how sure it is. Proven is always set (false unless a
// theorem proved the period).
func NewReport(r analysis.Report) Period {
	f := NewPeriod(r.Period, r.Proof)
	if a := r.Arithmetic; a.Found {
		f.Found, f.Period, f.Preperiod, f.LastException, f.Saltus = true, a.Period, a.Preperiod, a.Preperiod-1, a.Saltus
	}
	f.Found = f.Found || r.Status != analysis.None
	proven := r.Proven()
	f.Proven = &proven
	f.Status, f.PeriodsObserved, f.Theorem = string(r.Status), r.Periods, r.Theorem
	f.report = &r
	return f
}

// NewPeriod records a period search and its proof (nil when none was tried).
func NewPeriod(p analysis.Period, proof *analysis.Proof) Period {
	f := Period{Found: p.Found, Checked: p.Checked, search: p, proof: proof}
	if p.Found {
		f.Period, f.Preperiod, f.LastException = p.Period, p.Preperiod, p.LastException
	}
	if proof != nil {
		proven := proof.Proven
		f.Proven, f.ValuesNeeded, f.ValuesMissing = &proven, proof.Needed, proof.Missing
	}
	return f
}

// String says what was found and whether it is proven.
func (f Period) String() string {
	p, proof := f.search, f.proof
	if f.report != nil {
		if f.Proof != "" && f.report.Proof == nil && f.report.Status != analysis.None {
			return f.report.String() // it says no theorem applies
		}
		if f.Proof != "" {
			return fmt.Sprintf("%s; %s", f.report, f.Proof)
		}
		return f.report.String()
	}
	switch {
	case proof == nil && f.Proof != "":
		return fmt.Sprintf("%s; %s", p, f.Proof)
	case proof == nil:
		return p.String()
	case proof.Proven:
		return fmt.Sprintf("%s; proven periodic for ever (the theorem needs %d values, %d computed)", p, proof.Needed, proof.Have)
	case proof.Missing > 0:
		return fmt.Sprintf("%s; not proven: the theorem needs %d values, %d more than computed", p, proof.Needed, proof.Missing)
	case p.Found:
		return fmt.Sprintf("%s; not proven: the values in the theorem's window do not all repeat", p)
	}
	return p.String()
}

// GrundySummary sums up a table of Grundy values: how many, the largest value and
// where it first appears, and the period search.
type GrundySummary struct {
	Values        int    `json:"values"`
	Largest       int32  `json:"largest"`
	LargestFirstN int64  `json:"largest_first_n"`
	Records       int    `json:"records"`
	Period        Period `json:"period"`
}

// String renders the summary on one line.
func (f GrundySummary) String() string {
	return fmt.Sprintf("%d values, largest %d (first at n = %d, %d records); %s", f.Values, f.Largest, f.LargestFirstN, f.Records, f.Period)
}

// Losing counts the losing positions (P-positions) of a heap game up to a
// bound, with the power law fitted to their growth when there is one.
type Losing struct {
	UpTo  int64 `json:"up_to"`
	Count int64 `json:"count"`
	// Fit is the power law count(x) ~ c x^alpha, when there was range
	// enough to fit one; NoFit says why not otherwise.
	Fit   *Fit   `json:"fit,omitempty"`
	NoFit string `json:"no_fit,omitempty"`
}

// Fit is a power law y ~ C x^Alpha fitted on log-log scale (see
// analysis.PowerFit).
type Fit struct {
	C      float64 `json:"c"`
	Alpha  float64 `json:"alpha"`
	XMin   float64 `json:"x_min"`
	XMax   float64 `json:"x_max"`
	Points int     `json:"points"`
	R2     float64 `json:"r2"`
}

// String writes the fit as a formula with its quality.
func (f Fit) String() string {
	return analysis.PowerFit{C: f.C, Alpha: f.Alpha, XMin: f.XMin, XMax: f.XMax, Points: f.Points, R2: f.R2}.String()
}

// String renders the count and the fit on one line.
func (f Losing) String() string {
	s := fmt.Sprintf("%d losing positions n <= %d", f.Count, f.UpTo)
	switch {
	case f.Fit != nil:
		s += "; " + f.Fit.String()
	case f.NoFit != "":
		s += "; " + f.NoFit
	}
	return s
}

// Wins counts positions by who wins them.
type Wins struct {
	What             string `json:"-"` // what is counted, such as "boards of length 60"
	Count            int64  `json:"count"`
	FirstPlayerWins  int64  `json:"first_player_wins"`
	SecondPlayerWins int64  `json:"second_player_wins"`
	// Unreachable counts positions that nobody can win (Can I Win).
	Unreachable int64 `json:"unreachable,omitempty"`
}

// String renders the counts and the first player's share on one line.
func (f Wins) String() string {
	s := fmt.Sprintf("%d %s: first player wins %d (%.4f), second %d", f.Count, f.What, f.FirstPlayerWins,
		float64(f.FirstPlayerWins)/float64(max(1, f.Count)), f.SecondPlayerWins)
	if f.Unreachable > 0 {
		s += fmt.Sprintf(", unreachable %d", f.Unreachable)
	}
	return s
}

// RuleCheck is a rule checked against every position computed, such as
// Bouton's rule for Nim.
type RuleCheck struct {
	Rule      string `json:"rule"`
	Positions int64  `json:"positions"`
	Agrees    bool   `json:"agrees"`
}

// String says whether the rule held.
func (f RuleCheck) String() string {
	if f.Agrees {
		return fmt.Sprintf("%s holds on all %d positions", f.Rule, f.Positions)
	}
	return fmt.Sprintf("%s fails", f.Rule)
}

// SparseSpace is what the sparse-space engine found about an octal game or
// Grundy's game, the figures a researcher compares with published tables
// (Flammenkamp's, Czajka's): the labelling with the fewest rare heaps, how
// many heaps are rare and the last of them, and the largest value.
type SparseSpace struct {
	// Mask and HeapParity give the labelling: label(a) = parity(g(a) AND
	// Mask), XOR the parity of a when HeapParity is set. Mask 0 means none
	// applies (no split move, or every value is 0).
	Mask       uint32 `json:"mask"`
	MaskHex    string `json:"mask_hex"`
	HeapParity bool   `json:"heap_parity"`
	// RareHeaps counts the heaps 1 <= a <= Computed of the rare label (heap 0
	// is not counted) and LastRare is the largest of them (0 if none).
	RareHeaps int `json:"rare_heaps"`
	LastRare  int `json:"last_rare_heap"`
	// Largest is the largest value, first at LargestAt.
	Largest   int32 `json:"largest_value"`
	LargestAt int   `json:"largest_value_first_n"`
	// Computed is the last heap computed as a mex; the values beyond it were
	// copied one proven period back.
	Computed int `json:"computed_heaps"`
}

// NewSparseSpace records the engine's statistics.
func NewSparseSpace(st octal.Stats) SparseSpace {
	return SparseSpace{Mask: st.Mask, MaskHex: fmt.Sprintf("0x%x", st.Mask), HeapParity: st.HeapParity,
		RareHeaps: st.Rare, LastRare: st.LastRare, Largest: st.Largest, LargestAt: st.LargestAt, Computed: st.Computed}
}

// String summarises the sparse space on one line.
func (s SparseSpace) String() string {
	largest := fmt.Sprintf("largest value %d, first at n = %d", s.Largest, s.LargestAt)
	if s.Mask == 0 {
		return "no sparse space (no split move, or every value 0); " + largest
	}
	parity := ""
	if s.HeapParity {
		parity = " with heap parity"
	}
	return fmt.Sprintf("sparse space mask %s%s: %d rare heaps in 1..%d, the last at %d; %s",
		s.MaskHex, parity, s.RareHeaps, s.Computed, s.LastRare, largest)
}
