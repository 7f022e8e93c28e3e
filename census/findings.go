package census

import "github.com/tabulate-games/tabulate/analysis"

// periodOf returns the period of a record as the analysis package states it.
func periodOf(r *Record) analysis.Period {
	if !r.Found {
		return analysis.Period{LastException: -1, Checked: int(r.Values)}
	}
	return analysis.Period{Found: true, Period: int(r.Period), Preperiod: int(r.Preperiod),
		LastException: int(r.Preperiod) - 1, Checked: int(r.Values)}
}

// Findings sums up a family's rows: how many games there are, how many have
// a period found (solved), proven, or none (unsolved), how many classes of
// identical sequences, the largest proven period and preperiod, and for each
// game without a proof how far it got.
func Findings(rows []Row) map[string]any {
	var solved, proven, timedOut int
	classes := map[string]bool{}
	var maxPer, maxPre *Row
	type far struct {
		Game     string `json:"game"`
		Values   int64  `json:"values"`
		Period   *int64 `json:"period_seen,omitempty"`
		TimedOut bool   `json:"timed_out,omitempty"`
	}
	unproven := []far{}
	for i := range rows {
		r := rows[i].Record
		classes[rows[i].Class] = true
		if r.Found {
			solved++
		}
		if r.TimedOut {
			timedOut++
		}
		if r.Proven {
			proven++
			if maxPer == nil || r.Period > maxPer.Record.Period {
				maxPer = &rows[i]
			}
			if maxPre == nil || r.Preperiod > maxPre.Record.Preperiod {
				maxPre = &rows[i]
			}
			continue
		}
		f := far{Game: r.Game, Values: r.Values, TimedOut: r.TimedOut}
		if r.Found {
			p := r.Period
			f.Period = &p
		}
		unproven = append(unproven, f)
	}
	out := map[string]any{
		"games":     len(rows),
		"solved":    solved,
		"proven":    proven,
		"unsolved":  len(rows) - solved,
		"unproven":  unproven,
		"timed_out": timedOut,
		"classes":   len(classes),
	}
	if maxPer != nil {
		out["largest_period"] = map[string]any{"game": maxPer.Record.Game, "period": maxPer.Record.Period, "preperiod": maxPer.Record.Preperiod}
		out["largest_preperiod"] = map[string]any{"game": maxPre.Record.Game, "period": maxPre.Record.Period, "preperiod": maxPre.Record.Preperiod}
	}
	return out
}
