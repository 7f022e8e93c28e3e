package census_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// checkPaper checks census/FAMILY.md and .tex against the rows of
// census/FAMILY.csv (which checkFamily checks against the oracle): one row
// per game in table order with its period, preperiod, last exception,
// largest value and status.
func checkPaper(t *testing.T, out, family, first string) {
	t.Helper()
	col, rows := readCSV(t, filepath.Join(out, "census", family+".csv"))
	md, err := os.ReadFile(filepath.Join(out, "census", family+".md"))
	if err != nil {
		t.Fatal(err)
	}
	tex, err := os.ReadFile(filepath.Join(out, "census", family+".tex"))
	if err != nil {
		t.Fatal(err)
	}
	var mdRows, texRows []string
	for _, line := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| "+first+" |") {
			mdRows = append(mdRows, line)
		}
	}
	for _, line := range strings.Split(string(tex), "\n") {
		if strings.HasSuffix(line, ` \\`) && !strings.HasPrefix(line, first+" &") && !strings.HasPrefix(line, `\caption`) {
			texRows = append(texRows, line)
		}
	}
	if len(mdRows) != len(rows) || len(texRows) != len(rows) {
		t.Fatalf("%s: %d Markdown rows and %d LaTeX rows for %d games", family, len(mdRows), len(texRows), len(rows))
	}
	for i, row := range rows {
		get := func(c string) string { return row[col[c]] }
		name := get(first)
		if first == "set" {
			name = "{" + strings.Trim(name, "[]") + "}"
		}
		last := get("last_exception")
		if last == "-1" {
			last = "" // periodic from n = 0: no exception
		}
		cells := []string{name, get("period"), get("preperiod"), last, get("max_value")}
		var status string
		switch {
		case get("proven") == "true":
			status = "proven from " + get("values") + " values"
		case get("period") != "":
			status = "candidate, " + get("values") + " values"
		default:
			status = "open to " + get("values") + " values"
		}
		dash := func(s, d string) string {
			if s == "" {
				return d
			}
			return s
		}
		var mdCells, texCells []string
		for _, c := range cells {
			mdCells, texCells = append(mdCells, dash(c, "–")), append(texCells, dash(strings.NewReplacer("{", `\{`, "}", `\}`).Replace(c), "--"))
		}
		if want := "| " + strings.Join(append(mdCells, status), " | ") + " |"; mdRows[i] != want {
			t.Errorf("%s Markdown row %d:\n got %s\nwant %s", family, i, mdRows[i], want)
		}
		if want := strings.Join(append(texCells, status), " & ") + ` \\`; texRows[i] != want {
			t.Errorf("%s LaTeX row %d:\n got %s\nwant %s", family, i, texRows[i], want)
		}
	}
	if !strings.Contains(string(tex), `\begin{longtable}`) || !strings.HasSuffix(string(tex), "\\end{longtable}\n") {
		t.Errorf("%s.tex is not one longtable:\n%s", family, tex)
	}
}

// checkStringCode checks that the Parquet census table types its code
// column as a string (UTF8), so that every Parquet reader reads "0.70"-like
// codes as text, never as a number.
func checkStringCode(t *testing.T, path string) {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c := r.MetaData().Schema.Column(0)
	if c.Name() != "code" || !c.LogicalType().Equals(schema.StringLogicalType{}) {
		t.Errorf("%s: first column %s of logical type %s, want code, String", path, c.Name(), c.LogicalType())
	}
}
