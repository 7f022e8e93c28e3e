package census

import "fmt"

// The status of a census row, decided once for every output. Behaviour
// classifies a record (periodic or arithmetic-periodic, proven or a
// candidate, or neither); the table's behaviour and arithmetic_proven
// columns, the paper tables (.md, .tex), the findings of the manifest and
// the summary line, and the figures all read it through Behaviour,
// provenRow and theoremOf, so that a row proven in one output is proven in
// every other.

// provenRow reports whether a row's period is proven, ordinary or
// arithmetic (Behaviour PeriodicProven or ArithmeticProven).
func provenRow(r *Record) bool {
	b := Behaviour(r)
	return b == PeriodicProven || b == ArithmeticProven
}

// theoremOf names, in a few words, the theorem that proves a row of
// behaviour b in the census table family: "" when the row is not proven
// or the family has no theorem for it. The names are those of the games'
// theorems (heapgame.Heap.Theorem) made short enough for a table cell:
//
//   - octal: the Guy–Smith periodicity theorem (analysis.ProveOctal; Guy
//     and Smith, Proc. Cambridge Philos. Soc. 52 (1956));
//   - finite subtraction sets: the window argument (analysis.ProveSubtraction);
//   - hexadecimal codes: the periodicity theorem for moves leaving up to h
//     heaps, Guy–Smith's for h = 2 (takebreak.ProvePeriod), and for a
//     saltus tabulate's own arithmetic-periodicity theorem
//     (takebreak.ProveArithmetic);
//   - all-but subtraction sets: the all-but window argument up to a saltus
//     (analysis.ProveAllBut).
func theoremOf(family, b string) string {
	switch {
	case b == PeriodicProven && family == Octal:
		return "Guy–Smith"
	case b == PeriodicProven && family == Subtraction:
		return "subtraction window"
	case b == PeriodicProven && family == Takebreak:
		return "Guy–Smith, h heaps"
	case b == ArithmeticProven && family == Takebreak:
		return "tabulate's arithmetic"
	case b == ArithmeticProven && family == AllBut:
		return "all-but window"
	}
	return ""
}

// theorems returns the theorem of each proven behaviour that occurs among
// rows (theoremOf), as the manifest's findings record them.
func theorems(rows []Row) map[string]string {
	var out map[string]string
	for _, row := range rows {
		b := Behaviour(row.Record)
		if th := theoremOf(row.Game.Table(), b); th != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[b] = th
		}
	}
	return out
}

// rowStatus is what is known of a row, as every output writes it.
type rowStatus struct {
	behaviour string // Behaviour
	theorem   string // theoremOf, for a proven row
	timedOut  bool   // the time bound stopped it
	values    int64  // the values computed: the bound a row not proven is open within
}

// statusOf returns the status of a row: the one decision that the table's
// status column, the paper tables, the findings of the manifest and the
// summary line (Counts) all print.
func statusOf(row Row) rowStatus {
	b := Behaviour(row.Record)
	return rowStatus{behaviour: b, theorem: theoremOf(row.Game.Table(), b), timedOut: row.Record.TimedOut, values: row.Record.Values}
}

// The words of a row's status: the table's status column, the paper
// tables' first word, the categories Counts counts.
const (
	// StatusProven: a period, ordinary or arithmetic, proven by a theorem.
	StatusProven = "proven"
	// StatusCandidate: a period seen in the values computed, not proven
	// within them.
	StatusCandidate = "candidate"
	// StatusOpen: no period seen within the values computed.
	StatusOpen = "open"
)

// word is StatusProven, StatusCandidate or StatusOpen.
func (s rowStatus) word() string {
	switch s.behaviour {
	case PeriodicProven, ArithmeticProven:
		return StatusProven
	case PeriodicCandidate, ArithmeticCandidate:
		return StatusCandidate
	}
	return StatusOpen
}

