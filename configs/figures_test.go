package configs

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/plots"
)

func TestFiguresLoad(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want Figures
	}{
		{"defaults", "", DefaultFigures()},
		{"journal column", "figures: {width: 8.5cm, height: 60mm, font_size: 7pt, titles: false}\n",
			Figures{Width: 8.5 * Centimetre, Height: 60 * Millimetre, FontSize: 7, Titles: false, DPI: 300}},
		{"inches and points", "figures:\n  width: 3.5in\n  height: 180pt\n  font_size: 8.5\n  dpi: 600\n",
			Figures{Width: 252, Height: 180, FontSize: 8.5, Titles: true, DPI: 600}},
		{"pdf plots", "plots: [pdf]\n", DefaultFigures()},
		{"grundy window", "figures: {grundy_window: [10, 500]}\n",
			Figures{Width: 16 * Centimetre, Height: 10 * Centimetre, FontSize: 9, Titles: true, DPI: 300, GrundyWindow: Window{From: 10, To: 500, Set: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Load("f.yaml", []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			got := cfg.Figures
			near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
			if !near(float64(got.Width), float64(tt.want.Width)) || !near(float64(got.Height), float64(tt.want.Height)) ||
				got.FontSize != tt.want.FontSize || got.Titles != tt.want.Titles || got.DPI != tt.want.DPI ||
				got.GrundyWindow != tt.want.GrundyWindow {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFiguresLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       []string
	}{
		{"no unit", "figures:\n  width: 16\n", 2, []string{"figures.width", `"16"`, "not a length", "16cm"}},
		{"unknown unit", "figures:\n  height: 4ft\n", 2, []string{"figures.height", `"4ft"`, "not a length"}},
		{"negative", "figures: {width: -3cm}\n", 1, []string{"figures.width", "not a length"}},
		{"too small", "figures:\n  width: 1cm\n", 2, []string{"figures.width", "1cm", "out of range", "2cm to 100cm"}},
		{"too tall", "figures:\n  height: 2m\n", 2, []string{"figures.height", "not a length"}},
		{"font too big", "figures:\n  font_size: 50\n", 2, []string{"figures.font_size", "50pt", "4pt to 36pt"}},
		{"font not a number", "figures:\n  font_size: large\n", 2, []string{"figures.font_size", `"large"`, "font size"}},
		{"dpi", "figures:\n  dpi: 20\n", 2, []string{"figures.dpi", "20", "50 to 1200"}},
		{"too many pixels", "figures:\n  width: 100cm\n  height: 100cm\n  dpi: 1200\n", 4, []string{"figures.dpi", "pixels"}},
		{"titles not a bool", "figures:\n  titles: sometimes\n", 2, []string{"figures.titles", `"sometimes"`}},
		{"window of one number", "figures:\n  grundy_window: [5]\n", 2, []string{"figures.grundy_window", "a list", "not a range of n", "0 <= from <= to"}},
		{"window backwards", "figures:\n  grundy_window: [9, 3]\n", 2, []string{"figures.grundy_window", "[9, 3]", "0 <= from <= to"}},
		{"window negative", "figures:\n  grundy_window: [-1, 3]\n", 2, []string{"figures.grundy_window", "[-1, 3]"}},
		{"window not numbers", "figures:\n  grundy_window: [a, b]\n", 2, []string{"figures.grundy_window"}},
		{"unknown key", "figures:\n  colour: red\n", 2, []string{"figures.colour", "unknown key", "width, height, font_size, titles, dpi"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("bad.yaml", []byte(tc.yaml))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *configs.Error", err)
			}
			if ce.Line != tc.line {
				t.Errorf("got line %d, want %d (%v)", ce.Line, tc.line, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestFiguresLimitsMatchPlots checks that a configuration that validates
// here is one package plots accepts, at the edges of every range.
func TestFiguresLimitsMatchPlots(t *testing.T) {
	if vg.Length(MinFigureSide) != plots.MinSide || vg.Length(MaxFigureSide) != plots.MaxSide ||
		vg.Length(MinFontSize) != plots.MinFontSize || vg.Length(MaxFontSize) != plots.MaxFontSize ||
		MinDPI != plots.MinDPI || MaxDPI != plots.MaxDPI || MaxFigurePixels != plots.MaxPixels {
		t.Fatal("the figures: ranges differ from package plots' Settings ranges")
	}
	d := plots.DefaultSettings()
	f := DefaultFigures()
	if vg.Length(f.Width) != d.Width || vg.Length(f.Height) != d.Height || vg.Length(f.FontSize) != d.FontSize || f.Titles != d.Titles || f.DPI != d.DPI {
		t.Errorf("DefaultFigures %+v differs from plots.DefaultSettings %+v", f, d)
	}
}

func TestDefaultFileFigures(t *testing.T) {
	cfg, err := Load(DefaultName, Default)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Figures != DefaultFigures() {
		t.Errorf("default.yaml gives figures %+v, DefaultFigures() is %+v", cfg.Figures, DefaultFigures())
	}
}
