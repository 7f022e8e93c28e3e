package plots

import (
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestDumpLocal writes every figure of figures, in every format, at the
// default settings and at a journal column's (8.5 cm x 6 cm, 7 pt, no
// title, names ending in _col), into the folder PLOTS_DUMP names, to look
// at them; it is skipped when PLOTS_DUMP is not set.
func TestDumpLocal(t *testing.T) {
	dir := os.Getenv("PLOTS_DUMP")
	if dir == "" {
		t.Skip()
	}
	column := DefaultSettings()
	column.Width, column.Height, column.FontSize, column.Titles = 8.5*vg.Centimeter, 6*vg.Centimeter, 7, false
	for name, p := range figures(t) {
		for suffix, s := range map[string]Settings{"": DefaultSettings(), "_col": column} {
			for _, f := range Formats {
				out, err := os.Create(filepath.Join(dir, name+suffix+"."+f))
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Write(p, out, f); err != nil {
					t.Fatal(err)
				}
				out.Close()
			}
		}
	}
}
