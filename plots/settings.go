package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot/vg"
)

// Settings are the page properties of a written figure: its size, the size
// of its text, whether it carries its title, and the resolution of PNG
// output. The figure functions decide what is drawn; Settings decide how big.
//
// The zero value is not usable: start from DefaultSettings and change fields.
type Settings struct {
	// Width and Height are the size of the figure. A journal's column is
	// about 8.5 cm (3.35 in) wide, a full text width 16 to 17.5 cm.
	Width, Height vg.Length

	// FontSize is the size of tick labels and legend text. Axis labels are
	// drawn 2 points larger and the title 3 points larger, as in the
	// default 9/11/12 pt.
	FontSize vg.Length

	// Titles reports whether the figure's title (with the period line of
	// a raster) is drawn. Journals print the caption under the figure, so
	// a figure for a paper is often drawn without its own.
	Titles bool

	// DPI is the resolution of PNG output in dots per inch; the PNG
	// records it (its pHYs chunk) so that programs place it at Width x
	// Height. It does not affect SVG or PDF, which are vector formats.
	DPI int
}

// DefaultSettings returns the settings Write uses: 16 cm x 10 cm, 9 pt
// text, titles drawn, 300 dpi (1890 x 1181 pixels).
func DefaultSettings() Settings {
	return Settings{Width: Width, Height: Height, FontSize: 9, Titles: true, DPI: DPI}
}

// The allowed ranges of Settings, checked by Validate.
const (
	// MinSide and MaxSide bound Width and Height: from a thumbnail to a
	// poster panel.
	MinSide = 2 * vg.Centimeter
	MaxSide = 100 * vg.Centimeter
	// MinFontSize and MaxFontSize bound FontSize.
	MinFontSize vg.Length = 4
	MaxFontSize vg.Length = 36
	// MinDPI and MaxDPI bound DPI; a 100 cm figure at 1200 dpi would be
	// 47244 pixels wide, so the pixel count is bounded too (MaxPixels).
	MinDPI = 50
	MaxDPI = 1200
	// MaxPixels bounds the pixels of a PNG, Width x Height at DPI: 10^8,
	// 400 MB of RGBA while it is drawn.
	MaxPixels = 100_000_000
)

// ErrSettings is the error every *SettingsError wraps: test for a bad
// setting with errors.Is(err, plots.ErrSettings).
var ErrSettings = errors.New("plots: invalid figure settings")

// SettingsError names a setting that is out of range, its value and the
// allowed range.
type SettingsError struct {
	Field   string // "Width", "Height", "FontSize" or "DPI"
	Value   string // the value given, with its unit
	Allowed string // the allowed range, with units
}

// Error reads "plots: figure Width 0.5cm is out of range (allowed: 2cm to
// 100cm)".
func (e *SettingsError) Error() string {
	return fmt.Sprintf("plots: figure %s %s is out of range (allowed: %s)", e.Field, e.Value, e.Allowed)
}

// Unwrap returns ErrSettings.
func (e *SettingsError) Unwrap() error { return ErrSettings }

// cm renders a length in centimetres, the unit the ranges are stated in.
func cm(l vg.Length) string { return fmt.Sprintf("%.4gcm", l.Dots(1)/vg.Centimeter.Dots(1)) }

// Validate reports the first setting out of its range as a *SettingsError,
// or nil.
func (s Settings) Validate() error {
	for _, side := range []struct {
		name string
		v    vg.Length
	}{{"Width", s.Width}, {"Height", s.Height}} {
		if !(side.v >= MinSide && side.v <= MaxSide) { // also rejects NaN
			return &SettingsError{Field: side.name, Value: cm(side.v), Allowed: cm(MinSide) + " to " + cm(MaxSide)}
		}
	}
	if !(s.FontSize >= MinFontSize && s.FontSize <= MaxFontSize) {
		return &SettingsError{Field: "FontSize", Value: fmt.Sprintf("%gpt", float64(s.FontSize)),
			Allowed: fmt.Sprintf("%gpt to %gpt", float64(MinFontSize), float64(MaxFontSize))}
	}
	if s.DPI < MinDPI || s.DPI > MaxDPI {
		return &SettingsError{Field: "DPI", Value: fmt.Sprint(s.DPI), Allowed: fmt.Sprintf("%d to %d", MinDPI, MaxDPI)}
	}
	if px := s.pixels(); px > MaxPixels {
		return &SettingsError{Field: "DPI", Value: fmt.Sprintf("%d (%s x %s is %d pixels)", s.DPI, cm(s.Width), cm(s.Height), px),
			Allowed: fmt.Sprintf("at most %d pixels in all", MaxPixels)}
	}
	return nil
}

// pixels is the pixel count of the PNG at these settings.
func (s Settings) pixels() int64 {
	w := int64(s.Width.Dots(float64(s.DPI)) + 0.5)
	h := int64(s.Height.Dots(float64(s.DPI)) + 0.5)
	return w * h
}
