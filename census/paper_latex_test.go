package census

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// widestRows returns rows of census family k whose cells are as wide as a
// census writes them: a long game name, periods and preperiods of six
// digits, 2^20 values, and each status (proven by each theorem of the
// family, candidate, open) with the time bound's remark.
func widestRows(k kind) []Row {
	game := func(name string) Game {
		switch k.name {
		case Octal:
			return testGame(Octal, name)
		case Takebreak:
			return testGame(Takebreak, name)
		}
		g := testGame(Subtraction, "1,2,3,4,5,6,7,8")
		g.name = name
		if k.name == AllBut {
			g.kind, g.rules = AllBut, "all-but:6,7,8,9,10"
		}
		return g
	}
	name := map[string]string{Octal: "4.0777777", Takebreak: "0.FFFF", Subtraction: "{11,12,13,14,15,16,17,18}",
		AllBut: "all but {6,7,8,9,10}"}[k.name]
	records := []*Record{
		{Found: true, Proven: true, Period: 349525, Preperiod: 999999, Values: 1 << 20, MaxValue: 99999},
		{Found: true, Period: 349525, Preperiod: 999999, Values: 1 << 20, MaxValue: 99999, TimedOut: true},
		{Values: 1 << 20, MaxValue: 99999, TimedOut: true},
		{Values: 1 << 20, MaxValue: 99999, Arithmetic: &Arithmetic{Period: 349525, Preperiod: 999999, Saltus: 99999, Proven: true}},
		{Values: 1 << 20, MaxValue: 99999, Arithmetic: &Arithmetic{Period: 349525, Preperiod: 999999, Saltus: 99999}, TimedOut: true},
	}
	var rows []Row
	for i := range 60 { // more rows than a float of the two-column table holds
		rows = append(rows, Row{Game: game(name), Record: records[i%len(records)]})
	}
	return rows
}

// overfull matches the warnings TeX writes for a line or a table wider
// than the room it has.
var overfull = regexp.MustCompile(`Overfull \\hbox \(([0-9.]+)pt too wide\)`)

// TestPaperLaTeXFits compiles each family's LaTeX tables, at their widest
// (widestRows), with pdflatex in the documents a paper uses: FAMILY.tex in
// a standard one-column article (\textwidth 345 pt) and
// FAMILY-twocolumn.tex in a two-column one (\columnwidth 229.5 pt), its
// floats a column wide and, with \censusfloat defined as table*, across
// both; and checks that TeX reports no error and no overfull box. It skips
// where pdflatex is not installed (Debian: texlive-latex-base, which holds
// longtable).
func TestPaperLaTeXFits(t *testing.T) {
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not installed (apt-get install texlive-latex-base): cannot compile the census LaTeX")
	}
	dir := t.TempDir()
	for _, k := range []kind{octalKind, subtractionKind, takebreakKind, allButKind} {
		rows := widestRows(k)
		for _, f := range []struct {
			name string
			data []byte
		}{{k.name + ".tex", latex(k, rows)}, {k.name + "-twocolumn.tex", latexTwoColumn(k, rows)}} {
			if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, doc := range []struct{ name, class, preamble, input string }{
			{"onecolumn", `\documentclass{article}`, `\usepackage{longtable}`, k.name + ".tex"},
			{"twocolumn", `\documentclass[twocolumn]{article}`, ``, k.name + "-twocolumn.tex"},
			{"twocolumn-wide", `\documentclass[twocolumn]{article}`, `\newcommand{\censusfloat}{table*}`, k.name + "-twocolumn.tex"},
		} {
			name := "doc-" + k.name + "-" + doc.name
			src := doc.class + "\n" + doc.preamble + "\n\\begin{document}\n\\input{" + doc.input + "}\n\\end{document}\n"
			if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", name+".tex")
			cmd.Dir = dir
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			log, _ := os.ReadFile(filepath.Join(dir, name+".log"))
			if err != nil {
				t.Errorf("%s: pdflatex: %v\n%s", name, err, tail(string(log), 2000))
				continue
			}
			for _, m := range overfull.FindAllStringSubmatch(string(log), -1) {
				t.Errorf("%s: overfull box, %s pt too wide", name, m[1])
			}
			if strings.Contains(string(log), "Float too large") {
				t.Errorf("%s: a float is taller than the page", name)
			}
		}
	}
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
