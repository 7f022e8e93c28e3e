package census

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/output"
)

// The census of misère play (census.misere, table census/misere): for
// every game of one family, whether it is tame up to heap max (and if not
// its first wild heap and that heap's genus), how many single heaps are
// misère P-positions, the eventual period of its genus sequence as far as
// computed (a candidate: nothing proves it, see misere.GenusPeriod), and
// its misère quotient of heaps up to max (misere.QuotientOf) when the
// order stays within max_order, else how far the quotient reached and why
// it stopped. Each game is computed by the engines of package misere on
// the game's misère rules (heapgame.Heap.Misere, through the family
// registry), on the census's workers. The misère census keeps no journal:
// its games take seconds (Kayles to heap 30: under a second), and a run
// stopped computes them again; its table is a function of the
// configuration and the tool version alone.

// misereTable is the table census/misere.
func misereTable(family string) output.Table {
	k := kindOf(family)
	return output.Table{Game: "census", Name: "misere", Columns: []output.Column{
		k.column,
		{Name: "genus_to", Type: output.Int32},
		{Name: "tame", Type: output.Bool},
		{Name: "first_wild", Type: output.OptInt32},
		{Name: "first_wild_genus", Type: output.String},
		{Name: "p_heaps", Type: output.Int32},
		{Name: "genus_period", Type: output.OptInt32},
		{Name: "genus_preperiod", Type: output.OptInt32},
		{Name: "genus_status", Type: output.String},
		{Name: "genus_stop", Type: output.String},
		{Name: "quotient_to", Type: output.Int32},
		{Name: "quotient_order", Type: output.OptInt32},
		{Name: "quotient_p", Type: output.OptInt32},
		{Name: "quotient_stable_from", Type: output.OptInt32},
		{Name: "presentation", Type: output.String},
		{Name: "quotient_stop", Type: output.String},
		{Name: "solved", Type: output.Bool},
		{Name: "phi_period", Type: output.OptInt32},
		{Name: "phi_preperiod", Type: output.OptInt32},
	}}
}

// MisereRow is one game's row of census/misere.
type MisereRow struct {
	Game Game
	// GenusTo is the largest heap whose genus was computed (Max, or 0 and
	// GenusStop when the search for it needed more than
	// heapgame.MiserePositions positions); Tame reports whether heaps 0..GenusTo
	// are all tame, FirstWild is the least wild heap (-1 for none).
	GenusTo        int
	Tame           bool
	FirstWild      int
	FirstWildGenus string
	PHeaps         int
	// GenusPeriod and GenusPreperiod are the period the genus sequence
	// shows up to GenusTo (misere.GenusPeriod), 0 when it shows none.
	// GenusStatus is analysis.Proven, Candidate or None (misere.StudyGenus).
	GenusPeriod, GenusPreperiod int
	GenusStatus                 string
	GenusStop                   string
	// QuotientTo is the largest heap bound whose quotient was computed;
	// Order and the rest are that quotient's (Order 0 when none was).
	QuotientTo   int
	Order, P     int
	StableFrom   int
	Presentation string
	QuotientStop string
	// Solved reports whether the periodicity theorem for misère quotients
	// proves the quotient for every heap (misere.Quotient.Solved), with
	// the period and preperiod of the heap map Φ; 0 when not solved.
	Solved                  bool
	PhiPeriod, PhiPreperiod int
}

// MisereFindings sums census/misere up in the manifest (census.misere).
type MisereFindings struct {
	Games int `json:"games"`
	// Tame counts the games tame up to max, Wild those with a wild heap,
	// GenusStopped those whose genus search stopped at its budget.
	Tame         int `json:"tame"`
	Wild         int `json:"wild"`
	GenusStopped int `json:"genus_stopped"`
	// QuotientReached counts the games whose quotient reached max;
	// LargestOrder is the largest order among them.
	QuotientReached int      `json:"quotient_reached"`
	LargestOrder    *Largest `json:"largest_order,omitempty"`
	// Solved counts the games whose quotient the periodicity theorem for
	// misère quotients proves for every heap.
	Solved int `json:"solved"`
}

