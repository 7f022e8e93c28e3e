package pipeline

import (
	"context"
	"runtime"
	"sync/atomic"
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

// TestEnvGrowLeavesTokenToNextJob checks the moment between one job's end
// and the next job's start: the ended job's token is free and nobody waits
// on the semaphore yet (the errgroup starts the next job once the ended one
// returns). Grow must leave that token to the job still to start; taken by
// a long engine, it would keep the next job waiting to the engine's end.
func TestEnvGrowLeavesTokenToNextJob(t *testing.T) {
	cpu := semaphore.NewWeighted(2)
	if !cpu.TryAcquire(1) { // this job's token; the other is free
		t.Fatal("no token")
	}
	var waiting atomic.Int64
	waiting.Store(1) // one job not started yet
	e := &env{plan: &Plan{cpus: 2}, cpu: cpu, held: 1, asked: true, waiting: &waiting}
	if w := e.Grow(); w != 1 {
		t.Fatalf("Grow with a job yet to start: %d workers, want 1 (the free token is the next job's)", w)
	}
	if !cpu.TryAcquire(1) {
		t.Fatal("the next job finds no token")
	}
	waiting.Add(-1) // it started
	cpu.Release(1)  // and ended
	if w := e.Grow(); w != 2 {
		t.Errorf("Grow once every job has started and one ended: %d, want 2", w)
	}
}

// TestEnvWorkersLeavesTokenToNextJob is TestEnvGrowLeavesTokenToNextJob
// for the first call, Workers: the errgroup starts the costliest job and
// the next together, and the costliest may ask for its workers before the
// next has taken its token. Workers must leave it that token; taken, the
// next job (a nim table) waited for the end of a sieve of hours (seen in
// CI: TestInterrupt and TestSignals waited for the nim table).
func TestEnvWorkersLeavesTokenToNextJob(t *testing.T) {
	cpu := semaphore.NewWeighted(2)
	if !cpu.TryAcquire(1) { // this job's token; the other is free
		t.Fatal("no token")
	}
	var waiting atomic.Int64
	waiting.Store(1) // the next job, started with it, has not taken its token yet
	e := &env{plan: &Plan{cpus: 2}, cpu: cpu, held: 1, waiting: &waiting}
	if w := e.Workers(); w != 1 {
		t.Fatalf("Workers with a job still to start: %d, want 1", w)
	}
	if !cpu.TryAcquire(1) {
		t.Fatal("the next job's token was taken by Workers")
	}
	cpu.Release(1)
	// Once every job has started, Grow gives the engine what is free.
	waiting.Store(0)
	if w := e.Grow(); w != 2 {
		t.Errorf("Grow once every job started, a token free: %d, want 2", w)
	}
	// With no job left to start, the first call takes what is free.
	cpu2 := semaphore.NewWeighted(2)
	cpu2.TryAcquire(1)
	e2 := &env{plan: &Plan{cpus: 2}, cpu: cpu2, held: 1, waiting: &waiting}
	if w := e2.Workers(); w != 2 {
		t.Errorf("Workers with no job to start and a token free: %d, want 2", w)
	}
}
