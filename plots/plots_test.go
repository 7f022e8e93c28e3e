package plots

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/analysis"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// figures builds every figure from small fixed inputs computed by the plain
// oracles in oracle_test.go.
func figures(t testing.TB) map[string]*plot.Plot {
	t.Helper()
	must := func(p *plot.Plot, err error) *plot.Plot {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	sq := squares(25000)
	dk := dawsonKayles(300)
	per := analysis.FindPeriod(dk)
	proof := analysis.ProveOctal(dk, per, 2)
	var losing []int64
	for n, v := range sq {
		if v == 0 {
			losing = append(losing, int64(n))
		}
	}
	xs, counts := analysis.CountCurve(losing, int64(len(sq)-1), 30)
	fit, err := analysis.FitPowerLaw(xs[8:], counts[8:])
	if err != nil {
		t.Fatal(err)
	}
	lengths, wins, boards := flipCounts(14)
	k4 := extend(kayles(200), 12, 10000)
	dk5 := extend(dk, 34, 100000)
	return map[string]*plot.Plot{
		"grundy_scatter":         must(GrundyScatter("Take-a-square, n ≤ 300", "pile size n", sq[:301])),
		"grundy_scatter_buckets": must(GrundyScatter("Take-a-square, n ≤ 25000", "pile size n", sq)),
		"period_raster":          must(PeriodRaster("Dawson's Kayles (0.07), n ≤ 300", dk, per, proof.Proven)),
		"grundy_scatter_kayles":  must(GrundyScatter("Kayles (0.77), n ≤ 10^4", "heap size n", k4)),
		"period_raster_kayles":   must(PeriodRaster("Kayles (0.77), n ≤ 10^4", k4, analysis.FindPeriod(k4), true)),
		"period_raster_broken":   must(PeriodRaster("Dawson's Kayles (0.07), n ≤ 10^5", dk5, analysis.FindPeriod(dk5), true)),
		"power_law_growth":       must(PowerLawGrowth("Take-a-square losing positions", xs, counts, fit)),
		"win_fraction":           must(WinFraction("Flip Game II boards", lengths, wins, boards)),
		"outcome_heatmap":        must(OutcomeHeatmap("Can I Win, M ≤ 8, T ≤ 40", 8, 40, canIWin)),
		"nim_sum_heatmap":        must(NimSumHeatmap("Two-pile Nim", 7)),
	}
}

// goldenCase is one golden file: figure name drawn as format with settings,
// kept as testdata/<file>.
type goldenCase struct {
	file, name, format string
	settings           Settings
}

// TestGolden compares each figure, as PNG, with testdata/<name>.png, one
// figure as SVG and one as PDF, and one drawn at a journal column's settings
// (8.5 cm x 6 cm, 7 pt, no title). Run with -update to rewrite the goldens
// after a deliberate change, and look at them before committing.
func TestGolden(t *testing.T) {
	figs := figures(t)
	column := DefaultSettings()
	column.Width, column.Height, column.FontSize, column.Titles = 8.5*vg.Centimeter, 6*vg.Centimeter, 7, false
	cases := []goldenCase{
		{"win_fraction.svg", "win_fraction", "svg", DefaultSettings()},
		{"win_fraction.pdf", "win_fraction", "pdf", DefaultSettings()},
		{"period_raster_column.png", "period_raster", "png", column},
		{"period_raster_broken_column.png", "period_raster_broken", "png", column},
		{"power_law_growth_column.svg", "power_law_growth", "svg", column},
		{"power_law_growth_column.pdf", "power_law_growth", "pdf", column},
		{"outcome_heatmap_column.png", "outcome_heatmap", "png", column},
	}
	for name := range figs {
		cases = append(cases, goldenCase{name + ".png", name, "png", DefaultSettings()})
	}
	for _, c := range cases {
		file := c.file
		t.Run(file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := c.settings.Write(figs[c.name], &buf, c.format); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", file)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			// Identical bytes are the common case; otherwise allow for the
			// small anti-aliasing differences between platforms.
			ok := bytes.Equal(buf.Bytes(), want)
			if !ok {
				ok, err = sameFigure(c.format, buf.Bytes(), want, 0.05)
				if err != nil {
					t.Fatal(err)
				}
			}
			if !ok {
				got := filepath.Join(t.ArtifactDir(), file)
				if err := os.WriteFile(got, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s differs from %s: got %s (kept with -artifacts), want the golden", file, path, got)
			}
		})
	}
}

// TestDeterministic checks that the same plot drawn twice, in either order of
// formats, gives the same bytes, for the figures drawn by this package's own
// plotters.
func TestDeterministic(t *testing.T) {
	figs := figures(t)
	for _, name := range []string{"grundy_scatter", "period_raster", "power_law_growth"} {
		p := figs[name]
		t.Run(name, func(t *testing.T) {
			out := map[string][]string{}
			for _, f := range []string{"svg", "png", "svg", "png"} {
				var buf bytes.Buffer
				if err := Write(p, &buf, f); err != nil {
					t.Fatal(err)
				}
				out[f] = append(out[f], buf.String())
			}
			for f, o := range out {
				if o[0] != o[1] {
					t.Errorf("%s: got different bytes on the second draw, want the same", f)
				}
			}
		})
	}
}

// TestDefaultSizesStaySmall renders the figures at the default bounds of the
// tool (100001 take-a-square values, 1001 flip run values, a 20 x 301 Can I
// Win grid, Nim piles up to 7) and checks that each SVG stays small: under
// 1 MB (they are tens of kB: the font is named, not embedded).
func TestDefaultSizesStaySmall(t *testing.T) {
	sq := make([]int32, 100001) // a stand-in with the same spread
	for n := range sq {
		sq[n] = int32(n*7919%97) % int32(1+n/1500)
	}
	dk := dawsonKayles(1000)
	per := analysis.FindPeriod(dk)
	outcome := func(m, t int) int {
		switch {
		case t <= m:
			return FirstPlayerWins
		case m*(m+1)/2 < t:
			return Unreachable
		case (t*31+m*17)%5 == 0:
			return SecondPlayerWins
		}
		return FirstPlayerWins
	}
	build := map[string]func() (*plot.Plot, error){
		"squares scatter": func() (*plot.Plot, error) { return GrundyScatter("squares", "n", sq) },
		"flip scatter":    func() (*plot.Plot, error) { return GrundyScatter("flip", "n", dk) },
		"flip raster":     func() (*plot.Plot, error) { return PeriodRaster("flip", dk, per, true) },
		"caniwin":         func() (*plot.Plot, error) { return OutcomeHeatmap("caniwin", 20, 300, outcome) },
		"nim":             func() (*plot.Plot, error) { return NimSumHeatmap("nim", 7) },
	}
	for name, f := range build {
		t.Run(name, func(t *testing.T) {
			p, err := f()
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := Write(p, &buf, "svg"); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > 1<<20 {
				t.Errorf("got %d bytes of SVG, want at most 1 MB", buf.Len())
			}
		})
	}
}

// writeAll writes p in every format, one after the other.
func writeAll(p *plot.Plot, w io.Writer) error {
	for _, f := range Formats {
		if err := Write(p, w, f); err != nil {
			return err
		}
	}
	return nil
}

// TestConcurrentWrite draws figures from several goroutines at once, as the
// tool's worker pool does, in every format (the PDF writer keeps global
// font caches); run with -race.
func TestConcurrentWrite(t *testing.T) {
	dk := dawsonKayles(200)
	per := analysis.FindPeriod(dk)
	want := make([]string, 2)
	got := make([][]string, 4)
	build := func(i int) (*plot.Plot, error) {
		if i%2 == 0 {
			return NimSumHeatmap("nim", 5)
		}
		return PeriodRaster("flip", dk, per, true)
	}
	for i := range want {
		p, err := build(i)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := writeAll(p, &buf); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.String()
	}
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			for i := range 4 {
				p, err := build(i)
				if err != nil {
					t.Error(err)
					return
				}
				var buf bytes.Buffer
				if err := writeAll(p, &buf); err != nil {
					t.Error(err)
					return
				}
				got[g] = append(got[g], buf.String())
			}
		})
	}
	wg.Wait()
	for g := range got {
		for i, s := range got[g] {
			if s != want[i%2] {
				t.Errorf("goroutine %d, figure %d: got different bytes, want the same as drawn alone", g, i)
			}
		}
	}
}

