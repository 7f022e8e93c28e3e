package octal

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// tailPipeModes are the ways TestTailPipe* run the tail: one goroutine, and
// two (tailpipe.go) with stage A's share of step 3 adapting, fixed at none
// and fixed at its most, so that stage B goes on from every kind of point.
var tailPipeModes = []struct {
	name string
	in   tailInternal
}{
	{"one goroutine", tailInternal{tailWorkers: 1}},
	{"two, adaptive", tailInternal{tailWorkers: 2}},
	{"two, A lists no step 3", tailInternal{tailWorkers: 2, pipeChunks: -1}},
	{"two, A lists 24 chunks", tailInternal{tailWorkers: 2, pipeChunks: tailPipeMaxChunks}},
}

// TestTailPipeEqualsValues runs the tail on one goroutine and on two and
// compares every frequency table and the checksum with those of the full
// array of the full-array engine (Values, GrundysGame), and the two
// TailResults with each other: 0.6 (1,583 rare heaps, the near loop, 16-bit
// values, and a move that leaves one heap, k = 1: g(n-1), the value stage B
// has just computed), 0.161 (8-bit values), Grundy's game (split digit 0:
// the split (1, n-1) reads g(n-1); rare heaps past 2^16, tailMarkRare),
// 0.56 from 2^12 (relabel adds mask bit 6 at heap 22,778, TestTailOracle)
// 4.07 (split digit 0 and no rare heap: step 3 alone) and 0.127, whose
// tail proves period 4 at heap 93,167 (TestTailProvesPeriod) and copies
// from there on, the second goroutine ended. 0.6 and Grundy's game run in
// every mode of tailPipeModes, the others on one goroutine and on two
// (adaptive); with -short, a shorter tail, and only 0.6 in every mode.
func TestTailPipeEqualsValues(t *testing.T) {
	span := int64(150_000)
	if testing.Short() {
		span = 40_000
	}
	cases := []struct {
		code       string
		start, max int64
		noPeriodic bool
	}{
		{"0.6", 1 << 17, 1<<17 + span, false},
		{"0.161", 1 << 17, 1<<17 + span, false},
		{"grundy-game", 1 << 18, 1<<18 + span, false},
		{"0.56", 1 << 12, 1 << 15, true},
		{"4.07", 1 << 12, 1 << 15, true},
		{"0.127", 1 << 16, 1 << 17, false},
	}
	for _, tc := range cases {
		game := tailGrundy
		var g []int32
		var err error
		if tc.code == "grundy-game" {
			g, _, err = GrundysGame(context.Background(), int(tc.max), grundy.Options{})
		} else {
			c, _ := Parse(tc.code)
			game = tailOctal(c)
			g, err = Values(context.Background(), c, int(tc.max), grundy.Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		tables, sum, err := Frequencies(g)
		if err != nil {
			t.Fatal(err)
		}
		modes := tailPipeModes
		if tc.code != "0.6" && (testing.Short() || tc.code != "grundy-game") {
			modes = modes[:2] // the prefixes are most of the time; CI time
		}
		var ref TailResult
		for i, m := range modes {
			in := m.in
			in.noPeriodic = tc.noPeriodic
			res, err := tailRun(context.Background(), game, tc.max, TailOptions{Start: tc.start}, in)
			if err != nil {
				t.Fatalf("%s, %s: %v", tc.code, m.name, err)
			}
			if res.TailFrom != tc.start+1 || res.Final.Checksum != sum || !sameTables(res.Tables, tables) {
				t.Errorf("%s, %s: tail from %d, checksum %x, want from %d and the full array's %x (tables equal: %v)", tc.code, m.name, res.TailFrom, res.Final.Checksum, tc.start+1, sum, sameTables(res.Tables, tables))
			}
			if tc.code == "0.56" && res.Mask != 0x5b {
				t.Errorf("0.56, %s: mask %#x, want 0x5b (bit 6 added at heap 22778)", m.name, res.Mask)
			}
			if i == 0 {
				ref = res
			} else if !reflect.DeepEqual(res, ref) {
				t.Errorf("%s, %s: result differs from one goroutine's:\n got  %+v\n want %+v", tc.code, m.name, brief(res), brief(ref))
			}
		}
	}
}

// TestTailPipeStops checks that the stops of a tail on two goroutines are
// those of one, with the same results and byte for byte the same
// checkpoint: TailUnsettled (0.16 from 2^13 at heap 11,921, the values
// before it handed over), TailWidth (0.167 from 2^12 with its values
// limited to one past the prefix's largest, at the first heap of a larger
// value in the full array), and a cancel (0.167 from 2^12, from the
// progress callback, so at the same heap either way); the cancelled runs'
// checkpoints, resumed each on the other number of goroutines, give the
// uninterrupted run's result. Small enough for the race detector (-race).
func TestTailPipeStops(t *testing.T) {
	dir := t.TempDir()
	type run struct {
		res  TailResult
		err  error
		ck   []byte
		vals []int32
	}
	do := func(name string, game tailGame, max int64, opts TailOptions, in tailInternal) run {
		var r run
		opts.Checkpoint = filepath.Join(dir, name)
		opts.ValuesFrom, opts.ValuesTo = 0, max
		opts.OnValues = func(first int64, v []int32) error {
			if first != int64(len(r.vals)) {
				t.Fatalf("%s: values from %d handed over after %d", name, first, len(r.vals))
			}
			r.vals = append(r.vals, v...)
			return nil
		}
		r.res, r.err = tailRun(context.Background(), game, max, opts, in)
		var err error
		if r.ck, err = os.ReadFile(opts.Checkpoint); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return r
	}
	same := func(what string, a, b run) {
		t.Helper()
		if !reflect.DeepEqual(a.err, b.err) || !reflect.DeepEqual(a.res, b.res) || !bytes.Equal(a.ck, b.ck) || !reflect.DeepEqual(a.vals, b.vals) {
			t.Errorf("%s: two goroutines: %v, %+v (checkpoint equal: %v, values equal: %v); one: %v, %+v",
				what, b.err, brief(b.res), bytes.Equal(a.ck, b.ck), reflect.DeepEqual(a.vals, b.vals), a.err, brief(a.res))
		}
	}
	var te *TailError

	c16, _ := Parse("0.16")
	one := do("16-1", tailOctal(c16), 1<<14, TailOptions{Start: 1 << 13}, tailInternal{noPeriodic: true, tailWorkers: 1})
	two := do("16-2", tailOctal(c16), 1<<14, TailOptions{Start: 1 << 13}, tailInternal{noPeriodic: true, tailWorkers: 2})
	if !errors.As(one.err, &te) || te.Stop != TailUnsettled || te.Heap != 11921 || len(one.vals) != 11921 {
		t.Errorf("0.16 from 2^13: %v with %d values handed over, want TailUnsettled at 11921", one.err, len(one.vals))
	}
	same("0.16 from 2^13", one, two)

	// 0.167 from 2^12, its values limited to one past the largest of the
	// prefix: a stop at the first heap past the start of a larger value.
	c167, _ := Parse("0.167")
	g, _, _ := fullTables(t, "0.167", 1<<15)
	limit := slices.Max(g[:1<<12+1]) + 1
	first := slices.IndexFunc(g, func(v int32) bool { return v >= limit })
	in := tailInternal{valueLimit: int64(limit), noPeriodic: true}
	in.tailWorkers = 1
	one = do("167-1", tailOctal(c167), 1<<15, TailOptions{Start: 1 << 12}, in)
	in.tailWorkers = 2
	two = do("167-2", tailOctal(c167), 1<<15, TailOptions{Start: 1 << 12}, in)
	if first <= 1<<12 || !errors.As(one.err, &te) || te.Stop != TailWidth || te.Heap != int64(first) {
		t.Errorf("0.167 limited to %d: %v, want TailWidth at heap %d, past 2^12", limit, one.err, first)
	}
	same("0.167 limited", one, two)

	const start, max, stop = 1 << 12, 1 << 15, 20_000
	ref, err := tailRun(context.Background(), tailOctal(c167), max, TailOptions{Start: start}, tailInternal{noPeriodic: true, tailWorkers: 1})
	if err != nil {
		t.Fatal(err)
	}
	cancelled := func(name string, workers int) run {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		opts := TailOptions{Start: start, Progress: func(done, _ int64) {
			if done >= stop {
				cancel()
			}
		}}
		var r run
		opts.Checkpoint = filepath.Join(dir, name)
		r.res, r.err = tailRun(ctx, tailOctal(c167), max, opts, tailInternal{noPeriodic: true, tailWorkers: workers})
		if r.ck, err = os.ReadFile(opts.Checkpoint); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return r
	}
	one, two = cancelled("c-1", 1), cancelled("c-2", 2)
	if !errors.Is(one.err, context.Canceled) || one.res.Max < stop || one.res.Max >= max {
		t.Fatalf("0.167 cancelled at %d: %v, results to %d", stop, one.err, one.res.Max)
	}
	same("0.167 cancelled", one, two)
	for _, r := range []struct {
		ck      string
		workers int
	}{{"c-1", 2}, {"c-2", 1}} {
		res, err := resumeGame(context.Background(), filepath.Join(dir, r.ck), tailOctal(c167), max, TailOptions{Workers: r.workers})
		if err != nil || !reflect.DeepEqual(res, ref) {
			t.Errorf("checkpoint %s resumed on %d goroutines: %v, %+v, want %+v", r.ck, r.workers, err, brief(res), brief(ref))
		}
	}
}

// TestTailPipeGrundyWidth runs Grundy's game from 2^20 in 16-bit values
// past heap 7,250,049, its first value 256, where the tail adds mask bit 8
// (relabel) and the values pass 8 bits (stage B publishes the larger vbits
// to stage A), on two goroutines, and compares every frequency table and
// the checksum with the full array of GrundysGame (one goroutine's path
// through the same heaps is the one-off check of docs/tail-mode.md, and
// TestTailOracle's 0.56 relabels on both). Long (a minute):
// TABULATE_LONG_TESTS=1.
func TestTailPipeGrundyWidth(t *testing.T) {
	longtest.Skip(t, "Grundy's game's tail to 7,400,000 on two goroutines")
	const start, max = 1 << 20, 7_400_000
	_, tables, sum := fullTables(t, "grundy-game", max)
	res, err := tailRun(context.Background(), tailGrundy, max, TailOptions{Start: start, Width: 16}, tailInternal{tailWorkers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Final.Checksum != sum || !sameTables(res.Tables, tables) || res.Mask&0x100 == 0 || res.Largest < 256 {
		t.Errorf("checksum %x (the full array's %x), tables equal %v, mask %#x, largest %d", res.Final.Checksum, sum, sameTables(res.Tables, tables), res.Mask, res.Largest)
	}
}
