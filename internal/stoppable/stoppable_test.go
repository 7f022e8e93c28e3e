package stoppable

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestDo(t *testing.T) {
	v, err := Do(context.Background(), func() (int, error) { return 42, nil })
	if v != 42 || err != nil {
		t.Errorf("got %d, %v; want 42, nil", v, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err = Do(ctx, func() (int, error) { <-release; return 1, nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("returned after %v, want soon after the cancel at 50 ms", took)
	}
}
