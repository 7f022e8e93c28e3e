package plots

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image/png"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

func TestSettingsValidate(t *testing.T) {
	ok := DefaultSettings()
	with := func(f func(*Settings)) Settings { s := ok; f(&s); return s }
	tests := []struct {
		name  string
		s     Settings
		field string // "" for valid
	}{
		{"default", ok, ""},
		{"journal column", with(func(s *Settings) { s.Width, s.Height, s.FontSize = 8.5*vg.Centimeter, 6*vg.Centimeter, 7 }), ""},
		{"inches", with(func(s *Settings) { s.Width, s.Height = 3.5*vg.Inch, 2.5*vg.Inch }), ""},
		{"too narrow", with(func(s *Settings) { s.Width = vg.Centimeter }), "Width"},
		{"too tall", with(func(s *Settings) { s.Height = 2 * vg.Length(MaxSide) }), "Height"},
		{"NaN width", with(func(s *Settings) { s.Width = vg.Length(math.NaN()) }), "Width"},
		{"zero font", with(func(s *Settings) { s.FontSize = 0 }), "FontSize"},
		{"huge font", with(func(s *Settings) { s.FontSize = 72 }), "FontSize"},
		{"low dpi", with(func(s *Settings) { s.DPI = 10 }), "DPI"},
		{"too many pixels", with(func(s *Settings) { s.Width, s.Height, s.DPI = 100*vg.Centimeter, 100*vg.Centimeter, 1200 }), "DPI"},
		{"zero value", Settings{}, "Width"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if tt.field == "" {
				if err != nil {
					t.Errorf("got %v, want no error", err)
				}
				return
			}
			var se *SettingsError
			if !errors.As(err, &se) || se.Field != tt.field || !errors.Is(err, ErrSettings) {
				t.Fatalf("got %v, want a *SettingsError for %s wrapping ErrSettings", err, tt.field)
			}
			if se.Allowed == "" || !strings.Contains(err.Error(), se.Allowed) {
				t.Errorf("message %q does not say what is allowed", err)
			}
		})
	}
	p, err := NimSumHeatmap("nim", 3)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := (Settings{}).Write(p, &buf, "png"); !errors.Is(err, ErrSettings) || buf.Len() != 0 {
		t.Errorf("Write with zero settings: got %v and %d bytes, want ErrSettings and nothing written", err, buf.Len())
	}
}

// pngPHYs reads the pHYs chunk of a PNG file by walking its chunks as the
// PNG specification lays them out, checking each CRC.
func pngPHYs(t *testing.T, data []byte) (ppmX, ppmY uint32, unit byte, found bool) {
	t.Helper()
	if string(data[:8]) != "\x89PNG\r\n\x1a\n" {
		t.Fatal("not a PNG")
	}
	for i := 8; i+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[i:]))
		typ, body := string(data[i+4:i+8]), data[i+8:i+8+n]
		if crc := binary.BigEndian.Uint32(data[i+8+n:]); crc != crc32.ChecksumIEEE(data[i+4:i+8+n]) {
			t.Fatalf("chunk %s: bad CRC", typ)
		}
		if typ == "IDAT" && !found {
			return 0, 0, 0, false // pHYs must come before the image data
		}
		if typ == "pHYs" {
			return binary.BigEndian.Uint32(body), binary.BigEndian.Uint32(body[4:]), body[8], true
		}
		i += 12 + n
	}
	return 0, 0, 0, false
}

func TestPNGRecordsDPI(t *testing.T) {
	p, err := NimSumHeatmap("nim", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dpi int
		ppm uint32 // pixels per metre: dpi / 0.0254, rounded
		w   int    // pixels across: 16 cm at dpi
	}{{300, 11811, 1890}, {600, 23622, 3780}, {72, 2835, 454}} {
		s := DefaultSettings()
		s.DPI = tt.dpi
		var buf bytes.Buffer
		if err := s.Write(p, &buf, "png"); err != nil {
			t.Fatal(err)
		}
		x, y, unit, ok := pngPHYs(t, buf.Bytes())
		if !ok || x != tt.ppm || y != tt.ppm || unit != 1 {
			t.Errorf("%d dpi: got pHYs %d x %d unit %d (found %v), want %d per metre", tt.dpi, x, y, unit, ok, tt.ppm)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%d dpi: the PNG does not decode: %v", tt.dpi, err)
		}
		if w := img.Bounds().Dx(); w != tt.w {
			t.Errorf("%d dpi: %d pixels across, want %d", tt.dpi, w, tt.w)
		}
	}
}

