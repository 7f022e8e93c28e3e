package heapgame

import (
	"context"
	"errors"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/internal/sysmem"
)

// TestTailAutoStart runs 0.6 and Grundy's game with tail: true and no other
// key, the probe and the least start lowered to 2^12 and the margin to 1,
// so that the first start's window is too short (0.6's rare heaps go on to
// 20,627, Grundy's game's to 82,860) and the run must start again from a
// larger one, by itself. Its frequency tables must be those of a full
// array (counted here from octal.Values / GrundysGame, whose values the
// engine's tests check against the plain mex), and the tail must have run
// (tail_from >= 0), not only the prefix. The first run must go on from
// the probe's prefix and each restart from the one the stopped run kept
// (octal.TailResult.PrefixFrom: their start + 1, not heap 0), and the
// tables and findings must be those of a run from the last start alone.
func TestTailAutoStart(t *testing.T) {
	defer func(m, k int64) { tailAutoMin, tailAutoMargin = m, k }(tailAutoMin, tailAutoMargin)
	tailAutoMin, tailAutoMargin = 1<<12, 1
	ctx := context.Background()
	code, _ := octal.Parse("0.6")
	for _, tt := range []struct {
		name string
		max  int
		long bool
		g    TailGame
		full func(max int) ([]int32, error)
	}{
		{"0.6", 1<<18 - 1, false, OctalTail(code, &TailKeys{Tail: true}), func(max int) ([]int32, error) { return octal.Values(ctx, code, max, grundy.Options{Workers: 1}) }},
		// Grundy's game: its last rare heap, 82,860, needs a window past
		// it, a start past 2^17; to 2^20, tens of seconds.
		{"grundy-game", 1<<20 - 1, true, GrundysGameTail(&TailKeys{Tail: true}, "Grundy's game"), func(max int) ([]int32, error) {
			g, _, err := octal.GrundysGame(ctx, max, grundy.Options{Workers: 1})
			return g, err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long {
				longtest.Skip(t, "Grundy's game with tail: true to 2^20 (tens of seconds)")
			}
			max := tt.max
			sink := memsink.New()
			var starts, prefixFrom []int64 // of each run, restarts included
			engine := tt.g.run
			tt.g.run = func(ctx context.Context, to int64, opts octal.TailOptions) (octal.TailResult, error) {
				res, err := engine(ctx, to, opts)
				if to == int64(max) { // not the probe's
					starts, prefixFrom = append(starts, opts.Start), append(prefixFrom, res.PrefixFrom)
				}
				return res, err
			}
			if err := tt.g.runJob(ctx, sink, tt.name, int64(max)); err != nil {
				t.Fatal(err)
			}
			// The first run goes on from the probe's prefix, each restart
			// from the one the run before kept.
			for i := range starts {
				want := tailAutoMin + 1
				if i > 0 {
					want = starts[i-1] + 1
				}
				if prefixFrom[i] != want {
					t.Errorf("run %d from %d computed its prefix from heap %d, want %d (the probe's or the stopped run's start + 1)", i, starts[i], prefixFrom[i], want)
				}
			}
			// Its outputs are those of a run from the last start alone.
			given := tt.g
			given.keys, given.run = &TailKeys{Tail: true, Start: starts[len(starts)-1]}, engine
			alone := memsink.New()
			if err := given.runJob(ctx, alone, tt.name, int64(max)); err != nil {
				t.Fatal(err)
			}
			restart, restarted := sink.Findings["tail_restart"]
			delete(sink.Findings, "tail_restart")
			if !reflect.DeepEqual(sink.Tables, alone.Tables) || !reflect.DeepEqual(sink.Findings, alone.Findings) {
				t.Errorf("the automatic run's tables or findings differ from those of a run from its last start %d alone:\n%v\n%v", starts[len(starts)-1], sink.Findings, alone.Findings)
			}
			if restarted {
				sink.Findings["tail_restart"] = restart
			}
			t.Logf("runs from %v, prefixes computed from %v", starts, prefixFrom)
			run := sink.Findings["tail"].(TailRun)
			if run.TailFrom < 0 || run.Start <= tailAutoMin {
				t.Errorf("tail from %d, start %d: want a tail from a start past %d", run.TailFrom, run.Start, tailAutoMin)
			}
			if _, ok := sink.Findings["tail_restart"]; !ok {
				t.Errorf("no restart: the test means the first start to stop (finding tail %+v)", run)
			}
			g, err := tt.full(max)
			if err != nil {
				t.Fatal(err)
			}
			want := map[[2]int64]int64{} // (heaps, value) -> count, for each power of two
			for p := int64(1); p <= int64(max)+1; p *= 2 {
				for _, v := range g[:p] {
					want[[2]int64{p, int64(v)}]++
				}
			}
			got := sinkFrequencies(sink)
			if len(got) != len(want) {
				t.Fatalf("%d (heaps, value) counts, want %d", len(got), len(want))
			}
			for k, c := range want {
				if got[k] != c {
					t.Errorf("heaps %d, value %d: count %d, want %d", k[0], k[1], got[k], c)
				}
			}
		})
	}
}

