package flip_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/flip"
)

// pollCancel is a context cancelled by its own at-th Err call: the engine
// polling it is then surely inside its loop, whatever the machine's load,
// and how many times it polls after that says how far it went on.
type pollCancel struct {
	context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	polls  int
	at     int
}

func newPollCancel(at int) *pollCancel {
	ctx, cancel := context.WithCancel(context.Background())
	return &pollCancel{Context: ctx, cancel: cancel, at: at}
}

func (c *pollCancel) Err() error {
	c.mu.Lock()
	c.polls++
	if c.polls == c.at {
		c.cancel()
	}
	c.mu.Unlock()
	return c.Context.Err()
}

// after is how many times the engine polled after the cancel.
func (c *pollCancel) after() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.polls - c.at
}

// TestFlipRunGrundyContextStops cancels the run engine at the largest
// allowed bound (flip.run_max: 1000000, which takes tens of seconds, about
// 15,600 polls of its context) at its 100th poll of the context, and checks
// that it returns context.Canceled without polling again (so without
// another 64 lengths of work), and that a cancelled computation leaves
// nothing wrong behind for later calls (checked against the plain mex over
// every split of the octal game 0.07).
func TestFlipRunGrundyContextStops(t *testing.T) {
	ctx := newPollCancel(100)
	defer ctx.cancel()
	g, err := flip.RunValues(ctx, 1_000_000)
	if !errors.Is(err, context.Canceled) || g != nil {
		t.Fatalf("got %d values and error %v, want context.Canceled", len(g), err)
	}
	if n := ctx.after(); n < 0 || n > 1 {
		t.Errorf("the engine polled its context %d times after the cancel, want it to stop at once", n)
	}

	const n = 3000
	want := make([]int32, n+1) // plain mex over every split a, r-2-a
	for r := 2; r <= n; r++ {
		seen := map[int32]bool{}
		for a := 0; a <= r-2; a++ {
			seen[want[a]^want[r-2-a]] = true
		}
		for seen[want[r]] {
			want[r]++
		}
	}
	if got, err := flip.RunValues(context.Background(), n); err != nil || !slices.Equal(got, want) {
		t.Errorf("after a cancelled call, values differ from the plain mex (error %v)", err)
	}
}

// TestSolveContextStops cancels Solve on a board whose run of 1,200,000 '+'
// it answers by the proven period, at its third poll of the context while
// it looks for the winning moves among the run's splits, and checks that
// it returns context.Canceled without polling again.
func TestSolveContextStops(t *testing.T) {
	board := strings.Repeat("+", 1_200_000)
	if a, err := flip.Solve(context.Background(), board); err != nil || !a.Win {
		t.Fatalf("setup: want a winning run (its moves are searched), got %+v, %v", a.Grundy, err)
	}
	ctx := newPollCancel(3)
	defer ctx.cancel()
	_, err := flip.Solve(ctx, board)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if n := ctx.after(); n < 0 || n > 1 {
		t.Errorf("Solve polled its context %d times after the cancel, want it to stop at once", n)
	}
}
