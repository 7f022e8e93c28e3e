package plots

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The tests here render figures the way a reader sees them, each format by
// an outside renderer (PDF by poppler's pdftoppm, SVG by headless
// chromium, PNG by Go's decoder), and read the pixels where the data say
// something must be. The renderers are not installed by the tests: a test
// skips, naming the package to install, where one is missing (CI installs
// them: poppler-utils, chromium).

// renderedFigure is a figure written in one format and rendered to pixels:
// img, and pix, the pixel of a canvas point (in points, origin at the
// bottom left, as gonum/plot draws).
type renderedFigure struct {
	img image.Image
	pix func(pt vg.Point) image.Point
}

// render writes p at s in format and renders it to pixels by the format's
// renderer, at about s.DPI (PNG, PDF) or 192 pixels an inch (SVG, chromium
// at a device scale of 2; 4 in a figure narrower than NarrowWidth). It
// skips t when the renderer is not installed.
func render(t *testing.T, p *plot.Plot, s Settings, format string) renderedFigure {
	t.Helper()
	var buf bytes.Buffer
	if err := s.Write(p, &buf, format); err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "figure."+format)
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	scale := float64(s.DPI) / 72 // pixels a point
	var out string
	switch format {
	case "png":
		out = file
	case "pdf":
		if _, err := exec.LookPath("pdftoppm"); err != nil {
			t.Skip("pdftoppm not installed (apt-get install poppler-utils): cannot render the PDF")
		}
		cmd := exec.Command("pdftoppm", "-r", fmt.Sprint(s.DPI), "-png", "-singlefile", file, filepath.Join(dir, "pdf"))
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v\n%s", err, msg)
		}
		out = filepath.Join(dir, "pdf.png")
	case "svg":
		chromium := ""
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if path, err := exec.LookPath(name); err == nil {
				chromium = path
				break
			}
		}
		if chromium == "" {
			t.Skip("chromium not installed (apt-get install chromium): cannot render the SVG")
		}
		device := 2 // device pixels a CSS pixel
		if s.Width < NarrowWidth {
			device = 4 // a square map's cells in a column are under a point
		}
		scale = float64(device) * 96.0 / 72
		w, h := s.Width.Points()*96/72, s.Height.Points()*96/72
		out = filepath.Join(dir, "svg.png")
		cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
			"--user-data-dir="+filepath.Join(dir, "profile"),
			fmt.Sprintf("--force-device-scale-factor=%d", device),
			fmt.Sprintf("--window-size=%d,%d", int(math.Ceil(w)), int(math.Ceil(h))),
			"--screenshot="+out, "file://"+file)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("chromium: %v\n%s", err, msg)
		}
	default:
		t.Fatalf("no renderer for %q", format)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s rendered: %v", format, err)
	}
	height := s.Height.Points()
	return renderedFigure{img: img, pix: func(pt vg.Point) image.Point {
		return image.Pt(int(pt.X.Points()*scale), int((height-pt.Y.Points())*scale))
	}}
}

// dataPoint returns the canvas point of data point (x, y) in p written at
// s: the layout of Settings.Write, without drawing.
func dataPoint(p *plot.Plot, s Settings) func(x, y float64) vg.Point {
	q := s.apply(p)
	area, _ := s.dataArea(q, vgimg.New(s.Width, s.Height))
	data := draw.Canvas{Rectangle: area}
	tx, ty := q.Transforms(&data)
	return func(x, y float64) vg.Point { return vg.Point{X: tx(x), Y: ty(y)} }
}

// colorDistance is the largest difference of two colours in any of red,
// green and blue, on a scale of 0 to 255.
func colorDistance(a, b color.Color) int {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := 0
	for _, c := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
		d = max(d, int(math.Abs(float64(c[0]>>8)-float64(c[1]>>8))))
	}
	return d
}

// TestGrundyHeatmapRendered draws Wythoff's game of heaps up to 100, large
// enough to be drawn as a raster image, in every format at the default
// size and at a journal column's (8.5 x 6 cm, 8 pt), renders each, and
// checks that chosen cells are where the axes say they are: the colour at
// the centre of cell (a, b) is the colour of g(a, b), from the plain mex of
// wythoffTable, on the figure's scale (or the mark of a 0). The cells are
// g(0, 0), P-positions near the origin and far from it, the far corners
// and cells across the field; enough of them differ in colour from the
// cell the other way up, (a, 100 - b), for a flipped image to fail, and
// the corners lie at the ends of the axes, for an image that does not fill
// the plot area to fail.
func TestGrundyHeatmapRendered(t *testing.T) {
	const maxHeap = 100
	g := wythoffTable(maxHeap)
	p, err := GrundyHeatmap("Wythoff", maxHeap, func(a, b int) int32 { return g[a][b] })
	if err != nil {
		t.Fatal(err)
	}
	var top int32
	for _, col := range g {
		for _, v := range col {
			top = max(top, v)
		}
	}
	colorOf, entries := valueColors([]int32{0, top}, true, "")
	want := func(a, b int) color.Color {
		if g[a][b] == 0 {
			return zeroMark
		}
		return entries[colorOf(g[a][b])].color
	}
	// (61, 99) and (99, 61): the 38th P-position, (floor(38 phi),
	// floor(38 phi^2)) (Wythoff 1907).
	cells := [][2]int{{0, 0}, {1, 2}, {61, 99}, {99, 61}, {0, 100}, {100, 0}, {100, 100},
		{0, 95}, {3, 97}, {50, 90}, {90, 50}, {20, 80}, {37, 70}, {70, 37}}
	if g[61][99] != 0 || g[1][2] != 0 {
		t.Fatal("the oracle lost Wythoff's P-positions (1, 2) and (61, 99)")
	}
	flips := 0
	for _, c := range cells {
		if colorDistance(want(c[0], c[1]), want(c[0], maxHeap-c[1])) > 80 {
			flips++
		}
	}
	if flips < 5 {
		t.Fatalf("only %d chosen cells tell the field from its mirror image", flips)
	}
	journal := DefaultSettings()
	journal.Width, journal.Height, journal.FontSize = 8.5*vg.Centimeter, 6*vg.Centimeter, 8
	for _, s := range []Settings{DefaultSettings(), journal} {
		at := dataPoint(p, s)
		for _, format := range Formats {
			name := fmt.Sprintf("%s at %.3gx%.3g cm", format, s.Width/vg.Centimeter, s.Height/vg.Centimeter)
			t.Run(name, func(t *testing.T) {
				r := render(t, p, s, format)
				for _, c := range cells {
					a, b := c[0], c[1]
					px := r.pix(at(float64(a), float64(b)))
					got := r.img.At(px.X+r.img.Bounds().Min.X, px.Y+r.img.Bounds().Min.Y)
					if d := colorDistance(got, want(a, b)); d > 40 {
						t.Errorf("cell (%d, %d), g = %d, at pixel %v: colour %v, want %v (off by %d)",
							a, b, g[a][b], px, got, want(a, b), d)
					}
				}
			})
		}
	}
}
