package pipeline

import (
	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/plots"
)

// figureSettings turns the figures: section into the settings package plots
// draws with (configs keeps lengths in points, as plots does).
func figureSettings(f configs.Figures) plots.Settings {
	return plots.Settings{
		Width:    vg.Length(f.Width),
		Height:   vg.Length(f.Height),
		FontSize: vg.Length(f.FontSize),
		Titles:   f.Titles,
		DPI:      f.DPI,
	}
}

// GrundyWindow implements heapgame.FigureWindow: the figures: grundy_window
// range, when it is set.
func (e *env) GrundyWindow() (from, to int64, ok bool) {
	w := e.plan.Config.Figures.GrundyWindow
	return w.From, w.To, w.Set
}
