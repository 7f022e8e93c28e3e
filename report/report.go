package report

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tabulate-games/tabulate/output"
)

// FileName is the report's file name in the output folder.
const FileName = "index.html"

// Bounds on what the report reads (see the package documentation).
const (
	// SequenceLimit is the most rows of a sequence table read for its
	// first values (16 MiB of int32).
	SequenceLimit = 1 << 22
	// TableLimit is the most rows of a period or exceptions table read for
	// the layout of Winning Ways.
	TableLimit = 1 << 22
	// LayoutCells is the most values shown in the layout of Winning Ways.
	LayoutCells = 4096
	// ExceptionLines is the most exceptions listed as text.
	ExceptionLines = 2000
	// FirstValues is how many first values are shown.
	FirstValues = 100
	// CensusRows is the most rows of a census table put in the page.
	CensusRows = 20000
	// CensusBytes is the largest census CSV read.
	CensusBytes = 64 << 20
	// FigureLimit is the largest figure put inline; a larger one is linked.
	FigureLimit = 16 << 20
)

// censusGame is the name under which a census records its tables in the
// manifest (census.Table's Game, checked in the tests).
const censusGame = "census"

// RefusedError is a folder the report is not written for: not a complete
// run, or an index.html that is not a regular file. Nothing is written. At
// the command line it exits with status 2.
type RefusedError struct {
	Dir     string
	Problem string
}

// Error names the folder, what is wrong and what is expected.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("no report for %s: %s", e.Dir, e.Problem)
}

// Write renders the report of the run in the output folder dir and puts it
// in place as dir/index.html, atomically (a reader sees the old page or the
// new one, never a partial one). It returns a *RefusedError, and writes
// nothing, for a folder that is not a complete run or whose index.html is
// not a regular file (such as a symbolic link: it is never followed, nor
// replaced). The caller holds the folder's lock (output.LockDir), as a run
// does.
func Write(ctx context.Context, dir string) error {
	target := filepath.Join(dir, FileName)
	if err := checkTarget(dir, target); err != nil {
		return err
	}
	page, err := Render(ctx, dir)
	if err != nil {
		return err
	}
	if err := checkTarget(dir, target); err != nil {
		return err
	}
	if _, _, err := output.WriteFileAtomic(target, page); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// checkTarget refuses an index.html that is anything but a regular file.
func checkTarget(dir, target string) error {
	info, err := os.Lstat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("report: %w", err)
	case !info.Mode().IsRegular():
		return &RefusedError{Dir: dir, Problem: fmt.Sprintf("%s is %s, not a regular file; the report replaces only a regular file: move it away", target, output.FileKind(info.Mode()))}
	}
	return nil
}

// Render returns the report of the run in the output folder dir as an HTML
// page. It reads the folder and writes nothing; a folder that is not a
// complete run is a *RefusedError.
func Render(ctx context.Context, dir string) ([]byte, error) {
	m, err := readRun(dir)
	if err != nil {
		return nil, err
	}
	p, err := build(ctx, dir, m)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, p); err != nil {
		return nil, fmt.Errorf("report: render %s: %w", dir, err)
	}
	return buf.Bytes(), nil
}

