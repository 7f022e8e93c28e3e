package report_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/report"
)

// runConfig is a small run: Kayles (0.77) proven, Dawson's Kayles (0.07)
// to 160 values, where its period shows but the theorem needs more values,
// the subtraction game {1,3,4}, take-a-square (no period) and Nim (no
// period finding at all).
const runConfig = `
games: [kayles, dk, s134, squares, nim]
formats: [parquet, csv]
plots: [png, pdf]
figures: {width: 6cm, height: 4cm, dpi: 60}
squares: {grundy_max: 300, win_max: 300, moves_max: 10}
nim: {max_piles: 2, max_pile: 3}
octal:
  kayles: {code: "0.77", max: 300}
  dk: {code: "0.07", max: 160}
subtraction:
  s134: {set: [1, 3, 4], max: 200}
`

// censusConfig adds a census of the octal codes 0.d1d2 to the same folder,
// so that its row 0.77 links to the section of kayles.
const censusConfig = `
census:
  octal: {digits: 2, prefixes: ["0"], max: 4096}
formats: [parquet, csv]
plots: [png]
figures: {width: 6cm, height: 4cm, dpi: 60}
`

// makeRun runs the pipeline on config into a new folder.
func makeRun(t *testing.T, config string) string {
	t.Helper()
	cfg, err := configs.Load("test.yaml", []byte(config))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = t.TempDir()
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), pipeline.Options{Command: []string{"tabulate", "run", "--config", "test.yaml"}}); err != nil {
		t.Fatal(err)
	}
	return cfg.Out
}

var (
	sharedOnce sync.Once
	sharedDir  string
	sharedErr  error
)

// sharedRun is one folder holding the run of runConfig and the census of
// censusConfig, made once for the tests that only read it (each test that
// changes a folder copies it).
func sharedRun(t *testing.T) string {
	t.Helper()
	sharedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "report-test")
		if err != nil {
			sharedErr = err
			return
		}
		cfg, err := configs.Load("test.yaml", []byte(runConfig))
		if err != nil {
			sharedErr = err
			return
		}
		cfg.Out = dir
		plan, err := pipeline.NewPlan(cfg)
		if err == nil {
			_, err = plan.Run(context.Background(), pipeline.Options{Command: []string{"tabulate", "run"}})
		}
		if err != nil {
			sharedErr = err
			return
		}
		ccfg, err := configs.Load("census.yaml", []byte(censusConfig))
		if err == nil {
			err = runCensus(ccfg, dir)
		}
		sharedDir, sharedErr = dir, err
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}

// copyDir copies a run folder (regular files and folders) for a test that
// changes it.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func render(t *testing.T, dir string) string {
	t.Helper()
	page, err := report.Render(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return string(page)
}

