// Package shard splits a run's plan into N deterministic, cost-balanced
// parts so that a cluster's array job can compute them on N machines, and
// says which part this process is.
//
// A shard is written K/N with 0 <= K < N, as Slurm numbers array tasks:
//
//	s, _ := shard.Parse("1/4")        // the second of four shards
//	parts := shard.Assign(costs, 4)    // parts[i] is the shard of job i
//	mine := parts[i] == s.Index
//
// With no --shard flag, FromEnv reads the shard from the scheduler that
// started the process: Slurm array jobs (SLURM_ARRAY_TASK_ID with
// SLURM_ARRAY_TASK_COUNT, or SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX) or
// Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX, with the count given by flag,
// since Kubernetes does not put it in the environment).
package shard

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxCount is the largest number of shards accepted: more than any array job
// a scheduler allows by default (Slurm's MaxArraySize is 1001), and small
// enough that a shard list stays readable.
const MaxCount = 100000

// Spec is one shard: the Index-th of Count parts, 0 <= Index < Count.
type Spec struct {
	Index, Count int
}

// String renders s as K/N.
func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Dir is the folder of s under a run's output folder: shards/K-of-N.
func (s Spec) Dir() string { return fmt.Sprintf("shards/%d-of-%d", s.Index, s.Count) }

// Error is a shard given wrongly: by flag or by a scheduler's environment.
type Error struct {
	Source string // "--shard", or the environment variable
	Value  string
	Reason string
}

// Error says what is wrong and what is allowed.
func (e *Error) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Source, e.Value, e.Reason)
}

// Parse reads a shard written K/N.
func Parse(text string) (Spec, error) {
	k, n, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return Spec{}, &Error{Source: "--shard", Value: text, Reason: "want K/N with 0 <= K < N, such as 0/4"}
	}
	index, err1 := strconv.Atoi(k)
	count, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil {
		return Spec{}, &Error{Source: "--shard", Value: text, Reason: "K and N must be whole numbers, as in 0/4"}
	}
	s := Spec{Index: index, Count: count}
	if err := s.check("--shard", text); err != nil {
		return Spec{}, err
	}
	return s, nil
}

func (s Spec) check(source, value string) error {
	switch {
	case s.Count < 1 || s.Count > MaxCount:
		return &Error{Source: source, Value: value, Reason: fmt.Sprintf("the number of shards must be in 1..%d", MaxCount)}
	case s.Index < 0 || s.Index >= s.Count:
		return &Error{Source: source, Value: value, Reason: fmt.Sprintf("the shard index must be in 0..%d (shards are numbered from 0)", s.Count-1)}
	}
	return nil
}

// FromEnv returns the shard given by a scheduler's environment, read through
// getenv (os.Getenv in the command). count is the number of shards given by
// flag (0 if none): Kubernetes Indexed Jobs need it, Slurm's array variables
// carry their own and must agree with it when both are given. ok is false
// when no scheduler variable is set.
func FromEnv(getenv func(string) string, count int) (s Spec, ok bool, err error) {
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		index, err := envInt("SLURM_ARRAY_TASK_ID", id)
		if err != nil {
			return Spec{}, false, err
		}
		n, err := slurmCount(getenv)
		if err != nil {
			return Spec{}, false, err
		}
		if minID := getenv("SLURM_ARRAY_TASK_MIN"); minID != "" {
			low, err := envInt("SLURM_ARRAY_TASK_MIN", minID)
			if err != nil {
				return Spec{}, false, err
			}
			if low != 0 {
				return Spec{}, false, &Error{Source: "SLURM_ARRAY_TASK_MIN", Value: minID,
					Reason: "array tasks must be numbered from 0: submit with sbatch --array=0-N-1"}
			}
		}
		if count != 0 && count != n {
			return Spec{}, false, &Error{Source: "SLURM_ARRAY_TASK_COUNT", Value: strconv.Itoa(n),
				Reason: fmt.Sprintf("the array has %d tasks but --shards says %d", n, count)}
		}
		s = Spec{Index: index, Count: n}
		return s, true, s.check("SLURM_ARRAY_TASK_ID", id)
	}
	if id := getenv("JOB_COMPLETION_INDEX"); id != "" {
		index, err := envInt("JOB_COMPLETION_INDEX", id)
		if err != nil {
			return Spec{}, false, err
		}
		if count == 0 {
			return Spec{}, false, &Error{Source: "JOB_COMPLETION_INDEX", Value: id,
				Reason: "an Indexed Job does not tell its completions: give them with --shards N"}
		}
		s = Spec{Index: index, Count: count}
		return s, true, s.check("JOB_COMPLETION_INDEX", id)
	}
	return Spec{}, false, nil
}