// readRun reads the manifest of dir and checks that it is a complete run
// whose every listed file is in place with its listed size.
func readRun(dir string) (*output.Manifest, error) {
	info, err := os.Stat(dir)
	if err != nil || !info.IsDir() {
		return nil, &RefusedError{Dir: dir, Problem: "it is not a folder; give the output folder of a tabulate run"}
	}
	mp := filepath.Join(dir, output.ManifestName)
	m, err := output.ReadManifest(mp)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("it has no %s: not the output folder of a tabulate run", output.ManifestName)}
	case err != nil:
		return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("its manifest cannot be read (%v)", err)}
	}
	if m.Status != output.StatusComplete {
		return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("its manifest says the run is %q; a report is written only for a complete run (status %q): run it again to completion", m.Status, output.StatusComplete)}
	}
	for _, f := range m.Files {
		if !localPath(f.Path) {
			return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("its manifest lists %q, which is not a path inside the folder", f.Path)}
		}
		full := filepath.Join(dir, filepath.FromSlash(f.Path))
		info, err := os.Lstat(full)
		switch {
		case err != nil:
			return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("its manifest lists %s, which is missing (%v): the folder is not a complete run", f.Path, err)}
		case !info.Mode().IsRegular():
			return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("its manifest lists %s, which is %s, not a regular file", f.Path, output.FileKind(info.Mode()))}
		case info.Size() != f.Bytes:
			return nil, &RefusedError{Dir: dir, Problem: fmt.Sprintf("%s has %d bytes, the manifest lists %d: it changed since the run", f.Path, info.Size(), f.Bytes)}
		}
	}
	return m, nil
}

