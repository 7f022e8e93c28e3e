package policy

import "testing"

// TestRunning checks the one rule for the goroutines that really run: the
// least of the workers and the Ps, at least one; the CPUs do not enter.
func TestRunning(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ workers, procs, cpus, want int }{
		{1, 16, 16, 1}, {2, 2, 2, 2}, {16, 2, 2, 2}, {16, 16, 2, 16}, {8, 16, 16, 8}, {0, 4, 4, 1}, {3, 1, 8, 1},
	} {
		p := Policy{Workers: c.workers, Procs: c.procs, CPUs: c.cpus}
		if got := p.Running(); got != c.want {
			t.Errorf("%+v: Running() = %d, want %d", p, got, c.want)
		}
	}
}

// TestMany checks the gate of the rules for many cores: off without
// Experimental whatever the machine, and with it from `from` workers each
// with a P and a CPU of its own.
func TestMany(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		workers, procs, cpus, from int
		experimental, want         bool
	}{
		{16, 16, 16, 8, false, false},
		{16, 16, 16, 8, true, true},
		{8, 16, 16, 8, true, true},
		{7, 16, 16, 8, true, false},
		{16, 15, 16, 8, true, false},
		{16, 16, 15, 8, true, false},
		{3, 3, 3, 3, true, true},
		{3, 2, 2, 3, true, false},
	} {
		p := Policy{Workers: c.workers, Procs: c.procs, CPUs: c.cpus, Experimental: c.experimental}
		if got := p.Many(c.from); got != c.want {
			t.Errorf("%+v: Many(%d) = %v, want %v", p, c.from, got, c.want)
		}
	}
}
