package shard_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/shard"
)

// A shard is written K/N, numbered from 0 as Slurm numbers array tasks;
// its files go to shards/K-of-N under the output folder.
func ExampleParse() {
	s, err := shard.Parse("1/4")
	fmt.Println(s.Index, s.Count, s, s.Dir(), err)
	_, err = shard.Parse("4/4") // K must be below N
	fmt.Println(err != nil)
	// Output:
	// 1 4 1/4 shards/1-of-4 <nil>
	// true
}

// FromEnv reads the shard of a Slurm array task (sbatch --array=0-3 sets
// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT) or of a Kubernetes Indexed
// Job (JOB_COMPLETION_INDEX, with the count given by flag). Here a map
// stands for the environment that os.Getenv reads.
func ExampleFromEnv() {
	slurm := map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}
	s, ok, err := shard.FromEnv(func(k string) string { return slurm[k] }, 0)
	fmt.Println(s, ok, err)

	kubernetes := map[string]string{"JOB_COMPLETION_INDEX": "0"}
	s, ok, err = shard.FromEnv(func(k string) string { return kubernetes[k] }, 3)
	fmt.Println(s, ok, err)

	_, ok, err = shard.FromEnv(func(string) string { return "" }, 0)
	fmt.Println(ok, err)
	// Output:
	// 2/4 true <nil>
	// 0/3 true <nil>
	// false <nil>
}
