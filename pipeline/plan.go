package pipeline

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/buildinfo"
	"github.com/tabulate-games/tabulate/internal/sysmem"
)

// Version is the tool version recorded in every Parquet file and manifest:
// the module version or VCS revision the binary was built from (see package
// internal/buildinfo for the rules and the fallback).
var Version = buildinfo.Version()

// Job is one unit of the plan: a table of a game (with the figures and
// findings drawn from it).
type Job struct {
	Game string
	games.Job
	bounds any   // the game's section, recorded with its tables
	held   int64 // what its Prepare keeps for it until it runs (games.Prepared.Held)
}

// Plan is the list of jobs a configuration asks for, with its memory budget.
type Plan struct {
	Config configs.Config
	Jobs   []Job
	// Workers is how many jobs run at once. Engines that split their work
	// share CPUs() tokens among the running jobs, so that jobs times engine
	// goroutines never exceed the CPUs.
	Workers int
	Memory  int64 // estimated peak bytes of the whole plan
	Limit   int64 // bytes the plan may use
	cpus    int   // compute goroutines all jobs together may run

	limitSource string // where Limit comes from, for the *MemoryError
	prepared    bool   // Prepare has run, with this error
	prepareErr  error
}

// MemoryError refuses a plan whose estimated memory is over the limit.
type MemoryError struct {
	Estimate, Limit int64
	Largest         []Job // the largest jobs, to say what to lower
	LimitSource     string
}

// Error says what the plan would need, what is allowed and what to change.
func (e *MemoryError) Error() string {
	var parts []string
	for _, j := range e.Largest {
		part := fmt.Sprintf("%s/%s %s", j.Game, j.Table, Bytes(j.Memory))
		if j.MemoryFor != "" {
			part = fmt.Sprintf("%s/%s %s for %s", j.Game, j.Table, Bytes(j.Memory), j.MemoryFor)
		}
		parts = append(parts, part)
	}
	return fmt.Sprintf("the run needs an estimated %s of memory (%s), over the limit of %s (%s): lower those bounds or raise --max-memory / max_memory",
		Bytes(e.Estimate), strings.Join(parts, ", "), Bytes(e.Limit), e.LimitSource)
}

// PhysicalMemory returns the machine's RAM in bytes (0 if unknown).
func PhysicalMemory() int64 { return int64(sysmem.Total()) }

// AutoMemoryShare is the share of physical memory a plan may use when
// max_memory is auto: sysmem.AutoShare, the one rule of runs, censuses and
// tails.
const AutoMemoryShare = sysmem.AutoShare

// baseMemory is what a run needs beyond its jobs: the Go runtime, Arrow's
// buffers and one row group per open Parquet writer.
const baseMemory = 64 << 20

// nonHeapMemory is the part of a run's resident memory that the garbage
// collector does not count: the program's code and data as they are paged
// in (measured at about 20 MiB).
const nonHeapMemory = 24 << 20

// NewPlan builds the jobs of cfg and checks their memory against the limit.
func NewPlan(cfg configs.Config) (*Plan, error) {
	p := newPlan(cfg)
	if err := p.checkMemory(); err != nil {
		return nil, err
	}
	return p, nil
}

// newPlan builds the jobs of cfg and their memory estimate.
func newPlan(cfg configs.Config) *Plan {
	p := &Plan{Config: cfg, Workers: cfg.Workers}
	p.Workers = grundy.Options{Workers: cfg.Workers}.Goroutines()
	p.cpus = min(p.Workers, runtime.GOMAXPROCS(0))
	p.limitSource = "max_memory"
	p.Limit = int64(cfg.MaxMemory)
	if p.Limit == 0 {
		p.Limit, p.limitSource = sysmem.AutoLimit()
	}
	for _, g := range cfg.Selected() {
		for _, j := range g.Jobs(p.cpus) {
			p.Jobs = append(p.Jobs, Job{Game: g.Name, Job: j, bounds: g.Bounds})
		}
	}
	p.Memory = baseMemory + concurrentMemory(p.Jobs, p.Workers)
	return p
}

// checkMemory refuses the plan's tables over its memory limit
// (*MemoryError).
func (p *Plan) checkMemory() error {
	if p.Memory <= p.Limit {
		return nil
	}
	largest := slices.Clone(p.Jobs)
	slices.SortStableFunc(largest, func(a, b Job) int { return int(min(1, max(-1, b.Memory-a.Memory))) })
	return &MemoryError{Estimate: p.Memory, Limit: p.Limit, Largest: largest[:min(3, len(largest))], LimitSource: p.limitSource}
}

// jobMemory is what every job needs beside its own estimate: drawing its
// figures (a raster of a few MiB per PNG) and the slack of its batches.
const jobMemory = 8 << 20

// concurrentMemory bounds the memory of jobs run at most workers at a time:
// the sum of the largest workers estimates, each with jobMemory. A job
// that holds memory before it runs (held: an automatic tail's probe
// prefix, from the plan's Prepare) holds it while it waits, too: the
// bound is then every job's held bytes and the largest workers of what
// each adds to them when it runs (its estimate, which counts what it
// held, less that), the most any workers jobs running at once can take.
func concurrentMemory(jobs []Job, workers int) int64 {
	sizes := make([]int64, len(jobs))
	var held int64
	for i, j := range jobs {
		sizes[i] = j.Memory + jobMemory - j.held
		held += j.held
	}
	slices.SortFunc(sizes, func(a, b int64) int { return cmp.Compare(b, a) })
	sum := held
	for _, m := range sizes[:min(workers, len(sizes))] {
		sum += m
	}
	return sum
}

// Bytes renders a byte count with a binary unit (sysmem.Format).
func Bytes(n int64) string { return sysmem.Format(n) }

// Games lists the games of the plan.
func (p *Plan) Games() []string {
	var games []string
	for _, j := range p.Jobs {
		if !slices.Contains(games, j.Game) {
			games = append(games, j.Game)
		}
	}
	return games
}

// taskName names a job in progress output.
func (j *Job) taskName() string { return j.Game + "/" + j.Table }
