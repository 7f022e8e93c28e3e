package plots

import (
	"bytes"
	"compress/zlib"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// journalColumn is a journal column's figure settings: 8.5 x 6 cm, 8 pt,
// no title (the README's journal.yaml).
func journalColumn() Settings {
	s := DefaultSettings()
	s.Width, s.Height, s.FontSize, s.Titles = 8.5*vg.Centimeter, 6*vg.Centimeter, 8, false
	return s
}

// TestJournalColumn checks, at a journal column's settings, what a figure
// for a paper needs and can be measured: every period raster's legend,
// under the plot, takes at most a quarter of the figure's height and the
// digits its exception rings mark stay clear of the rim (checkRings); the
// Wythoff map's data area is square (at 16 x 10 cm too); and each PDF
// embeds one font face, whose file (the whole of Liberation Serif: gonum's
// PDF writer does not subset fonts) is the bulk of it, and the rest, the
// drawing, stays under 60 KiB.
func TestJournalColumn(t *testing.T) {
	s := journalColumn()
	figs := figures(t)
	w := wythoffTable(200)
	hm, err := GrundyHeatmap("Wythoff's game", 200, func(a, b int) int32 { return w[a][b] })
	if err != nil {
		t.Fatal(err)
	}
	figs["wythoff"] = hm
	for name, p := range figs {
		lay, err := s.LayoutOf(p)
		if err != nil {
			t.Fatal(err)
		}
		if share := lay.LegendBelow.Size().Y / s.Height; strings.HasPrefix(name, "period_raster") && share > 0.25 {
			t.Errorf("%s: the legend under the plot takes %.0f%% of the height, want at most 25%%", name, 100*share)
		}
		if strings.HasPrefix(name, "period_raster") {
			checkRings(t, name, lay)
		}
		var buf bytes.Buffer
		if err := s.Write(p, &buf, "pdf"); err != nil {
			t.Fatal(err)
		}
		faces, fontBytes := pdfFonts(t, buf.Bytes())
		if faces != 1 {
			t.Errorf("%s: the PDF embeds %d font faces, want 1", name, faces)
		}
		rest := buf.Len() - fontBytes
		t.Logf("%s: PDF %d bytes, %d of them the embedded font", name, buf.Len(), fontBytes)
		if rest > 60<<10 {
			t.Errorf("%s: PDF %d bytes less the font's %d: %d, want under 60 KiB", name, buf.Len(), fontBytes, rest)
		}
	}
	for _, st := range []Settings{s, DefaultSettings()} {
		lay, err := st.LayoutOf(hm)
		if err != nil {
			t.Fatal(err)
		}
		if d := lay.Data.Size(); d.X-d.Y > 0.01 || d.Y-d.X > 0.01 {
			t.Errorf("Wythoff map at %v x %v: data area %.2f x %.2f pt, want square", st.Width, st.Height, d.X.Points(), d.Y.Points())
		}
	}
}

// pdfFonts returns the number of font files a PDF embeds (FontFile,
// FontFile2 or FontFile3 streams) and their streams' total length.
func pdfFonts(t *testing.T, pdf []byte) (faces, size int) {
	t.Helper()
	files := regexp.MustCompile(`/FontFile[23]? (\d+) 0 R`).FindAllSubmatch(pdf, -1)
	for _, f := range files {
		obj := regexp.MustCompile(`(?s)\n` + string(f[1]) + ` 0 obj\s*<<.*?/Length (\d+).*?>>\s*stream\r?\n`).FindSubmatchIndex(pdf)
		if obj == nil {
			t.Fatalf("font file object %s not found", f[1])
		}
		n := 0
		for _, c := range pdf[obj[2]:obj[3]] {
			n = 10*n + int(c-'0')
		}
		// The stream is the font file, compressed: check it is one.
		r, err := zlib.NewReader(bytes.NewReader(pdf[obj[1] : obj[1]+n]))
		if err != nil {
			t.Fatalf("font file %s: %v", f[1], err)
		}
		raw, err := io.ReadAll(r)
		if err != nil || len(raw) < 4 {
			t.Fatalf("font file %s: %d bytes, %v", f[1], len(raw), err)
		}
		faces++
		size += n
	}
	return faces, size
}

// checkRings fails t unless every exception ring of a period raster (a
// white disc, the square marks of the layout under 12 points) with a digit
// in it holds the digit's ink, its advance width by digitHeight of its
// size, inside the circle less 0.7 points (the widest rim drawn), and
// unless there is at least one.
func checkRings(t *testing.T, name string, lay Layout) {
	t.Helper()
	rings := 0
	for _, m := range lay.Marks {
		sz := m.Size()
		if d := sz.X - sz.Y; d > 0.01 || d < -0.01 || sz.X > 12 {
			continue
		}
		c := vg.Point{X: (m.Min.X + m.Max.X) / 2, Y: (m.Min.Y + m.Max.Y) / 2}
		// The last text in the ring: the cell's label, written before the
		// ring's disc, is hidden under it.
		var in []TextBox
		for _, tb := range lay.Texts {
			mid := (tb.Box.Min.X + tb.Box.Max.X) / 2
			if mid >= m.Min.X && mid <= m.Max.X && tb.Origin.Y >= m.Min.Y && tb.Origin.Y <= m.Max.Y {
				in = append(in, tb)
			}
		}
		for _, tb := range in[max(len(in)-1, 0):] {
			rings++
			inner := float64(sz.X/2) - 0.7
			for _, x := range []vg.Length{tb.Box.Min.X, tb.Box.Max.X} {
				for _, y := range []vg.Length{tb.Origin.Y, tb.Origin.Y + digitHeight*tb.Size} {
					if d := math.Hypot(float64(x-c.X), float64(y-c.Y)); d > inner {
						t.Errorf("%s: the digit %q of a ring reaches %.2f pt from its centre, the rim %.2f", name, tb.Text, d, inner)
					}
				}
			}
		}
	}
	if rings == 0 {
		t.Errorf("%s: no exception ring with its digit", name)
	}
}
