package census

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// TestFiguresFitJournal draws every census figure of an octal, a
// hexadecimal and a subtraction census at a journal column's size (8.5 x 6
// cm, 8 pt, as README suggests) and at the default one, and checks the
// layout with the fonts' metrics (plots.Settings.LayoutOf): every string
// on the canvas, no two strings overlapping (the behaviour chart's labels
// did, and the period-preperiod scatter's legend covered its points'
// labels), and no string over a bar or a marker (the legend covered the
// points).
func TestFiguresFitJournal(t *testing.T) {
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{
		Octal:       configs.CensusOctal{Digits: 2, Prefixes: []string{"0", "4"}, Max: 1024},
		Takebreak:   configs.CensusTakebreak{Digits: 2, Max: 160},
		Subtraction: configs.CensusSubtraction{MaxElement: 5, Max: 400},
	}
	if _, err := RunCensus(context.Background(), cfg, out, Options{}); err != nil {
		t.Fatal(err)
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	journal := plots.DefaultSettings()
	journal.Width, journal.Height, journal.FontSize = 8.5*vg.Centimeter, 6*vg.Centimeter, 8
	for _, k := range []kind{octalKind, takebreakKind, subtractionKind} {
		pts, err := readPoints(out, m, k)
		if err != nil {
			t.Fatal(err)
		}
		// The proven-share curve ends at the share the CSV proves, either
		// way (proven or arithmetic_proven), as every output counts them.
		col, rows := readCSVFile(t, filepath.Join(out, "census", k.name+".csv"))
		proven := 0
		for _, row := range rows {
			if row[col["proven"]] == "true" || (k.behaviour && row[col["arithmetic_proven"]] == "true") {
				proven++
			}
		}
		xys, n := shareCurve(pts, 20, func(point) bool { return true })
		if got, want := xys[len(xys)-1].Y, float64(proven)/float64(len(rows)); n != len(rows) || got != want {
			t.Errorf("%s: the proven share ends at %v of %d games, the CSV proves %v of %d", k.name, got, n, want, len(rows))
		}
		for _, f := range figures(k, pts) {
			p, err := f.draw()
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			for _, s := range []plots.Settings{journal, plots.DefaultSettings()} {
				lay, err := s.LayoutOf(p)
				if err != nil {
					t.Fatal(err)
				}
				checkLayout(t, f.name+" at "+cmOf(s), lay)
			}
		}
	}
}

// cmOf writes a figure's size.
func cmOf(s plots.Settings) string {
	return fmt.Sprintf("%.3gx%.3g cm", float64(s.Width/vg.Centimeter), float64(s.Height/vg.Centimeter))
}

// checkLayout fails t for a string off the canvas, two strings that
// overlap, or a string over a mark, by more than half a point, and for a
// data area less than 60% of the canvas's width or 40% of its height (the
// text crowding the data out, or the data left in a corner).
func checkLayout(t *testing.T, name string, lay plots.Layout) {
	t.Helper()
	const tol = vg.Length(0.5)
	if d := lay.Data.Size(); d.X < 0.6*lay.Size.X || d.Y < 0.4*lay.Size.Y {
		t.Errorf("%s: the data area is %.0f x %.0f pt of %.0f x %.0f", name, d.X.Points(), d.Y.Points(), lay.Size.X.Points(), lay.Size.Y.Points())
	}
	for i, a := range lay.Texts {
		b := a.Box
		if b.Min.X < -tol || b.Min.Y < -tol || b.Max.X > lay.Size.X+tol || b.Max.Y > lay.Size.Y+tol {
			t.Errorf("%s: %q leaves the canvas: %v of %v", name, a.Text, b, lay.Size)
		}
		for _, o := range lay.Texts[i+1:] {
			if plots.Overlaps(b, o.Box, tol) {
				t.Errorf("%s: %q overlaps %q", name, a.Text, o.Text)
			}
		}
		for _, m := range lay.Marks {
			if plots.Overlaps(b, m, tol) {
				t.Errorf("%s: %q lies over a mark at %v", name, a.Text, m)
			}
		}
	}
}

// ReadCSV is exported to the census_test package only (a _test file).
var ReadCSV = readCSVFile

// readCSVFile reads a CSV file: its columns by name and its rows.
func readCSVFile(t *testing.T, path string) (map[string]int, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	return col, recs[1:]
}