// String sums f up in one line.
func (f MisereFindings) String() string {
	return fmt.Sprintf("games=%d tame=%d wild=%d genus_stopped=%d quotient_reached=%d solved=%d", f.Games, f.Tame, f.Wild, f.GenusStopped, f.QuotientReached, f.Solved)
}

// misereGames lists the games of the misère census m (defaults filled
// in): those of the family's own census with the same keys.
func misereGames(m configs.CensusMisere) ([]Game, error) {
	switch m.Family {
	case Subtraction:
		return SubtractionGames(configs.CensusSubtraction{MaxElement: m.MaxElement, MaxSize: m.MaxSize}), nil
	case Takebreak:
		return takebreakGames(configs.CensusTakebreak{Digits: m.Digits})
	}
	return octalGames(configs.CensusOctal{Digits: m.Digits, Prefixes: m.Prefixes})
}

// misereProbe is the heap to which the genus is first analysed: a game
// wild there is known wild without the genus of larger heaps, whose search
// grows about fivefold every ten heaps (heapgame.DefaultMisereMax).
const misereProbe = 30

// misereRowOf computes one game's row to heap max with quotients of at
// most maxOrder elements.
func misereRowOf(ctx context.Context, g Game, max, maxOrder int) (MisereRow, error) {
	row := MisereRow{Game: g, FirstWild: -1}
	if g.Heap.Misere == nil {
		return row, fmt.Errorf("census: %s %s has no misère rules", g.Family, g.Name())
	}
	lim := misere.Limits{Positions: heapgame.MiserePositions}
	t, err := misere.Analyze(ctx, g.Heap.Misere, min(max, misereProbe), lim)
	if err == nil && t.FirstWild() < 0 && max > misereProbe {
		t, err = misere.Analyze(ctx, g.Heap.Misere, max, lim)
	}
	var be *misere.BudgetError
	switch {
	case errors.As(err, &be):
		row.GenusStop = fmt.Sprintf("the genus search needs more than %d positions", be.Limit)
	case err != nil:
		return row, err
	default:
		row.GenusTo = t.Max()
		row.Tame = t.FirstWild() < 0
		if w := t.FirstWild(); w >= 0 {
			row.FirstWild, row.FirstWildGenus = w, t.Genus(w).String()
		}
		for n := 0; n <= t.Max(); n++ {
			if t.Misere(n) == 0 {
				row.PHeaps++
			}
		}
		rep := misere.StudyGenus(t, g.Heap.GenusRule)
		row.GenusStatus = string(rep.Status)
		if rep.Period.Found {
			row.GenusPeriod, row.GenusPreperiod = rep.Period.Period, rep.Period.Preperiod
		}
		if row.GenusTo < max {
			row.GenusStop = fmt.Sprintf("wild at heap %d: the genus is computed to %d", row.FirstWild, row.GenusTo)
		}
	}
	// Past a limit QuotientOf returns, beside its error, the verified
	// quotient of the heaps before the one it stopped at: the row keeps
	// that largest verified bound and says why it stopped.
	q, err := misere.QuotientOf(ctx, g.Heap.Misere, max, misere.QuotientLimits{MaxOrder: maxOrder})
	var se *misere.QuotientSizeError
	var qe *misere.QuotientSearchError
	switch {
	case errors.As(err, &se):
		row.QuotientStop = fmt.Sprintf("heap %d needs more than %d elements", se.Heap, se.Max)
	case errors.As(err, &qe):
		row.QuotientStop = fmt.Sprintf("heap %d: %s", qe.Heap, qe.Reason)
	case err != nil:
		return row, err
	}
	if q == nil {
		return row, nil // heap 1 itself stopped it: no quotient verified
	}
	row.QuotientTo, row.Order, row.P = q.Max(), q.Order(), len(q.PPortion())
	row.StableFrom, row.Presentation = q.StableFrom(), q.Presentation().String()
	if sol, ok := q.Solved(); ok {
		row.Solved, row.PhiPeriod, row.PhiPreperiod = true, sol.Period, sol.Preperiod
	}
	return row, nil
}

// misereDocuments returns the paper tables of the misère census:
// misere.md and misere.tex.
func misereDocuments(family string, rows []MisereRow, f MisereFindings) []document {
	return []document{{format: "md", data: misereMarkdown(family, rows, f)}, {format: "tex", data: misereLatex(family, rows, f)}}
}

