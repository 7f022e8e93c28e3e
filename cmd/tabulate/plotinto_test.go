package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// everyFile returns the sha256 of every file under dir, the manifest, the
// lock and the report included: what "nothing written" compares.
func everyFile(t *testing.T, dir string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			_, sum, _ := output.FileSHA256(path)
			rel, _ := filepath.Rel(dir, path)
			sums[filepath.ToSlash(rel)] = sum
		}
		return nil
	})
	return sums
}

// sameFiles reports the first difference between two snapshots.
func sameFiles(a, b map[string]string) string {
	for p, s := range a {
		if b[p] != s {
			return p + " changed or removed"
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			return p + " added"
		}
	}
	return ""
}

const plotIntoRun = "formats: [parquet]\nplots: [png]\ngames: [nim, kayles]\nnim: {max_piles: 2, max_pile: 5}\noctal:\n  kayles: {code: \"0.77\", max: 300}\n"

// TestPlotInto draws variants of a run's figures into folders of their
// own: each lists its figures in its manifest, the run's folder is not
// written, and two variants coexist.
func TestPlotInto(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	cfg := writeConfig(t, plotIntoRun)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	before := everyFile(t, out)

	// With the run's settings, the figures drawn into DIR are the run's,
	// byte for byte.
	same := filepath.Join(root, "same")
	if code, stdout, stderr := runTabulate(t, "plot", out, "--into", same, "--config", cfg); code != 0 || !strings.Contains(stdout, "kayles/period.png") {
		t.Fatalf("plot --into: exit %d: %s%s", code, stdout, stderr)
	}
	ran := figureSums(t, out)
	got := figureSums(t, same)
	if len(got) != len(ran) {
		t.Errorf("drew %v, the run has %v", got, ran)
	}
	for p, s := range ran {
		if got[p] != s {
			t.Errorf("%s drawn into DIR differs from the run's", p)
		}
	}
	checkManifestTrue(t, same, "plot --into")

	// A second variant beside it: PDF without titles.
	narrow := writeConfig(t, plotIntoRun+"figures: {width: 8.5cm, height: 6cm, titles: false}\n")
	paper := filepath.Join(root, "paper")
	if code, _, stderr := runTabulate(t, "plot", out, "--into", paper, "--config", narrow, "--plots", "pdf", "-q"); code != 0 {
		t.Fatalf("plot --into paper: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(paper, "kayles", "period.pdf")); err != nil {
		t.Error(err)
	}
	if d := sameFiles(got, figureSums(t, same)); d != "" {
		t.Errorf("the first variant was touched: %s", d)
	}
	if d := sameFiles(before, everyFile(t, out)); d != "" {
		t.Errorf("plot --into wrote in OUT: %s", d)
	}
	m := checkManifestTrue(t, paper, "plot --into paper")
	if m == nil || m.Status != output.StatusComplete || len(m.Files) != len(ran) || m.Games["kayles"] == nil {
		t.Errorf("DIR's manifest: %+v; want complete, %d PDFs, kayles's bounds", m, len(ran))
	}

	// The same DIR again: its figures are replaced, nothing else.
	if code, _, stderr := runTabulate(t, "plot", out, "--into", paper, "--config", narrow, "--plots", "pdf,png", "-q"); code != 0 {
		t.Fatalf("plot --into paper again: exit %d: %s", code, stderr)
	}
	if m := checkManifestTrue(t, paper, "again"); m == nil || len(m.Files) != 2*len(ran) {
		t.Errorf("after a second plot, DIR lists %v; want %d figures", m, 2*len(ran))
	}

	// DIR may be a link the user chose to a real folder, as OUT may.
	real := filepath.Join(root, "real")
	os.Mkdir(real, 0o755)
	link := filepath.Join(root, "link")
	if os.Symlink(real, link) == nil {
		if code, _, stderr := runTabulate(t, "plot", out, "--into", link, "-q"); code != 0 {
			t.Errorf("--into a link to a folder: exit %d: %s", code, stderr)
		} else if _, err := os.Stat(filepath.Join(real, "kayles", "period.png")); err != nil {
			t.Error(err)
		}
	}
}

// TestPlotIntoHostile gives --into folders it must refuse, each with exit
// status 2 before anything is written, and plants links below DIR that it
// must not follow.
func TestPlotIntoHostile(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	cfg := writeConfig(t, plotIntoRun)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	other := filepath.Join(root, "other")
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--only", "nim", "--out", other, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	victim := filepath.Join(root, "victim")
	os.Mkdir(victim, 0o755)
	os.WriteFile(filepath.Join(victim, "period.png"), []byte("not yours"), 0o644)
	before, otherBefore, victimBefore := everyFile(t, out), everyFile(t, other), everyFile(t, victim)
	file := filepath.Join(root, "file")
	os.WriteFile(file, []byte("a file"), 0o644)
	dangling := filepath.Join(root, "dangling")
	os.Symlink(filepath.Join(root, "nowhere"), dangling)
	toOut := filepath.Join(root, "to-out")
	os.Symlink(out, toOut)

	for _, tc := range []struct{ name, into, want string }{
		{"OUT itself", out, "is the output folder"},
		{"OUT through a link", toOut, "is the output folder"},
		{"inside OUT", filepath.Join(out, "figures"), "is inside the output folder"},
		{"inside OUT, new folders", filepath.Join(out, "a", "b"), "is inside the output folder"},
		{"holding OUT", root, "holds the output folder"},
		{"a run's folder", other, "holds the tables of a run"},
		{"a file", file, "is not a folder"},
		{"a dangling link", dangling, "does not exist"},
	} {
		code, _, stderr := runTabulate(t, "plot", out, "--into", tc.into, "-q")
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", tc.name, code, stderr, tc.want)
		}
	}
	if _, err := os.Lstat(filepath.Join(out, "figures")); err == nil {
		t.Error("a refused --into inside OUT was created")
	}
	if _, err := os.Lstat(filepath.Join(root, "nowhere")); err == nil {
		t.Error("the target of a dangling --into was created")
	}

	// Links planted below DIR: a game's folder that is a link is refused,
	// never written through; a figure that is a link is replaced by the
	// figure (the link itself, not what it points to).
	dir := filepath.Join(root, "dir")
	os.MkdirAll(dir, 0o755)
	if os.Symlink(victim, filepath.Join(dir, "kayles")) == nil {
		code, _, stderr := runTabulate(t, "plot", out, "--into", dir, "-q")
		if code != 2 || !strings.Contains(stderr, "symbolic link") {
			t.Errorf("DIR/kayles a link: exit %d, %s; want 2 naming the link", code, stderr)
		}
		os.Remove(filepath.Join(dir, "kayles"))
		os.Mkdir(filepath.Join(dir, "kayles"), 0o755)
		os.Symlink(filepath.Join(victim, "period.png"), filepath.Join(dir, "kayles", "period.png"))
		if code, _, stderr := runTabulate(t, "plot", out, "--into", dir, "-q"); code != 0 {
			t.Errorf("DIR/kayles/period.png a link: exit %d, %s", code, stderr)
		}
		if info, err := os.Lstat(filepath.Join(dir, "kayles", "period.png")); err != nil || !info.Mode().IsRegular() {
			t.Errorf("DIR/kayles/period.png is not the figure: %v", err)
		}
		os.Symlink(filepath.Join(victim, "lock"), filepath.Join(root, "locked"))
		lockDir := filepath.Join(root, "lockdir")
		os.Mkdir(lockDir, 0o755)
		os.Symlink(filepath.Join(victim, "lock"), filepath.Join(lockDir, output.LockName))
		if code, _, stderr := runTabulate(t, "plot", out, "--into", lockDir, "-q"); code != 2 {
			t.Errorf("DIR's lock a link: exit %d, %s; want 2", code, stderr)
		}
	}
	if d := sameFiles(victimBefore, everyFile(t, victim)); d != "" {
		t.Errorf("written through a planted link: %s", d)
	}
	if d := sameFiles(before, everyFile(t, out)); d != "" {
		t.Errorf("OUT was written: %s", d)
	}
	if d := sameFiles(otherBefore, everyFile(t, other)); d != "" {
		t.Errorf("the other run's folder was written: %s", d)
	}
}

