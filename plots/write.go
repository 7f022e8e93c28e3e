package plots

import (
	"bufio"
	"errors"
	"fmt"
	"image/png"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The size Write renders every figure at, and the resolution of PNG output.
const (
	// Width is the width of every figure: 16 cm, a full text width.
	Width = 16 * vg.Centimeter
	// Height is the height of every figure.
	Height = 10 * vg.Centimeter
	// DPI is the resolution of PNG output, in dots per inch (1890 x 1181
	// pixels).
	DPI = 300
)

// pngCompression trades size for speed: the default level makes encoding
// take about twice as long, for files under 10% smaller.
const pngCompression = png.BestSpeed

// ErrFormat is returned by Write for a format other than "png" or "svg".
var ErrFormat = errors.New("plots: unknown image format")

// Write renders p to w as format "png" (Width x Height at DPI dots per inch)
// or "svg" (Width x Height, fonts embedded so that the file looks the same
// everywhere). The output depends only on p: drawing the same plot twice
// gives the same bytes. w is written through a buffer that is flushed before
// Write returns; the caller still owns w and must close it.
func Write(p *plot.Plot, w io.Writer, format string) error {
	if p == nil {
		return errors.New("plots: Write: nil plot")
	}
	bw := bufio.NewWriter(w)
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(DPI))
		p.Draw(withMargins(c))
		enc := png.Encoder{CompressionLevel: pngCompression}
		if err := enc.Encode(bw, c.Image()); err != nil {
			return fmt.Errorf("plots: writing png: %w", err)
		}
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(Width, Height), vgsvg.EmbedFonts(true))
		p.Draw(withMargins(c))
		if _, err := c.WriteTo(bw); err != nil {
			return fmt.Errorf("plots: writing svg: %w", err)
		}
	default:
		return fmt.Errorf("%w %q: want \"png\" or \"svg\"", ErrFormat, format)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("plots: writing %s: %w", format, err)
	}
	return nil
}

// withMargins returns the drawing area of c less a small margin, so that tick
// labels at the ends of an axis are not cut at the edge of the image.
func withMargins(c vg.CanvasSizer) draw.Canvas {
	m := vg.Points(6)
	return draw.Crop(draw.New(c), m/2, -m, m/2, -m/2)
}