func TestWriteErrors(t *testing.T) {
	p, err := NimSumHeatmap("nim", 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("unknown format", func(t *testing.T) {
		if err := Write(p, &bytes.Buffer{}, "gif"); !errors.Is(err, ErrFormat) {
			t.Errorf("got %v, want ErrFormat", err)
		}
	})
	t.Run("nil plot", func(t *testing.T) {
		if err := Write(nil, &bytes.Buffer{}, "png"); err == nil {
			t.Errorf("got no error, want one")
		}
	})
	for _, f := range []string{"png", "svg"} {
		t.Run("failing writer "+f, func(t *testing.T) {
			err := Write(p, failingWriter{}, f)
			if !errors.Is(err, errDiskFull) {
				t.Errorf("got %v, want an error wrapping %v", err, errDiskFull)
			}
		})
	}
}

var errDiskFull = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errDiskFull }

func TestFigureErrors(t *testing.T) {
	tests := []struct {
		name string
		f    func() (*plot.Plot, error)
		want string
	}{
		{"scatter without values", func() (*plot.Plot, error) { return GrundyScatter("t", "n", nil) }, "no values"},
		{"raster without period", func() (*plot.Plot, error) {
			return PeriodRaster("t", []int32{1, 2, 3}, analysis.FindPeriod([]int32{1, 2, 3}), false)
		}, "no period"},
		{"raster without values", func() (*plot.Plot, error) {
			return PeriodRaster("t", nil, analysis.Period{Found: true, Period: 2}, false)
		}, "no values"},
		{"growth lengths differ", func() (*plot.Plot, error) {
			return PowerLawGrowth("t", []float64{1, 2}, []float64{1}, analysis.PowerFit{})
		}, "2 xs but 1 counts"},
		{"growth without positive points", func() (*plot.Plot, error) {
			return PowerLawGrowth("t", []float64{0, 1}, []float64{5, 0}, analysis.PowerFit{})
		}, "no point"},
		{"win fraction lengths differ", func() (*plot.Plot, error) {
			return WinFraction("t", []int32{1, 2}, []int64{0}, []int64{2, 4})
		}, "2 lengths, 1 first-player wins, 2 board counts"},
		{"win fraction empty", func() (*plot.Plot, error) { return WinFraction("t", nil, nil, nil) }, "no lengths"},
		{"win fraction too many wins", func() (*plot.Plot, error) {
			return WinFraction("t", []int32{3}, []int64{9}, []int64{8})
		}, "length 3 has 9 first-player wins of 8 boards"},
		{"win fraction no boards", func() (*plot.Plot, error) {
			return WinFraction("t", []int32{3}, []int64{0}, []int64{0})
		}, "of 0 boards"},
		{"outcome bad bounds", func() (*plot.Plot, error) {
			return OutcomeHeatmap("t", 0, 10, func(int, int) int { return 0 })
		}, "need maxM >= 1"},
		{"outcome bad value", func() (*plot.Plot, error) {
			return OutcomeHeatmap("t", 3, 10, func(m, t int) int { return m * t })
		}, "outcome(1, 3) = 3"},
		{"nim negative", func() (*plot.Plot, error) { return NimSumHeatmap("t", -1) }, "maxPile >= 0"},
		{"row offsets without rows", func() (*plot.Plot, error) { return RowOffsets("t", nil) }, "0 rows (allowed: 1 to 8)"},
		{"row offsets too many rows", func() (*plot.Plot, error) { return RowOffsets("t", make([][]int32, 9)) }, "9 rows"},
		{"row offsets empty row", func() (*plot.Plot, error) { return RowOffsets("t", [][]int32{{0}, {}}) }, "row 1 is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %v, want one containing %q", err, tt.want)
			}
		})
	}
	t.Run("raster error is ErrNoPeriod", func(t *testing.T) {
		_, err := PeriodRaster("t", []int32{1}, analysis.Period{}, false)
		if !errors.Is(err, ErrNoPeriod) {
			t.Errorf("got %v, want ErrNoPeriod", err)
		}
	})
}

