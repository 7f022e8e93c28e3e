//go:build ignore

// check reads what headless chromium made of OUT/index.html and fails
// (exit 1, one line per problem) unless: the browser logged no console
// message (no script error, no blocked or failed load); every link of the
// rendered DOM resolves (a fragment to an id of the page, a relative link to
// a regular file of OUT), and nothing is loaded but data: URIs; every period
// finding of OUT/manifest.json has its statement in its game's section; the
// page's script ran (each filter's row counter is filled in); each
// screenshot is not blank. With -query DOM (a census page loaded with
// ?table=census-octal-table&sort=period&order=desc&filter=proven:true),
// the census table's rows in that DOM are sorted by period, largest first
// and empty cells last, and exactly the rows of proven codes are shown,
// as many as census/octal.csv holds.
//
//	go run scripts/ci/report-browser/check.go -out OUT -dom DOM -console LOG [-query DOM] SHOT.png...
package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

var problems []string

func fail(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

func main() {
	out := flag.String("out", "", "the run folder")
	dom := flag.String("dom", "", "the DOM chromium dumped")
	console := flag.String("console", "", "chromium's log (--enable-logging=stderr)")
	minFigures := flag.Int("figures", 0, "the least number of inline figures")
	query := flag.String("query", "", "the DOM of the census page sorted by period (descending) and filtered by proven:true through its address")
	phone := flag.String("phone", "", "the DOM of the page at 390 px wide, with each figure's rendered and printed width in body's data-figure-widths")
	flag.Parse()
	page, err := os.ReadFile(*dom)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	log, err := os.ReadFile(*console)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	checkConsole(string(log))
	checkLinks(*out, string(page), *minFigures)
	checkPeriods(*out, string(page))
	checkScript(string(page))
	if *query != "" {
		q, err := os.ReadFile(*query)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		checkQuery(*out, string(q))
	}
	if *phone != "" {
		p, err := os.ReadFile(*phone)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		checkPhoneFigures(string(p), *minFigures)
	}
	for _, shot := range flag.Args() {
		checkShot(shot)
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, "report-browser:", p)
		}
		os.Exit(1)
	}
	fmt.Printf("report-browser: %s: no console message, links resolve, period statements present, %d screenshots not blank\n", *out, flag.NArg())
}

// checkConsole fails on any console message (the page logs none) and any
// uncaught error.
func checkConsole(log string) {
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, ":CONSOLE") || strings.Contains(line, "Uncaught") {
			fail("console: %s", line)
		}
	}
}

func checkLinks(out, page string, minFigures int) {
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\sid="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		ids[html.UnescapeString(m[1])] = true
	}
	links := 0
	for _, m := range regexp.MustCompile(`\shref="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		ref := html.UnescapeString(m[1])
		links++
		switch {
		case strings.HasPrefix(ref, "#"):
			if !ids[ref[1:]] {
				fail("link %s: no element with that id", ref)
			}
		case strings.Contains(ref, ":") && !strings.HasPrefix(ref, "./"):
			fail("link %s leaves the folder", ref)
		default:
			rel, err := url.PathUnescape(ref)
			if err != nil {
				fail("link %s: %v", ref, err)
				continue
			}
			info, err := os.Lstat(filepath.Join(out, filepath.FromSlash(rel)))
			if err != nil || !info.Mode().IsRegular() {
				fail("link %s: not a regular file of %s (%v)", ref, out, err)
			}
		}
	}
	if links == 0 {
		fail("no link at all")
	}
	figures := 0
	for _, m := range regexp.MustCompile(`\ssrc="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[1], "data:image/") {
			fail("loads %.60s", m[1])
		}
		figures++
	}
	if figures < minFigures {
		fail("%d inline figures, want at least %d", figures, minFigures)
	}
}

