package shard

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	good := map[string]Spec{"0/1": {0, 1}, "3/4": {3, 4}, " 2/10 ": {2, 10}}
	for text, want := range good {
		got, err := Parse(text)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"", "4", "4/4", "-1/4", "1/0", "a/4", "1/b", "1/4/5", "0/1000001"} {
		_, err := Parse(text)
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): got %v, want a *shard.Error", text, err)
		}
	}
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		count   int
		want    Spec
		ok      bool
		wantErr bool
	}{
		{name: "none", vars: nil},
		{name: "slurm count", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"}, want: Spec{2, 4}, ok: true},
		{name: "slurm min max only", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "2"}, want: Spec{1, 3}, ok: true},
		{name: "slurm agrees with flag", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"}, count: 2, want: Spec{0, 2}, ok: true},
		{name: "slurm disagrees with flag", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"}, count: 3, wantErr: true},
		{name: "slurm from 1", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"}, wantErr: true},
		// Inconsistent array variables (issue 36): a step of 2, and COUNT
		// against MIN/MAX; a step of 1 as Slurm sets it is fine.
		{name: "slurm step 2", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "6", "SLURM_ARRAY_TASK_STEP": "2"}, wantErr: true},
		{name: "slurm step 2 count only", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"}, wantErr: true},
		{name: "slurm step 1", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_STEP": "1"}, want: Spec{2, 4}, ok: true},
		{name: "slurm count against min max", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "5"}, wantErr: true},
		{name: "slurm no count", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, wantErr: true},
		{name: "slurm junk", vars: map[string]string{"SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"}, wantErr: true},
		{name: "kubernetes", vars: map[string]string{"JOB_COMPLETION_INDEX": "5"}, count: 8, want: Spec{5, 8}, ok: true},
		{name: "kubernetes without count", vars: map[string]string{"JOB_COMPLETION_INDEX": "5"}, wantErr: true},
		{name: "kubernetes out of range", vars: map[string]string{"JOB_COMPLETION_INDEX": "8"}, count: 8, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := FromEnv(env(tt.vars), tt.count)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// bestMakespan is the smallest largest-shard cost over every assignment,
// by exhaustive search: the oracle for Graham's 4/3 bound.
func bestMakespan(costs []float64, n int) float64 {
	best := -1.0
	load := make([]float64, n)
	var rec func(i int)
	rec = func(i int) {
		if i == len(costs) {
			if m := slices.Max(load); best < 0 || m < best {
				best = m
			}
			return
		}
		for k := range n {
			load[k] += costs[i]
			rec(i + 1)
			load[k] -= costs[i]
		}
	}
	rec(0)
	return best
}

func TestAssign(t *testing.T) {
	cases := [][]float64{
		{5, 5, 4, 4, 3, 3, 3},
		{1, 1, 1, 1, 1, 1, 1, 1},
		{100, 1, 1, 1},
		{7, 6, 5, 4, 3, 2, 1},
		{0, 0, 0},
		{},
	}
	for _, costs := range cases {
		for n := 1; n <= 4; n++ {
			t.Run(fmt.Sprint(costs, n), func(t *testing.T) {
				parts := Assign(costs, n)
				load := make([]float64, n)
				for i, k := range parts {
					if k < 0 || k >= n {
						t.Fatalf("job %d in shard %d of %d", i, k, n)
					}
					load[k] += costs[i]
				}
				if len(costs) == 0 {
					return
				}
				opt := bestMakespan(costs, n)
				if got := slices.Max(load); got > opt*4/3+1e-9 {
					t.Errorf("largest shard %v, over 4/3 of the best %v", got, opt)
				}
				if again := Assign(costs, n); !slices.Equal(again, parts) {
					t.Errorf("not deterministic: %v then %v", parts, again)
				}
			})
		}
	}
}

func ExampleAssign() {
	costs := []float64{8, 1, 5, 4, 3}
	fmt.Println(Assign(costs, 2))
	// Output: [0 1 1 1 0]
}
