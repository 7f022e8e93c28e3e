package pipeline

import (
	"context"
	"runtime"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// NewCensusPlan plans the census of cfg (its census section, with opts
// applied) as a plan of the model's jobs (census.NewCensus), which Plan.Run
// runs as it runs any plan: the census's memory and disk are planned and
// refused over their limits (*census.LimitError) before anything is
// written, its jobs share the plan's CPU tokens, and its folder is held by
// the run-folder protocol. The census's Result is filled in as its jobs
// run.
func NewCensusPlan(ctx context.Context, cfg configs.Config, opts census.Options) (*Plan, *census.Census, error) {
	c, err := census.NewCensus(ctx, cfg, opts)
	if err != nil {
		return nil, nil, err
	}
	p := &Plan{Config: cfg, Workers: c.Plan.Workers, Memory: c.Plan.Memory, Limit: c.Plan.MemoryLimit}
	p.cpus = min(p.Workers, runtime.GOMAXPROCS(0))
	for _, j := range c.Jobs {
		p.Jobs = append(p.Jobs, Job{Game: "census", Job: j, bounds: c.Bounds})
	}
	return p, c, nil
}
