package takebreak

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// mustParse parses a code the test knows to be well formed.
func mustParse(t testing.TB, code string) Code {
	t.Helper()
	c, err := Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestOctalPeer checks that octal codes give exactly the values of package
// octal's sparse-space engine, which shares no code with this one.
func TestOctalPeer(t *testing.T) {
	codes := []string{"0.07", "0.137", "0.77", "4.7", "4.07", "0.165", "0.6", "0.16", "0.007", "0.4", "0.04", "0.51", "4.0", "0.3", "0.1", "0.7", "0.777", "0.54", "0.1236"}
	max := 3000
	if testing.Short() {
		max = 1000
	}
	for _, code := range codes {
		oc, err := octal.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		want, err := octal.Values(context.Background(), oc, max, grundy.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Values(context.Background(), mustParse(t, code), max, grundy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Errorf("%s: g(%d) = %d, octal.Values says %d", code, i, got[i], want[i])
		}
	}
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b []int32) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestValuesRange checks the bounds: a *grundy.RangeError outside 0..ValuesMax.
func TestValuesRange(t *testing.T) {
	c := mustParse(t, "0.3F")
	for _, max := range []int{-1, ValuesMax + 1} {
		g, err := Values(context.Background(), c, max, grundy.Options{})
		var re *grundy.RangeError
		if !errors.As(err, &re) || g != nil || re.Min != 0 || re.Max != ValuesMax || re.Value != int64(max) {
			t.Errorf("Values(max %d) = %v, %v; want a *grundy.RangeError 0..%d", max, g, err, ValuesMax)
		}
		if m := Memory(c, max); m != 0 {
			t.Errorf("Memory(max %d) = %d, want 0", max, m)
		}
	}
	g, err := Values(context.Background(), c, 0, grundy.Options{})
	if err != nil || !slices.Equal(g, []int32{0}) {
		t.Errorf("Values(max 0) = %v, %v; want [0]", g, err)
	}
}

// TestValuesCancel checks that a cancelled context stops Values with its
// error (no clock: the context is cancelled before the call, and from the
// progress callback part way).
func TestValuesCancel(t *testing.T) {
	c := mustParse(t, "0.3F")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Values(ctx, c, 1000, grundy.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var last int64
	progress := func(done, total int64) {
		last = done
		if done >= 2048 {
			cancel()
		}
	}
	if _, err := Values(ctx, c, ValuesMax, grundy.Options{Progress: progress}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled part way: %v, want context.Canceled", err)
	}
	if last != 2048 {
		t.Errorf("last progress %d, want 2048 (the stop comes at the next check)", last)
	}
}

// TestMemory checks that Memory bounds what Values allocates (TotalAlloc,
// every byte, garbage or not) for games whose values stay below 256, the
// case its budget is written for: 0.F1, 0.B5 and 0.F3 (three-heap moves,
// small values), Kayles 0.77, and 8. to 200 (values below 128).
func TestMemory(t *testing.T) {
	for _, tc := range []struct {
		code string
		max  int
	}{{"0.F1", 20000}, {"0.B5", 20000}, {"0.F3", 20000}, {"0.77", 20000}, {"8.", 200}} {
		if testing.Short() && tc.max > 2000 {
			tc.max = 2000
		}
		c := mustParse(t, tc.code)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g, err := Values(context.Background(), c, tc.max, grundy.Options{})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Max(g) >= 256 {
			t.Fatalf("%s: values reach %d, past the budget of Memory", tc.code, slices.Max(g))
		}
		got, est := after.TotalAlloc-before.TotalAlloc, Memory(c, tc.max)
		t.Logf("%s to %d: allocated %d bytes, Memory says %d", tc.code, tc.max, got, est)
		if got > uint64(est) {
			t.Errorf("%s to %d: allocated %d bytes, more than Memory's %d", tc.code, tc.max, got, est)
		}
	}
}

// TestMemoryGrowing checks that Memory bounds what Values allocates
// (TotalAlloc) for 0.3F, whose values grow like n/2 so that each kept
// pair set widens with them (quadratic memory: docs/takebreak.md), and
// that at 2^20 it charges at least the n^2/32 bytes docs/takebreak.md
// gives (before, it charged 32 bytes a heap: 36 MiB against 34 GB).
func TestMemoryGrowing(t *testing.T) {
	c := mustParse(t, "0.3F")
	n := 8192
	if testing.Short() {
		n = 4096
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, err := Values(context.Background(), c, n, grundy.Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if g[n] < int32(n/3) {
		t.Fatalf("0.3F: g(%d) = %d, not growing like n/2", n, g[n])
	}
	got, est := after.TotalAlloc-before.TotalAlloc, Memory(c, n)
	t.Logf("0.3F to %d: allocated %d bytes, Memory says %d", n, got, est)
	if got > uint64(est) {
		t.Errorf("0.3F to %d: allocated %d bytes, more than Memory's %d", n, got, est)
	}
	if big := int64(ValuesMax); Memory(c, ValuesMax) < big*big/32 {
		t.Errorf("0.3F to 2^20: Memory says %d bytes, under n^2/32 = %d", Memory(c, ValuesMax), big*big/32)
	}
}
