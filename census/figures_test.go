package census

import (
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"gonum.org/v1/plot/plotter"
)

// TestFigurePoints checks what the census figures draw against the census
// table read back as plain CSV (whose rows TestSmallCensus checks against
// the oracle): the scatter has every proven code once, at its preperiod+1
// and period, its markers counting the codes there; the outliers it labels
// include 0.45 (the outlier the issue names) and the first code of the
// longest preperiod (498, of 0.45 and 0.47, in this census); the share
// curve is the plain count of codes proven from at most 2^k values; and
// the points read back from the CSV (Redraw) are the points of the rows.
func TestFigurePoints(t *testing.T) {
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{Octal: configs.CensusOctal{Digits: 2, Prefixes: []string{"0", "4"}, Max: 4096}}
	if _, err := RunCensus(context.Background(), cfg, out, Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(out, "census", "octal.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	num := func(rec []string, c string) int64 {
		v, _ := strconv.ParseInt(rec[col[c]], 10, 64)
		return v
	}

	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	pts, err := readPoints(out, m, octalKind)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != len(recs)-1 {
		t.Fatalf("%d points from %d rows", len(pts), len(recs)-1)
	}

	// The scatter: each proven code once, where its row puts it.
	ss := spots(pts, func(r point) (float64, float64) { return float64(r.preperiod + 1), float64(r.period) })
	at := map[string][2]float64{}
	for _, s := range ss {
		for _, name := range s.names {
			if _, twice := at[name]; twice {
				t.Errorf("%s drawn twice", name)
			}
			at[name] = [2]float64{s.x, s.y}
		}
	}
	proven, longest := 0, []string{""}
	var longestPre int64 = -1
	for _, rec := range recs[1:] {
		code := rec[col["code"]]
		if rec[col["proven"]] != "true" {
			if _, ok := at[code]; ok {
				t.Errorf("%s, not proven, is drawn", code)
			}
			continue
		}
		proven++
		want := [2]float64{float64(num(rec, "preperiod") + 1), float64(num(rec, "period"))}
		if at[code] != want {
			t.Errorf("%s drawn at %v, its row says %v", code, at[code], want)
		}
		if pre := num(rec, "preperiod"); pre > longestPre {
			longestPre, longest = pre, []string{code}
		} else if pre == longestPre {
			longest = append(longest, code)
		}
	}
	if len(at) != proven {
		t.Errorf("%d codes drawn, %d proven", len(at), proven)
	}
	var labelled []string
	for _, s := range outliers(ss, true) {
		labelled = append(labelled, s.names...)
	}
	if !slices.Contains(labelled, "0.45") || !slices.Contains(labelled, longest[0]) {
		t.Errorf("labelled %v; want 0.45 and %v (longest preperiod %d)", labelled, longest, longestPre)
	}

	// The share curve, counted plainly.
	top := 12 // 4096 values
	xys, n := shareCurve(pts, top, func(point) bool { return true })
	if n != len(recs)-1 {
		t.Errorf("curve over %d games, want %d", n, len(recs)-1)
	}
	for _, xy := range xys {
		k := int(xy.X)
		count := 0
		for _, rec := range recs[1:] {
			if rec[col["proven"]] == "true" && num(rec, "values") <= 1<<k {
				count++
			}
		}
		if want := float64(count) / float64(n); math.Abs(xy.Y-want) > 1e-12 {
			t.Errorf("share proven by 2^%d values %v, want %d/%d", k, xy.Y, count, n)
		}
	}
	if last := xys[len(xys)-1]; last.X != float64(top) || math.Abs(last.Y-float64(proven)/float64(n)) > 1e-12 {
		t.Errorf("curve ends at %v, want (%d, %d/%d)", last, top, proven, n)
	}
}

// TestProvenShareOneCheckpoint: when every proof comes at one checkpoint
// (here all 12 games proven from 2^10 values, which is also the last), the
// share curve still rises there: it starts at share 0 one checkpoint
// before and, drawn, runs on at share 1 to the plot's edge (it was one
// point, which a step line does not draw).
func TestProvenShareOneCheckpoint(t *testing.T) {
	var pts []point
	for i := range 12 {
		pts = append(pts, point{name: fmt.Sprint(i), size: 2, found: true, proven: true, period: 2, values: 1024})
	}
	xys, n := shareCurve(pts, 10, func(point) bool { return true })
	want := plotter.XYs{{X: 9, Y: 0}, {X: 10, Y: 1}}
	if n != 12 || !slices.Equal(xys, want) {
		t.Errorf("curve %v of %d games, want %v of 12", xys, n, want)
	}
	if got := toEdge(xys, 10); len(got) != 3 || got[2] != (plotter.XY{X: 10.5, Y: 1}) {
		t.Errorf("drawn %v, want it to reach (10.5, 1)", got)
	}
	if _, err := provenShare(kindOf("octal"), pts); err != nil {
		t.Fatal(err)
	}
}