// TestRunKeepsFigures: a rerun that draws no figures (--plots none), or
// other formats, removes none of the earlier ones: they stay, listed
// with their sha256 (run --only kayles --plots none deleted the PDFs).
func TestRunKeepsFigures(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, plotIntoRun)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "--plots", "pdf", "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	pdfs := figureSums(t, out)
	if pdfs["kayles/period.pdf"] == "" || pdfs["nim/nim_sum.pdf"] == "" {
		t.Fatalf("figures of the first run: %v", pdfs)
	}
	for _, plots := range []string{"none", "png"} {
		if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "--only", "kayles", "--plots", plots, "-q"); code != 0 {
			t.Fatalf("rerun --plots %s: exit %d: %s", plots, code, stderr)
		}
		after := figureSums(t, out)
		for p, s := range pdfs {
			if after[p] != s {
				t.Errorf("--plots %s: %s, which the rerun did not replace, is gone or changed", plots, p)
			}
		}
		listed := listedSums(checkManifestTrue(t, out, "rerun --plots "+plots))
		for p, s := range pdfs {
			if listed[p] != s {
				t.Errorf("--plots %s: %s is not listed", plots, p)
			}
		}
	}
}

const plotCensus = "formats: [parquet, csv]\nplots: [svg]\ncensus:\n  octal: {digits: 2, prefixes: [\"0\"], max: 2048}\n  subtraction: {max_element: 5, max: 1000}\n"

