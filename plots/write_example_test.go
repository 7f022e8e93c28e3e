package plots_test

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg"

	"github.com/tabulate-games/tabulate/plots"
)

func ExampleWrite() {
	fig, err := plots.NimSumHeatmap("Two-pile Nim", 7)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "plots")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for _, format := range []string{"png", "svg"} {
		path := filepath.Join(dir, "nim."+format)
		f, err := os.Create(path)
		if err != nil {
			log.Fatal(err)
		}
		if err := plots.Write(fig, f, format); err != nil {
			f.Close()
			log.Fatal(err)
		}
		// A figure is only written if the close succeeds too.
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
		fmt.Println("wrote", filepath.Base(path))
	}
	// Output:
	// wrote nim.png
	// wrote nim.svg
}

// A figure for one journal column: 8.5 cm x 6 cm, 7 pt text, no title (the
// caption goes under it), as PDF and as a 600 dpi PNG.
func ExampleSettings_Write() {
	fig, err := plots.NimSumHeatmap("Two-pile Nim", 7)
	if err != nil {
		log.Fatal(err)
	}
	s := plots.DefaultSettings()
	s.Width, s.Height = 8.5*vg.Centimeter, 6*vg.Centimeter
	s.FontSize, s.Titles, s.DPI = 7, false, 600
	if err := s.Validate(); err != nil {
		log.Fatal(err)
	}
	for _, format := range []string{"pdf", "png"} {
		var buf bytes.Buffer
		if err := s.Write(fig, &buf, format); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %.4q...\n", format, buf.Bytes())
	}
	s.FontSize = 2
	fmt.Println(s.Validate())
	// Output:
	// pdf: "%PDF"...
	// png: "\x89PNG"...
	// plots: figure FontSize 2pt is out of range (allowed: 4pt to 36pt)
}