// misereRows computes the rows of the misère census m (defaults filled
// in) on workers goroutines.
func misereRows(ctx context.Context, m configs.CensusMisere, workers int, log io.Writer) ([]MisereRow, error) {
	list, err := misereGames(m)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "census misere: %d %s games to heap %d\n", len(list), m.Family, m.Max)
	start := time.Now()
	rows := make([]MisereRow, len(list))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(1, workers))
	var mu sync.Mutex
	done := 0
	for i, game := range list {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err // stopped: the games not started are not logged
			}
			mu.Lock()
			fmt.Fprintf(log, "census misere: %s started\n", game.Name())
			mu.Unlock()
			began := time.Now()
			r, err := misereRowOf(gctx, game, m.Max, m.MaxOrder)
			if err != nil {
				return fmt.Errorf("census misere: %s: %w", game.Name(), err)
			}
			rows[i] = r
			mu.Lock()
			done++
			fmt.Fprintf(log, "census misere: %d/%d %s in %s: %s\n", done, len(list), game.Name(), time.Since(began).Round(time.Millisecond), misereProgress(r, m.Max))
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "census misere: %d computed in %s\n", done, time.Since(start).Round(time.Millisecond))
	return rows, nil
}

// misereProgress says in a few words where one game's row stopped and
// why, for the census's log line of that game.
func misereProgress(r MisereRow, max int) string {
	genus := fmt.Sprintf("genus to %d", r.GenusTo)
	if r.GenusStop != "" {
		genus += " (" + r.GenusStop + ")"
	}
	quotient := fmt.Sprintf("quotient to %d, order %d", r.QuotientTo, r.Order)
	if r.QuotientStop != "" {
		quotient += " (stopped: " + r.QuotientStop + ")"
	} else if r.QuotientTo == max {
		quotient += " (reached max)"
	}
	return genus + "; " + quotient
}

// misereFindingsOf sums the rows up.
func misereFindingsOf(rows []MisereRow, max int) MisereFindings {
	f := MisereFindings{Games: len(rows)}
	for _, r := range rows {
		switch {
		case r.FirstWild >= 0:
			f.Wild++
		case r.Tame:
			f.Tame++
		default:
			f.GenusStopped++
		}
		if r.Solved {
			f.Solved++
		}
		if r.QuotientStop == "" && r.QuotientTo == max {
			f.QuotientReached++
			if f.LargestOrder == nil || int64(r.Order) > f.LargestOrder.Period {
				f.LargestOrder = &Largest{Game: r.Game.Name(), Period: int64(r.Order)}
			}
		}
	}
	return f
}

// misereSource returns the rows as one batch.
func misereSource(family string, rows []MisereRow) output.Source {
	return func(ctx context.Context, emit func(output.Batch) error) error {
		n := len(rows)
		genusTo, pHeaps, qTo := make([]int32, n), make([]int32, n), make([]int32, n)
		tame := make([]bool, n)
		wild, gp, gpre := make([]output.Opt[int32], n), make([]output.Opt[int32], n), make([]output.Opt[int32], n)
		order, pp, stable := make([]output.Opt[int32], n), make([]output.Opt[int32], n), make([]output.Opt[int32], n)
		wildGenus, gstop, pres, qstop, gstatus := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		solved, phiP, phiPre := make([]bool, n), make([]output.Opt[int32], n), make([]output.Opt[int32], n)
		opt := func(v int, ok bool) output.Opt[int32] {
			if !ok {
				return output.Opt[int32]{}
			}
			return output.Opt[int32]{V: int32(v), Valid: true}
		}
		for i, r := range rows {
			genusTo[i], tame[i], pHeaps[i], qTo[i] = int32(r.GenusTo), r.Tame, int32(r.PHeaps), int32(r.QuotientTo)
			wild[i] = opt(r.FirstWild, r.FirstWild >= 0)
			gp[i], gpre[i] = opt(r.GenusPeriod, r.GenusPeriod > 0), opt(r.GenusPreperiod, r.GenusPeriod > 0)
			order[i], pp[i], stable[i] = opt(r.Order, r.Order > 0), opt(r.P, r.Order > 0), opt(r.StableFrom, r.Order > 0)
			wildGenus[i], gstop[i], pres[i], qstop[i], gstatus[i] = r.FirstWildGenus, r.GenusStop, r.Presentation, r.QuotientStop, r.GenusStatus
			solved[i], phiP[i], phiPre[i] = r.Solved, opt(r.PhiPeriod, r.Solved), opt(r.PhiPreperiod, r.Solved)
		}
		list := make([]Game, n)
		for i, r := range rows {
			list[i] = r.Game
		}
		first := kindOf(family).cell(list)
		return emit(output.Batch{first, genusTo, tame, wild, wildGenus, pHeaps, gp, gpre, gstatus, gstop, qTo, order, pp, stable, pres, qstop, solved, phiP, phiPre})
	}
}