func TestPeriodRasterTitle(t *testing.T) {
	dk := dawsonKayles(200)
	per := analysis.FindPeriod(dk)
	tests := []struct {
		proven bool
		want   string
	}{
		{true, "Flip runs\nperiod 34, preperiod 53: proven for all n"},
		{false, "Flip runs\nperiod 34, preperiod 53: seen in 201 values, not proven"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.proven), func(t *testing.T) {
			p, err := PeriodRaster("Flip runs", dk, per, tt.proven)
			if err != nil {
				t.Fatal(err)
			}
			if p.Title.Text != tt.want {
				t.Errorf("got title %q, want %q", p.Title.Text, tt.want)
			}
		})
	}
}

func TestCountValues(t *testing.T) {
	tests := []struct {
		name        string
		values      []int32
		width, vbin int
		counts      string
		sizes       string
	}{
		{"even", []int32{1, 3, 0, 2}, 2, 1, "[[0 1 0 1] [1 0 1 0]]", "[2 2]"},
		{"short tail joins", []int32{1, 3, 0, 2, 9}, 4, 5, "[[4 1]]", "[5]"},
		{"long tail stays", []int32{1, 3, 0, 2, 9, 9, 9}, 4, 2, "[[2 2 0 0 0] [0 0 0 0 3]]", "[4 3]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := countValues(tt.values, tt.width, tt.vbin)
			if got := fmt.Sprint(f.counts); got != tt.counts {
				t.Errorf("counts: got %s, want %s", got, tt.counts)
			}
			if got := fmt.Sprint(f.sizes); got != tt.sizes {
				t.Errorf("sizes: got %s, want %s", got, tt.sizes)
			}
		})
	}
}

