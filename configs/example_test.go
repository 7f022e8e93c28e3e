package configs_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/catalogue"
)

func ExampleLoad() {
	cfg, err := configs.Load("run.yaml", []byte("games: [squares, kayles]\nsquares: {grundy_max: 5000}\noctal:\n  kayles: {code: '0.77', max: 1000}\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.Section("squares").(*catalogue.Squares).GrundyMax, cfg.Section("squares").(*catalogue.Squares).WinMax)
	for _, g := range cfg.Selected() {
		fmt.Println(g.Name)
	}

	// A value out of range names the file, line and key, and what is allowed.
	_, err = configs.Load("run.yaml", []byte("flip:\n  board_max: 40\n"))
	fmt.Println(err)
	// Output:
	// 5000 100000
	// squares
	// kayles
	// run.yaml:2: flip.board_max: 40 is out of range (allowed: 1 to 26)
}

func ExampleParseSize() {
	for _, s := range []string{"auto", "512MiB", "1.5GB", "0.5", "NaN"} {
		size, err := configs.ParseSize(s)
		fmt.Println(int64(size), err)
	}
	// Output:
	// 0 <nil>
	// 536870912 <nil>
	// 1500000000 <nil>
	// 0 "0.5" is not a whole number of bytes (0.5) (allowed: auto, or a whole number of bytes from 1 to 4EiB, with a unit such as 512MiB, 8GiB or 1.5GB)
	// 0 "NaN" is not a size (allowed: auto, or a whole number of bytes from 1 to 4EiB, with a unit such as 512MiB, 8GiB or 1.5GB)
}

// Lengths on the page are points, 1/72 inch: 1 in = 2.54 cm = 25.4 mm = 72 pt.
func ExampleParseLength() {
	for _, s := range []string{"1in", "2.54cm", "25.4mm", "72pt"} {
		l, err := configs.ParseLength(s)
		fmt.Printf("%s = %.2f pt %v\n", s, float64(l), err)
	}
	_, err := configs.ParseLength("16")
	fmt.Println(err != nil) // a length needs its unit
	// Output:
	// 1in = 72.00 pt <nil>
	// 2.54cm = 72.00 pt <nil>
	// 25.4mm = 72.00 pt <nil>
	// 72pt = 72.00 pt <nil>
	// true
}

// LoadFile reads a configuration file; keys it leaves out keep their
// defaults. small.yaml (beside this package) sets out: out-small and
// squares: {grundy_max: 10000, ...}.
func ExampleLoadFile() {
	cfg, err := configs.LoadFile("small.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.Out, cfg.Games, cfg.Section("squares").(*catalogue.Squares).GrundyMax)
	_, err = configs.LoadFile("missing.yaml")
	fmt.Println(err != nil)
	// Output:
	// out-small [squares flip caniwin nim] 10000
	// true
}

// Defaults are the spec's bounds (DESIGN.md and default.yaml): take-a-square
// to 100000, Can I Win to M = 20, T = 300, Nim to 7 piles of 7; Grundy's
// game runs only when a configuration asks for it.
func ExampleDefaults() {
	cfg := configs.Defaults()
	sq := cfg.Section("squares").(*catalogue.Squares)
	ciw := cfg.Section("caniwin").(*catalogue.CanIWin)
	nim := cfg.Section("nim").(*catalogue.Nim)
	fmt.Println(cfg.Out, cfg.Games, cfg.Formats, cfg.Plots)
	fmt.Println(sq.GrundyMax, sq.WinMax, ciw.MaxChoosable, ciw.MaxTotal, nim.MaxPiles, nim.MaxPile)
	// Output:
	// out [squares flip caniwin nim] [parquet csv] [png svg]
	// 100000 100000 20 300 7 7
}