// slurmCount is the number of tasks of the Slurm array: SLURM_ARRAY_TASK_COUNT,
// or MAX-MIN+1 where an older Slurm sets only those. The variables must
// agree: a step other than 1 (sbatch --array=0-6:2 runs tasks 0, 2, 4, 6,
// which are not the shards 0..3) is refused, and so is a COUNT that is not
// MAX-MIN+1 when all three are set.
func slurmCount(getenv func(string) string) (int, error) {
	if step := getenv("SLURM_ARRAY_TASK_STEP"); step != "" {
		st, err := envInt("SLURM_ARRAY_TASK_STEP", step)
		if err != nil {
			return 0, err
		}
		if st != 1 {
			return 0, &Error{Source: "SLURM_ARRAY_TASK_STEP", Value: step,
				Reason: "array tasks must be numbered 0, 1, ..., N-1 with step 1: submit with sbatch --array=0-N-1"}
		}
	}
	lo, hi := getenv("SLURM_ARRAY_TASK_MIN"), getenv("SLURM_ARRAY_TASK_MAX")
	span := 0 // MAX-MIN+1, 0 when either is not set
	if lo != "" && hi != "" {
		low, err := envInt("SLURM_ARRAY_TASK_MIN", lo)
		if err != nil {
			return 0, err
		}
		high, err := envInt("SLURM_ARRAY_TASK_MAX", hi)
		if err != nil {
			return 0, err
		}
		span = high - low + 1
	}
	c := getenv("SLURM_ARRAY_TASK_COUNT")
	if c == "" {
		if span == 0 {
			return 0, &Error{Source: "SLURM_ARRAY_TASK_ID", Value: getenv("SLURM_ARRAY_TASK_ID"),
				Reason: "set without SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN/MAX, so the number of shards is unknown"}
		}
		return span, nil
	}
	n, err := envInt("SLURM_ARRAY_TASK_COUNT", c)
	if err == nil && span != 0 && span != n {
		return 0, &Error{Source: "SLURM_ARRAY_TASK_COUNT", Value: c,
			Reason: fmt.Sprintf("disagrees with SLURM_ARRAY_TASK_MIN=%s and SLURM_ARRAY_TASK_MAX=%s (%d tasks): submit with sbatch --array=0-N-1", lo, hi, span)}
	}
	return n, err
}

func envInt(name, value string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		return 0, &Error{Source: name, Value: value, Reason: "not a whole number"}
	}
	return v, nil
}

// Assign splits jobs with the given costs into n shards and returns each
// job's shard. It is the longest-processing-time rule: jobs in decreasing
// cost (ties by index, so the answer depends only on the costs) each go to
// the shard with the least total cost so far (ties to the lowest shard).
// Graham (1969) bounds the largest shard by 4/3 of the best possible split.
// Cost is O(len(costs) log len(costs) + len(costs)·n).
func Assign(costs []float64, n int) []int {
	if n < 1 {
		panic("shard: Assign with fewer than one shard")
	}
	order := make([]int, len(costs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(costs[b], costs[a]) })
	load := make([]float64, n)
	parts := make([]int, len(costs))
	for _, job := range order {
		best := 0
		for k := 1; k < n; k++ {
			if load[k] < load[best] {
				best = k
			}
		}
		parts[job] = best
		load[best] += costs[job]
	}
	return parts
}