// checkPeriods finds each period finding of the manifest (an object with
// "found" and "checked", or one under "period") in its game's section.
func checkPeriods(out, page string) {
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		fail("%v", err)
		return
	}
	var m struct {
		Games map[string]struct {
			Findings map[string]any `json:"findings"`
		} `json:"games"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		fail("manifest: %v", err)
		return
	}
	sections := map[string]string{}
	for _, s := range regexp.MustCompile(`(?s)<section class="game" id="([^"]*)">(.*?)</section>`).FindAllStringSubmatch(page, -1) {
		sections[s[1]] = s[2]
	}
	want := 0
	for game, e := range m.Games {
		for key, f := range e.Findings {
			o, _ := f.(map[string]any)
			if p, ok := o["period"].(map[string]any); ok {
				o = p
			}
			if _, ok := o["checked"]; !ok {
				continue
			}
			want++
			sec, ok := sections["game-"+game]
			if !ok {
				fail("no section for %s", game)
				continue
			}
			re := regexp.MustCompile(`<p class="period (proven|candidate|none)" data-finding="` + regexp.QuoteMeta(key) + `">.*?(period \d+ .*from n = \d+, (proven by .* from \d+ values|candidate \(not proven\))|no period in the \d+ values)`)
			if !re.MatchString(sec) {
				fail("%s: no period statement for finding %s", game, key)
			}
		}
	}
	if got := strings.Count(page, `<p class="period `); got != want {
		fail("%d period statements, the manifest has %d period findings", got, want)
	}
}

// checkScript checks that the page's script filled in each row counter.
func checkScript(page string) {
	inputs := strings.Count(page, `<input class="filter"`)
	counts := regexp.MustCompile(`<span class="muted count" data-table="[^"]*">(\d+) of (\d+) rows</span>`).FindAllStringSubmatch(page, -1)
	if len(counts) != inputs {
		fail("%d tables to filter, %d row counters filled in by the script", inputs, len(counts))
	}
	for _, c := range counts {
		if c[1] != c[2] || c[1] == "0" {
			fail("row counter %q before any filter", c[0])
		}
	}
}

// checkShot fails a screenshot of one colour, or nearly (a blank page):
// it must hold more than 16 colours and no colour may cover 99.5% of it.
func checkShot(path string) {
	f, err := os.Open(path)
	if err != nil {
		fail("%v", err)
		return
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		fail("%s: %v", path, err)
		return
	}
	b := img.Bounds()
	counts := map[[4]uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			counts[[4]uint32{r, g, bl, a}]++
		}
	}
	most := 0
	for _, c := range counts {
		most = max(most, c)
	}
	total := b.Dx() * b.Dy()
	if len(counts) <= 16 || float64(most) > 0.995*float64(total) {
		fail("%s (%v) looks blank: %d colours, the commonest on %.2f%% of it", path, size(b), len(counts), 100*float64(most)/float64(total))
	} else {
		fmt.Printf("report-browser: %s %v: %d colours, the commonest on %.1f%%\n", filepath.Base(path), size(b), len(counts), 100*float64(most)/float64(total))
	}
}

func size(b image.Rectangle) string { return fmt.Sprintf("%dx%d", b.Dx(), b.Dy()) }

