package pipeline_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/pipeline"
)

// A plan lists the jobs of a configuration with their memory estimates;
// running it writes the tables, figures and manifest, and reports the
// findings.
// Up to 3 piles of up to 3 stones there are C(6, 3) - 1 = 19
// positions, of which 4 have nim-sum 0 and are lost (Bouton): [1 1], [2 2],
// [3 3] and [1 2 3].
func ExamplePlan_Run() {
	cfg, err := configs.Load("example.yaml", []byte("games: [nim]\nnim: {max_piles: 3, max_pile: 3}\nformats: [csv]\nplots: []\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	if cfg.Out, err = os.MkdirTemp("", "example"); err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(cfg.Out)
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range plan.Jobs {
		fmt.Println("job", j.Game+"/"+j.Table)
	}
	res, err := plan.Run(context.Background(), pipeline.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Files {
		fmt.Println("wrote", f.Path, f.Rows)
	}
	for _, f := range res.Findings {
		fmt.Println(f.Game, f.Key+":", f.Finding)
	}
	// Output:
	// job nim/positions
	// wrote nim/positions.csv 19
	// nim bouton: Bouton's rule (the player to move wins iff the nim-sum is not 0) holds on all 19 positions
	// nim positions: 19 positions: first player wins 15 (0.7895), second 4
}

// A plan over the memory limit is refused before anything is written.
func ExampleNewPlan() {
	cfg := configs.Defaults()
	cfg.Games = []string{"squares"}
	cfg.MaxMemory = 64 << 20
	_, err := pipeline.NewPlan(cfg)
	var me *pipeline.MemoryError
	fmt.Println(errors.As(err, &me))
	// Output:
	// true
}

// Plot draws the figures of an earlier run again, here in another format,
// from its Parquet tables alone: the subtraction game of {1, 2} run without
// figures, then drawn as SVG. A heap game has two figures (README, "What it
// computes"): g(n) and the raster of its period.
func ExamplePlot() {
	cfg, err := configs.Load("example.yaml", []byte("games: [s]\nsubtraction: {s: {set: [1, 2], max: 30}}\nformats: [parquet]\nplots: []\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	if cfg.Out, err = os.MkdirTemp("", "example"); err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(cfg.Out)
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := plan.Run(context.Background(), pipeline.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	cfg.Plots = []string{"svg"}
	res, err := pipeline.Plot(context.Background(), cfg, pipeline.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Files {
		fmt.Println("drew", f.Path)
	}
	fmt.Println("skipped", res.Skipped)
	// Output:
	// drew s/grundy.svg
	// drew s/period.svg
	// skipped []
}

// Bytes writes a byte count with a binary unit, as the plan's memory
// estimates are shown: 1536 = 1.5 × 1024, 7·2^30 + 2^20 = 7.0009765625 GiB.
func ExampleBytes() {
	for _, n := range []int64{512, 1536, 7<<30 + 1<<20} {
		fmt.Println(pipeline.Bytes(n))
	}
	// Output:
	// 512 B
	// 1.5 KiB
	// 7.0 GiB
}