func TestSVGNamesStandardFonts(t *testing.T) {
	p, err := NimSumHeatmap("Two-pile Nim", 7)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(p, &buf, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if strings.Contains(svg, "@font-face") || strings.Contains(svg, "base64") {
		t.Error("the SVG embeds a font")
	}
	fams := regexp.MustCompile(`font-family:[^;"]*`).FindAllString(svg, -1)
	if len(fams) == 0 {
		t.Fatal("no font-family in the SVG")
	}
	for _, f := range fams {
		if f != "font-family:'Liberation Serif','Times New Roman',Times,serif" {
			t.Fatalf("got %q, want Liberation Serif with its standard fallbacks", f)
		}
	}
	if len(svg) > 40_000 {
		t.Errorf("got %d bytes of SVG for an 8 x 8 grid, want under 40 kB", len(svg))
	}
}

// pdfStreams returns the inflated content of every Flate stream in a PDF.
func pdfStreams(t *testing.T, pdf []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		b, err := io.ReadAll(r)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

func TestPDF(t *testing.T) {
	p, err := NimSumHeatmap("Nim … a ≤ b, R² = 1", 3)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := Write(p, &a, "pdf"); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, &b, "pdf"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same figure gives different PDF bytes")
	}
	pdf := a.Bytes()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("/FontFile2")) {
		t.Error("not a PDF with an embedded TrueType font")
	}
	// 16 cm x 10 cm is 453.54 x 283.46 points.
	if !bytes.Contains(pdf, []byte("/MediaBox [0 0 453.54 283.46]")) {
		t.Errorf("no 16 x 10 cm MediaBox in %.300q", pdf)
	}
	// The title is written in Windows-1252: … is 0x85, ² is 0xB2; ≤,
	// which that code page lacks, is drawn as its glyph's outline between
	// the two runs of text, never spelt "<=".
	tj := regexp.MustCompile(`\(((?:[^()\\]|\\.)*)\)Tj`)
	var texts []string
	for _, s := range pdfStreams(t, pdf) {
		for _, m := range tj.FindAllSubmatch(s, -1) {
			texts = append(texts, string(m[1]))
		}
	}
	for _, want := range []string{"Nim \x85 a ", " b, R\xb2 = 1"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in the PDF's text runs %q", want, texts)
		}
	}
	for _, s := range texts {
		if strings.Contains(s, "<=") {
			t.Errorf("text run %q spells ≤ as <=", s)
		}
	}
}

// TestGlyphPath checks the outline pdfFillString draws for a character
// Windows-1252 lacks: ≤ in Liberation Serif at 10 pt is a closed path
// inside its advance width, above the baseline's descent and under the
// font's ascent.
func TestGlyphPath(t *testing.T) {
	f := font.DefaultCache.Lookup(font.From(plot.DefaultFont, 10), 10)
	origin := vg.Point{X: 100, Y: 50}
	path, ok := glyphPath(f, '≤', origin)
	if !ok || len(path) < 4 {
		t.Fatalf("no outline for ≤: %v", path)
	}
	ext := f.Extents()
	w := f.Width("≤")
	for _, c := range path {
		if c.Type == vg.CloseComp {
			continue
		}
		p := c.Pos
		if p.X < origin.X-0.5 || p.X > origin.X+w+0.5 || p.Y < origin.Y-ext.Descent || p.Y > origin.Y+ext.Ascent {
			t.Errorf("outline point %v outside the glyph's box (origin %v, width %v)", p, origin, w)
		}
	}
	if _, ok := glyphPath(f, '\uE000', origin); ok {
		t.Error("an outline for a private-use character the font lacks")
	}
}
