package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-signals
		cancel(&signalError{sig.(syscall.Signal)})
		<-signals
		fmt.Fprintln(os.Stderr, "tabulate: second signal, exiting at once")
		os.Exit(128 + int(sig.(syscall.Signal)))
	}()
	err := Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if err == nil && ctx.Err() != nil {
		err = context.Cause(ctx)
	}
	os.Exit(exitCode(ctx, err, os.Stderr))
}