// TestCountValuesTakeASquare checks the counts of take-a-square's values
// against counting n by n, and that the map keeps its rare zeros: every
// losing position n (g(n) = 0) lands in a non-empty cell of row 0.
func TestCountValuesTakeASquare(t *testing.T) {
	sq := squares(25000)
	width := niceStep(float64(len(sq)) / ScatterBuckets)
	f := countValues(sq, width, 1)
	start := 0
	for b, c := range f.counts {
		for v := range c {
			want := 0
			for n := start; n < start+f.sizes[b]; n++ {
				if int(sq[n]) == v {
					want++
				}
			}
			if int(c[v]) != want {
				t.Fatalf("bucket %d, value %d: got %d, want %d", b, v, c[v], want)
			}
		}
		start += f.sizes[b]
	}
	if start != len(sq) {
		t.Errorf("buckets hold %d values, want %d", start, len(sq))
	}
}

func TestShareClass(t *testing.T) {
	for _, tt := range []struct {
		share float64
		want  int
	}{{0.0001, 0}, {0.002, 1}, {0.003, 1}, {0.009, 2}, {0.05, 5}, {0.3, 7}, {0.5, 8}, {1, 8}} {
		if got := shareClass(tt.share); got != tt.want {
			t.Errorf("shareClass(%g): got %d, want %d", tt.share, got, tt.want)
		}
	}
}

func TestCellGridRects(t *testing.T) {
	dk := dawsonKayles(1000)
	tests := []struct {
		name       string
		cols, rows int
		class      func(c, r int) int
		maxRects   int
	}{
		{"checkerboard", 5, 4, func(c, r int) int { return (c + r) % 2 }, 20},
		{"one class", 7, 3, func(int, int) int { return 0 }, 1},
		{"with holes", 6, 6, func(c, r int) int {
			if c == r {
				return -1
			}
			return c / 3
		}, 36},
		{"periodic raster", 34, 30, func(c, r int) int {
			if n := r*34 + c; n < len(dk) {
				return int(dk[n])
			}
			return -1
		}, 80},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &cellGrid{cols: tt.cols, rows: tt.rows, class: tt.class}
			cover := make([]int, tt.cols*tt.rows)
			rects := g.rects()
			for _, q := range rects {
				for r := q.r0; r < q.r1; r++ {
					for c := q.c0; c < q.c1; c++ {
						cover[r*tt.cols+c]++
						if k := tt.class(c, r); k != q.class {
							t.Errorf("cell (%d, %d): got class %d, want %d", c, r, q.class, k)
						}
					}
				}
			}
			for r := range tt.rows {
				for c := range tt.cols {
					want := 1
					if tt.class(c, r) < 0 {
						want = 0
					}
					if got := cover[r*tt.cols+c]; got != want {
						t.Errorf("cell (%d, %d): covered %d times, want %d", c, r, got, want)
					}
				}
			}
			if len(rects) > tt.maxRects {
				t.Errorf("got %d rectangles, want at most %d", len(rects), tt.maxRects)
			}
		})
	}
}

