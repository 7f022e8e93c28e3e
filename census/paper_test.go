package census_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// paperTheorems are the theorems the paper tables name for a proven row,
// by family and by whether the period has a saltus: those of the games
// (games/heapgame/rules.go, games/catalogue/takebreak.go), short.
var paperTheorems = map[string][2]string{
	"octal":       {"Guy–Smith", ""},
	"subtraction": {"subtraction window", ""},
	"takebreak":   {"Guy–Smith, h heaps", "tabulate's arithmetic"},
	"allbut":      {"", "all-but window"},
}

// checkPaper checks census/FAMILY.md, .tex and -twocolumn.tex against the
// rows of census/FAMILY.csv (which checkFamily and the family's test check
// against the oracle): one row per game in table order with its period
// (arithmetic period and saltus where the family has them), preperiod,
// last exception, largest value, values and status, the status proven
// exactly where the CSV says proven or arithmetic_proven.
func checkPaper(t *testing.T, out, family, first string) {
	t.Helper()
	col, rows := readCSV(t, filepath.Join(out, "census", family+".csv"))
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, "census", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	md, tex, twocol := read(family+".md"), read(family+".tex"), read(family+"-twocolumn.tex")
	var mdRows, texRows, twoRows []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| "+first+" |") {
			mdRows = append(mdRows, line)
		}
	}
	texBody := func(tex string) []string {
		var out []string
		for _, line := range strings.Split(tex, "\n") {
			if strings.HasSuffix(line, ` \tabularnewline`) && !strings.HasPrefix(line, strings.ReplaceAll(first, "_", `\_`)+" &") && !strings.HasPrefix(line, `\caption`) {
				out = append(out, line)
			}
		}
		return out
	}
	texRows, twoRows = texBody(tex), texBody(twocol)
	if len(mdRows) != len(rows) || len(texRows) != len(rows) || len(twoRows) != len(rows) {
		t.Fatalf("%s: %d Markdown rows, %d LaTeX rows and %d two-column rows for %d games", family, len(mdRows), len(texRows), len(twoRows), len(rows))
	}
	_, saltusColumn := col["saltus"]
	for i, row := range rows {
		get := func(c string) string {
			if j, ok := col[c]; ok {
				return row[j]
			}
			return ""
		}
		name := get(first)
		switch first {
		case "set":
			name = "{" + strings.Trim(name, "[]") + "}"
		case "all_but":
			name = "all but {" + strings.Trim(name, "[]") + "}"
		}
		period, pre, last, saltus := get("period"), get("preperiod"), get("last_exception"), "0"
		if period == "" && get("arithmetic_period") != "" {
			period, pre, saltus = get("arithmetic_period"), get("arithmetic_preperiod"), get("saltus")
			last = ""
			if n, _ := strconv.Atoi(pre); n > 0 {
				last = strconv.Itoa(n - 1)
			}
		}
		if last == "-1" {
			last = "" // periodic from n = 0: no exception
		}
		var status string
		switch {
		case get("proven") == "true":
			status = "proven (" + paperTheorems[family][0] + ")"
		case get("arithmetic_proven") == "true":
			status = "proven (" + paperTheorems[family][1] + ")"
		case period != "":
			status = "candidate"
		default:
			status = "open"
		}
		short := strings.Replace(strings.Fields(status)[0], "candidate", "cand.", 1)
		if get("timed_out") == "true" {
			status, short = status+", time bound", short+`\dag`
		}
		if period == "" {
			saltus = ""
		}
		texName := strings.NewReplacer("{", `\{`, "}", `\}`).Replace(name)
		if first != "code" { // a set, broken after its commas
			texName = `\raggedright ` + strings.ReplaceAll(texName, ",", `,\allowbreak `)
		}
		mdCells, texCells := []string{name, period}, []string{texName, period}
		if saltusColumn {
			mdCells, texCells = append(mdCells, saltus), append(texCells, saltus)
		}
		mdCells = append(mdCells, pre, last, get("max_value"), get("values"), status)
		texCells = append(texCells, pre, get("max_value"), get("values"), short)
		for j := range mdCells {
			if mdCells[j] == "" {
				mdCells[j] = "–"
			}
		}
		for j := range texCells {
			if texCells[j] == "" {
				texCells[j] = "--"
			}
		}
		if want := "| " + strings.Join(mdCells, " | ") + " |"; mdRows[i] != want {
			t.Errorf("%s Markdown row %d:\n got %s\nwant %s", family, i, mdRows[i], want)
		}
		want := strings.Join(texCells, " & ") + ` \tabularnewline`
		if texRows[i] != want {
			t.Errorf("%s LaTeX row %d:\n got %s\nwant %s", family, i, texRows[i], want)
		}
		if twoRows[i] != want {
			t.Errorf("%s two-column LaTeX row %d:\n got %s\nwant %s", family, i, twoRows[i], want)
		}
	}
	if !strings.Contains(tex, `\begin{longtable}`) || !strings.HasSuffix(tex, "\\end{longtable}}\n") {
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
