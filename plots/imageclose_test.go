package plots

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"regexp"
	"testing"
)

// sameFigure reports whether two encodings of a figure in format (png, svg
// or pdf) show the same thing, allowing for what differs between platforms
// where the bytes do not match: PNG pixels may differ by anti-aliasing up
// to delta (0 exact, 1 anything) in the YIQ colour distance of Kotsarenko
// and Ramos ("Measuring perceived color difference using YIQ NTSC
// transmission color space in mobile applications", 2010); a PDF's
// compressed streams may be compressed differently, so its streams are
// compared inflated and its text outside them with the byte offsets of the
// cross-reference table left out. SVG must match byte for byte. The
// standard library only, so that the tests need no module the build does
// not.
func sameFigure(format string, got, want []byte, delta float64) (bool, error) {
	switch format {
	case "svg":
		return bytes.Equal(got, want), nil
	case "png":
		a, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			return false, fmt.Errorf("the PNG drawn: %w", err)
		}
		b, err := png.Decode(bytes.NewReader(want))
		if err != nil {
			return false, fmt.Errorf("the golden PNG: %w", err)
		}
		return samePixels(a, b, delta), nil
	case "pdf":
		a, err := pdfParts(got)
		if err != nil {
			return false, fmt.Errorf("the PDF drawn: %w", err)
		}
		b, err := pdfParts(want)
		if err != nil {
			return false, fmt.Errorf("the golden PDF: %w", err)
		}
		if len(a) != len(b) {
			return false, nil
		}
		for i := range a {
			if !bytes.Equal(a[i], b[i]) {
				return false, nil
			}
		}
		return true, nil
	}
	return false, fmt.Errorf("no comparison for format %q (png, svg, pdf)", format)
}

// samePixels reports whether a and b have the same bounds and every pixel's
// YIQ distance is at most delta of the largest possible.
func samePixels(a, b image.Image, delta float64) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	const largest = 35215.0 // the distance between black and white
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if yiqDistance(a.At(x, y), b.At(x, y)) > largest*delta*delta {
				return false
			}
		}
	}
	return true
}

// yiqDistance is the weighted squared YIQ distance of two colours on the
// 8-bit scale.
func yiqDistance(c1, c2 color.Color) float64 {
	yiq := func(c color.Color) (float64, float64, float64) {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		r, g, b := float64(n.R), float64(n.G), float64(n.B)
		return r*0.29889531 + g*0.58662247 + b*0.11448223,
			r*0.59597799 - g*0.27417610 - b*0.32180189,
			r*0.21147017 - g*0.52261711 + b*0.31114694
	}
	y1, i1, q1 := yiq(c1)
	y2, i2, q2 := yiq(c2)
	y, i, q := y1-y2, i1-i2, q1-q2
	return 0.5053*y*y + 0.299*i*i + 0.1957*q*q
}

var (
	pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
	pdfXref   = regexp.MustCompile(`(?s)xref\r?\n.*?trailer`)
	pdfStart  = regexp.MustCompile(`startxref\s+\d+`)
	pdfLength = regexp.MustCompile(`/Length \d+`)
)

// pdfParts splits a PDF into what it shows: each stream, inflated where it
// is zlib-compressed, then the text outside the streams without the
// cross-reference table, its start offset and the streams' lengths.
func pdfParts(raw []byte) ([][]byte, error) {
	var parts [][]byte
	for _, m := range pdfStream.FindAllSubmatch(raw, -1) {
		s := m[1]
		if zr, err := zlib.NewReader(bytes.NewReader(s)); err == nil {
			inflated, err := io.ReadAll(zr)
			if err != nil {
				return nil, fmt.Errorf("a compressed stream: %w", err)
			}
			s = inflated
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("no stream: not a PDF")
	}
	rest := pdfStream.ReplaceAll(raw, nil)
	rest = pdfXref.ReplaceAll(rest, nil)
	rest = pdfStart.ReplaceAll(rest, nil)
	rest = pdfLength.ReplaceAll(rest, nil)
	return append(parts, rest), nil
}

// TestSameFigure checks the comparison the golden test falls back on: a
// pixel changed a little passes and a pixel changed much fails; a PDF whose
// stream is compressed at another level passes and one whose drawing
// changes fails; SVG differs by one byte and fails.
func TestSameFigure(t *testing.T) {
	encode := func(img image.Image) []byte {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	base := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	for i := range base.Pix {
		base.Pix[i] = 200
	}
	near, far := image.NewNRGBA(base.Rect), image.NewNRGBA(base.Rect)
	copy(near.Pix, base.Pix)
	copy(far.Pix, base.Pix)
	near.Set(2, 1, color.NRGBA{202, 200, 199, 200})
	far.Set(2, 1, color.NRGBA{0, 0, 0, 255})
	pdf := func(drawing string, level int) []byte {
		var z bytes.Buffer
		zw, err := zlib.NewWriterLevel(&z, level)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write([]byte(drawing))
		zw.Close()
		return fmt.Appendf(nil, "%%PDF-1.3\n1 0 obj\n<</Length %d /Filter /FlateDecode>>\nstream\n%s\nendstream\nendobj\nxref\n0 2\n%010d 00000 n\ntrailer\n<</Size 2>>\nstartxref\n%d\n%%%%EOF\n",
			z.Len(), z.Bytes(), 9+z.Len(), 40+z.Len())
	}
	line := "0 0 m 10 10 l S " + string(bytes.Repeat([]byte("1 1 m 2 2 l S "), 50))
	for _, c := range []struct {
		name, format string
		got, want    []byte
		same         bool
	}{
		{"png identical", "png", encode(base), encode(base), true},
		{"png one pixel near", "png", encode(near), encode(base), true},
		{"png one pixel far", "png", encode(far), encode(base), false},
		{"png other size", "png", encode(image.NewNRGBA(image.Rect(0, 0, 4, 4))), encode(base), false},
		{"pdf other compression", "pdf", pdf(line, zlib.BestSpeed), pdf(line, zlib.BestCompression), true},
		{"pdf other drawing", "pdf", pdf(line+"3 3 m", zlib.BestSpeed), pdf(line, zlib.BestSpeed), false},
		{"svg one byte", "svg", []byte("<svg/> "), []byte("<svg/>"), false},
	} {
		got, err := sameFigure(c.format, c.got, c.want, 0.05)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.same {
			t.Errorf("%s: same = %v, want %v", c.name, got, c.same)
		}
	}
}