// checkQuery checks the census table of a page loaded with
// ?table=census-octal-table&sort=period&order=desc&filter=proven:true.
func checkQuery(out, page string) {
	m := regexp.MustCompile(`(?s)<table class="sortable census" id="census-octal-table">(.*?)</table>`).FindStringSubmatch(page)
	if m == nil {
		fail("query: no census-octal-table in the DOM")
		return
	}
	tag := regexp.MustCompile(`<[^>]*>`)
	var heads []string
	for _, h := range regexp.MustCompile(`(?s)<th[^>]*>(.*?)</th>`).FindAllStringSubmatch(m[1], -1) {
		heads = append(heads, html.UnescapeString(tag.ReplaceAllString(h[1], "")))
	}
	col := func(name string) int {
		for i, h := range heads {
			if h == name {
				return i
			}
		}
		fail("query: no column %q in %v", name, heads)
		return -1
	}
	period, proven := col("period"), col("proven")
	if period < 0 || proven < 0 {
		return
	}
	if !regexp.MustCompile(`<th[^>]*aria-sort="descending"[^>]*>period</th>`).MatchString(m[1]) {
		fail("query: the period column is not marked sorted descending")
	}
	shown, last, empty := 0, int64(1)<<62, false
	for i, r := range regexp.MustCompile(`(?s)<tr([^>]*)>(.*?)</tr>`).FindAllStringSubmatch(m[1], -1) {
		if i == 0 {
			continue // the header row
		}
		var cells []string
		for _, c := range regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(r[2], -1) {
			cells = append(cells, html.UnescapeString(tag.ReplaceAllString(c[1], "")))
		}
		if len(cells) <= max(period, proven) {
			fail("query: row %d has %d cells", i, len(cells))
			return
		}
		hidden := strings.Contains(r[1], "hidden")
		if hidden == (cells[proven] == "true") {
			fail("query: row %d (%s, proven %s) hidden=%v under filter proven:true", i, cells[0], cells[proven], hidden)
		}
		if !hidden {
			shown++
		}
		if cells[period] == "" {
			empty = true
			continue
		}
		p, err := strconv.ParseInt(cells[period], 10, 64)
		if err != nil || empty || p > last {
			fail("query: row %d (%s): period %q after %d (empty before: %v): not sorted largest first, empty last", i, cells[0], cells[period], last, empty)
		}
		last = p
	}
	f, err := os.Open(filepath.Join(out, "census", "octal.csv"))
	if err != nil {
		fail("query: %v", err)
		return
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		fail("query: census/octal.csv: %v", err)
		return
	}
	want := 0
	for _, rec := range recs[1:] {
		for k, name := range recs[0] {
			if name == "proven" && rec[k] == "true" {
				want++
			}
		}
	}
	if shown != want || want == 0 {
		fail("query: %d rows shown under proven:true, census/octal.csv has %d proven codes", shown, want)
	}
	if !strings.Contains(page, fmt.Sprintf(">%d of %d rows<", want, len(recs)-1)) {
		fail("query: the row counter does not say %d of %d rows", want, len(recs)-1)
	}
}

// checkPhoneFigures fails unless every figure of the page, 390 px wide, is
// shown at least at its printed width (less one pixel of rounding), so that
// its text has its printed size (9 pt, 12 px, by default) and not the 5 px
// of a 16 cm figure squeezed into the phone's column.
func checkPhoneFigures(page string, minFigures int) {
	m := regexp.MustCompile(`data-figure-widths="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		fail("phone: the probe wrote no figure widths (did its script run?)")
		return
	}
	// Nothing but a figure (which scrolls inside itself) may make the
	// 390-px page scroll sideways: the files table, the findings, the
	// census table's filter all fit.
	if w := regexp.MustCompile(`data-body-scroll-width="([0-9]+)"`).FindStringSubmatch(page); w == nil {
		fail("phone: the probe wrote no page width")
	} else if n, _ := strconv.Atoi(w[1]); n > 390 {
		fail("phone: the page is %d px wide at 390: it scrolls sideways", n)
	}
	entries := strings.Fields(m[1])
	if len(entries) < minFigures {
		fail("phone: %d figures measured, want at least %d", len(entries), minFigures)
	}
	for _, e := range entries {
		rendered, printed, _ := strings.Cut(e, ":")
		r, err1 := strconv.ParseFloat(rendered, 64)
		p, err2 := strconv.ParseFloat(strings.TrimSuffix(printed, "px"), 64)
		if err1 != nil || err2 != nil {
			fail("phone: figure %q: no printed width", e)
			continue
		}
		if r < p-1 {
			fail("phone: a figure %.1f px wide, printed %.1f px: its text is %.0f%% of its printed size", r, p, 100*r/p)
		}
	}
}
