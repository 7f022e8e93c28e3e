package plots

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"strings"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/tabulate-games/tabulate/output"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The default size Write renders every figure at, and the resolution of PNG
// output (see DefaultSettings).
const (
	// Width is the default width of a figure: 16 cm, a full text width.
	Width = 16 * vg.Centimeter
	// Height is the default height of a figure.
	Height = 10 * vg.Centimeter
	// DPI is the default resolution of PNG output, in dots per inch (1890 x
	// 1181 pixels).
	DPI = 300
)

// Formats lists the image formats Write accepts: output.FigureFormats, the
// list the manifest knows figures by.
var Formats = output.FigureFormats

// pngCompression trades size for speed: the default level makes encoding
// take about twice as long, for files under 10% smaller.
const pngCompression = png.BestSpeed

// ErrFormat is returned by Write for a format not in Formats.
var ErrFormat = errors.New("plots: unknown image format")

// Write renders p to w in format at the default settings (DefaultSettings):
// see Settings.Write.
func Write(p *plot.Plot, w io.Writer, format string) error {
	return DefaultSettings().Write(p, w, format)
}

// Write renders p to w as format "png", "svg" or "pdf", s.Width x s.Height,
// with s's font size and without the title if s.Titles is false. p itself is
// not changed: the settings apply to a copy.
//
//   - PNG is drawn at s.DPI dots per inch and records that resolution in
//     its pHYs chunk, so that LaTeX, word processors and image viewers place
//     it at its intended size.
//   - SVG names its font, Liberation Serif (gonum/plot's default font), with
//     the metric-compatible standard fonts after it (Times New Roman,
//     Times, serif), rather than embedding the whole font file: the text
//     keeps its width wherever one of them is installed, and the file stays
//     small. (Embedding made 97% of each file the font.)
//   - PDF embeds the font, as journals require; text is encoded as
//     Windows-1252, the code page of the PDF writer, and the characters it
//     lacks (≤, ≥, −) are drawn as their glyphs' outlines. Its creation date is fixed so that the same
//     figure gives the same bytes.
//
// The output depends only on p and s: drawing the same plot twice gives the
// same bytes. w is written through a buffer that is flushed before Write
// returns; the caller still owns w and must close it. Invalid settings give a
// *SettingsError and write nothing.
func (s Settings) Write(p *plot.Plot, w io.Writer, format string) error {
	if p == nil {
		return errors.New("plots: Write: nil plot")
	}
	if err := s.Validate(); err != nil {
		return err
	}
	q := s.apply(p)
	bw := bufio.NewWriter(w)
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(s.Width, s.Height), vgimg.UseDPI(s.DPI))
		s.draw(q, c)
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: pngCompression}
		if err := enc.Encode(&buf, c.Image()); err != nil {
			return fmt.Errorf("plots: writing png: %w", err)
		}
		if err := writeWithDPI(bw, buf.Bytes(), s.DPI); err != nil {
			return fmt.Errorf("plots: writing png: %w", err)
		}
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(s.Width, s.Height), vgsvg.EmbedFonts(false))
		s.draw(q, c)
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err != nil {
			return fmt.Errorf("plots: writing svg: %w", err)
		}
		if _, err := svgRewrites.WriteString(bw, buf.String()); err != nil {
			return fmt.Errorf("plots: writing svg: %w", err)
		}
	case "pdf":
		c := pdfCanvas{vgpdf.New(s.Width, s.Height)}
		s.draw(q, c)
		if _, err := c.WriteTo(bw); err != nil {
			return fmt.Errorf("plots: writing pdf: %w", err)
		}
	default:
		return fmt.Errorf("%w %q: want one of %s", ErrFormat, format, strings.Join(Formats, ", "))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("plots: writing %s: %w", format, err)
	}
	return nil
}