// TestTailAutoRefuses checks that an automatic tail that cannot start is
// refused before the run with a *KeyError (exit status 2) that names the
// start that would work and its memory: 0.6 whose start would pass the
// memory limit, and 0.164 (no sparse space: a third of its heaps rare,
// the last ever later), refused for that (TestTailAutoNoSparseRefused).
func TestTailAutoRefuses(t *testing.T) {
	defer func(m, k int64) { tailAutoMin, tailAutoMargin = m, k }(tailAutoMin, tailAutoMargin)
	tailAutoMin = 1 << 12
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 10))
	ctx := context.Background()
	code, _ := octal.Parse("0.6")
	err := OctalTail(code, &TailKeys{Tail: true}).runJob(ctx, memsink.New(), "officers", 1<<20)
	var ke *games.KeyError
	// The probe to 4,096 has its last rare heap at 4,096 (0.6's rare heaps
	// are dense so early): a window of 32 x 4,097 heaps, start 2^19.
	if !errors.As(err, &ke) || ke.Key != "start" || !strings.Contains(err.Error(), "the start that would work is 524288") || !strings.Contains(err.Error(), "memory limit") {
		t.Errorf("0.6 over the memory limit: %v, want a *KeyError naming start 524288 and the memory", err)
	}
	tailAutoMargin = 1 << 20 // a start past 2^30, the full array's limit
	plain, _ := octal.Parse("0.164")
	err = OctalTail(plain, &TailKeys{Tail: true}).runJob(ctx, memsink.New(), "g", 1<<31)
	if !errors.As(err, &ke) || !strings.Contains(err.Error(), "no sparse space up to heap 4096") {
		t.Errorf("0.164: %v, want a *KeyError saying it has no sparse space", err)
	}
	// The same refusal from the job's Prepare, which the pipeline runs
	// before it opens the folder; a max whose full array fits is probed
	// there too, for the start the plan counts.
	job := OctalTail(plain, &TailKeys{Tail: true}).Plan("g", 1<<31)[0]
	if _, err := job.Prepare(ctx, games.Preparing{MemoryLimit: 1 << 40}); !errors.As(err, &ke) || !strings.Contains(err.Error(), "no sparse space up to heap 4096") {
		t.Errorf("0.164, Prepare: %v, want a *KeyError saying it has no sparse space", err)
	}
	g := OctalTail(code, &TailKeys{Tail: true})
	if got, err := g.Plan("officers", 1<<20)[0].Prepare(ctx, games.Preparing{MemoryLimit: 1 << 40}); err != nil || got.MemoryFor != "start 1048576" {
		t.Errorf("0.6 to 2^20 within the limit, Prepare: %v, %+v; want no error, start 2^20 (the probe's end, max)", err, got)
	}
}

