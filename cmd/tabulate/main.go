package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/tabulate-games/tabulate/configs"
	_ "github.com/tabulate-games/tabulate/games/catalogue" // registers the built-in games and families
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
)

// abandonGrace is how long a second signal waits for the run to remove its
// temporary files and save its manifest before the process exits regardless.
const abandonGrace = 5 * time.Second

func main() {
	if len(os.Args) > 1 {
		output.SetLockHolder("tabulate " + os.Args[1]) // named to a second command the lock refuses
	}
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
	if (err == nil || errors.Is(err, errHelp)) && stdout.err != nil {
		// An answer (or the help asked for) that could not be written (a
		// full disk, /dev/full) is a failure, not a silent success.
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

// maxMessage is the longest error message printed whole. A message that
// quotes what it refuses (a 16 MiB line of standard input, a merge missing
// 99,999 shards) is cut in its middle, with a note saying how much was
// left out: its start says what is wrong and its end what is allowed.
const maxMessage = 4 << 10

// clip returns s whole when it is at most n bytes, otherwise its first and
// last bytes (on character boundaries) around a note of how many were cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head, tail := n*3/4, n/4
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	start := len(s) - tail
	for start < len(s) && !utf8.RuneStart(s[start]) {
		start++
	}
	return fmt.Sprintf("%s [... %d bytes cut ...] %s", s[:head], start-head, s[start:])
}

// minMaxMemory is the least --max-memory accepted: what any plan needs
// beside its jobs (the Go runtime, the writers' buffers), so that a smaller
// limit could only refuse every run.
const minMaxMemory = 64 << 20

// parseMaxMemory reads the value of --max-memory: auto, or a size from
// minMaxMemory to the machine's physical memory (to configs.MaxSize when
// the machine does not say). 0, which the configuration file reads as
// auto, is refused on the command line, where it reads as "no memory";
// so is a size the machine cannot have (1EiB), which would disable the
// plan's check.
func parseMaxMemory(v string) (configs.Size, error) {
	size, err := configs.ParseSize(v)
	if err != nil {
		var ce *configs.Error
		if errors.As(err, &ce) {
			ce.Key = "--max-memory"
		}
		return 0, err
	}
	if size == 0 && strings.TrimSpace(v) == "auto" {
		return 0, nil
	}
	if err := memoryInRange(size, "--max-memory", fmt.Sprintf("%q", v)); err != nil {
		return 0, err
	}
	return size, nil
}

// memoryInRange refuses a memory limit (--max-memory, or max_memory of a
// configuration, where 0 means auto) below minMaxMemory or above the
// machine's physical memory (configs.MaxSize when the machine does not
// say): a limit the machine cannot have would disable the plan's check.
func memoryInRange(size configs.Size, key, value string) error {
	most := int64(configs.MaxSize)
	if phys := pipeline.PhysicalMemory(); phys > 0 {
		most = phys
	}
	if int64(size) < minMaxMemory || int64(size) > most {
		return &configs.Error{Key: key, Value: value, Problem: "is out of range",
			Allowed: fmt.Sprintf("auto (%.0f%% of the machine's memory), or %s to %s (this machine's memory)", 100*pipeline.AutoMemoryShare, pipeline.Bytes(minMaxMemory), pipeline.Bytes(most))}
	}
	return nil
}

// fileMemoryInRange is memoryInRange for max_memory of the configuration
// file, where 0 is auto.
func fileMemoryInRange(cfg configs.Config) error {
	if cfg.MaxMemory == 0 {
		return nil
	}
	return memoryInRange(cfg.MaxMemory, "max_memory", cfg.MaxMemory.String())
}
