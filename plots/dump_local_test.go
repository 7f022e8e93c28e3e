package plots

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDumpLocal(t *testing.T) {
	dir := os.Getenv("PLOTS_DUMP")
	if dir == "" {
		t.Skip()
	}
	for name, p := range figures(t) {
		for _, f := range Formats {
			out, err := os.Create(filepath.Join(dir, name+"."+f))
			if err != nil {
				t.Fatal(err)
			}
			if err := Write(p, out, f); err != nil {
				t.Fatal(err)
			}
			out.Close()
		}
	}
}
