package pipeline

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
)

// TestWaves checks the order of a plan's waves (games.Job.Wave): every
// job of a wave ends before a job of a later wave starts, whatever their
// costs; a job adds jobs to a later wave (games.Scheduler), never to its
// own or an earlier one; and each job's slot (games.Slotted) is one of
// the plan's CPU tokens.
func TestWaves(t *testing.T) {
	var mu sync.Mutex
	var events []string
	log := func(s string) {
		mu.Lock()
		events = append(events, s)
		mu.Unlock()
	}
	cpus := min(2, runtime.GOMAXPROCS(0))
	var refused error
	job := func(name string, wave int, cost float64, then func(s games.Sink)) Job {
		return Job{Game: "w", Job: games.Job{Table: name, Wave: wave, Cost: cost, Run: func(ctx context.Context, s games.Sink) error {
			if slot := s.(games.Slotted).Slot(); slot < 0 || slot >= cpus {
				t.Errorf("%s: slot %d, want 0 to %d", name, slot, cpus-1)
			}
			log("start " + name)
			if then != nil {
				then(s)
			}
			log("end " + name)
			return nil
		}}}
	}
	add := func(s games.Sink) {
		sched := s.(games.Scheduler)
		refused = sched.Add(games.Job{Table: "same", Wave: 0, Run: func(context.Context, games.Sink) error { return nil }})
		if err := sched.Add(job("added", 2, 0, nil).Job); err != nil {
			t.Errorf("Add to a later wave: %v", err)
		}
	}
	p := &Plan{Config: configs.Config{Out: t.TempDir(), Formats: []string{"csv"}}, Workers: 2, Limit: 1 << 30, cpus: cpus,
		Jobs: []Job{job("late", 1, 100, nil), job("a", 0, 1, add), job("b", 0, 2, nil), job("last", 3, 0, nil)}}
	if _, err := p.Run(context.Background(), Options{}); err != nil {
		t.Fatal(err)
	}
	if refused == nil || !strings.Contains(refused.Error(), "wave 0") {
		t.Errorf("Add to the job's own wave: %v, want refused", refused)
	}
	pos := func(e string) int {
		i := slices.Index(events, e)
		if i < 0 {
			t.Fatalf("%q never happened: %v", e, events)
		}
		return i
	}
	for _, order := range [][2]string{{"end a", "start late"}, {"end b", "start late"}, {"end late", "start added"}, {"end added", "start last"}} {
		if pos(order[0]) > pos(order[1]) {
			t.Errorf("%q after %q: %v", order[0], order[1], events)
		}
	}
}
