package census_test

import (
	"context"
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/pipeline"
)

// A census of the subtraction games of every set of {1, 2, 3}: each is
// purely periodic, and {1, 3} plays like {1} (values 0, 1, 0, 1, ...), while
// the others differ ({2}: 0, 0, 1, 1; {3}: 0, 0, 0, 1, 1, 1; {1, 2}: 0, 1,
// 2; {2, 3}: 0, 0, 1, 1, 2; {1, 2, 3}: 0, 1, 2, 3), so the 7 sets fall into
// 6 classes of identical sequences. The time each game took is in a table of
// its own, census/subtraction_timings, so that census/subtraction has the
// same bytes on every run. The census is a plan of the model's jobs, run by
// the pipeline as tabulate census runs it.
func ExampleNewCensus() {
	out, err := os.MkdirTemp("", "census-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census.Subtraction = configs.CensusSubtraction{MaxElement: 3, Max: 1000}
	cfg.Out = out
	plan, cen, err := pipeline.NewCensusPlan(context.Background(), cfg, census.Options{})
	if err != nil {
		panic(err)
	}
	res, err := plan.Run(context.Background(), pipeline.Options{})
	if err != nil {
		panic(err)
	}
	f := cen.Result.Findings[census.Subtraction]
	fmt.Println("games", f.Games, "proven", f.Proven, "classes", f.Classes)
	for _, file := range res.Files {
		fmt.Println(file.Path, file.Rows)
	}
	// Output:
	// games 7 proven 7 classes 6
	// census/subtraction-twocolumn.tex 7
	// census/subtraction.csv 7
	// census/subtraction.md 7
	// census/subtraction.parquet 7
	// census/subtraction.tex 7
	// census/subtraction_timings.csv 7
	// census/subtraction_timings.parquet 7
}