// apply returns a copy of p with s's font sizes and title setting. The copy
// shares p's plotters, which read the text size from the plot they are drawn
// in (the tick label size) rather than keeping their own.
func (s Settings) apply(p *plot.Plot) *plot.Plot {
	q := *p
	if !s.Titles {
		q.Title.Text = ""
	}
	q.Title.TextStyle.Font.Size = s.FontSize + (titleSize - tickSize)
	for _, a := range []*plot.Axis{&q.X, &q.Y} {
		a.Label.TextStyle.Font.Size = s.FontSize + (labelSize - tickSize)
		a.Tick.Label.Font.Size = s.FontSize
	}
	// Text longer than the figure is broken into lines: the title and the
	// x label across the width less the margins, the y label along the
	// plot's height less the title and the x axis (about a quarter of a
	// narrow figure).
	across := s.Width - vg.Points(12)
	q.Title.Text = wrapText(q.Title.TextStyle, q.Title.Text, across)
	// The x label is centred under the data, right of the y axis: about
	// five font sizes of tick labels and a y label on the left.
	q.X.Label.Text = wrapText(q.X.Label.TextStyle, q.X.Label.Text, across-10*s.FontSize)
	q.Y.Label.Text = wrapText(q.Y.Label.TextStyle, q.Y.Label.Text, s.Height*3/4)
	return &q
}

