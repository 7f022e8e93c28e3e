package report

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
)

// cssPixelsPerInch is CSS's fixed resolution: 1in = 96px.
const cssPixelsPerInch = 96

// printedWidth returns a figure's width as printed, in CSS pixels, from its
// own bytes: a PNG's pixel width over the resolution in its pHYs chunk
// (plots writes figures.dpi there), an SVG's width attribute in pt, cm, mm,
// in or px. ok is false where the file records no physical size.
//
// Reason: the page shows a figure at most as wide as the column; on a
// 390-px phone a 16 cm figure at 9 pt became a third of its printed width
// and its text about 5 px. At its printed width its text has its printed
// size (9 pt = 12 CSS px), so on narrow screens the page shows the figure
// at that width and lets the figure scroll sideways (page.html).
func printedWidth(data []byte, format string) (px float64, ok bool) {
	switch format {
	case "png":
		return pngPrintedWidth(data)
	case "svg":
		return svgPrintedWidth(data)
	}
	return 0, false
}

// pngPrintedWidth reads IHDR's width and pHYs's pixels per metre (unit 1).
func pngPrintedWidth(data []byte) (float64, bool) {
	const signature = "\x89PNG\r\n\x1a\n"
	if !bytes.HasPrefix(data, []byte(signature)) {
		return 0, false
	}
	var width uint32
	for p := len(signature); p+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		kind := string(data[p+4 : p+8])
		body := p + 8
		if n < 0 || body+n > len(data) {
			return 0, false
		}
		switch {
		case kind == "IHDR" && n >= 8:
			width = binary.BigEndian.Uint32(data[body:])
		case kind == "pHYs" && n == 9 && data[body+8] == 1:
			perMetre := binary.BigEndian.Uint32(data[body:])
			if width == 0 || perMetre == 0 {
				return 0, false
			}
			return float64(width) / float64(perMetre) / 0.0254 * cssPixelsPerInch, true
		case kind == "IDAT" || kind == "IEND":
			return 0, false // pHYs comes before the image data
		}
		p = body + n + 4 // the chunk's CRC
	}
	return 0, false
}

// svgWidth is the root element's width attribute: a number and a unit.
var svgWidth = regexp.MustCompile(`<svg\b[^>]*?\swidth="([0-9.]+)(pt|cm|mm|in|px)?"`)

// svgPrintedWidth reads the root svg element's width.
func svgPrintedWidth(data []byte) (float64, bool) {
	m := svgWidth.FindSubmatch(data[:min(len(data), 4096)])
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil || v <= 0 {
		return 0, false
	}
	perUnit := map[string]float64{"pt": cssPixelsPerInch / 72.0, "cm": cssPixelsPerInch / 2.54, "mm": cssPixelsPerInch / 25.4,
		"in": cssPixelsPerInch, "px": 1, "": 1}[string(m[2])]
	return v * perUnit, true
}

// cssPixels writes a width for the page's style attribute, as "453.5px".
func cssPixels(px float64) string { return fmt.Sprintf("%.1fpx", px) }
