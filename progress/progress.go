// Package progress shows how far the jobs of a run have got: as live bars when
// standard error is a terminal, as plain periodic lines when it is not (so CI
// logs stay readable), or not at all.
//
// Each job is a Task that goes through phases ("computing", "writing"), each
// with its own total, and reports how much of the phase is done; the estimate
// of the time left is the time since the phase's first report scaled by what
// remains against what was done since that report (so a run resumed from a
// checkpoint, whose first report is where it starts, is not estimated as if
// it had done that work in its own elapsed time):
//
//	t := tracker.Task("squares/p_positions")
//	t.Phase("sieving", "n", 4294967296)
//	t.Set(1 << 20)
//	t.Set(1 << 31) // the line now reads: squares/p_positions  sieving 50.0% (2.1e9 of 4.3e9 n), ~40s left
//	t.Done()
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// Mode chooses how progress is shown.
type Mode int

const (
	Off   Mode = iota // nothing
	Lines             // a line per running task every Interval
	Live              // redrawn bars, for a terminal
)

// Interval is how often Lines mode prints.
const Interval = 5 * time.Second

// Tracker follows a run's tasks. It is safe for concurrent use.
type Tracker struct {
	w        io.Writer
	start    time.Time
	mu       sync.Mutex
	tasks    []*Task
	bars     *mpb.Progress
	stop     chan struct{}
	done     chan struct{}
	width    int
	interval time.Duration
}

// New starts a tracker writing to w in the given mode.
func New(w io.Writer, mode Mode) *Tracker { return newTracker(w, mode, Interval) }

// NewEvery is New with Lines mode printing every interval instead of
// Interval.
func NewEvery(w io.Writer, mode Mode, interval time.Duration) *Tracker {
	return newTracker(w, mode, interval)
}

// newTracker is New with the interval of Lines mode chosen.
func newTracker(w io.Writer, mode Mode, interval time.Duration) *Tracker {
	t := &Tracker{w: w, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{}), width: 22, interval: interval}
	switch mode {
	case Live:
		t.bars = mpb.New(mpb.WithOutput(w), mpb.WithWidth(30), mpb.WithRefreshRate(200*time.Millisecond))
		close(t.done)
	case Lines:
		go t.printLines(t.interval)
	default:
		close(t.done)
	}
	return t
}

// Task is one job's progress.
type Task struct {
	tracker *Tracker
	name    string
	bar     *mpb.Bar
	mu      sync.Mutex
	phase   string
	unit    string
	done    int64
	total   int64
	// first and firstAt are the phase's first report and when it came:
	// the estimate of the time left counts from there (reported is false
	// until then).
	first    int64
	firstAt  time.Time
	reported bool
	finished bool
	lastLine string
}

// Task starts following a job.
func (t *Tracker) Task(name string) *Task {
	task := &Task{tracker: t, name: name, phase: "waiting"}
	t.mu.Lock()
	t.tasks = append(t.tasks, task)
	t.mu.Unlock()
	if t.bars != nil {
		task.bar = t.bars.New(1000, mpb.BarStyle(),
			mpb.PrependDecorators(decor.Name(name, decor.WC{W: t.width, C: decor.DindentRight})),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return task.status() })),
		)
	}
	return task
}

// Phase starts a new phase of total units (0 if unknown).
func (t *Task) Phase(name, unit string, total int64) {
	t.mu.Lock()
	t.phase, t.unit, t.total, t.done = name, unit, total, 0
	t.reported = false
	t.mu.Unlock()
	t.updateBar()
}

// Set records how many units of the phase are done. The phase's first Set is
// the estimate's starting point: a computation resumed from a checkpoint
// reports where it starts first.
func (t *Task) Set(done int64) {
	t.mu.Lock()
	if !t.reported {
		t.first, t.firstAt, t.reported = done, time.Now(), true
	}
	if done > t.done {
		t.done = done
	}
	t.mu.Unlock()
	t.updateBar()
}

func (t *Task) updateBar() {
	if t.bar == nil {
		return
	}
	t.mu.Lock()
	var permille int64
	if t.total > 0 {
		permille = min(1000, t.done*1000/t.total)
	}
	t.mu.Unlock()
	t.bar.SetCurrent(permille)
}

// Done marks the task finished.
func (t *Task) Done() {
	t.mu.Lock()
	t.finished, t.phase = true, "done"
	t.mu.Unlock()
	if t.bar != nil {
		t.bar.SetCurrent(1000)
		t.bar.SetTotal(-1, true)
	}
}

// status renders the task's state as one line.
func (t *Task) status() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.finished || t.total <= 0 {
		return t.phase
	}
	frac := float64(t.done) / float64(t.total)
	s := fmt.Sprintf("%s %5.1f%% (%s of %s %s)", t.phase, 100*frac, Count(t.done), Count(t.total), t.unit)
	if left, ok := t.left(time.Now()); ok {
		s += ", ~" + left.Round(time.Second).String() + " left"
	}
	return s
}

// left estimates the time the phase has left at now, from the rate since its
// first report; ok is false until there is something to go by (more than a
// second and a thousandth of the total since that report). t.mu is held.
func (t *Task) left(now time.Time) (left time.Duration, ok bool) {
	if !t.reported {
		return 0, false
	}
	since, doneSince := now.Sub(t.firstAt), t.done-t.first
	if since <= time.Second || doneSince*1000 <= t.total {
		return 0, false
	}
	return time.Duration(float64(since) * float64(t.total-t.done) / float64(doneSince)), true
}

// printLines prints the state of every running task every Interval.
func (t *Tracker) printLines(interval time.Duration) {
	defer close(t.done)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-t.stop:
			return
		case <-tick.C:
			t.printTick()
		}
	}
}

// printTick prints the state of every running task that changed since the
// last tick.
func (t *Tracker) printTick() {
	t.mu.Lock()
	tasks := append([]*Task(nil), t.tasks...)
	t.mu.Unlock()
	elapsed := time.Since(t.start).Round(time.Second)
	for _, task := range tasks {
		task.mu.Lock()
		running := !task.finished && task.phase != "waiting"
		task.mu.Unlock()
		if !running {
			continue
		}
		line := task.status()
		if line == task.lastLine {
			continue
		}
		task.lastLine = line
		fmt.Fprintf(t.w, "[%6s] %-*s %s\n", elapsed, t.width, task.name, line)
	}
}

// Stop ends the display; unfinished tasks are left as they are.
func (t *Tracker) Stop() {
	select {
	case <-t.stop:
		return
	default:
		close(t.stop)
	}
	<-t.done
	if t.bars != nil {
		t.mu.Lock()
		for _, task := range t.tasks {
			if !task.finished {
				task.bar.Abort(false)
			}
		}
		t.mu.Unlock()
		t.bars.Wait()
	}
}

// Count renders a count compactly: 950, 12k, 4.3e9.
func Count(n int64) string {
	switch {
	case n < 10_000:
		return fmt.Sprint(n)
	case n < 1_000_000:
		return fmt.Sprintf("%dk", n/1000)
	default:
		return strings.NewReplacer("e+0", "e", "e+", "e").Replace(fmt.Sprintf("%.2g", float64(n)))
	}
}