// wrapText breaks each line of txt that sty draws wider than width into
// lines at its spaces, as few as fit; a word wider than width stays whole
// on a line of its own.
func wrapText(sty text.Style, txt string, width vg.Length) string {
	if txt == "" || sty.Width(txt) <= width {
		return txt
	}
	var out []string
	for _, line := range strings.Split(txt, "\n") {
		cur := ""
		for _, word := range strings.Fields(line) {
			if cur != "" && sty.Width(cur+" "+word) > width {
				out = append(out, cur)
				cur = word
				continue
			}
			cur = strings.TrimPrefix(cur+" "+word, " ")
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// drawState is what the plotters of a figure being written learn of it:
// its settings, and the legend that asks to go below the plot.
type drawState struct {
	s     Settings
	below *sideLegend
}

// drawing maps each plot being written (the copy apply makes, one per
// Write) to its drawState, for plotters, which see only the plot.
var drawing sync.Map // *plot.Plot -> *drawState

// drawStateOf returns the drawState of plt, or nil when plt is drawn other
// than by Settings.Write (plt.Draw called directly).
func drawStateOf(plt *plot.Plot) *drawState {
	if v, ok := drawing.Load(plt); ok {
		return v.(*drawState)
	}
	return nil
}

// draw draws q, a copy made by apply, on c less its margins; a legend that
// goes below the plot (a narrow figure) gets a strip at the bottom, under
// the x axis.
func (s Settings) draw(q *plot.Plot, c vg.CanvasSizer) {
	st := &drawState{s: s}
	drawing.Store(q, st)
	defer drawing.Delete(q)
	dc, strip := s.layout(q, c, st)
	if st.below == nil {
		q.Draw(dc)
		return
	}
	if q.BackgroundColor != nil { // the legend's strip too
		whole := withMargins(c)
		whole.SetColor(q.BackgroundColor)
		whole.Fill(whole.Rectangle.Path())
	}
	q.Draw(dc)
	st.below.drawBelow(strip, q)
}

// layout splits c, less its margins, between q, a copy made by apply whose
// drawState st is stored, and the strip at the bottom for a legend that
// goes below the plot (empty when there is none, st.below == nil).
func (s Settings) layout(q *plot.Plot, c vg.CanvasSizer, st *drawState) (plotArea, strip draw.Canvas) {
	dc := withMargins(c)
	q.GlyphBoxes(q) // a legend that goes below says so (sideLegend.below)
	if st.below != nil {
		h := st.below.height(q, dc.Size().X)
		strip = dc
		strip.Max.Y = strip.Min.Y + h
		dc.Min.Y += h + belowGap
	}
	if _, ok := q.X.Scale.(squareScale); ok {
		dc = squareData(q, dc)
	}
	return dc, strip
}

// squareScale is the linear scale of a figure whose data area is drawn
// square (GrundyHeatmap: a square of cells drawn square). Set on both axes,
// it tells Settings.layout to trim the plot's canvas, equally on both
// sides, until the data area is as wide as it is tall.
type squareScale struct{ plot.LinearScale }

// squareData returns dc trimmed, equally on its two sides across the
// longer dimension of q's data area, so that the data area is square. The
// axes keep their width as the canvas shrinks, so one trim is exact; a
// second corrects for tick labels that change with the size.
func squareData(q *plot.Plot, dc draw.Canvas) draw.Canvas {
	for range 2 {
		da := q.DataCanvas(dc).Size()
		switch d := da.X - da.Y; {
		case d > 0:
			dc.Min.X += d / 2
			dc.Max.X -= d / 2
		case d < 0:
			dc.Min.Y -= d / 2
			dc.Max.Y += d / 2
		}
	}
	return dc
}

// textSize is the size of the text a plotter draws in plt: its tick label
// size, which Settings set.
func textSize(plt *plot.Plot) vg.Length { return plt.X.Tick.Label.Font.Size }

// withMargins returns the drawing area of c less a small margin, so that tick
// labels at the ends of an axis are not cut at the edge of the image.
func withMargins(c vg.CanvasSizer) draw.Canvas {
	m := vg.Points(6)
	return draw.Crop(draw.New(c), m/2, -m, m/2, -m/2)
}

// writeWithDPI writes the PNG file data to w with a pHYs chunk recording dpi
// inserted after the IHDR chunk, where the PNG specification (section
// 11.3.5.3) requires it to come before the image data. Go's encoder writes
// none. The chunk gives pixels per metre: 300 dpi is 11811.
func writeWithDPI(w io.Writer, data []byte, dpi int) error {
	// Signature (8 bytes), then IHDR: length 4, type 4, data 13, CRC 4.
	const ihdrEnd = 8 + 4 + 4 + 13 + 4
	if len(data) < ihdrEnd || string(data[12:16]) != "IHDR" {
		return errors.New("no IHDR chunk at the start of the encoded image")
	}
	ppm := uint32(float64(dpi)/0.0254 + 0.5)
	chunk := make([]byte, 0, 4+4+9+4)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // unit: the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	for _, part := range [][]byte{data[:ihdrEnd], chunk, data[ihdrEnd:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}

// svgRewrites follows each Liberation family gonum/plot writes with its
// metric-compatible standard fonts (Liberation was made to match them
// glyph for glyph in width) and the generic family.
//
// It also mends the <image> elements vgsvg writes for a raster
// (plotter.Image): vgsvg labels their PNG data as image/jpg and leaves them
// the SVG default preserveAspectRatio="xMidYMid meet", so that a browser
// shrinks a square raster into the middle of a wider plot area instead of
// stretching it over the axes' range. The PNG is labelled image/png and
// stretched (preserveAspectRatio="none"), as the PNG and PDF writers draw
// it. (Base64 data holds neither '<' nor ':', so the replacements cannot
// match inside it.)
var svgRewrites = strings.NewReplacer(
	"font-family:Liberation Serif;", "font-family:'Liberation Serif','Times New Roman',Times,serif;",
	"font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;",
	"font-family:Liberation Mono;", "font-family:'Liberation Mono','Courier New',Courier,monospace;",
	`<image x=`, `<image preserveAspectRatio="none" x=`,
	`"data:image/jpg;base64,`, `"data:image/png;base64,`,
)

func init() {
	// The PDF writer stamps each file with the time it was made, which
	// would make every run's figures differ. Fix both dates, as
	// reproducible builds do with SOURCE_DATE_EPOCH, and sort its internal
	// catalogs, whose order otherwise follows map iteration.
	epoch := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	fpdf.SetDefaultCreationDate(epoch)
	fpdf.SetDefaultModificationDate(epoch)
	fpdf.SetDefaultCatalogSort(true)
}

// pdfCanvas is a PDF canvas that encodes text for the PDF writer, which
// takes Windows-1252 bytes and would show UTF-8's multi-byte characters
// (², ·, …) as two or three wrong ones; characters that code page lacks
// (≤, ≥, −) are drawn as their glyphs' outlines (pdfFillString).
type pdfCanvas struct{ *vgpdf.Canvas }

// DrawImage implements vg.Canvas. vgpdf draws the image upside down: the
// page's transform turns the PDF writer's y axis (downward) up, and the
// writer then places the image, whose first row is its top, with a positive
// matrix, so that its first row lands at the bottom of rect. It is given
// the image with its rows in reverse order, which lands each row where it
// belongs.
func (c pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	c.Canvas.DrawImage(rect, flipRows(img))
}

// flipRows returns a copy of img with its rows in reverse order.
func flipRows(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Set(x, b.Dy()-1-y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// FillString implements vg.Canvas.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, str string) {
	pdfFillString(c.Canvas, c.Canvas.FillString, f, pt, str)
}
