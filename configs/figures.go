package configs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Figures is the figures: section: the page properties of every figure a run
// draws. The defaults are a full text width at the size the figures were
// designed for:
//
//	figures:
//	  width: 16cm      # also in mm, in or pt: 8.5cm is a journal column
//	  height: 10cm
//	  font_size: 9     # points: tick labels and legend; labels +2, title +3
//	  titles: true     # false leaves the title to the caption under the figure
//	  dpi: 300         # PNG resolution, recorded in the file
//	  grundy_window: [0, 500]  # n drawn in GAME/grundy; default below
type Figures struct {
	Width    Length `yaml:"width" json:"width"`
	Height   Length `yaml:"height" json:"height"`
	FontSize Points `yaml:"font_size" json:"font_size"`
	Titles   bool   `yaml:"titles" json:"titles"`
	DPI      int    `yaml:"dpi" json:"dpi"`
	// GrundyWindow is the range of n, [from, to] inclusive, that the
	// figure of g(n) against n (GAME/grundy of a one-heap game) draws; a
	// range past the values computed is cut to them. Empty, the default,
	// draws the preperiod and three periods for a game with a period
	// (proven or candidate), and every value otherwise.
	GrundyWindow Window `yaml:"grundy_window" json:"grundy_window,omitzero"`
}

// Window is a range of n, [From, To] inclusive, written in YAML as a list
// of two whole numbers ([0, 500]); the zero Window is not set.
type Window struct {
	From, To int64
	Set      bool
}

// UnmarshalYAML reads a Window from a list of two whole numbers.
func (w *Window) UnmarshalYAML(n *yaml.Node) error {
	bad := &Error{Value: describe(n), Problem: "is not a range of n", Allowed: windowAllowed}
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		return bad
	}
	var v [2]int64
	for i, c := range n.Content {
		x, err := strconv.ParseInt(c.Value, 10, 64)
		if c.Kind != yaml.ScalarNode || err != nil {
			return bad
		}
		v[i] = x
	}
	*w = Window{From: v[0], To: v[1], Set: true}
	return nil
}

// MarshalJSON renders a set Window as [from, to].
func (w Window) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d]", w.From, w.To)), nil
}

const windowAllowed = "two whole numbers [from, to] with 0 <= from <= to"

// DefaultFigures returns the figures: defaults (16 cm x 10 cm, 9 pt, titles,
// 300 dpi).
func DefaultFigures() Figures {
	return Figures{Width: 16 * Centimetre, Height: 10 * Centimetre, FontSize: 9, Titles: true, DPI: 300}
}

// The allowed ranges of the figures: keys. They match package plots'
// Settings.Validate, which checks the same again when a figure is written.
const (
	MinFigureSide = 2 * Centimetre
	MaxFigureSide = 100 * Centimetre
	MinFontSize   = Points(4)
	MaxFontSize   = Points(36)
	MinDPI        = 50
	MaxDPI        = 1200
	// MaxFigurePixels bounds a PNG's width x height in pixels.
	MaxFigurePixels = 100_000_000
)

// Validate checks each key against its range. It returns the first problem
// as an *Error without file or line (Load adds them).
func (f Figures) Validate() error {
	sides := fmt.Sprintf("%s to %s", MinFigureSide, MaxFigureSide)
	for _, s := range []struct {
		key string
		v   Length
	}{{"figures.width", f.Width}, {"figures.height", f.Height}} {
		if !(s.v >= MinFigureSide && s.v <= MaxFigureSide) {
			return &Error{Key: s.key, Value: s.v.String(), Problem: "is out of range", Allowed: sides}
		}
	}
	if !(f.FontSize >= MinFontSize && f.FontSize <= MaxFontSize) {
		return &Error{Key: "figures.font_size", Value: f.FontSize.String(), Problem: "is out of range",
			Allowed: fmt.Sprintf("%s to %s", MinFontSize, MaxFontSize)}
	}
	if f.DPI < MinDPI || f.DPI > MaxDPI {
		return &Error{Key: "figures.dpi", Value: fmt.Sprint(f.DPI), Problem: "is out of range", Allowed: fmt.Sprintf("%d to %d", MinDPI, MaxDPI)}
	}
	if g := f.GrundyWindow; g.Set && (g.From < 0 || g.To < g.From) {
		return &Error{Key: "figures.grundy_window", Value: fmt.Sprintf("[%d, %d]", g.From, g.To), Problem: "is not a range of n",
			Allowed: windowAllowed}
	}
	w := math.Round(float64(f.Width) / 72 * float64(f.DPI))
	h := math.Round(float64(f.Height) / 72 * float64(f.DPI))
	if w*h > MaxFigurePixels {
		return &Error{Key: "figures.dpi", Value: fmt.Sprint(f.DPI),
			Problem: fmt.Sprintf("makes a %.0f x %.0f pixel PNG at %s x %s", w, h, f.Width, f.Height),
			Allowed: fmt.Sprintf("at most %d pixels in all", MaxFigurePixels)}
	}
	return nil
}

// Length is a length on the page in points (1/72 inch), written in YAML
// with a unit: 16cm, 160mm, 6.3in or 454pt.
type Length float64

// Units of Length.
const (
	Point      Length = 1
	Inch       Length = 72
	Centimetre        = Inch / 2.54
	Millimetre        = Centimetre / 10
)

var lengthUnits = []struct {
	suffix string
	size   Length
}{{"cm", Centimetre}, {"mm", Millimetre}, {"in", Inch}, {"pt", Point}}

// ParseLength reads a length with its unit: cm, mm, in or pt.
func ParseLength(s string) (Length, error) {
	t := strings.TrimSpace(s)
	for _, u := range lengthUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err == nil && v > 0 && !math.IsInf(v, 0) {
				return Length(v) * u.size, nil
			}
			break
		}
	}
	return 0, &Error{Value: fmt.Sprintf("%q", s), Problem: "is not a length", Allowed: "a positive length with a unit, such as 16cm, 160mm, 6.3in or 454pt"}
}

// String renders l in centimetres, such as "16cm".
func (l Length) String() string {
	return strconv.FormatFloat(math.Round(float64(l/Centimetre)*1e4)/1e4, 'f', -1, 64) + "cm"
}

// UnmarshalYAML reads a Length from a YAML scalar.
func (l *Length) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &Error{Value: describe(n), Problem: "is not a length", Allowed: "a length with a unit, such as 16cm or 6.3in"}
	}
	v, err := ParseLength(n.Value)
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// MarshalText renders a Length for JSON and YAML.
func (l Length) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// Points is a font size in points, written as a number (9) or with its unit
// (9pt).
type Points float64

// String renders p such as "9pt".
func (p Points) String() string { return strconv.FormatFloat(float64(p), 'f', -1, 64) + "pt" }

// UnmarshalYAML reads a font size from a YAML scalar.
func (p *Points) UnmarshalYAML(n *yaml.Node) error {
	bad := &Error{Value: describe(n), Problem: "is not a font size", Allowed: "a size in points such as 9 or 9pt"}
	if n.Kind != yaml.ScalarNode {
		return bad
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(n.Value), "pt")), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return bad
	}
	*p = Points(v)
	return nil
}
