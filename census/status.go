package census

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

// rowStatus is what is known of a row, as the paper tables write it.
type rowStatus struct {
	behaviour string // Behaviour
	theorem   string // theoremOf, for a proven row
	timedOut  bool   // the time bound stopped it
}

// statusOf returns the status of a row.
func statusOf(row Row) rowStatus {
	b := Behaviour(row.Record)
	return rowStatus{behaviour: b, theorem: theoremOf(row.Game.Table(), b), timedOut: row.Record.TimedOut}
}

// word is "proven", "candidate" or "open".
func (s rowStatus) word() string {
	switch s.behaviour {
	case PeriodicProven, ArithmeticProven:
		return "proven"
	case PeriodicCandidate, ArithmeticCandidate:
		return "candidate"
	}
	return "open"
}

// long writes the status as the Markdown table does, the theorem named:
// "proven (Guy–Smith)", "candidate, time bound", "open".
func (s rowStatus) long() string {
	w := s.word()
	if s.theorem != "" {
		w += " (" + s.theorem + ")"
	}
	if s.timedOut {
		w += ", time bound"
	}
	return w
}

// short writes the status as the LaTeX tables do, a column wide: "proven"
// (the caption names the theorem), "cand.", "open", with a dagger for the
// time bound.
func (s rowStatus) short() string {
	w := s.word()
	if w == "candidate" {
		w = `cand.`
	}
	if s.timedOut {
		w += `\dag`
	}
	return w
}
