// Package policy is the one statement of how the engines use many cores
// (grundy/octal's full array and tail, grundy/subtraction's take-a-square
// kernel): how many of a run's goroutines really run at once (Running),
// and whether a rule made for many cores applies (Many).
//
// A rule for many cores that no measurement on a machine with those cores
// has confirmed is on only with Experimental, which is off unless
// $TABULATE_EXPERIMENTAL is 1 (scripts/device sets it on a lent
// many-core machine). When a device run measures such a rule, it leaves
// Experimental with its figure in the docs, or it is deleted. The values
// never depend on the policy: only how the work is shared.
package policy

import (
	"os"
	"runtime"
)

// EnvExperimental names the environment variable that turns Experimental
// on: "1" on, anything else off.
const EnvExperimental = "TABULATE_EXPERIMENTAL"

// experimental is $TABULATE_EXPERIMENTAL, read once.
var experimental = os.Getenv(EnvExperimental) == "1"

// Policy is the parallel policy of one run.
type Policy struct {
	Workers int // goroutines the run would start, at least 1
	Procs   int // Ps the scheduler has: runtime.GOMAXPROCS(0)
	CPUs    int // CPUs of the machine: runtime.NumCPU()

	// Experimental turns on the rules for many cores that only a model's
	// prediction backs (each says which it is).
	Experimental bool
}

// Of returns the policy of workers goroutines (at least 1) on this
// machine, Experimental from $TABULATE_EXPERIMENTAL.
func Of(workers int) Policy {
	return Policy{Workers: max(workers, 1), Procs: runtime.GOMAXPROCS(0), CPUs: runtime.NumCPU(), Experimental: experimental}
}

// Running returns how many of the Workers goroutines really run at once:
// no more than the Ps (a goroutine without a P waits for one, and a
// pipeline stage that waits holds up the others). The engines start no
// more helpers than Running-1 beside the calling goroutine.
func (p Policy) Running() int {
	return max(min(p.Workers, p.Procs), 1)
}

// Many reports whether a rule for many cores applies from `from`
// goroutines on: with Experimental only, and only when at least from
// goroutines run, each with a P and a CPU of its own.
func (p Policy) Many(from int) bool {
	return p.Experimental && p.Workers >= from && p.Workers <= p.Procs && p.Workers <= p.CPUs
}
