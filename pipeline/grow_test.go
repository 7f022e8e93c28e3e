package pipeline

import (
	"context"
	"runtime"
	"testing"

	"golang.org/x/sync/semaphore"
)

// TestEnvGrow checks the CPUs a running job's engine is offered
// (grundy.Options.Grow through env.Grow): the token of a job that ended is
// taken, up to the plan's CPUs, but never one a job waiting to start needs.
func TestEnvGrow(t *testing.T) {
	ctx := context.Background()
	cpu := semaphore.NewWeighted(3)
	for range 3 { // this job's token and two other running jobs'
		if err := cpu.Acquire(ctx, 1); err != nil {
			t.Fatal(err)
		}
	}
	e := &env{plan: &Plan{cpus: 3}, cpu: cpu, held: 1}
	if w := e.Grow(); w != 1 {
		t.Fatalf("Grow with no token free: %d, want 1", w)
	}
	cpu.Release(1) // one other job ends
	if w := e.Grow(); w != 2 {
		t.Fatalf("Grow after a job ended: %d, want 2", w)
	}

	// A job waiting to start gets the last token, not the engine.
	started := make(chan struct{})
	go func() {
		if err := cpu.Acquire(ctx, 1); err == nil {
			close(started)
		}
	}()
	for cpu.TryAcquire(0) { // true until the job is queued as a waiter
		runtime.Gosched()
	}
	cpu.Release(1) // the last other running job ends
	<-started
	if w := e.Grow(); w != 2 {
		t.Errorf("Grow with a job waiting for the freed token: %d, want 2", w)
	}
	if w := e.Grow(); w > e.plan.cpus {
		t.Errorf("Grow: %d, more than the plan's %d CPUs", w, e.plan.cpus)
	}
}
