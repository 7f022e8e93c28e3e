package serialshare

import (
	"math"
	"runtime"
	"testing"
	"time"
)

// TestThreadCountsWork: the clock advances while the thread works and
// hardly at all while it sleeps (on Linux, where it is the thread's CPU
// time; elsewhere it is the wall clock and only the first part holds).
func TestThreadCountsWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := Thread()
	x := uint64(1)
	for i := 0; i < 50_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	if x == 0 {
		t.Log(x) // keep the loop
	}
	work := Thread() - t0
	if work <= 0 {
		t.Fatalf("50e6 multiplications took %v of the clock", work)
	}
	if runtime.GOOS != "linux" {
		return
	}
	t1 := Thread()
	time.Sleep(200 * time.Millisecond)
	if slept := Thread() - t1; slept >= 100*time.Millisecond {
		t.Fatalf("a sleep of 200 ms counted %v of thread CPU time", slept)
	}
}

// TestPredict: the four models on two turns worked by hand (seconds):
// S = 1, F = 9 each, U = 0, T1 = 20, F in 3 pieces of 3.
func TestPredict(t *testing.T) {
	s := time.Second
	m := Turns{Serial: []time.Duration{s, s}, Far: []time.Duration{9 * s, 9 * s}, Pieces: []int{3, 3}}
	cases := []struct {
		p    int
		want Prediction
	}{
		// P = 2: amdahl 20/(2+18/2); pipe 2·max(1, 10/2) = 10; no-steal
		// 2·max(1, 9/1) = 18; greedy: a helper takes pieces 1 and 3
		// (0-3, 3-6), the main one piece 2 (1-4): 2·6 = 12.
		{2, Prediction{Amdahl: 20.0 / 11, Pipe: 2, NoSteal: 20.0 / 18, Greedy: 20.0 / 12}},
		// P = 4: amdahl 20/(2+18/4); pipe 2·max(1, 10/4) = 5; no-steal
		// 2·max(1, 3) = 6; greedy: three helpers one piece each, 2·3 = 6.
		{4, Prediction{Amdahl: 20 / 6.5, Pipe: 4, NoSteal: 20.0 / 6, Greedy: 20.0 / 6}},
	}
	for _, tc := range cases {
		got := m.Predict(20*s, tc.p)
		for _, c := range []struct {
			name      string
			got, want float64
		}{{"amdahl", got.Amdahl, tc.want.Amdahl}, {"pipe", got.Pipe, tc.want.Pipe}, {"no-steal", got.NoSteal, tc.want.NoSteal}, {"greedy", got.Greedy, tc.want.Greedy}} {
			if math.Abs(c.got-c.want) > 1e-9 {
				t.Errorf("P = %d, %s: %.6f, want %.6f", tc.p, c.name, c.got, c.want)
			}
		}
	}
	m.Pieces = nil
	if g := m.Predict(20*s, 2).Greedy; g != 0 {
		t.Errorf("greedy without pieces: %v, want 0", g)
	}
	if med, p99, most := (&Turns{Serial: []time.Duration{3, 1, 2}}).Percentiles(); med != 2 || p99 != 3 || most != 3 {
		t.Errorf("percentiles of 3, 1, 2: %v %v %v, want 2 3 3", med, p99, most)
	}
}