// localPath reports whether a manifest path is a clean relative path inside
// the folder, which the page can link as it is.
func localPath(p string) bool {
	return p != "" && !strings.Contains(p, `\`) && !path.IsAbs(p) && path.Clean(p) == p &&
		p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, ":")
}

// href is the relative link to a file of the folder, each part escaped.
func href(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return "./" + strings.Join(parts, "/")
}

// page is what the template renders.
type page struct {
	Dir     string
	Tool    string
	Kind    string // what made the folder: "run", "census" or "run and census"
	Version string
	Run     *runView
	Games   []*gameView
	Files   int
	Bytes   string
}

// kindOf says what made the folder of these games: a census records its
// tables under censusGame alone.
func kindOf(games []*gameView) string {
	census, others := false, false
	for _, g := range games {
		if g.Name == censusGame {
			census = true
		} else {
			others = true
		}
	}
	switch {
	case census && others:
		return "run and census"
	case census:
		return "census"
	}
	return "run"
}

// runView is the provenance of a run.
type runView struct {
	Started, Finished string
	Command           string
	Version, Revision string
	Modified          bool
	Go                string
	Machine           string
	Workers           int
}

func newRunView(r *output.RunInfo) *runView {
	if r == nil {
		return nil
	}
	return &runView{Started: r.Started, Finished: r.Finished, Command: shellQuote(r.Command), Version: r.Version,
		Revision: r.Revision, Modified: r.Modified, Go: r.Go,
		Machine: fmt.Sprintf("%s/%s, %d CPUs", r.OS, r.Arch, r.CPUs), Workers: r.Workers}
}

// shellQuote writes a command line as one would type it.
func shellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
		}) < 0 {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// gameView is one game's section.
type gameView struct {
	Name     string
	ID       string
	Rules    string
	Bounds   []kv
	Periods  []periodView
	Findings []findingView
	// Summary sums up each family of a census in a line, for the page's
	// findings.
	Summary []string
	Layout  *layout
	First   []*valuesView
	Figures []figure
	Tables  []*dataTable // census tables
	Files   []fileView
	Notes   []string
	Run     *runView // when the game's files come from another run than the latest
}

// kv is one named value.
type kv struct{ Key, Value string }

// findingView is one finding that is not a period: a sentence or fields.
type findingView struct {
	Name   string
	Text   string
	Fields []kv
}

// fileView is one file of the manifest.
type fileView struct {
	Path, Href, Format, Table string
	Rows                      int64
	Bytes                     string
	SHA256                    string
}

// figure is one figure: inline (Src) or linked (Href).
type figure struct {
	Name  string
	Src   template.URL
	Href  string
	Also  []fileView // the same figure in other formats
	Notes string
	// PrintWidth is the inline figure's printed width as a CSS length
	// ("453.5px"), where its file records one (printedWidth); narrow
	// screens show the figure at that width.
	PrintWidth string
}

// build reads what the page shows.
func build(ctx context.Context, dir string, m *output.Manifest) (*page, error) {
	p := &page{Dir: filepath.Base(filepath.Clean(dir)), Tool: m.Tool, Version: m.Version, Run: newRunView(m.Run), Files: len(m.Files)}
	var total int64
	for _, f := range m.Files {
		total += f.Bytes
	}
	p.Bytes = byteSize(total)
	r := &reader{dir: dir, m: m}
	ids := map[string]bool{}
	for _, name := range gameOrder(m) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := buildGame(r, name, m)
		if err != nil {
			return nil, err
		}
		g.ID = uniqueID(ids, name)
		p.Games = append(p.Games, g)
	}
	linkCensus(p.Games)
	p.Kind = kindOf(p.Games)
	return p, nil
}

// gameOrder lists the games of the manifest: those with files, in the order
// of the configuration's games list, then the others by name, the census
// last.
func gameOrder(m *output.Manifest) []string {
	have := map[string]bool{}
	for name := range m.Games {
		have[name] = true
	}
	for _, f := range m.Files {
		have[f.Game] = true
	}
	var order []string
	if c, ok := m.Config.(map[string]any); ok {
		if list, ok := c["games"].([]any); ok {
			for _, g := range list {
				if s, ok := g.(string); ok && have[s] && !slices.Contains(order, s) && s != censusGame {
					order = append(order, s)
				}
			}
		}
	}
	var rest []string
	for name := range have {
		if !slices.Contains(order, name) && name != censusGame {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	order = append(order, rest...)
	if have[censusGame] {
		order = append(order, censusGame)
	}
	return order
}

// uniqueID returns an HTML id made of safe characters only (safeID),
// distinct from the ids already given.
func uniqueID(used map[string]bool, name string) string {
	base := "game-" + safeID(name)
	id := base
	for i := 2; used[id]; i++ {
		id = fmt.Sprintf("%s-%d", base, i)
	}
	used[id] = true
	return id
}

// buildGame gathers one game's section.
func buildGame(r *reader, name string, m *output.Manifest) (*gameView, error) {
	g := &gameView{Name: name}
	var files []output.File
	for _, f := range m.Files {
		if f.Game == name {
			files = append(files, f)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, f := range files {
		g.Files = append(g.Files, newFileView(f))
	}
	e := m.Games[name]
	if e != nil {
		g.Bounds = applicable(fields("", e.Bounds))
		if e.Run != nil && m.Run != nil && e.Run.Started != m.Run.Started {
			g.Run = newRunView(e.Run)
		}
		g.gatherFindings(e.Findings)
	}
	if err := g.readTables(r, files); err != nil {
		return nil, err
	}
	if err := g.readFigures(r, files); err != nil {
		return nil, err
	}
	return g, nil
}

func newFileView(f output.File) fileView {
	return fileView{Path: f.Path, Href: href(f.Path), Format: f.Format, Table: f.Table, Rows: f.Rows, Bytes: byteSize(f.Bytes), SHA256: f.SHA256}
}

// findingTextMax is the most bytes of one finding's sentence or field
// value the page shows, and findingFieldsMax the most fields of one
// finding: a finding of 100 MB (a manifest edited, or a huge list) would
// make a page no browser opens. The rest stays in manifest.json.
const (
	findingTextMax   = 4096
	findingFieldsMax = 200
)

// clipText cuts s to findingTextMax bytes (at a rune's start), saying how
// much was left out.
func clipText(s string) string {
	if len(s) <= findingTextMax {
		return s
	}
	n := findingTextMax
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s… (%d more bytes in manifest.json)", s[:n], len(s)-n)
}

// clip bounds what the page shows of one finding (clipText, findingFieldsMax).
func (f findingView) clip() findingView {
	f.Text = clipText(f.Text)
	if len(f.Fields) > findingFieldsMax {
		more := len(f.Fields) - findingFieldsMax
		f.Fields = append(f.Fields[:findingFieldsMax:findingFieldsMax], kv{"…", fmt.Sprintf("%d more fields in manifest.json", more)})
	}
	for i := range f.Fields {
		f.Fields[i].Key, f.Fields[i].Value = clipText(f.Fields[i].Key), clipText(f.Fields[i].Value)
	}
	return f
}

// gatherFindings sorts the findings into the rules, period statements and
// the rest, each bounded in what the page shows (findingView.clip).
func (g *gameView) gatherFindings(findings map[string]any) {
	defer func() {
		for i := range g.Findings {
			g.Findings[i] = g.Findings[i].clip()
		}
		g.Rules = clipText(g.Rules)
		for i := range g.Summary {
			g.Summary[i] = clipText(g.Summary[i])
		}
	}()
	keys := make([]string, 0, len(findings))
	for k := range findings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if s, ok := findings["rules"].(string); ok {
		g.Rules = s
	}
	theorem := theoremOf(g.Rules)
	for _, k := range keys {
		v := findings[k]
		switch {
		case k == "rules" && g.Rules != "":
		case isPeriod(v):
			g.Periods = append(g.Periods, newPeriodView(k, v.(map[string]any), theorem))
		default:
			if o, ok := v.(map[string]any); ok && isPeriod(o["period"]) {
				g.Periods = append(g.Periods, newPeriodView(k, o["period"].(map[string]any), theorem))
				rest := map[string]any{}
				for fk, fv := range o {
					if fk != "period" {
						rest[fk] = fv
					}
				}
				g.Findings = append(g.Findings, findingView{Name: k, Fields: fields("", rest)})
				continue
			}
			if s, ok := v.(string); ok {
				g.Findings = append(g.Findings, findingView{Name: k, Text: s})
				continue
			}
			if line, ok := censusSummary(k, v); ok && g.Name == censusGame {
				g.Summary = append(g.Summary, line)
			}
			g.Findings = append(g.Findings, findingView{Name: k, Fields: fields("", v)})
		}
	}
}

// censusSummary sums up the findings of a census family (census.Findings
// as the manifest records them) in a line: "octal: 63 games, 46 with a
// proven period (Guy–Smith), 17 without a proof". It reports false for
// another finding.
func censusSummary(family string, v any) (string, bool) {
	o, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	if _, ok := o["games"].(float64); !ok {
		return "", false
	}
	unproven, ok := o["unproven"].([]any)
	if !ok {
		return "", false
	}
	games := number(o, "games")
	line := fmt.Sprintf("%s: %s, %d with a proven period", family, count(games, "game"), games-int64(len(unproven)))
	if th, ok := o["theorems"].(map[string]any); ok {
		keys := make([]string, 0, len(th))
		for k := range th {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var names []string
		for _, k := range keys {
			if s, ok := th[k].(string); ok {
				names = append(names, s)
			}
		}
		if len(names) > 0 {
			line += " (" + strings.Join(names, "; ") + ")"
		}
	}
	return line + fmt.Sprintf(", %d without a proof", len(unproven)), true
}

// applicable drops the bounds of a part that did not run: the group of
// keys "PART.key" whose values are all zero or empty, such as a census's
// "subtraction.max 0" when it computed only octal codes.
func applicable(bounds []kv) []kv {
	live := map[string]bool{}
	for _, b := range bounds {
		if part, _, ok := strings.Cut(b.Key, "."); ok && !slices.Contains([]string{"0", "", "[]", "false", "null"}, b.Value) {
			live[part] = true
		}
	}
	var out []kv
	for _, b := range bounds {
		if part, _, ok := strings.Cut(b.Key, "."); !ok || live[part] {
			out = append(out, b)
		}
	}
	return out
}

// fields flattens a JSON value into named values, nested keys joined by a
// dot; a number beyond 2^53 is taken from its "_string" twin (see
// output.SafeIntegers).
func fields(prefix string, v any) []kv {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			if _, twin := t[strings.TrimSuffix(k, "_string")]; strings.HasSuffix(k, "_string") && twin {
				continue
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var out []kv
		for _, k := range keys {
			name := k
			if prefix != "" {
				name = prefix + "." + k
			}
			val := t[k]
			if s, ok := t[k+"_string"].(string); ok {
				val = s
			}
			out = append(out, fields(name, val)...)
		}
		return out
	case nil:
		if prefix == "" {
			return nil
		}
		return []kv{{prefix, "null"}}
	case []any:
		if s, ok := gameList(t); ok {
			return []kv{{prefix, s}}
		}
	}
	return []kv{{prefix, text(v)}}
}

// gameList writes a list of games as a census's findings give them
// ("unproven": each game with its values, the period its values show and
// whether the time bound stopped it) as a line to read: "2 games: 0.04
// (4096 values), 0.16 (4096 values, period 3 seen, time bound)". It
// reports false for a list of anything else.
func gameList(list []any) (string, bool) {
	parts := make([]string, 0, len(list))
	for _, item := range list {
		o, ok := item.(map[string]any)
		if !ok {
			return "", false
		}
		game, ok := o["game"].(string)
		if !ok {
			return "", false
		}
		var notes []string
		if _, ok := o["values"]; ok {
			notes = append(notes, count(number(o, "values"), "value"))
		}
		if _, ok := o["period_seen"]; ok {
			notes = append(notes, fmt.Sprintf("period %d seen", number(o, "period_seen")))
		}
		if b, _ := o["timed_out"].(bool); b {
			notes = append(notes, "time bound")
		}
		if len(notes) > 0 {
			game += " (" + strings.Join(notes, ", ") + ")"
		}
		parts = append(parts, game)
	}
	if len(parts) == 0 {
		return "none", true
	}
	return count(int64(len(parts)), "game") + ": " + strings.Join(parts, ", "), true
}

// text renders a JSON value on one line.
func text(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(t)
	case nil:
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// byteSize writes a size for people.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// readFigures puts each figure inline: its PNG, else its SVG; a figure
// drawn only as PDF (or too large) is linked.
func (g *gameView) readFigures(r *reader, files []output.File) error {
	byName := map[string][]output.File{}
	var names []string
	for _, f := range files {
		ext := "." + f.Format
		if !slices.Contains(output.FigureFormats, f.Format) || !strings.HasSuffix(f.Path, ext) {
			continue
		}
		base := strings.TrimSuffix(f.Path, ext)
		if byName[base] == nil {
			names = append(names, base)
		}
		byName[base] = append(byName[base], f)
	}
	sort.Strings(names)
	for _, base := range names {
		fig := figure{Name: path.Base(base)}
		var inline *output.File
		for _, format := range []string{"png", "svg"} {
			if i := slices.IndexFunc(byName[base], func(f output.File) bool { return f.Format == format }); i >= 0 && inline == nil {
				inline = &byName[base][i]
			}
		}
		if inline != nil && inline.Bytes <= FigureLimit {
			data, err := r.bytes(inline.Path, FigureLimit)
			if err != nil {
				return err
			}
			mime := "image/png"
			if inline.Format == "svg" {
				mime = "image/svg+xml"
			}
			// The bytes are the run's own figure, checked against the
			// manifest, and base64 leaves nothing to escape: a safe URL.
			fig.Src = template.URL("data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data))
			if px, ok := printedWidth(data, inline.Format); ok {
				fig.PrintWidth = cssPixels(px)
			}
		} else if inline != nil {
			fig.Notes = fmt.Sprintf("%s is %s, too large to put in the page: open it from the link.", inline.Path, byteSize(inline.Bytes))
		}
		for _, f := range byName[base] {
			if inline == nil || fig.Src == "" || f.Path != inline.Path {
				fig.Also = append(fig.Also, newFileView(f))
			}
		}
		if fig.Src == "" && len(fig.Also) > 0 {
			fig.Href = fig.Also[0].Href
		}
		g.Figures = append(g.Figures, fig)
	}
	return nil
}