// The misère census for a paper: census/misere.md and misere.tex, one row
// per game with what census/misere.parquet says of it (the presentations,
// often long, stay in the table).

// misereColumns are the headings of the misère paper table after the
// game's.
var misereColumns = []string{"tame", "P heaps", "genus period", "order", "P-portion", "Φ period", "Φ preperiod", "quotient"}

// misereCells returns a row's cells after the game, "" for what it lacks.
func misereCells(r MisereRow) []string {
	tame := "yes"
	switch {
	case r.FirstWild >= 0:
		tame = fmt.Sprintf("wild at %d", r.FirstWild)
	case r.GenusStop != "":
		tame = "?"
	}
	genus := ""
	if r.GenusPeriod > 0 {
		genus = fmt.Sprintf("%d from %d (%s)", r.GenusPeriod, r.GenusPreperiod, r.GenusStatus)
	}
	cells := []string{tame, strconv.Itoa(r.PHeaps), genus, "", "", "", ""}
	if r.Order > 0 {
		cells[3], cells[4] = strconv.Itoa(r.Order), strconv.Itoa(r.P)
	}
	if r.Solved {
		cells[5], cells[6] = strconv.Itoa(r.PhiPeriod), strconv.Itoa(r.PhiPreperiod)
	}
	q := fmt.Sprintf("to heap %d", r.QuotientTo)
	if r.Solved {
		q = "proven for all heaps"
	}
	return append(cells, q)
}

// misereTitle sums the misère census up in one line.
func misereTitle(family string, rows []MisereRow, f MisereFindings) string {
	return fmt.Sprintf("Misère census of %d %s: %d tame, %d wild, %d quotients proven for all heaps (the periodicity theorem for misère quotients)",
		len(rows), kindOf(family).what, f.Tame, f.Wild, f.Solved)
}

// misereMarkdown returns the misère paper table as a Markdown table.
func misereMarkdown(family string, rows []MisereRow, f MisereFindings) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s.\n\n", misereTitle(family, rows, f))
	fmt.Fprintf(&b, "| %s | %s |\n", heading(kindOf(family)), strings.Join(misereColumns, " | "))
	b.WriteString("|:--|:--|--:|:--|--:|--:|--:|--:|:--|\n")
	for _, r := range rows {
		cells := misereCells(r)
		for i, c := range cells {
			if c == "" {
				cells[i] = "–"
			}
		}
		fmt.Fprintf(&b, "| %s | %s |\n", r.Game.Name(), strings.Join(cells, " | "))
	}
	return b.Bytes()
}

// misereLatex returns the misère paper table as a LaTeX longtable.
func misereLatex(family string, rows []MisereRow, f MisereFindings) []byte {
	cols := []string{texEscape.Replace(heading(kindOf(family)))}
	for _, c := range misereColumns {
		cols = append(cols, strings.ReplaceAll(texEscape.Replace(c), "Φ", "$\\Phi$"))
	}
	return longtable{
		before: "% Written by tabulate census; needs \\usepackage{longtable}.\n",
		spec:   "llrlrrrrl", caption: texEscape.Replace(misereTitle(family, rows, f)) + ".", end: `\\`,
		head: texLine(cols, `\\`),
		rows: func(b *bytes.Buffer) {
			for _, r := range rows {
				cells := []string{texEscape.Replace(r.Game.Name())}
				for _, c := range misereCells(r) {
					cells = append(cells, texEscape.Replace(c))
				}
				b.WriteString(texLine(cells, `\\`))
			}
		},
	}.bytes()
}
