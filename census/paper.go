package census

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// The census table for a paper: a family's table written again in the
// layout of the published octal tables (Guy's tables in Winning Ways,
// Flammenkamp's table of octal games): one row per game with its period,
// preperiod, last exception, largest value and status, as Markdown
// (FAMILY.md, a GitHub table) and as LaTeX (FAMILY.tex, a longtable to
// \input). Both are written from the rows of FAMILY.parquet and say
// nothing it does not.

// paperColumns are the headings of the paper table after the game's.
var paperColumns = []string{"period", "preperiod", "last exception", "largest value", "status"}

// paperCells returns a row's cells after the game: "" for what the row
// does not have (no period found; no last exception when the values are
// periodic from n = 0).
func paperCells(row Row) []string {
	r := row.Record
	cells := make([]string, 0, 5)
	if r.Found {
		last := "" // no exception: periodic from n = 0
		if r.Preperiod > 0 {
			last = strconv.FormatInt(r.Preperiod-1, 10)
		}
		cells = append(cells, strconv.FormatInt(r.Period, 10), strconv.FormatInt(r.Preperiod, 10), last)
	} else {
		cells = append(cells, "", "", "")
	}
	cells = append(cells, strconv.FormatInt(int64(r.MaxValue), 10))
	return append(cells, status(r))
}

// status says what is known of a game: its period proven (from how many
// values), a candidate, an arithmetic-periodic candidate or nothing, to
// the values computed.
func status(r *Record) string {
	var s string
	switch {
	case r.Proven:
		s = fmt.Sprintf("proven from %d values", r.Values)
	case r.Found:
		s = fmt.Sprintf("candidate, %d values", r.Values)
	case r.Arithmetic != nil:
		a := r.Arithmetic
		s = fmt.Sprintf("arithmetic-periodic candidate: period %d, saltus %d, from %d; %d values", a.Period, a.Saltus, a.Preperiod, r.Values)
	default:
		s = fmt.Sprintf("open to %d values", r.Values)
	}
	if r.TimedOut {
		s += " (time bound)"
	}
	return s
}

// heading is the heading of the game column.
func heading(k kind) string { return k.column.Name }

// paperTitle sums the table up in one line: the games, how many proven,
// the values computed.
func paperTitle(k kind, rows []Row) string {
	proven := 0
	for _, r := range rows {
		if r.Record.Proven {
			proven++
		}
	}
	return fmt.Sprintf("Census of %d %s: %d with a proven period", len(rows), k.what, proven)
}

// markdown returns the paper table as a Markdown (GitHub) table, numbers
// right-aligned and "–" where a row has no value.
func markdown(k kind, rows []Row) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s.\n\n", paperTitle(k, rows))
	fmt.Fprintf(&b, "| %s | %s |\n", heading(k), strings.Join(paperColumns, " | "))
	b.WriteString("|:--|--:|--:|--:|--:|:--|\n")
	for _, row := range rows {
		cells := paperCells(row)
		for i, c := range cells {
			if c == "" {
				cells[i] = "–"
			}
		}
		fmt.Fprintf(&b, "| %s | %s |\n", row.Game.Name(), strings.Join(cells, " | "))
	}
	return b.Bytes()
}

// texEscape escapes the characters of a game's name or a status that LaTeX
// reads as commands: braces (sets), and nothing else occurs.
var texEscape = strings.NewReplacer(`{`, `\{`, `}`, `\}`, `\`, `\textbackslash{}`, `_`, `\_`, `&`, `\&`, `%`, `\%`, `#`, `\#`, `$`, `\$`)

// latex returns the paper table as a LaTeX longtable (package longtable),
// its header repeated on every page and "--" where a row has no value.
func latex(k kind, rows []Row) []byte {
	var b bytes.Buffer
	b.WriteString("% Written by tabulate census; needs \\usepackage{longtable}.\n")
	b.WriteString("\\begin{longtable}{lrrrrl}\n")
	fmt.Fprintf(&b, "\\caption{%s.}\\\\\n", texEscape.Replace(paperTitle(k, rows)))
	head := texEscape.Replace(heading(k)) + " & " + strings.Join(paperColumns, " & ") + " \\\\\n"
	b.WriteString("\\hline\n" + head + "\\hline\n\\endfirsthead\n")
	b.WriteString("\\hline\n" + head + "\\hline\n\\endhead\n\\hline\n\\endfoot\n")
	for _, row := range rows {
		cells := paperCells(row)
		for i, c := range cells {
			if c == "" {
				cells[i] = "--"
			} else {
				cells[i] = texEscape.Replace(c)
			}
		}
		fmt.Fprintf(&b, "%s & %s \\\\\n", texEscape.Replace(row.Game.Name()), strings.Join(cells, " & "))
	}
	b.WriteString("\\end{longtable}\n")
	return b.Bytes()
}

// writePaper writes the paper tables of a family into OUT/census through
// temps and returns their files.
func writePaper(out string, temps *output.Temps, k kind, rows []Row, bounds []byte) ([]output.File, error) {
	return writeDocuments(out, temps, k.name, int64(len(rows)), bounds, markdown(k, rows), latex(k, rows))
}

// writeDocuments writes OUT/census/NAME.md and NAME.tex, each atomically
// through temps, and returns their files (rows: the rows of the table
// they show).
func writeDocuments(out string, temps *output.Temps, name string, rows int64, bounds, md, tex []byte) ([]output.File, error) {
	dir, err := output.MkdirIn(out, "census")
	if err != nil {
		return nil, fmt.Errorf("census: %w", err)
	}
	var files []output.File
	for _, f := range []struct {
		format string
		data   []byte
	}{{"md", md}, {"tex", tex}} {
		path := filepath.Join(dir, name+"."+f.format)
		a, err := temps.Create(path)
		if err != nil {
			return nil, err
		}
		if _, err := a.Write(f.data); err != nil {
			a.Abort()
			return nil, err
		}
		n, sum, err := a.Commit()
		if err != nil {
			return nil, err
		}
		// No Table: a document for reading, not a table of the contract
		// (merge and the checks of tables pass it as they pass figures).
		files = append(files, output.File{Path: "census/" + name + "." + f.format, Game: "census", Format: f.format,
			Rows: rows, Bytes: n, SHA256: sum, Bounds: bounds})
	}
	return files, nil
}