func TestValueColors(t *testing.T) {
	tests := []struct {
		name       string
		values     []int32
		sequential bool
		labels     string
		classOf7   int
	}{
		{"few values, qualitative", []int32{0, 3, 7}, false, "[0 1 2 3 4 5 6 7]", 7},
		{"few values, sequential", []int32{7, 0}, true, "[0 1 2 3 4 5 6 7]", 7},
		{"banded", []int32{0, 31}, false, "[0 to 3 4 to 7 8 to 11 12 to 15 16 to 19 20 to 23 24 to 27 28 to 31]", 1},
		{"last band short", []int32{10}, true, "[0 to 1 2 to 3 4 to 5 6 to 7 8 to 9 10]", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			classOf, entries := valueColors(tt.values, tt.sequential, "")
			var labels []string
			for _, e := range entries {
				labels = append(labels, e.label)
			}
			if got := fmt.Sprint(labels); got != tt.labels {
				t.Errorf("labels: got %s, want %s", got, tt.labels)
			}
			if got := classOf(7); got != tt.classOf7 {
				t.Errorf("class of 7: got %d, want %d", got, tt.classOf7)
			}
		})
	}
}

// BenchmarkDefaultFigures renders the six figures at the tool's default
// bounds in both formats, as one run of the tool draws them.
func BenchmarkDefaultFigures(b *testing.B) {
	sq := squares(100000)
	dk := dawsonKayles(1000)
	per := analysis.FindPeriod(dk)
	var losing []int64
	for n, v := range sq {
		if v == 0 {
			losing = append(losing, int64(n))
		}
	}
	xs, counts := analysis.CountCurve(losing, 100000, 60)
	fit, _ := analysis.FitPowerLaw(xs, counts)
	lengths, wins, boards := flipCounts(12)
	outcome := func(m, t int) int {
		if t <= m {
			return FirstPlayerWins
		}
		if m*(m+1)/2 < t {
			return Unreachable
		}
		return (m + t) % 2
	}
	for _, format := range Formats {
		b.Run(format, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ps := []func() (*plot.Plot, error){
					func() (*plot.Plot, error) { return GrundyScatter("squares", "n", sq) },
					func() (*plot.Plot, error) { return GrundyScatter("flip", "n", dk) },
					func() (*plot.Plot, error) { return PeriodRaster("flip", dk, per, true) },
					func() (*plot.Plot, error) { return PowerLawGrowth("growth", xs, counts, fit) },
					func() (*plot.Plot, error) { return WinFraction("wins", lengths, wins, boards) },
					func() (*plot.Plot, error) { return OutcomeHeatmap("caniwin", 20, 300, outcome) },
					func() (*plot.Plot, error) { return NimSumHeatmap("nim", 7) },
				}
				for _, f := range ps {
					p, err := f()
					if err != nil {
						b.Fatal(err)
					}
					if err := Write(p, &bytes.Buffer{}, format); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func TestPeriodRasterRejectsForeignPeriod(t *testing.T) {
	dk := dawsonKayles(300)
	k := kayles(300)
	// Kayles' period (12 from 71) does not hold in Dawson's Kayles.
	_, err := PeriodRaster("t", dk, analysis.FindPeriod(k), true)
	if !errors.Is(err, analysis.ErrNoStructure) {
		t.Errorf("got %v, want analysis.ErrNoStructure", err)
	}
}

func TestRowLayout(t *testing.T) {
	tests := []struct {
		name          string
		rows, n0, per int
		segs          string
		shown         int
	}{
		{"all rows", 30, 53, 34, "[[0 30]]", 30},
		{"short preperiod", 2942, 53, 34, "[[0 12] [2939 2942]]", 16},
		{"preperiod of 6 rows", 834, 71, 12, "[[0 12] [831 834]]", 16},
		{"preperiod of 30 rows", 500, 30*10 - 5, 10, "[[0 33] [497 500]]", 37},
		{"long preperiod", 2778, 326640, 144, "[[0 12] [2256 2271] [2775 2778]]", 32},
		{"long preperiod near the end", 2274, 326640, 144, "[[0 12] [2256 2274]]", 31},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newRowLayout(tt.rows, tt.n0, tt.per)
			if got := fmt.Sprint(l.segs); got != tt.segs || l.shown() != tt.shown {
				t.Fatalf("got %s (%d shown), want %s (%d)", got, l.shown(), tt.segs, tt.shown)
			}
			// Every display row maps to a drawn row and back; gaps map to none.
			drawn := 0
			for d := range l.shown() {
				r, ok := l.row(d)
				if !ok {
					continue
				}
				drawn++
				if back, ok := l.shownRow(r); !ok || back != d {
					t.Errorf("display %d -> row %d -> display %d, %v", d, r, back, ok)
				}
			}
			if drawn != l.shown()-(len(l.segs)-1) {
				t.Errorf("%d rows drawn, want %d", drawn, l.shown()-(len(l.segs)-1))
			}
			// The row where the period starts is always drawn.
			if _, ok := l.shownRow(tt.n0 / tt.per); !ok && tt.n0/tt.per < tt.rows {
				t.Errorf("row %d of n0 = %d is not drawn", tt.n0/tt.per, tt.n0)
			}
		})
	}
}

// TestBucketWidth checks the buckets of the value-frequency map: a round
// width, or for a known period the least multiple of it at least that wide
// (0.137's period 34 over 10^4 values: 68, not 50).
func TestBucketWidth(t *testing.T) {
	for _, tc := range []struct{ count, period, want int }{
		{10000, 0, 50},
		{10000, 34, 68},
		{100000, 34, 510},
		{100000, 12, 504},
		{10000, 50, 50},
		{10000, 2000, 50}, // a period over a tenth of the values: round width
	} {
		if got := bucketWidth(tc.count, tc.period); got != tc.want {
			t.Errorf("bucketWidth(%d, %d) = %d, want %d", tc.count, tc.period, got, tc.want)
		}
	}
}

// TestNarrowLegendBelow checks that every figure with a legend puts it
// below the plot at 8.5 cm and beside or above it at 16 cm, and that the
// columns of a legend below fit the width.
func TestNarrowLegendBelow(t *testing.T) {
	column := DefaultSettings()
	column.Width, column.Height, column.FontSize = 8.5*vg.Centimeter, 6*vg.Centimeter, 7
	for name, p := range figures(t) {
		for _, s := range []Settings{DefaultSettings(), column} {
			q := s.apply(p)
			st := &drawState{s: s}
			drawing.Store(q, st)
			q.GlyphBoxes(q)
			drawing.Delete(q)
			narrow := s.Width < NarrowWidth
			hasLegend := !strings.HasPrefix(name, "grundy_scatter") || name == "grundy_scatter_buckets" || name == "grundy_scatter_kayles"
			if name == "win_fraction" {
				hasLegend = false
			}
			if got := st.below != nil; got != (narrow && hasLegend) {
				t.Errorf("%s at %v wide: legend below %v, want %v", name, s.Width, got, narrow && hasLegend)
			}
			if st.below != nil {
				_, widths, _ := st.below.columns(q, s.Width-vg.Points(6))
				var sum vg.Length
				for i, w := range widths {
					sum += w
					if i > 0 {
						sum += belowGap
					}
				}
				if len(widths) > 1 && sum > s.Width-vg.Points(6) {
					t.Errorf("%s: legend columns %v wider than the figure", name, widths)
				}
			}
		}
	}
}

// TestRealGlyphs checks that ≤ and the fit's superscript reach the SVG as
// text: "≤" itself (not "<="), and the exponent as its own smaller text
// element, not "x^".
func TestRealGlyphs(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(figures(t)["power_law_growth"], &buf, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if !strings.Contains(svg, "≤ x") || strings.Contains(svg, "&lt;=") {
		t.Error("the SVG lacks the y label's ≤ or spells it <=")
	}
	if strings.Contains(svg, "x^") || !strings.Contains(svg, ">0.694<") {
		t.Errorf("the fit's exponent is not drawn as a text element of its own")
	}
}

// TestOutcomeAxisEndsAtReach checks that Can I Win's T axis ends at
// 1+...+M when the total asked for is larger: 36 for M = 8.
func TestOutcomeAxisEndsAtReach(t *testing.T) {
	p, err := OutcomeHeatmap("", 8, 300, func(m, t int) int {
		if m*(m+1)/2 < t {
			return Unreachable
		}
		return FirstPlayerWins
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Max != 36.5 {
		t.Errorf("T axis ends at %v, want 36.5 (the cell of T = 36)", p.X.Max)
	}
}

// TestTitlesOff checks that titles: false leaves every figure's title out
// of its SVG.
func TestTitlesOff(t *testing.T) {
	s := DefaultSettings()
	s.Titles = false
	for name, p := range figures(t) {
		var buf bytes.Buffer
		if err := s.Write(p, &buf, "svg"); err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(p.Title.Text, "\n")
		first = html.EscapeString(first)
		if first != "" && strings.Contains(buf.String(), ">"+first+"<") {
			t.Errorf("%s: the title %q is drawn with titles off", name, first)
		}
		if on := new(bytes.Buffer); Write(p, on, "svg") == nil && first != "" && !strings.Contains(on.String(), ">"+first+"<") {
			t.Errorf("%s: the title %q is not found even with titles on (the check would miss it)", name, first)
		}
	}
}

// svgText is a text element of an SVG written by Write: its anchor in the
// canvas's coordinates (points, y up from the bottom), size and text.
type svgText struct {
	x, y, size float64
	s          string
}

// svgTexts returns the text elements outside the rotated group (the y
// axis label) and every coordinate pair of the M and L commands of the
// paths, in the canvas's coordinates.
func svgTexts(t *testing.T, svg string) ([]svgText, [][2]float64) {
	t.Helper()
	body := svg
	if i := strings.Index(svg, `<g transform="rotate(90)"`); i >= 0 {
		if j := strings.Index(svg[i:], "</g>"); j >= 0 {
			body = svg[:i] + svg[i+j:]
		}
	}
	textRE := regexp.MustCompile(`<text x="([-0-9.e]+)" y="([-0-9.e]+)" transform="scale\(1, -1\)"\s+style="[^"]*font-size:([0-9.]+)px">([^<]*)</text>`)
	var texts []svgText
	for _, m := range textRE.FindAllStringSubmatchIndex(body, -1) {
		g := func(i int) string { return body[m[2*i]:m[2*i+1]] }
		x, _ := strconv.ParseFloat(g(1), 64)
		y, _ := strconv.ParseFloat(g(2), 64)
		size, _ := strconv.ParseFloat(g(3), 64)
		texts = append(texts, svgText{x: x, y: -y, size: size, s: html.UnescapeString(g(4))})
	}
	pathRE := regexp.MustCompile(` d="([^"]*)"`)
	cmdRE := regexp.MustCompile(`([ML])([-0-9.e]+),([-0-9.e]+)`)
	var pts [][2]float64
	for _, m := range pathRE.FindAllStringSubmatch(svg, -1) {
		for _, c := range cmdRE.FindAllStringSubmatch(m[1], -1) {
			x, _ := strconv.ParseFloat(c[2], 64)
			y, _ := strconv.ParseFloat(c[3], 64)
			pts = append(pts, [2]float64{x, y})
		}
	}
	return texts, pts
}

// TestSVGInsideCanvas checks, in the SVG of every figure at the default
// size and at a journal column's, that every path point and every text
// (from its anchor to its measured width) lies on the canvas, and at the
// column's size that the legend is under the x axis label.
func TestSVGInsideCanvas(t *testing.T) {
	column := DefaultSettings()
	column.Width, column.Height, column.FontSize, column.Titles = 8.5*vg.Centimeter, 6*vg.Centimeter, 7, false
	for name, p := range figures(t) {
		for _, s := range []Settings{DefaultSettings(), column} {
			var buf bytes.Buffer
			if err := s.Write(p, &buf, "svg"); err != nil {
				t.Fatal(err)
			}
			w, h := float64(s.Width), float64(s.Height)
			texts, pts := svgTexts(t, buf.String())
			if len(texts) == 0 || len(pts) == 0 {
				t.Fatalf("%s: no text or path found in the SVG", name)
			}
			const tol = 0.01
			for _, q := range pts {
				if q[0] < -tol || q[0] > w+tol || q[1] < -tol || q[1] > h+tol {
					t.Errorf("%s at %v: path point %v outside the %gx%g canvas", name, s.Width, q, w, h)
					break
				}
			}
			for _, tx := range texts {
				face := font.DefaultCache.Lookup(font.From(plot.DefaultFont, vg.Length(tx.size)), vg.Length(tx.size))
				right := tx.x + float64(face.Width(tx.s))
				if tx.x < -tol || right > w+1 || tx.y < -tol || tx.y > h+tol {
					t.Errorf("%s at %v: text %q at (%g, %g) to x = %g outside the %gx%g canvas", name, s.Width, tx.s, tx.x, tx.y, right, w, h)
				}
			}
			if name == "period_raster" && s.Width < NarrowWidth {
				var axis, legend float64
				for _, tx := range texts {
					switch {
					case tx.s == "n mod 34":
						axis = tx.y
					case strings.HasPrefix(tx.s, "start of period"):
						legend = tx.y
					}
				}
				if axis == 0 || legend == 0 || legend >= axis {
					t.Errorf("%s at %v: legend at y = %g, x axis label at y = %g: want the legend below", name, s.Width, legend, axis)
				}
			}
		}
	}
}

// TestDecadeTicks checks the ticks of an axis holding log10 values from
// 1.5 to 1000: labels at 10, 100 and 1000, minor ticks at 2..9, 20..90 and
// 200..900, and 10^{7} set as a superscript.
func TestDecadeTicks(t *testing.T) {
	var labels []string
	minor := 0
	for _, tk := range (decadeTicks{}).Ticks(math.Log10(1.5), 3) {
		if tk.Label == "" {
			minor++
			continue
		}
		labels = append(labels, tk.Label)
	}
	if got := fmt.Sprint(labels); got != "[10 100 1000]" || minor != 24 {
		t.Errorf("got labels %s and %d minor ticks, want [10 100 1000] and 24", got, minor)
	}
	if got := (decadeTicks{}).Ticks(7, 7); len(got) != 1 || got[0].Label != "10^{7}" {
		t.Errorf("got %v at 10^7, want one tick labelled 10^{7}", got)
	}
}

// TestRasterKey checks the raster's key of values: one line an entry
// ("g = 0") beside the data at 16 cm, one row ("g =" and a swatch a value)
// under the plot at 8.5 cm.
func TestRasterKey(t *testing.T) {
	p := figures(t)["period_raster"]
	column := DefaultSettings()
	column.Width = 8.5 * vg.Centimeter
	for _, tc := range []struct {
		s         Settings
		want, not string
	}{
		{DefaultSettings(), ">g = 0<", ">g =<"},
		{column, ">g =<", ">g = 0<"},
	} {
		var buf bytes.Buffer
		if err := tc.s.Write(p, &buf, "svg"); err != nil {
			t.Fatal(err)
		}
		if svg := buf.String(); !strings.Contains(svg, tc.want) || strings.Contains(svg, tc.not) {
			t.Errorf("at %v wide: want %q and no %q in the SVG", tc.s.Width, tc.want, tc.not)
		}
	}
}
