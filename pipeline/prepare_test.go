package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
)

// TestPrepareBudgets checks the plan's memory after its jobs' Prepare
// (games.Prepared) on two workers: two jobs that chose 100 and 200 MiB
// (each with jobMemory, 8 MiB, and the run's base, 64 MiB: 380 MiB) are
// refused under a limit of 350 MiB, naming both, what they chose and the
// limit; under 1000 MiB the 620 MiB left is shared evenly, 310 MiB each,
// so that each is told a budget of 410 and 510 MiB and the plan's sum,
// 64 + 418 + 518, is the limit, not over it (each told the whole 620 MiB
// would make 1620 MiB).
func TestPrepareBudgets(t *testing.T) {
	const mib = 1 << 20
	for _, tc := range []struct {
		limit int64
		want  []int64 // budgets; nil: refused
	}{
		{350 * mib, nil},
		{1000 * mib, []int64{410 * mib, 510 * mib}},
	} {
		got := make([]int64, 2)
		var jobs []Job
		for i, chose := range []int64{100 * mib, 200 * mib} {
			jobs = append(jobs, Job{Game: []string{"a", "b"}[i], Job: games.Job{Table: "frequencies", Memory: 10 * mib,
				Prepare: func(context.Context, games.Preparing) (games.Prepared, error) {
					return games.Prepared{Memory: chose, MemoryFor: []string{"start 1", "start 2"}[i]}, nil
				},
				Budget: func(b int64) { got[i] = b }}})
		}
		p := &Plan{Jobs: jobs, Workers: 2, Limit: tc.limit, limitSource: "max_memory"}
		p.Memory = baseMemory + concurrentMemory(p.Jobs, p.Workers)
		err := p.Prepare(context.Background())
		var me *MemoryError
		switch {
		case tc.want == nil && !errors.As(err, &me):
			t.Errorf("limit %s: %v, want a *MemoryError", Bytes(tc.limit), err)
		case tc.want == nil:
			for _, part := range []string{"380.0 MiB", "a/frequencies 100.0 MiB for start 1", "b/frequencies 200.0 MiB for start 2", "limit of 350.0 MiB"} {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("limit %s: %q lacks %q", Bytes(tc.limit), err, part)
				}
			}
		case err != nil:
			t.Errorf("limit %s: %v", Bytes(tc.limit), err)
		case got[0] != tc.want[0] || got[1] != tc.want[1] || p.Memory != tc.limit:
			t.Errorf("limit %s: budgets %s, %s, plan %s; want %s, %s and the limit", Bytes(tc.limit), Bytes(got[0]), Bytes(got[1]), Bytes(p.Memory), Bytes(tc.want[0]), Bytes(tc.want[1]))
		}
	}
}

// TestPrepareHeld checks that the plan counts what a job's Prepare keeps
// for it until it runs (games.Prepared.Held: an automatic tail's probe
// prefix) also while the job waits. Three jobs on one worker each chose
// 100 MiB, 8 MiB of it held from Prepare on: while one runs (its 100 MiB
// with its own 8 held, and jobMemory's 8 MiB) the other two wait holding
// 8 MiB each, so with the run's base of 64 MiB the plan is 64 + 108 + 16
// = 188 MiB: refused under 180 MiB (which the 172 MiB of the running job
// alone would fit), run under 190 MiB.
func TestPrepareHeld(t *testing.T) {
	const mib = 1 << 20
	for _, tc := range []struct {
		limit   int64
		refused bool
	}{
		{180 * mib, true},
		{190 * mib, false},
	} {
		var jobs []Job
		for _, game := range []string{"a", "b", "c"} {
			jobs = append(jobs, Job{Game: game, Job: games.Job{Table: "frequencies", Memory: 10 * mib,
				Prepare: func(context.Context, games.Preparing) (games.Prepared, error) {
					return games.Prepared{Memory: 100 * mib, MemoryFor: "start 1", Held: 8 * mib}, nil
				}}})
		}
		p := &Plan{Jobs: jobs, Workers: 1, Limit: tc.limit, limitSource: "max_memory"}
		p.Memory = baseMemory + concurrentMemory(p.Jobs, p.Workers)
		err := p.Prepare(context.Background())
		var me *MemoryError
		switch {
		case tc.refused && (!errors.As(err, &me) || !strings.Contains(err.Error(), "188.0 MiB")):
			t.Errorf("limit %s: %v, want a *MemoryError for 188.0 MiB", Bytes(tc.limit), err)
		case !tc.refused && (err != nil || p.Memory != 188*mib):
			t.Errorf("limit %s: %v, plan %s; want no error and 188.0 MiB", Bytes(tc.limit), err, Bytes(p.Memory))
		}
	}
}
