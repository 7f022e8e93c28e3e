// Package plots draws the figures a paper about the games would use, with
// gonum.org/v1/plot: the Grundy value against n (GrundyScatter), the
// periodicity raster of a periodic sequence (PeriodRaster), the growth of a
// count on log-log axes with its fitted power law (PowerLawGrowth), the
// fraction of first-player wins by board length (WinFraction), the Can I Win
// outcome map (OutcomeHeatmap), the two-pile Nim XOR table
// (NimSumHeatmap) and the map of any two-heap game's values g(a, b), such
// as Wythoff's game (GrundyHeatmap).
//
// Each function takes plain values and returns a *plot.Plot with a title,
// axis labels and, where there is more than one series or colour, a legend
// placed beside or above the data so that it never covers it, or under the
// plot when the figure is narrower than NarrowWidth (10 cm: a journal
// column is 8.5 cm). (The figure draws that legend itself and makes room
// for it; the plot's own Legend field is left empty.) Values told apart by
// colour use Okabe and Ito's colour-blind-safe palette or viridis, and grids
// of values print each value in its cell wherever it fits at MinLabelSize
// or more. Text may hold "^{...}", drawn as a superscript. The returned plot can be adjusted like any other
// (p.Y.Label.Text = ..., p.Title.Text = ...) before Write renders it as PNG
// (with its resolution recorded), SVG (fonts named with standard fallbacks,
// not embedded) or PDF (font embedded, and characters its encoding lacks,
// such as ≤, drawn as the font's glyph outlines). Write uses DefaultSettings, 16 cm x
// 10 cm, 9 pt text, titles on, 300 dpi; Settings.Write takes another size,
// font size, resolution, or no title (journals put the caption under the
// figure), and Settings.Validate names a setting out of range in a
// *SettingsError. Rendering is deterministic: the same input and settings
// give byte-identical files, and figures may be built and written from
// several goroutines at once.
//
// Large inputs are reduced before drawing so that files stay small and
// readable: Grundy sequences longer than ScatterLimit are drawn as a
// value-frequency map (the share of each value in each bucket of n, buckets
// a whole number of periods wide when GrundyWindow is given the period), period
// rasters of more than RasterRows rows break their row axis so that the
// preperiod and every exception keep a readable size, and grid figures merge
// equal neighbouring cells into one rectangle.
//
// For example, the figure of the two-pile Nim table for piles up to 7, as an
// SVG file:
//
//	p, err := plots.NimSumHeatmap("Two-pile Nim: a XOR b", 7)
//	if err != nil {
//		return err
//	}
//	f, err := os.Create("nim_xor.svg")
//	if err != nil {
//		return err
//	}
//	if err := plots.Write(p, f, "svg"); err != nil {
//		f.Close()
//		return err
//	}
//	return f.Close()
//
// draws an 8 x 8 grid, cell (a, b) coloured by a XOR b and labelled with its
// value, the zero diagonal (second-player wins) darkest, with a legend of the
// eight values on the right.
package plots
