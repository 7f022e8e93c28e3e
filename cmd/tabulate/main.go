package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// abandonGrace is how long a second signal waits for the run to remove its
// temporary files and save its manifest before the process exits regardless.
const abandonGrace = 5 * time.Second

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	abandonRun := make(chan struct{})
	abandon = abandonRun
	signals := make(chan os.Signal, 8)
	// SIGHUP: the terminal was closed. SIGPIPE: standard error (or output)
	// is a pipe whose reader has gone, as in `tabulate run 2>&1 | head -1`;
	// once notified, such writes fail with EPIPE instead of killing the
	// process, and the run stops as cleanly as for Ctrl-C.
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		first := (<-signals).(syscall.Signal)
		cancel(&signalError{first})
		for sig := range signals {
			if sig == syscall.SIGPIPE {
				continue // every later write to the closed pipe raises another
			}
			break
		}
		// A second signal: the user will not wait for the workers. The run
		// removes its temporary files, saves the manifest as interrupted
		// and returns; should that take too long, exit anyway (the
		// manifest on disk lists only whole files at every instant).
		fmt.Fprintln(os.Stderr, "tabulate: second signal, stopping at once")
		close(abandonRun)
		time.Sleep(abandonGrace)
		os.Exit(128 + int(first))
	}()
	stdout := &checkedWriter{w: os.Stdout}
	err := Run(ctx, os.Args[1:], stdout, os.Stderr)
	if err == nil && ctx.Err() != nil {
		err = context.Cause(ctx)
	}
	if err == nil && stdout.err != nil {
		// An answer that could not be written (a full disk, /dev/full) is
		// a failure, not a silent success.
		err = fmt.Errorf("write standard output: %w", stdout.err)
	}
	os.Exit(exitCode(ctx, err, os.Stderr))
}

// checkedWriter remembers the first write error, so that output lost on the
// way is reported when the command ends.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}