// TestPlotCensus draws the census figures again from the census tables:
// with the census's own settings they are its figures byte for byte (so
// the rows read back from census/FAMILY.csv are the rows it drew from);
// titles: false drops every title; a changed table is refused.
func TestPlotCensus(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "cen")
	cfg := writeConfig(t, plotCensus)
	if code, _, stderr := runTabulate(t, "census", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("census: exit %d: %s", code, stderr)
	}
	ran := figureSums(t, out)
	if len(ran) != 6 {
		t.Fatalf("census figures %v, want 3 per family", ran)
	}
	code, stdout, stderr := runTabulate(t, "plot", out, "--config", cfg)
	if code != 0 || strings.Contains(stdout, "skipped") {
		t.Fatalf("plot: exit %d: %s%s", code, stdout, stderr)
	}
	if d := sameFiles(ran, figureSums(t, out)); d != "" {
		t.Errorf("redrawn with the census's settings: %s", d)
	}
	checkManifestTrue(t, out, "plot census")

	bare := filepath.Join(root, "bare")
	if code, _, stderr := runTabulate(t, "plot", out, "--into", bare, "--config", writeConfig(t, plotCensus+"figures: {titles: false}\n"), "-q"); code != 0 {
		t.Fatalf("plot --into: exit %d: %s", code, stderr)
	}
	for p := range ran {
		data, err := os.ReadFile(filepath.Join(bare, filepath.FromSlash(p)))
		if err != nil {
			t.Error(err)
			continue
		}
		if strings.Contains(string(data), "Census of") {
			t.Errorf("%s keeps its title under titles: false", p)
		}
		if full, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(p))); !strings.Contains(string(full), "Census of") {
			t.Errorf("%s of the census has no title: the test checks nothing", p)
		}
	}

	// A census written without CSV: its figures are listed as skipped,
	// with the reason, and the command succeeds.
	pq := filepath.Join(root, "parquet-only")
	pqCfg := writeConfig(t, strings.Replace(plotCensus, "formats: [parquet, csv]", "formats: [parquet]", 1))
	if code, _, stderr := runTabulate(t, "census", "--config", pqCfg, "--out", pq, "-q"); code != 0 {
		t.Fatalf("census: exit %d: %s", code, stderr)
	}
	code, stdout, stderr = runTabulate(t, "plot", pq, "--into", filepath.Join(root, "pq-figs"))
	if code != 0 || !strings.Contains(stdout, "skipped: census/octal: its figures are drawn from census/octal.csv, which the run did not write") {
		t.Errorf("census without csv: exit %d: %s%s", code, stdout, stderr)
	}

	// A census table changed since the census: refused, nothing drawn.
	p := filepath.Join(out, "census", "octal.csv")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(data), "true", "fals", 1)), 0o644)
	again := filepath.Join(root, "again")
	code, _, stderr = runTabulate(t, "plot", out, "--into", again, "-q")
	if code == 0 || !strings.Contains(stderr, "does not match the sha256 in the manifest") {
		t.Errorf("tampered census table: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(again, "census", "octal-period-preperiod.png")); err == nil {
		t.Error("a figure was drawn from a tampered table")
	}
}
