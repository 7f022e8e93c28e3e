package pipeline

import (
	"context"
	"runtime"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// NewCensusPlan plans the census of cfg alone (its census section, with
// opts applied; tabulate census): a plan whose jobs are the census's
// (AddCensus), on the census's workers and under its memory limit.
func NewCensusPlan(ctx context.Context, cfg configs.Config, opts census.Options) (*Plan, *census.Census, error) {
	p := &Plan{Config: cfg}
	c, err := p.AddCensus(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	p.Workers, p.Limit = c.Plan.Workers, c.Plan.MemoryLimit
	p.cpus = min(p.Workers, runtime.GOMAXPROCS(0))
	return p, c, nil
}

// NewRunPlan plans the run of cfg (tabulate run, and a shard of it before
// Plan.Shard cuts it): the tables of its games and, when cfg has a census,
// the census in the waves after them (AddCensus, with opts). Nothing is
// written; the census's refusal over its memory or disk
// (*census.LimitError) comes first, then the tables' (*MemoryError). A
// refused census returns the plan of the tables with the error (a shard
// stopped while planning records itself interrupted); a refused plan of
// the tables returns none.
func NewRunPlan(ctx context.Context, cfg configs.Config, opts census.Options) (*Plan, *census.Census, error) {
	p := newPlan(cfg)
	tables := p.checkMemory()
	var c *census.Census
	if cfg.Census.Enabled() {
		var err error
		if c, err = p.AddCensus(ctx, opts); err != nil {
			return p, nil, err
		}
	}
	if tables != nil {
		return nil, nil, tables
	}
	return p, c, nil
}

// AddCensus adds the census of the plan's configuration (its census
// section, with opts applied) to the plan as the model's jobs
// (census.NewCensus), in waves after those of the plan's tables, which
// Run runs as it runs them: the census's memory and disk are planned and
// refused over their limits (*census.LimitError) before anything is
// written, its jobs share the plan's CPU tokens, and the folder is held by
// the one run-folder protocol. The census's Result is filled in as its
// jobs run. A configuration without a census is a *configs.Error
// (census.ErrNoCensus).
func (p *Plan) AddCensus(ctx context.Context, opts census.Options) (*census.Census, error) {
	for _, j := range p.Jobs {
		opts.Wave = max(opts.Wave, j.Wave+1)
	}
	c, err := census.NewCensus(ctx, p.Config, opts)
	if err != nil {
		return nil, err
	}
	for _, j := range c.Jobs {
		p.Jobs = append(p.Jobs, Job{Game: "census", Job: j, bounds: c.Bounds})
	}
	// The census runs after the tables: the larger of the two.
	p.Memory = max(p.Memory, c.Plan.Memory)
	return c, nil
}
