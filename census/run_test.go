package census_test

import (
	"context"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/pipeline"
)

func init() { census.RunCensus = runCensus }

// runCensus runs the census of cfg into out as tabulate census does: its
// plan of the model's jobs (pipeline.NewCensusPlan) run by the pipeline.
// It returns the census's Result with the run's status and files.
func runCensus(ctx context.Context, cfg configs.Config, out string, opts census.Options) (*census.Result, error) {
	cfg.Out = out
	plan, cen, err := pipeline.NewCensusPlan(ctx, cfg, opts)
	if err != nil {
		return nil, err
	}
	res, err := plan.Run(ctx, pipeline.Options{})
	r := cen.Result
	if res != nil {
		r.Status = res.Status
		for _, f := range res.Files {
			r.Files = append(r.Files, f.File)
		}
	}
	return r, err
}
