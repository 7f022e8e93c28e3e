package census

import (
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
)

// periodOf returns the period of a record as the analysis package states it.
func periodOf(r *Record) analysis.Period {
	if !r.Found {
		return analysis.Period{LastException: -1, Checked: int(r.Values)}
	}
	return analysis.Period{Found: true, Period: int(r.Period), Preperiod: int(r.Preperiod),
		LastException: int(r.Preperiod) - 1, Checked: int(r.Values)}
}

// Findings sums up a family's rows, as the manifest records them under
// census.FAMILY: the rows of each status (Counts, whose keys it shares),
// how many classes of identical sequences, the largest proven period and
// preperiod, and for each game without a proof how far it got.
type Findings struct {
	Counts
	// Behaviour counts the games of each behaviour (Behaviour), for a
	// family where arithmetic periods occur (the hexadecimal codes).
	Behaviour        map[string]int `json:"behaviour,omitempty"`
	Classes          int            `json:"classes"`
	LargestPeriod    *Largest       `json:"largest_period,omitempty"`
	LargestPreperiod *Largest       `json:"largest_preperiod,omitempty"`
	// Theorems names the theorem of each proven behaviour that occurs
	// (theoremOf): "periodic (proven)": "Guy–Smith".
	Theorems map[string]string `json:"theorems,omitempty"`
	// Unproven lists the games whose period, ordinary or arithmetic, is
	// not proven (provenRow): the candidates and the open rows of Counts.
	Unproven []Far `json:"unproven"`
}

// Largest is the game with the largest proven period (or preperiod).
type Largest struct {
	Game      string `json:"game"`
	Period    int64  `json:"period"`
	Preperiod int64  `json:"preperiod"`
}

// Far is how far a game without a proof got: its values computed, the
// period they show (if any) and whether the time bound stopped it.
type Far struct {
	Game     string `json:"game"`
	Values   int64  `json:"values"`
	Period   *int64 `json:"period_seen,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
}

// String sums f up in one line, as tabulate census prints it: its Counts,
// the classes, and the theorems that prove its rows.
func (f Findings) String() string {
	s := fmt.Sprintf("%s classes=%d", f.Counts, f.Classes)
	for _, b := range []string{PeriodicProven, ArithmeticProven} {
		if th := f.Theorems[b]; th != "" {
			s += fmt.Sprintf(" %s_by=%q", map[string]string{PeriodicProven: "proven", ArithmeticProven: "proven_arithmetic"}[b], th)
		}
	}
	return s
}

// findingsOf sums up a family's rows.
func findingsOf(rows []Row) Findings {
	f := Findings{Counts: countsOf(rows), Unproven: []Far{}}
	if len(rows) > 0 && kindOf(rows[0].Game.Table()).behaviour {
		f.Behaviour = map[string]int{}
		for _, row := range rows {
			f.Behaviour[Behaviour(row.Record)]++
		}
	}
	classes := map[string]bool{}
	var maxPer, maxPre *Row
	for i := range rows {
		r := rows[i].Record
		classes[rows[i].Class] = true
		if r.Proven {
			if maxPer == nil || r.Period > maxPer.Record.Period {
				maxPer = &rows[i]
			}
			if maxPre == nil || r.Preperiod > maxPre.Record.Preperiod {
				maxPre = &rows[i]
			}
		}
		if provenRow(r) {
			continue
		}
		far := Far{Game: r.Game, Values: r.Values, TimedOut: r.TimedOut}
		if r.Found {
			p := r.Period
			far.Period = &p
		}
		f.Unproven = append(f.Unproven, far)
	}
	f.Theorems = theorems(rows)
	f.Classes = len(classes)
	if maxPer != nil {
		f.LargestPeriod = &Largest{Game: maxPer.Record.Game, Period: maxPer.Record.Period, Preperiod: maxPer.Record.Preperiod}
		f.LargestPreperiod = &Largest{Game: maxPre.Record.Game, Period: maxPre.Record.Period, Preperiod: maxPre.Record.Preperiod}
	}
	return f
}
