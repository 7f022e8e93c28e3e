package plots

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// supText is the package's text handler: plain text, but for "^{...}",
// which it draws as a superscript (the braces' content at 70% of the size,
// raised by 35% of it), so that a fit's exponent reads x^{0.697} in the
// source and as a raised 0.697 in every format. gonum/plot's own LaTeX
// handler (text.Latex) would do that too, but it reads all of the text as
// TeX, where % starts a comment and _ a subscript, which the figures' labels
// use as plain characters. Rotated text is drawn by text.Plain with the
// markup left out.
type supText struct{ text.Plain }

// newSupText returns the handler over gonum/plot's default font cache.
func newSupText() supText {
	return supText{text.Plain{Fonts: font.DefaultCache}}
}

// supScale and supRise size and raise a superscript, as fractions of the
// text's size.
const (
	supScale = 0.7
	supRise  = 0.35
)

// supPart is a run of text, raised (a superscript) or not.
type supPart struct {
	s      string
	raised bool
}

// supParts splits a line at its "^{...}" superscripts; an unclosed "^{" is
// plain text.
func supParts(line string) []supPart {
	var parts []supPart
	for {
		i := strings.Index(line, "^{")
		if i < 0 {
			break
		}
		j := strings.IndexByte(line[i:], '}')
		if j < 0 {
			break
		}
		if i > 0 {
			parts = append(parts, supPart{s: line[:i]})
		}
		parts = append(parts, supPart{s: line[i+2 : i+j], raised: true})
		line = line[i+j+1:]
	}
	if line != "" || len(parts) == 0 {
		parts = append(parts, supPart{s: line})
	}
	return parts
}

// plain returns txt with its superscripts written inline ("x0.697" for
// "x^{0.697}").
func plainOf(txt string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(txt, "\n") {
		for _, p := range supParts(line) {
			b.WriteString(p.s)
		}
	}
	return b.String()
}

// width is the width of line drawn in fnt.
func (h supText) width(line string, fnt font.Font) vg.Length {
	var w vg.Length
	for _, p := range supParts(line) {
		f := fnt
		if p.raised {
			f.Size *= supScale
		}
		face := h.Fonts.Lookup(f, f.Size)
		w += face.Width(p.s)
	}
	return w
}

// Box implements text.Handler.
func (h supText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.Plain.Box(txt, fnt)
	return h.width(txt, fnt), height, depth
}

// Draw implements text.Handler, as text.Plain draws, part by part.
func (h supText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if !strings.Contains(txt, "^{") || sty.Rotation != 0 {
		h.Plain.Draw(c, plainOf(txt), sty, pt)
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		x := pt.X + vg.Length(sty.XAlign)*h.width(line, sty.Font)
		y := pt.Y + vg.Length(len(lines)-i)*sty.Font.Size
		for _, p := range supParts(line) {
			f, dy := sty.Font, vg.Length(0)
			if p.raised {
				f.Size *= supScale
				dy = supRise * sty.Font.Size
			}
			face := h.Fonts.Lookup(f, f.Size)
			c.FillString(face, vg.Point{X: x, Y: y + dy}, p.s)
			x += face.Width(p.s)
		}
	}
}

// withSupText sets the package's text handler on plt's title, axis labels
// and tick labels.
func withSupText(p *plot.Plot) {
	h := newSupText()
	p.Title.TextStyle.Handler = h
	p.X.Label.TextStyle.Handler = h
	p.Y.Label.TextStyle.Handler = h
	p.X.Tick.Label.Handler = h
	p.Y.Tick.Label.Handler = h
}

// pdfFillString draws str for the PDF writer, which embeds its font for
// Windows-1252 only: runs of characters that code page has are written as
// text, each other character (≤, ≥, −, a superscript digit it lacks) is
// drawn as its glyph's outline, read from the font, and filled. The PDF so
// shows the real glyph, not a look-alike such as "<=".
func pdfFillString(canvas vg.Canvas, fillText func(font.Face, vg.Point, string), f font.Face, pt vg.Point, str string) {
	enc := charmap.Windows1252.NewEncoder()
	start := 0
	flush := func(end int) {
		if end > start {
			run := str[start:end]
			b, err := enc.String(run)
			if err == nil {
				fillText(f, pt, b)
			}
			pt.X += f.Width(run)
		}
	}
	for i, r := range str {
		if _, ok := charmap.Windows1252.EncodeRune(r); ok {
			continue
		}
		flush(i)
		s := str[i : i+utf8.RuneLen(r)]
		if path, ok := glyphPath(f, r, pt); ok {
			canvas.Fill(path)
		}
		pt.X += f.Width(s)
		start = i + len(s)
	}
	flush(len(str))
}

// glyphPath returns the outline of r in f with its origin (the left end of
// the baseline) at pt, or false when the font has no glyph for r.
func glyphPath(f font.Face, r rune, pt vg.Point) (vg.Path, bool) {
	var buf sfnt.Buffer
	x, err := f.Face.GlyphIndex(&buf, r)
	if err != nil || x == 0 {
		return nil, false
	}
	// ppem in 1/64 units of a point: the segments come in points, y down.
	segs, err := f.Face.LoadGlyph(&buf, x, fixed.Int26_6(float64(f.Font.Size)*64), nil)
	if err != nil {
		return nil, false
	}
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{X: pt.X + vg.Length(float64(p.X)/64), Y: pt.Y - vg.Length(float64(p.Y)/64)}
	}
	var path vg.Path
	open := false
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				path.Close()
			}
			path.Move(at(s.Args[0]))
			open = true
		case sfnt.SegmentOpLineTo:
			path.Line(at(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			path.QuadTo(at(s.Args[0]), at(s.Args[1]))
		case sfnt.SegmentOpCubeTo:
			path.CubeTo(at(s.Args[0]), at(s.Args[1]), at(s.Args[2]))
		}
	}
	if open {
		path.Close()
	}
	return path, true
}
