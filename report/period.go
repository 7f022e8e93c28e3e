package report

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// periodView is the statement of one period finding.
type periodView struct {
	Finding   string
	Statement string
	// Class is "proven", "candidate" or "none", for the page's colours.
	Class string
}

// isPeriod reports whether a finding is a period search (games.Period as
// the manifest records it: "found" and "checked" at least).
func isPeriod(v any) bool {
	o, ok := v.(map[string]any)
	if !ok {
		return false
	}
	_, found := o["found"].(bool)
	_, checked := o["checked"].(float64)
	return found && checked
}

// theoremOf names the theorem that proves a period of a game with these
// rules (the "rules" finding of a heap game), for a manifest whose period
// finding does not name it ("theorem", written since issue 37): the Guy–Smith periodicity
// theorem for octal games (analysis.ProveOctal), the window argument for
// finite subtraction sets (analysis.ProveSubtraction).
func theoremOf(rules string) string {
	switch {
	case strings.HasPrefix(rules, "octal "):
		return "the Guy–Smith theorem"
	case strings.HasPrefix(rules, "subtraction "):
		return "the periodicity argument for finite subtraction sets"
	}
	return "a periodicity theorem"
}

// number reads an integer member of a finding (0 when absent).
func number(o map[string]any, key string) int64 {
	if s, ok := o[key+"_string"].(string); ok {
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			return v
		}
	}
	f, _ := o[key].(float64)
	return int64(f)
}

