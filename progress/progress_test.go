package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the tracker's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLinesMode prints the lines of two ticks by hand (the tracker's own
// ticker, every hour, never fires during the test): a line with the
// percentage and the time left, once for an unchanged state, nothing for an
// idle task. Then a tracker's ticker prints by itself (waited for as an
// event, however long a loaded machine takes).
func TestLinesMode(t *testing.T) {
	var buf syncBuffer
	tr := newTracker(&buf, Lines, time.Hour)

	task := tr.Task("squares/p_positions")
	idle := tr.Task("nim/positions") // never started: prints nothing
	_ = idle
	task.Phase("sieving", "n", 4_000_000_000)
	task.Set(0)
	task.firstAt = time.Now().Add(-10 * time.Second) // as if running for 10 s
	task.Set(1_000_000_000)
	tr.printTick()
	tr.printTick()
	task.Done()
	tr.printTick()
	tr.Stop()

	out := buf.String()
	if !strings.Contains(out, "squares/p_positions") || !strings.Contains(out, "sieving  25.0% (1e9 of 4e9 n)") {
		t.Errorf("no progress line with the percentage:\n%s", out)
	}
	if !strings.Contains(out, "left") {
		t.Errorf("no estimate of the time left:\n%s", out)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("an unchanged state should print once, got:\n%s", out)
	}
	if strings.Contains(out, "nim/positions") || strings.Contains(out, "\r") {
		t.Errorf("printed an idle task or a carriage return:\n%s", out)
	}

	var ticked syncBuffer
	tr = newTracker(&ticked, Lines, time.Millisecond)
	tr.Task("flip/boards").Phase("listing", "boards", 10)
	for !strings.Contains(ticked.String(), "flip/boards") {
		time.Sleep(time.Millisecond)
	}
	tr.Stop()
}

// TestLeftFromFirstReport: the time left counts from the phase's first
// report. A run resumed from a checkpoint at 2.1e9 of 4.3e9 heaps (the
// Grundy's game run of issue 33, whose display said "~8m left" at 58% after
// 12 minutes when 50 minutes were left) reports 2.1e9 first; 0.5e9 more in
// 10 minutes leaves 1.7e9 at that rate: 34 minutes. A fresh run (first report
// 0) keeps the old estimate, elapsed × (1 − done/total) / (done/total).
func TestLeftFromFirstReport(t *testing.T) {
	tr := newTracker(&syncBuffer{}, Off, time.Hour)
	defer tr.Stop()
	start := time.Now()
	for _, c := range []struct {
		name          string
		first, done   int64
		after         time.Duration
		want          time.Duration
		wantEstimated bool
	}{
		{"resumed", 2_100_000_000, 2_600_000_000, 10 * time.Minute, 34 * time.Minute, true},
		{"fresh", 0, 1_000_000_000, 10 * time.Second, 33 * time.Second, true},
		{"nothing done since the first report", 2_100_000_000, 2_100_000_000, time.Hour, 0, false},
		{"under a second", 0, 1_000_000_000, time.Second, 0, false},
	} {
		task := tr.Task(c.name)
		task.Phase("computing", "n", 4_300_000_000)
		task.Set(c.first)
		task.firstAt = start
		task.Set(c.done)
		task.mu.Lock()
		got, ok := task.left(start.Add(c.after))
		task.mu.Unlock()
		if ok != c.wantEstimated || got.Round(time.Second) != c.want {
			t.Errorf("%s: left %v (estimated %v), want %v (estimated %v)", c.name, got.Round(time.Second), ok, c.want, c.wantEstimated)
		}
	}
}

func TestOffModePrintsNothing(t *testing.T) {
	var buf syncBuffer
	tr := New(&buf, Off)
	task := tr.Task("x")
	task.Phase("p", "n", 10)
	task.Set(5)
	task.Done()
	tr.Stop()
	if buf.String() != "" {
		t.Errorf("got %q", buf.String())
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 9999: "9999", 12345: "12k", 4294967296: "4.3e9", 12_000_000_000: "1.2e10"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