// long writes the status as the Markdown table does, the theorem named or
// the bound that is the reason a row is not proven: "proven (Guy–Smith)",
// "candidate, not proven within 65536", "open, no period within 65536",
// ", time bound" added where the time bound stopped the row short of the
// census's bound.
func (s rowStatus) long() string {
	w := s.word()
	switch w {
	case StatusProven:
		if s.theorem != "" {
			w += " (" + s.theorem + ")"
		}
	case StatusCandidate:
		w += fmt.Sprintf(", not proven within %d", s.values)
	default:
		w += fmt.Sprintf(", no period within %d", s.values)
	}
	if s.timedOut {
		w += ", time bound"
	}
	return w
}

// short writes the status as the LaTeX tables do, a column wide: "proven"
// (the caption names the theorem), "cand.", "open" (the caption says
// within how many values), with a dagger for the time bound.
func (s rowStatus) short() string {
	w := s.word()
	if w == StatusCandidate {
		w = `cand.`
	}
	if s.timedOut {
		w += `\dag`
	}
	return w
}

// Counts is how many of a family's rows have each status (statusOf): the
// one count that the summary line, the paper tables' captions, the
// manifest's findings and the table's status column all give.
type Counts struct {
	Games int `json:"games"`
	// Proven counts the rows with a proven period, ordinary or
	// arithmetic; ProvenArithmetic those of them with a saltus.
	Proven           int `json:"proven"`
	ProvenArithmetic int `json:"proven_arithmetic"`
	// Candidates counts the rows with a period seen, not proven; Open
	// those with none seen within the values computed.
	Candidates int `json:"candidates"`
	Open       int `json:"open"`
	// TimedOut counts the rows the time bound stopped short of the bound.
	TimedOut int `json:"timed_out"`
	// MinValues and MaxValues are the fewest and the most values a row
	// was computed to: the bound within which the rows not proven are
	// candidates or open.
	MinValues int64 `json:"min_values"`
	MaxValues int64 `json:"max_values"`
}

// countsOf counts the rows by their status.
func countsOf(rows []Row) Counts {
	c := Counts{Games: len(rows)}
	for i, row := range rows {
		s := statusOf(row)
		switch s.word() {
		case StatusProven:
			c.Proven++
			if s.behaviour == ArithmeticProven {
				c.ProvenArithmetic++
			}
		case StatusCandidate:
			c.Candidates++
		default:
			c.Open++
		}
		if s.timedOut {
			c.TimedOut++
		}
		if i == 0 || s.values < c.MinValues {
			c.MinValues = s.values
		}
		c.MaxValues = max(c.MaxValues, s.values)
	}
	return c
}

// within says within how many values the rows were computed: "65536", or
// "at most 65536" where some stopped earlier (proven at a checkpoint, or
// stopped by the time bound).
func (c Counts) within() string {
	if c.MinValues == c.MaxValues {
		return fmt.Sprint(c.MaxValues)
	}
	return fmt.Sprintf("at most %d", c.MaxValues)
}

// sentence says the counts in plain English, as the captions open: "255
// hexadecimal codes computed to 65536 values: 95 with a proven period (27 of
// them arithmetic, with a saltus), 30 candidates (a period seen, not
// proven within the values computed) and 130 open (no period within
// them)". what names the games; arithmetic says whether the family has
// arithmetic periods.
func (c Counts) sentence(what string, arithmetic bool) string {
	s := fmt.Sprintf("%d %s computed to %s values: %d with a proven period", c.Games, what, c.within(), c.Proven)
	if arithmetic {
		s += fmt.Sprintf(" (%d of them arithmetic, with a saltus)", c.ProvenArithmetic)
	}
	s += fmt.Sprintf(", %d %s (a period seen, not proven within the values computed) and %d open (no period within them)",
		c.Candidates, plural(c.Candidates, "candidate", "candidates"), c.Open)
	if c.TimedOut > 0 {
		s += fmt.Sprintf("; the time bound stopped %d", c.TimedOut)
	}
	return s
}

// String writes the counts as the summary line of tabulate census does:
// "games=255 proven=95 proven_arithmetic=27 candidates=30 open=130
// timed_out=0".
func (c Counts) String() string {
	return fmt.Sprintf("games=%d proven=%d proven_arithmetic=%d candidates=%d open=%d timed_out=%d",
		c.Games, c.Proven, c.ProvenArithmetic, c.Candidates, c.Open, c.TimedOut)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