// count writes "1 value", "168 values".
func count(n int64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// newPeriodView states a period finding as the manifest records it:
//
//	period 12 from n = 71, proven by the Guy–Smith periodicity theorem from 168 values (last exception at n = 70; 1001 values computed)
//	period 34 from n = 53, candidate (not proven): the theorem needs 176 values, 76 more than computed (100 values computed)
//	no period in the 2001 values computed: no periodicity theorem applies to an infinite subtraction set
func newPeriodView(finding string, o map[string]any, theorem string) periodView {
	found, _ := o["found"].(bool)
	checked := number(o, "checked")
	proof, _ := o["proof"].(string)
	pv := periodView{Finding: finding}
	if !found {
		pv.Class = "none"
		pv.Statement = fmt.Sprintf("no period in the %s computed", count(checked, "value"))
		if proof != "" {
			pv.Statement += ": " + proof
		}
		return pv
	}
	head := fmt.Sprintf("period %d", number(o, "period"))
	if s := number(o, "saltus"); s != 0 {
		head += fmt.Sprintf(" with saltus %d", s)
	}
	head += fmt.Sprintf(" from n = %d", number(o, "preperiod"))
	detail := fmt.Sprintf("%s computed", count(checked, "value"))
	if _, ok := o["last_exception"]; ok {
		if le := number(o, "last_exception"); le >= 0 {
			detail = fmt.Sprintf("last exception at n = %d; %s", le, detail)
		} else {
			detail = "no exception; " + detail
		}
	}
	status, _ := o["status"].(string)
	proven, _ := o["proven"].(bool)
	needed, missing := number(o, "values_needed"), number(o, "values_missing")
	if named, _ := o["theorem"].(string); named != "" {
		theorem = named // the theorem the run says proved it
	}
	if proven && (status == "" || status == "proven") {
		pv.Class = "proven"
		pv.Statement = fmt.Sprintf("%s, proven by %s", head, theorem)
		if needed > 0 {
			pv.Statement += " from " + count(needed, "value")
		}
		pv.Statement += " (" + detail + ")"
		return pv
	}
	pv.Class = "candidate"
	var reason string
	switch {
	case missing > 0:
		reason = fmt.Sprintf("the theorem needs %s, %d more than computed", count(needed, "value"), missing)
	case proof != "":
		reason = proof
	case needed > 0:
		reason = fmt.Sprintf("the values in the theorem's window (%s) do not all repeat", count(needed, "value"))
	default:
		reason = "no periodicity theorem was applied"
	}
	if status == "candidate" || status == "confirmed" || status == "observed" { // "confirmed" and "observed": manifests before the status was one word
		reason += fmt.Sprintf("; %s over %s", status, count(number(o, "periods_observed"), "period"))
	}
	pv.Statement = fmt.Sprintf("%s, candidate (not proven): %s (%s)", head, reason, detail)
	return pv
}

// reader reads the files of the folder, each checked against the size and
// sha256 the manifest lists before it is read (output.VerifyFile), with
// output's Parquet column readers: the readers lookup composes. (lookup.Open
// itself also parses the rules of every game of the folder, which the
// report does not need and which would refuse a folder holding rules it
// does not know.)
type reader struct {
	dir string
	m   *output.Manifest
}

func (r *reader) full(rel string) (string, error) {
	if err := output.VerifyFile(r.dir, r.m, rel); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	return filepath.Join(r.dir, filepath.FromSlash(rel)), nil
}

func (r *reader) bytes(rel string, limit int64) ([]byte, error) {
	p, err := r.full(rel)
	if err != nil {
		return nil, err
	}
	data, err := output.ReadRegular(p, limit)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return data, nil
}

func readInts[T int32 | int64](r *reader, rel, column string) ([]T, error) {
	p, err := r.full(rel)
	if err != nil {
		return nil, err
	}
	v, err := output.ReadColumn[T](p, column)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return v, nil
}

// cell is one value of a layout, with the blanks that align it.
type cell struct {
	Pad, Text string
	Exception bool
}

// row is one line of a layout: its label (the first n) and its values.
type row struct {
	Label string
	Cells []cell
}

// layout is a Grundy sequence in the layout of Winning Ways: rows of the
// period (of 10 values when the period is too wide for a row), labelled by
// their first n, the exceptions in bold.
type layout struct {
	Period, Preperiod, Saltus int64
	Width                     int64 // values a row
	Header                    string
	Rows                      []row
	Block                     []row // the periodic block, n mod p = 0..p-1
	Exceptions                string
	ExceptionCount            int64
	Notes                     []string
}

// widest is the most values in a row of the layout.
const widest = 40

// first values of a sequence.
type valuesView struct {
	Table string
	Rows  []row
	Total int64
}

// readTables reads the game's period and exceptions tables (the layout of
// Winning Ways), its sequence table (the first values) and, for a census,
// its tables.
func (g *gameView) readTables(r *reader, files []output.File) error {
	parquet := map[string]output.File{}
	for _, f := range files {
		if f.Format == output.FormatParquet && f.Table != "" {
			parquet[f.Table] = f
		}
	}
	if pt, ok := parquet["period"]; ok {
		et, ok := parquet["exceptions"]
		if !ok {
			g.Notes = append(g.Notes, "the folder lists a period table but no exceptions table: no layout")
		} else if pt.Rows > TableLimit || et.Rows > TableLimit {
			g.Notes = append(g.Notes, fmt.Sprintf("the period (%d rows) or the exceptions (%d rows) are too long to lay out here: see %s and %s", pt.Rows, et.Rows, pt.Path, et.Path))
		} else {
			l, err := readLayout(r, pt.Path, et.Path)
			if err != nil {
				return err
			}
			g.Layout = l
		}
	}
	for _, f := range files {
		if f.Format != output.FormatParquet || !(f.Table == "grundy" || strings.HasSuffix(f.Table, "_grundy")) {
			continue
		}
		if f.Rows > SequenceLimit {
			g.Notes = append(g.Notes, fmt.Sprintf("%s has %d rows, more than the report reads (%d): its first values are not shown", f.Path, f.Rows, SequenceLimit))
			continue
		}
		seq, err := readInts[int32](r, f.Path, "grundy")
		if err != nil {
			return err
		}
		v := &valuesView{Table: f.Table, Total: int64(len(seq))}
		shown := int64(min(len(seq), FirstValues))
		v.Rows = rows(shown, 10, func(n int64) (int64, bool) { return int64(seq[n]), false })
		align(v.Rows, cellWidth(v.Rows), labelWidth(shown))
		g.First = append(g.First, v)
	}
	if g.Name == censusGame {
		for _, f := range files {
			if f.Format != output.FormatCSV || f.Table == "" || strings.HasSuffix(f.Table, "_timings") {
				continue
			}
			t, err := readCensus(r, f)
			if err != nil {
				return err
			}
			g.Tables = append(g.Tables, t)
		}
	}
	return nil
}

// readLayout reads a period table and its exceptions and lays out g(0) to
// the end of the first whole row of the periodic part: for n >= preperiod,
// g(n) = block[n mod p] + saltus·(n div p); before it, the same except at
// the exceptions listed.
func readLayout(r *reader, periodPath, exceptionsPath string) (*layout, error) {
	offsets, err := readInts[int32](r, periodPath, "offset")
	if err != nil {
		return nil, err
	}
	block, err := readInts[int64](r, periodPath, "grundy")
	if err != nil {
		return nil, err
	}
	pers, err := readInts[int32](r, periodPath, "period")
	if err != nil {
		return nil, err
	}
	pres, err := readInts[int64](r, periodPath, "preperiod")
	if err != nil {
		return nil, err
	}
	salts, err := readInts[int64](r, periodPath, "saltus")
	if err != nil {
		return nil, err
	}
	p := int64(len(block))
	if p == 0 || int64(pers[0]) != p || len(offsets) != len(block) {
		return nil, fmt.Errorf("report: %s: the period table holds %d rows for a period of %d", periodPath, p, firstOr(pers, 0))
	}
	for i, o := range offsets {
		if int64(o) != int64(i) {
			return nil, fmt.Errorf("report: %s: row %d has offset %d", periodPath, i, o)
		}
	}
	l := &layout{Period: p, Preperiod: pres[0], Saltus: salts[0]}
	exN, err := readInts[int64](r, exceptionsPath, "n")
	if err != nil {
		return nil, err
	}
	exG, err := readInts[int32](r, exceptionsPath, "grundy")
	if err != nil {
		return nil, err
	}
	exP, err := readInts[int64](r, exceptionsPath, "periodic")
	if err != nil {
		return nil, err
	}
	l.ExceptionCount = int64(len(exN))
	periodic := func(n int64) int64 { return block[n%p] + l.Saltus*(n/p) }
	exceptions := make(map[int64]int64, len(exN))
	var ex strings.Builder
	fmt.Fprintf(&ex, "%8s %8s %8s\n", "n", "g(n)", "periodic")
	for i, n := range exN {
		exceptions[n] = int64(exG[i])
		if i < ExceptionLines {
			fmt.Fprintf(&ex, "%8d %8d %8d\n", n, exG[i], exP[i])
		}
	}
	if len(exN) > ExceptionLines {
		fmt.Fprintf(&ex, "... %d more in %s\n", len(exN)-ExceptionLines, exceptionsPath)
	}
	l.Exceptions = ex.String()
	l.Width = p
	if p > widest {
		l.Width = 10
		l.Notes = append(l.Notes, fmt.Sprintf("the period, %d, is too wide for one row: rows of 10 values", p))
	}
	// Rows up to and including the first whole row past the preperiod.
	end := (l.Preperiod/l.Width + 1) * l.Width
	if l.Width == p {
		end = (ceilDiv(l.Preperiod, p) + 1) * p
	}
	if end > LayoutCells {
		l.Notes = append(l.Notes, fmt.Sprintf("the values before the periodic part are too many to show: the first %d, then the periodic block", LayoutCells/l.Width*l.Width))
		end = LayoutCells / l.Width * l.Width
	}
	l.Rows = rows(end, l.Width, func(n int64) (int64, bool) {
		if v, ok := exceptions[n]; ok {
			return v, true
		}
		return periodic(n), false
	})
	blockShown := min(p, LayoutCells)
	l.Block = rows(blockShown, l.Width, func(n int64) (int64, bool) { return block[n], false })
	if blockShown < p {
		l.Notes = append(l.Notes, fmt.Sprintf("the periodic block shows its first %d values of %d: see %s", blockShown, p, periodPath))
	}
	var h strings.Builder
	cw := cellWidth(l.Rows, l.Block)
	fmt.Fprintf(&h, "%*s", labelWidth(end), "n")
	for k := int64(0); k < l.Width; k++ {
		fmt.Fprintf(&h, "%*s", cw, "+"+strconv.FormatInt(k, 10))
	}
	l.Header = h.String()
	align(l.Rows, cw, labelWidth(end))
	align(l.Block, cw, labelWidth(end))
	return l, nil
}

func firstOr[T any](s []T, zero T) T {
	if len(s) == 0 {
		return zero
	}
	return s[0]
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// rows lays out the values of n = 0 .. end-1 in rows of width.
func rows(end, width int64, value func(n int64) (int64, bool)) []row {
	var out []row
	for start := int64(0); start < end; start += width {
		r := row{Label: strconv.FormatInt(start, 10)}
		for n := start; n < min(end, start+width); n++ {
			v, ex := value(n)
			r.Cells = append(r.Cells, cell{Text: strconv.FormatInt(v, 10), Exception: ex})
		}
		out = append(out, r)
	}
	return out
}

// cellWidth is the width of a column: the widest value or header, and a
// blank.
func cellWidth(sets ...[]row) int {
	w := 3 // "+10"
	for _, rs := range sets {
		for _, r := range rs {
			for _, c := range r.Cells {
				w = max(w, len(c.Text))
			}
		}
	}
	return w + 1
}

func labelWidth(end int64) int { return max(len(strconv.FormatInt(end, 10)), 1) }

// align pads labels and values to their columns.
func align(rs []row, cw, lw int) {
	for i := range rs {
		rs[i].Label = fmt.Sprintf("%*s", lw, rs[i].Label)
		for k := range rs[i].Cells {
			rs[i].Cells[k].Pad = strings.Repeat(" ", cw-len(rs[i].Cells[k].Text))
		}
	}
}