// TestTailAutoBudget runs 0.6 to 2^18 - 1 as TestTailAutoStart does (its
// first start, 2^14, stops and it restarts from 2^15, 2^16, 2^17 when
// nothing holds it back), but with a budget (Job.Budget: the job's share
// of the plan's limit) that holds a prefix to 2^15 and not one to 2^16:
// it must restart once, from 2^15, and then stop with the error that
// names 65536, the start that would work (its prefix 1.4 MiB and the
// tail's buffers 2.2 MiB), and the budget as its limit,
// however large the run's own memory limit.
func TestTailAutoBudget(t *testing.T) {
	defer func(m, k int64) { tailAutoMin, tailAutoMargin = m, k }(tailAutoMin, tailAutoMargin)
	tailAutoMin, tailAutoMargin = 1<<12, 1
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
	code, _ := octal.Parse("0.6")
	g := OctalTail(code, &TailKeys{Tail: true})
	const max = 1<<18 - 1
	var starts []int64
	engine := g.run
	g.run = func(ctx context.Context, to int64, opts octal.TailOptions) (octal.TailResult, error) {
		if to == max { // not the probe's
			starts = append(starts, opts.Start)
		}
		return engine(ctx, to, opts)
	}
	job := g.Plan("officers", max)[0]
	// The job's bytes: a run from 2^15, its prefix (7 bytes a heap and 1
	// MiB, octal.Memory) and beside it the tail's buffers (3W+1 values of
	// 2 bytes for the window W = (2^15 - 1 - 1)/2 of 0.6, t = 1, and 2 MiB
	// of marks), and the writers' (Job.Memory's part, tail.go). From
	// 2^16 the run needs 3.6 MiB, over it.
	const window = (1<<15 - 1 - 1) / 2
	budget := int64(7*(1<<15+1)+1<<20) + (3*window+1)*2 + 2<<20
	job.Budget(budget + games.WriteMemory(49*(1<<16), 24))
	err := job.Run(context.Background(), memsink.New())
	if err == nil || !strings.Contains(err.Error(), "the start that would work is 65536") || !strings.Contains(err.Error(), "(memory limit "+sysmem.Format(budget)+")") {
		t.Errorf("error %v; want one naming start 65536 and the budget %s", err, sysmem.Format(budget))
	}
	if !reflect.DeepEqual(starts, []int64{1 << 14, 1 << 15}) {
		t.Errorf("runs from %v, want from 16384 and 32768 (a run from 2^16 is over the budget)", starts)
	}
}

// TestTailAutoNoSparseRefused (issue 49, A6): an automatic tail of a game
// with no sparse space up to the probe's end (0.007, probe lowered to
// 2^12) is refused with a *KeyError, from Prepare as from the run, rather
// than run as a full array to max (before: a full array to 2^14 here, to
// 2^30 in the report, years of work).
func TestTailAutoNoSparseRefused(t *testing.T) {
	defer func(m int64) { tailAutoMin = m }(tailAutoMin)
	tailAutoMin = 1 << 12
	code, _ := octal.Parse("0.007")
	var ke *games.KeyError
	err := OctalTail(code, &TailKeys{Tail: true}).runJob(context.Background(), memsink.New(), "g", 1<<14)
	if !errors.As(err, &ke) || !strings.Contains(err.Error(), "no sparse space up to heap 4096") {
		t.Errorf("run: %v, want a *KeyError saying there is no sparse space", err)
	}
	job := OctalTail(code, &TailKeys{Tail: true}).Plan("g", 1<<14)[0]
	if _, err := job.Prepare(context.Background(), games.Preparing{MemoryLimit: 1 << 40}); !errors.As(err, &ke) {
		t.Errorf("Prepare: %v, want a *KeyError", err)
	}
}
