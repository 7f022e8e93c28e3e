package census_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/output"
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
		if pre == "0" && last != "" {
			t.Errorf("%s row %d: last exception %s in the CSV for a row periodic from n = 0", family, i, last)
		}
		var status string
		switch {
		case get("proven") == "true":
			status = "proven (" + paperTheorems[family][0] + ")"
		case get("arithmetic_proven") == "true":
			status = "proven (" + paperTheorems[family][1] + ")"
		case period != "":
			status = "candidate, not proven within " + get("values")
		default:
			status = "open, no period within " + get("values")
		}
		if want := strings.Fields(strings.Trim(status, ","))[0]; get("status") != strings.TrimSuffix(want, ",") {
			t.Errorf("%s row %d: status %q in the CSV, the paper tables say %q", family, i, get("status"), status)
		}
		short := strings.Replace(strings.TrimSuffix(strings.Fields(status)[0], ","), "candidate", "cand.", 1)
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

// checkCounts checks that the four outputs that count a family's rows by
// their status agree: the status column of census/FAMILY.csv (counted
// here), the summary line tabulate census prints (Findings.String), the
// captions of FAMILY.md and FAMILY.tex, and the manifest's findings
// census.FAMILY (its counts and its list of unproven games).
func checkCounts(t *testing.T, out, family string, f census.Findings) {
	t.Helper()
	col, rows := readCSV(t, filepath.Join(out, "census", family+".csv"))
	n := map[string]int{}
	arithmetic := 0
	for _, row := range rows {
		n[row[col["status"]]]++
		if j, ok := col["arithmetic_proven"]; ok && row[j] == "true" && row[col["proven"]] != "true" {
			arithmetic++
		}
	}
	if len(n) > 3 || n["proven"]+n["candidate"]+n["open"] != len(rows) {
		t.Fatalf("%s: statuses %v in the CSV, want only proven, candidate and open", family, n)
	}
	summary := fmt.Sprintf("games=%d proven=%d proven_arithmetic=%d candidates=%d open=%d ", len(rows), n["proven"], arithmetic, n["candidate"], n["open"])
	if line := f.String(); !strings.HasPrefix(line, summary) {
		t.Errorf("%s: summary line %q, want it to start %q as the CSV counts", family, line, summary)
	}
	m, err := output.ReadManifestIn(out)
	if err != nil {
		t.Fatal(err)
	}
	got := m.Games["census"].Findings[family].(map[string]any)
	for key, want := range map[string]int{"games": len(rows), "proven": n["proven"], "proven_arithmetic": arithmetic,
		"candidates": n["candidate"], "open": n["open"]} {
		if v, _ := got[key].(float64); int(v) != want {
			t.Errorf("%s: manifest %s = %v, the CSV counts %d", family, key, got[key], want)
		}
	}
	if u, _ := got["unproven"].([]any); len(u) != n["candidate"]+n["open"] {
		t.Errorf("%s: manifest lists %d unproven games, the CSV %d candidates and %d open", family, len(u), n["candidate"], n["open"])
	}
	caption := fmt.Sprintf("%d with a proven period", n["proven"])
	if _, ok := col["arithmetic_proven"]; ok {
		caption += fmt.Sprintf(" (%d of them arithmetic, with a saltus)", arithmetic)
	}
	caption += fmt.Sprintf(", %d candidate", n["candidate"])
	open := fmt.Sprintf(" and %d open (no period within them)", n["open"])
	for _, name := range []string{family + ".md", family + ".tex"} {
		data, err := os.ReadFile(filepath.Join(out, "census", name))
		if err != nil {
			t.Fatal(err)
		}
		if s := string(data); !strings.Contains(s, caption) || !strings.Contains(s, open) {
			t.Errorf("%s: the caption does not say %q ... %q as the CSV counts:\n%.600s", name, caption, open, s)
		}
	}
}
