package census

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// The census table for a paper: a family's table written again in the
// layout of the published octal tables (Guy's tables in Winning Ways,
// Flammenkamp's table of octal games): one row per game with its period
// (and saltus, for a family with arithmetic periods), preperiod, largest
// value, values computed and status, as Markdown (FAMILY.md, a GitHub
// table, which adds the last exception and names each row's theorem) and
// as LaTeX: FAMILY.tex, a longtable to \input in a one-column document,
// and FAMILY-twocolumn.tex, the same rows in floats a column wide for a
// two-column journal (longtable refuses two-column mode), which
// \censusfloat defined as table* spreads over both columns. Both are
// written from the rows of FAMILY.parquet and say nothing it does not; the
// status is the one of status.go, as in every output.
//
// The LaTeX is set in \footnotesize with narrow column gaps, short
// headings and short statuses ("proven", "cand.", "open", a dagger for the
// time bound), the theorems and headings named in the caption, and a set's
// name broken after its commas, so that its widest row (six-digit periods
// and preperiods, 2^20 values, a set of eight elements) stays within the
// 229.5 pt of \columnwidth of a two-column article (pdflatex, 10 pt), let
// alone the 345 pt of \textwidth of a one-column one: TestPaperLaTeXFits
// compiles both and finds no overfull box. The last exception, always the
// preperiod less one, is left to the Markdown and the CSV.

// paperRow is a row's cells after the game: "" for what the row does not
// have (no period found; no last exception when the values are periodic
// from n = 0). An arithmetic-periodic row gives its arithmetic period,
// saltus and preperiod; a periodic row has saltus 0.
type paperRow struct {
	period, saltus, preperiod, last, largest, values string
	status                                           rowStatus
}

// paperCells returns a row's cells.
func paperCells(row Row) paperRow {
	r := row.Record
	c := paperRow{largest: strconv.FormatInt(int64(r.MaxValue), 10), values: strconv.FormatInt(r.Values, 10),
		status: statusOf(row)}
	pre := int64(-1)
	switch {
	case r.Found:
		c.period, c.saltus, pre = strconv.FormatInt(r.Period, 10), "0", r.Preperiod
	case r.Arithmetic != nil:
		a := r.Arithmetic
		c.period, c.saltus, pre = strconv.FormatInt(a.Period, 10), strconv.FormatInt(a.Saltus, 10), a.Preperiod
	}
	if pre >= 0 {
		c.preperiod = strconv.FormatInt(pre, 10)
		if pre > 0 { // otherwise no exception: periodic from n = 0
			c.last = strconv.FormatInt(pre-1, 10)
		}
	}
	return c
}

// heading is the heading of the game column.
func heading(k kind) string { return k.column.Name }

// paperTitle sums the table up in one sentence, Counts in plain English:
// the games, how many proven (and of those how many arithmetic-periodic),
// candidates and open, within the values computed.
func paperTitle(k kind, rows []Row) string {
	return "Census of " + countsOf(rows).sentence(k.what, k.behaviour)
}

// theoremSentence names, in a sentence, the theorems that prove the rows:
// "Periods proven by the Guy–Smith theorem (moves leaving up to h heaps);
// periods with a saltus by tabulate's arithmetic-periodicity theorem."
// It is "" when no row is proven.
func theoremSentence(rows []Row) string {
	th := theorems(rows)
	var parts []string
	if p := th[PeriodicProven]; p != "" {
		parts = append(parts, "periods proven by "+theoremPhrase[p])
	}
	if a := th[ArithmeticProven]; a != "" {
		parts = append(parts, "periods with a saltus proven by "+theoremPhrase[a])
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ") + "."
	return strings.ToUpper(s[:1]) + s[1:]
}

// theoremPhrase is each theorem of theoremOf as a caption names it.
var theoremPhrase = map[string]string{
	"Guy–Smith":             "the periodicity theorem of Guy and Smith",
	"subtraction window":    "the periodicity argument for finite subtraction sets (a window of the largest element repeats)",
	"Guy–Smith, h heaps":    "the periodicity theorem of Guy and Smith for moves that leave up to h heaps",
	"tabulate's arithmetic": "tabulate's arithmetic-periodicity theorem (docs/takebreak.md)",
	"all-but window":        "the arithmetic-periodicity argument for all-but subtraction sets",
}

// markdown returns the paper table as a Markdown (GitHub) table, numbers
// right-aligned and "–" where a row has no value.
func markdown(k kind, rows []Row) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s.", paperTitle(k, rows))
	if th := theoremSentence(rows); th != "" {
		fmt.Fprintf(&b, " %s", th)
	}
	b.WriteString("\n\n")
	head := []string{heading(k), "period"}
	if k.behaviour {
		head = append(head, "saltus")
	}
	head = append(head, "preperiod", "last exception", "largest value", "values", "status")
	align := ":--" + strings.Repeat("|--:", len(head)-2) + "|:--"
	fmt.Fprintf(&b, "| %s |\n|%s|\n", strings.Join(head, " | "), align)
	for _, row := range rows {
		c := paperCells(row)
		cells := []string{row.Game.Name(), c.period}
		if k.behaviour {
			cells = append(cells, c.saltus)
		}
		cells = append(cells, c.preperiod, c.last, c.largest, c.values, c.status.long())
		for i, c := range cells {
			if c == "" {
				cells[i] = "–"
			}
		}
		fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
	}
	return b.Bytes()
}

