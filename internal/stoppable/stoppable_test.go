package stoppable

import (
	"context"
	"errors"
	"testing"
)

func TestDo(t *testing.T) {
	v, err := Do(context.Background(), func() (int, error) { return 42, nil })
	if v != 42 || err != nil {
		t.Errorf("got %d, %v; want 42, nil", v, err)
	}
	// Cancelled once f is running, and f never ends by itself: Do must
	// return context.Canceled (a Do that waited for f would never return,
	// and the test would time out).
	ctx, cancel := context.WithCancel(context.Background())
	release, started := make(chan struct{}), make(chan struct{})
	defer close(release)
	go func() {
		<-started
		cancel()
	}()
	_, err = Do(ctx, func() (int, error) { close(started); <-release; return 1, nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
