package plots_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

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