// kaylesOracle is Kayles by its literal rules: from a row of n pins, knock
// down one pin or two adjacent pins, leaving the pins left and right of
// them as two rows. g(n) is the mex over every such move of g(a) XOR g(b).
// It shares no code with the engines.
func kaylesOracle(max int) []int {
	g := make([]int, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int]bool{}
		for take := 1; take <= 2 && take <= n; take++ {
			for left := 0; left+take <= n; left++ {
				seen[g[left]^g[n-take-left]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// section returns the part of the page for a game.
func section(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `<section class="game" id="`+id+`">`)
	if start < 0 {
		t.Fatalf("no section %s", id)
	}
	end := strings.Index(page[start:], "</section>")
	return page[start : start+end]
}

// pre returns the text of the <pre class="class"> of a section, tags
// removed, and the text of each bold value with its line and column.
func pre(t *testing.T, sec, class string) (lines []string, bold map[[2]int]bool) {
	t.Helper()
	m := regexp.MustCompile(`(?s)<pre class="` + class + `">(.*?)</pre>`).FindStringSubmatch(sec)
	if m == nil {
		t.Fatalf("no <pre class=%q>", class)
	}
	bold = map[[2]int]bool{}
	for i, line := range strings.Split(m[1], "\n") {
		fields := strings.Fields(line)
		for k, f := range fields {
			if strings.HasPrefix(f, "<b>") {
				bold[[2]int{i, k}] = true
			}
		}
		lines = append(lines, html.UnescapeString(regexp.MustCompile(`</?b>`).ReplaceAllString(line, "")))
	}
	return lines, bold
}

// Kayles is periodic with period 12 from n = 71, its last exception at n =
// 70 (Guy and Smith, 1956; Winning Ways, vol. 1, ch. 4), and the Guy–Smith
// theorem needs g(0) .. g(2·71 + 2·12 + 2 - 1) to prove it (t = 2 for
// 0.77): 168 values. The layout of Winning Ways shows g(0..83) in rows of
// 12, the values that differ from the periodic ones in bold, all checked
// against a plain recursion over the rules.
func TestKaylesLayout(t *testing.T) {
	page := render(t, sharedRun(t))
	sec := section(t, page, "game-kayles")
	want := "period 12 from n = 71, proven by the Guy–Smith periodicity theorem from 168 values (last exception at n = 70; 301 values computed)"
	if !strings.Contains(html.UnescapeString(sec), want) {
		t.Errorf("no statement %q in\n%s", want, sec)
	}
	g := kaylesOracle(300)
	periodic := func(n int) int { // the value the period gives at n
		for n < 71 {
			n += 12
		}
		return g[n]
	}
	lines, bold := pre(t, sec, "layout")
	if len(lines) != 1+7 { // header, rows 0, 12, ..., 72
		t.Fatalf("layout has %d lines, want 8:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	exceptions := 0
	for i, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) != 13 || f[0] != strconv.Itoa(12*i) {
			t.Fatalf("row %d is %q, want the label %d and 12 values", i, line, 12*i)
		}
		for k := range 12 {
			n := 12*i + k
			if f[1+k] != strconv.Itoa(g[n]) {
				t.Errorf("g(%d) is %s in the layout, %d by the rules", n, f[1+k], g[n])
			}
			isEx := g[n] != periodic(n)
			if isEx {
				exceptions++
			}
			if bold[[2]int{i + 1, 1 + k}] != isEx {
				t.Errorf("g(%d) = %d (periodic %d): bold %v, want %v", n, g[n], periodic(n), bold[[2]int{i + 1, 1 + k}], isEx)
			}
		}
	}
	if exceptions != 14 {
		t.Errorf("%d exceptions, want 14", exceptions)
	}
	block, _ := pre(t, sec, "block")
	if f := strings.Fields(block[1]); len(f) != 13 || f[0] != "0" {
		t.Fatalf("periodic block %q", block[1])
	} else {
		for k := range 12 {
			if f[1+k] != strconv.Itoa(periodic(72+k-(72%12))) {
				t.Errorf("block[%d] = %s, want %d", k, f[1+k], periodic(72+k))
			}
		}
	}
	exLines, _ := pre(t, sec, "exceptions")
	var listed []string
	for _, l := range exLines[1:] {
		if f := strings.Fields(l); len(f) == 3 {
			n, _ := strconv.Atoi(f[0])
			if f[1] != strconv.Itoa(g[n]) || f[2] != strconv.Itoa(periodic(n)) {
				t.Errorf("exception line %q, want g(%d) = %d, periodic %d", l, n, g[n], periodic(n))
			}
			listed = append(listed, f[0])
		}
	}
	if len(listed) != 14 {
		t.Errorf("%d exceptions listed, want 14: %v", len(listed), listed)
	}
	first, _ := pre(t, sec, "first")
	if len(first) != 10 {
		t.Fatalf("first values: %d rows, want 10", len(first))
	}
	for i, line := range first {
		f := strings.Fields(line)
		for k := range 10 {
			if f[1+k] != strconv.Itoa(g[10*i+k]) {
				t.Errorf("first values: g(%d) = %s, want %d", 10*i+k, f[1+k], g[10*i+k])
			}
		}
	}
}

// Every game with a period search has its statement in the page, stated as
// its findings say: proven, candidate (with the theorem's missing values),
// or no period.
func TestPeriodStatements(t *testing.T) {
	dir := sharedRun(t)
	page := html.UnescapeString(render(t, dir))
	m, err := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	dk := m.Games["dk"].Findings["grundy"].(map[string]any)
	pre := int(dk["preperiod"].(float64))
	// Dawson's Kayles 0.07 has period 34 (Winning Ways, vol. 1, ch. 4); the
	// Guy–Smith window for t = 2 needs 2·pre + 2·34 + 2 values, more than
	// the 161 computed.
	needed := 2*pre + 2*34 + 2
	for game, want := range map[string]string{
		"dk":      fmt.Sprintf("period 34 from n = %d, candidate (not proven): the theorem needs %d values, %d more than computed", pre, needed, needed-161),
		"s134":    "period 7 from n = 0, proven by the window argument for finite subtraction sets from 11 values", // window: 0 + 7 + 4
		"squares": "no period in the 301 values computed: no periodicity theorem applies to an infinite subtraction set",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("%s: no statement %q", game, want)
		}
	}
	// One statement per period finding of the manifest, in the game's
	// section.
	findings := 0
	for game, e := range m.Games {
		for key, f := range e.Findings {
			o, ok := f.(map[string]any)
			if !ok {
				continue
			}
			if p, ok := o["period"].(map[string]any); ok {
				o = p
			}
			if _, ok := o["checked"]; !ok {
				continue
			}
			findings++
			sec := section(t, page, "game-"+game)
			if !strings.Contains(sec, `data-finding="`+key+`"`) {
				t.Errorf("%s: no period statement for finding %s", game, key)
			}
		}
	}
	if n := strings.Count(page, `<p class="period`); n != findings || n != 4 {
		t.Errorf("%d period statements, %d period findings, want 4 (kayles, dk, s134, squares)", n, findings)
	}
}

// Every link of the page resolves: a file link to a regular file of the
// folder (and every file of the manifest is linked), a fragment to an id of
// the page; and the page loads nothing (no src or href to anything but data:
// URIs, files of the folder and fragments).
func TestLinksResolve(t *testing.T) {
	dir := sharedRun(t)
	page := render(t, dir)
	m, err := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, id := range regexp.MustCompile(` id="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		ids[html.UnescapeString(id[1])] = true
	}
	linked := map[string]bool{}
	for _, h := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		ref := html.UnescapeString(h[1])
		switch {
		case strings.HasPrefix(ref, "#"):
			if !ids[ref[1:]] {
				t.Errorf("link %s: no such id", ref)
			}
		case strings.HasPrefix(ref, "./"):
			rel, err := url.PathUnescape(ref[2:])
			if err != nil {
				t.Fatal(err)
			}
			info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil || !info.Mode().IsRegular() {
				t.Errorf("link %s: not a file of the folder (%v)", ref, err)
			}
			linked[rel] = true
		default:
			t.Errorf("link %s leaves the folder", ref)
		}
	}
	for _, f := range m.Files {
		if !linked[f.Path] {
			t.Errorf("%s is not linked", f.Path)
		}
		if !strings.Contains(page, f.SHA256) {
			t.Errorf("%s: no sha256 in the page", f.Path)
		}
	}
	for _, s := range regexp.MustCompile(`src="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(s[1], "data:image/png;base64,") {
			t.Errorf("src %.40s is not an inline PNG", s[1])
		}
	}
	if n := strings.Count(page, "<img "); n < 6 {
		t.Errorf("%d figures inline, want at least 6", n)
	}
	for _, bad := range []string{"http://", "https://", "<link", "@import", "url("} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
}

// The census table has one row per code of the census, linked by class,
// and the row of 0.77 links to the section of kayles, the same rules.
func TestCensusTable(t *testing.T) {
	dir := sharedRun(t)
	page := render(t, dir)
	sec := section(t, page, "game-census")
	m, _ := output.ReadManifest(filepath.Join(dir, output.ManifestName))
	f, ok := m.Entry("census/octal.csv")
	if !ok {
		t.Fatal("no census/octal.csv")
	}
	rows := regexp.MustCompile(`<tr id="census-octal-[^"]*">`).FindAllString(sec, -1)
	if int64(len(rows)) != f.Rows || f.Rows != 63 { // 0.d1d2: 8·8 - 1 codes
		t.Errorf("%d rows in the census table, manifest %d, want 63", len(rows), f.Rows)
	}
	if !regexp.MustCompile(`<tr id="census-octal-0.77">.*<a href="#game-kayles">kayles</a></td></tr>`).MatchString(sec) {
		t.Error("row 0.77 does not link to kayles")
	}
	if !strings.Contains(sec, `<table class="sortable census" id="census-octal-table">`) || !strings.Contains(sec, `data-table="census-octal-table"`) {
		t.Error("no sortable, filterable census table")
	}
	if !strings.Contains(sec, `<th data-type="num">period</th>`) || !strings.Contains(sec, `<th data-type="text">code</th>`) {
		t.Error("period should sort as numbers, code as text")
	}
	if census.Table(census.Octal).Game != "census" {
		t.Error("the census records its tables under another name than the report looks for")
	}
}

// A hostile game name, rules or finding in the manifest is shown as text,
// never as markup.
func TestEscapesHostileText(t *testing.T) {
	dir := copyDir(t, sharedRun(t))
	mp := filepath.Join(dir, output.ManifestName)
	var m map[string]any
	data, _ := os.ReadFile(mp)
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	hostile := `<script>alert("x")</script><img src=x onerror=alert(1)>`
	games := m["games"].(map[string]any)
	games[hostile] = map[string]any{"bounds": map[string]any{"max": hostile},
		"findings": map[string]any{"rules": "octal " + hostile, hostile: hostile,
			"grundy": map[string]any{"found": false, "checked": 3, "proof": hostile}}}
	games["kayles"].(map[string]any)["findings"].(map[string]any)["rules"] = "octal 0.77 " + hostile
	data, _ = json.Marshal(m)
	if err := os.WriteFile(mp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	page := render(t, dir)
	for _, bad := range []string{"<script>alert", "<img src=x"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	if regexp.MustCompile(`<[^>]*\sonerror=`).MatchString(page) {
		t.Error("a tag of the page has an onerror attribute")
	}
	if strings.Count(page, "<script>") != 1 {
		t.Errorf("%d scripts, want the page's own", strings.Count(page, "<script>"))
	}
	if !strings.Contains(page, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") {
		t.Error("the hostile name is not shown as text")
	}
	if !strings.Contains(page, `id="game-_3Cscript_3Ealert`) {
		t.Error("the hostile name's id is not made of safe characters")
	}
}

// Write puts index.html in place and leaves no temporary file; it refuses
// a folder that is not a complete run, and an index.html that is a link,
// writing nothing and leaving the link's target alone.
func TestWriteAndRefusals(t *testing.T) {
	ctx := context.Background()
	dir := makeRun(t, "games: [nim]\nnim: {max_piles: 2, max_pile: 2}\nformats: [csv]\nplots: []\n")
	if err := report.Write(ctx, dir); err != nil {
		t.Fatal(err)
	}
	if err := report.Write(ctx, dir); err != nil { // replaces its own page
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Contains(names, "index.html") || slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, output.TempPrefix) }) {
		t.Errorf("folder holds %v", names)
	}
	refused := func(name, dir string) {
		t.Helper()
		err := report.Write(ctx, dir)
		var re *report.RefusedError
		if !errors.As(err, &re) {
			t.Errorf("%s: %v, want a *RefusedError", name, err)
		}
	}

	// A link planted at index.html.
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("keep"), 0o644)
	os.Remove(filepath.Join(dir, "index.html"))
	if err := os.Symlink(victim, filepath.Join(dir, "index.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	refused("link", dir)
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the link's target was written: %q", b)
	}
	if info, _ := os.Lstat(filepath.Join(dir, "index.html")); info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	os.Remove(filepath.Join(dir, "index.html"))

	// Not a run at all.
	refused("empty folder", t.TempDir())
	refused("no folder", filepath.Join(t.TempDir(), "absent"))

	// A run that did not complete.
	mp := filepath.Join(dir, output.ManifestName)
	orig, _ := os.ReadFile(mp)
	for _, status := range []string{output.StatusRunning, output.StatusFailed, output.StatusInterrupted} {
		os.WriteFile(mp, []byte(strings.Replace(string(orig), `"status": "complete"`, `"status": "`+status+`"`, 1)), 0o644)
		refused(status, dir)
	}
	os.WriteFile(mp, orig, 0o644)

	// A listed file missing.
	os.Rename(filepath.Join(dir, "nim", "positions.csv"), filepath.Join(dir, "moved.csv"))
	refused("missing file", dir)
	if _, err := os.Lstat(filepath.Join(dir, "index.html")); err == nil {
		t.Error("a refused report wrote index.html")
	}
}

// The page is a function of the folder: rendered twice, the same bytes.
func TestDeterministic(t *testing.T) {
	dir := sharedRun(t)
	if a, b := render(t, dir), render(t, dir); a != b {
		t.Error("two renderings of one folder differ")
	}
}

// TestFindingsFirst: the page opens with its findings (each game's period
// and its proof, each census family summed up), then the games' sections,
// and ends with the provenance; a census alone is titled as a census, its
// bounds leave out the families it did not compute, and its unproven
// games read as a list, not as JSON: exactly the codes its CSV proves
// neither way.
func TestFindingsFirst(t *testing.T) {
	page := render(t, sharedRun(t))
	if !strings.Contains(page, "<h1>tabulate run and census ") {
		t.Error("a folder holding a run and a census is not titled as both")
	}
	findings, games, provenance := strings.Index(page, `<section id="findings">`), strings.Index(page, `<section class="game"`), strings.Index(page, `<section id="provenance">`)
	if findings < 0 || games < 0 || provenance < 0 || !(findings < games && games < provenance) {
		t.Fatalf("findings at %d, the games at %d, provenance at %d: want them in that order", findings, games, provenance)
	}
	top := html.UnescapeString(page[findings:games])
	for _, want := range []string{
		"period 12 from n = 71, proven by the Guy–Smith periodicity theorem from 168 values", // Kayles (Winning Ways, ch. 4)
		"octal: 63 games",
	} {
		if !strings.Contains(top, want) {
			t.Errorf("the findings lack %q", want)
		}
	}

	dir := t.TempDir()
	ccfg, err := configs.Load("census.yaml", []byte(censusConfig))
	if err != nil {
		t.Fatal(err)
	}
	if err := runCensus(ccfg, dir); err != nil {
		t.Fatal(err)
	}
	page = html.UnescapeString(render(t, dir))
	if !strings.Contains(page, "<h1>tabulate census ") {
		t.Error("a census alone is not titled as a census")
	}
	sec := section(t, page, "game-census")
	if strings.Contains(sec, "<dt>subtraction.") || !strings.Contains(sec, "<dt>octal.digits</dt>") {
		t.Error("the bounds list the subtraction census, which did not run, or lack the octal one")
	}
	// The octal census's CSV quotes nothing: its codes and classes are
	// plain numbers with a point, its booleans true or false.
	data, err := os.ReadFile(filepath.Join(dir, "census", "octal.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	proven := slices.Index(strings.Split(lines[0], ","), "proven")
	var unproven []string
	for _, line := range lines[1:] {
		if cells := strings.Split(line, ","); cells[proven] != "true" {
			unproven = append(unproven, cells[0]+" (4096 values)")
		}
	}
	want := fmt.Sprintf("%d games: %s", len(unproven), strings.Join(unproven, ", "))
	if !strings.Contains(sec, want) || strings.Contains(sec, `{"game":`) {
		t.Errorf("unproven not listed as %q", want)
	}
	if !strings.Contains(page, fmt.Sprintf("octal: 63 games, %d with a proven period (Guy–Smith), %d without a proof", 63-len(unproven), len(unproven))) {
		t.Error("no summary line of the octal census in the findings")
	}
}

// Every inline figure carries its printed width, worked out here from the
// configuration alone (12 cm at any dpi is 12/2.54 inches of 96 CSS px,
// 453.5 px), which narrow screens show it at (page.html), so that its text
// keeps its printed size on a phone; PNG and SVG both.
func TestFiguresPrintedWidth(t *testing.T) {
	for _, format := range []string{"png", "svg"} {
		t.Run(format, func(t *testing.T) {
			dir := makeRun(t, "games: [kayles]\nformats: [csv]\nplots: ["+format+"]\n"+
				"figures: {width: 12cm, height: 7cm, dpi: 100}\noctal:\n  kayles: {code: \"0.77\", max: 200}\n")
			page := render(t, dir)
			imgs := regexp.MustCompile(`<img [^>]*>`).FindAllString(page, -1)
			if len(imgs) == 0 {
				t.Fatal("no inline figure")
			}
			// A PNG is a whole number of pixels: 12 cm at 100 dpi is 472
			// of them, so within one CSS pixel.
			want := 12 / 2.54 * 96
			for _, img := range imgs {
				m := regexp.MustCompile(`--print-width: ([0-9.]+)px`).FindStringSubmatch(img)
				if m == nil {
					t.Errorf("figure %s: no printed width", regexp.MustCompile(`alt="[^"]*"`).FindString(img))
					continue
				}
				if got, _ := strconv.ParseFloat(m[1], 64); math.Abs(got-want) > 1 {
					t.Errorf("figure %s: printed width %s px, want %.1f", regexp.MustCompile(`alt="[^"]*"`).FindString(img), m[1], want)
				}
			}
			if !strings.Contains(page, "width: var(--print-width)") {
				t.Error("the page's style never shows a figure at its printed width")
			}
		})
	}
}

// runCensus runs the census of cfg into dir as tabulate census does: its
// plan of the model's jobs run by the pipeline.
func runCensus(cfg configs.Config, dir string) error {
	cfg.Out = dir
	plan, _, err := pipeline.NewCensusPlan(context.Background(), cfg, census.Options{})
	if err != nil {
		return err
	}
	_, err = plan.Run(context.Background(), pipeline.Options{Command: []string{"tabulate", "census"}})
	return err
}