// texEscape escapes the characters of a game's name, a status or a caption
// that LaTeX reads as commands, and writes the en dash of "Guy–Smith" as
// LaTeX's "--", which every input encoding reads.
var texEscape = strings.NewReplacer(`{`, `\{`, `}`, `\}`, `\`, `\textbackslash{}`, `_`, `\_`, `&`, `\&`, `%`, `\%`, `#`, `\#`, `$`, `\$`, "–", "--")

// texCaption is the caption of the LaTeX tables: paperTitle, the
// theorems that prove the rows (theoremOf) and the legend of the short
// headings and statuses.
func texCaption(k kind, rows []Row) string {
	s := texEscape.Replace(paperTitle(k, rows)) + "."
	if th := theoremSentence(rows); th != "" {
		s += " " + texEscape.Replace(th)
	}
	s += " $p$ period, "
	if k.behaviour {
		s += "$s$ saltus ($g(n+p) = g(n)+s$ for $n \\ge n_0$), "
	}
	s += "$n_0$ preperiod (the last exception is $n_0-1$), $\\max g$ largest value, $N$ values computed; " +
		"cand.\\ a candidate, open no period seen; \\dag{} stopped by the time bound."
	return s
}

// texPreamble is what a LaTeX table sets first: small type, narrow gaps.
const texPreamble = `\footnotesize\setlength{\tabcolsep}{2pt}`

// setFamily reports whether k's games are sets, whose names a LaTeX table
// breaks after their commas in a column of setWidth.
func setFamily(k kind) bool { return k.column.Type == output.Int32List }

// setWidth is the width of the game column of a family of sets.
const setWidth = "6.5em"

// texSpec is the column specification of k's LaTeX tables: the game (a
// paragraph for a set), the numbers, the status.
func texSpec(k kind) string {
	game := "l"
	if setFamily(k) {
		game = "p{" + setWidth + "}"
	}
	numbers := 4
	if k.behaviour {
		numbers++
	}
	return "@{}" + game + strings.Repeat("r", numbers) + "l@{}"
}

// texHead is the heading row of k's LaTeX tables.
func texHead(k kind) string {
	head := []string{texEscape.Replace(heading(k)), "$p$"}
	if k.behaviour {
		head = append(head, "$s$")
	}
	head = append(head, "$n_0$", "$\\max g$", "$N$", "status")
	return texLine(head, texEnd)
}

// texEnd ends the rows of the families' LaTeX tables: \tabularnewline,
// which a \raggedright cell leaves alone.
const texEnd = `\tabularnewline`

// texLine is one row of a LaTeX table: its cells (already escaped; "--"
// for an empty one) joined by " & ", then " "+end and a newline.
func texLine(cells []string, end string) string {
	out := make([]string, len(cells))
	for i, s := range cells {
		out[i] = s
		if s == "" {
			out[i] = "--"
		}
	}
	return strings.Join(out, " & ") + " " + end + "\n"
}

// texRows writes the LaTeX rows, "--" where a row has no value.
func texRows(b *bytes.Buffer, k kind, rows []Row) {
	for _, row := range rows {
		c := paperCells(row)
		name := texEscape.Replace(row.Game.Name())
		if setFamily(k) {
			name = `\raggedright ` + strings.ReplaceAll(name, ",", `,\allowbreak `)
		}
		cells := []string{name, c.period}
		if k.behaviour {
			cells = append(cells, c.saltus)
		}
		cells = append(cells, c.preperiod, c.largest, c.values, c.status.short())
		b.WriteString(texLine(cells, texEnd))
	}
}

// longtable is a paper table as a LaTeX longtable (package longtable),
// its heading repeated on every page: what the families' tables (latex)
// and the misère census's (misereLatex) share. before holds the lines
// before \begin{longtable}, after what follows \end{longtable} on its
// line; caption is escaped, head the heading row (texLine), rows writes
// the rows.
type longtable struct {
	before, after, spec, caption, end, head string
	rows                                    func(b *bytes.Buffer)
}

// bytes writes t.
func (t longtable) bytes() []byte {
	var b bytes.Buffer
	b.WriteString(t.before)
	b.WriteString("\\begin{longtable}{" + t.spec + "}\n")
	fmt.Fprintf(&b, "\\caption{%s}%s\n", t.caption, t.end)
	b.WriteString("\\hline\n" + t.head + "\\hline\n\\endfirsthead\n")
	b.WriteString("\\hline\n" + t.head + "\\hline\n\\endhead\n\\hline\n\\endfoot\n")
	t.rows(&b)
	b.WriteString("\\end{longtable}" + t.after + "\n")
	return b.Bytes()
}

// latex returns the paper table as a LaTeX longtable (package longtable),
// for a one-column document, its header repeated on every page.
func latex(k kind, rows []Row) []byte {
	return longtable{
		before: "% Written by tabulate census; needs \\usepackage{longtable}; one-column documents\n" +
			"% (longtable refuses two-column mode: \\input " + k.name + "-twocolumn.tex there).\n" +
			"{" + texPreamble + `\setlength{\LTcapwidth}{\linewidth}` + "\n",
		after: "}", spec: texSpec(k), caption: texCaption(k, rows), end: texEnd, head: texHead(k),
		rows: func(b *bytes.Buffer) { texRows(b, k, rows) },
	}.bytes()
}

// twoColumnLines is the most lines of \footnotesize (9.5 pt) a float of
// FAMILY-twocolumn.tex holds, caption and rules included: 475 pt of the
// 592 pt of \textheight of a two-column article (10 pt), the rest left
// for the float's separation and TeX's estimate being rough.
const twoColumnLines = 50

// captionChars is how many characters of a caption a line a column wide
// holds at the least in \footnotesize, and setChars how many characters
// of a set's name a line of setWidth holds.
const (
	captionChars = 50
	setChars     = 11
)

// lines estimates how many lines of type s takes at perLine characters a
// line.
func lines(s string, perLine int) int { return (len(s) + perLine - 1) / perLine }

// latexTwoColumn returns the paper table for a two-column document: the
// rows in floats of at most twoColumnLines lines each, a tabular of
// \columnwidth at the most in environment \censusfloat, table unless the
// document defines it (as table* to spread them over both columns), the
// first with the caption and the others "(continued)" under the same
// number.
func latexTwoColumn(k kind, rows []Row) []byte {
	var b bytes.Buffer
	b.WriteString("% Written by tabulate census, for a two-column document: no package needed.\n")
	b.WriteString("% Each float is a column wide; \\newcommand{\\censusfloat}{table*} before \\input\n")
	b.WriteString("% puts them across both columns.\n")
	b.WriteString("\\providecommand{\\censusfloat}{table}\n")
	title := texEscape.Replace(fmt.Sprintf("Census of %d %s", len(rows), k.what))
	caption := texCaption(k, rows)
	for from := 0; from < len(rows) || from == 0; {
		b.WriteString("\\begin{\\censusfloat}[tp]\n\\centering" + texPreamble + "\n")
		used := 3 // the heading and the rules
		if from == 0 {
			fmt.Fprintf(&b, "\\caption{%s}\n", caption)
			used += lines(caption, captionChars) + 1
		} else {
			// The same number as the first: one table, continued.
			fmt.Fprintf(&b, "\\addtocounter{table}{-1}\\caption[]{%s (continued).}\n", title)
			used += lines(title, captionChars) + 2
		}
		to := from
		for to < len(rows) {
			n := 1
			if setFamily(k) {
				n = lines(rows[to].Game.Name(), setChars)
			}
			if to > from && used+n > twoColumnLines {
				break
			}
			used += n
			to++
		}
		b.WriteString("\\begin{tabular}{" + texSpec(k) + "}\n\\hline\n" + texHead(k) + "\\hline\n")
		texRows(&b, k, rows[from:to])
		b.WriteString("\\hline\n\\end{tabular}\n\\end{\\censusfloat}\n")
		from = max(to, from+1)
	}
	return b.Bytes()
}

// paperOf returns the paper tables of a family: NAME.md, NAME.tex (one
// column, longtable) and NAME-twocolumn.tex (floats for a two-column
// journal).
func paperOf(k kind, rows []Row) []document {
	return []document{
		{format: "md", data: markdown(k, rows)},
		{format: "tex", data: latex(k, rows)},
		{format: "tex", data: latexTwoColumn(k, rows), suffix: "-twocolumn"},
	}
}

// document is one paper table to write: OUT/census/NAME+suffix.format.
type document struct {
	format string
	data   []byte
	suffix string
}
