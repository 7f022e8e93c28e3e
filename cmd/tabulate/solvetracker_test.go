package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/progress"
)

// TestSolveTrackerNextComputation: a second computation of one solve (the
// proof search grows its values 1024, 4096, 16384, then 65536 and more) is
// shown against its own total: before, the display kept the first
// computation's total ("150.0% (24k of 16k n), ~-8s left" while 0.3F
// computed 65536 values).
func TestSolveTrackerNextComputation(t *testing.T) {
	after, every := solveProgressAfter, solveProgressEvery
	defer func() { solveProgressAfter, solveProgressEvery = after, every }()
	solveProgressAfter, solveProgressEvery = 0, time.Millisecond
	var buf bytes.Buffer
	sp := &solveTracker{w: &buf, mode: progress.Lines, name: "g"}
	first := sp.start("computing Grundy values", "n")
	first(8000, 16000)
	first(16000, 16000)
	second := sp.start("computing Grundy values", "n")
	second(20000, 64000)
	time.Sleep(5 * time.Millisecond)
	second(24000, 64000)
	time.Sleep(5 * time.Millisecond)
	sp.stop()
	out := buf.String()
	if strings.Contains(out, "of 16k n), ~-") || strings.Contains(out, "(24k of 16k") || !strings.Contains(out, "of 64k n") {
		t.Errorf("progress of the second computation:\n%s\nwant it against its own total, 64k", out)
	}
}
