package pipeline

import "github.com/tabulate-games/tabulate/shard"

// Shard cuts the plan to the jobs that shard index of count runs
// (tabulate run --shard K/N): every job whose games.Shard says Every, and
// of the others, pool by pool (games.Shard.Pool, in the order of the
// pools' first jobs), those shard.Assign deals to index by their cost
// (games.Shard.Cost, or Job.Cost), the same way on every node, so that the
// shards together run each dealt job exactly once. Each job's Sharded
// hears whether this shard keeps it, before the run.
func (p *Plan) Shard(index, count int) {
	keep := make([]bool, len(p.Jobs))
	pools := map[string][]int{}
	var order []string
	for i, j := range p.Jobs {
		if j.Shard.Every {
			keep[i] = true
			continue
		}
		if _, ok := pools[j.Shard.Pool]; !ok {
			order = append(order, j.Shard.Pool)
		}
		pools[j.Shard.Pool] = append(pools[j.Shard.Pool], i)
	}
	for _, pool := range order {
		jobs := pools[pool]
		costs := make([]float64, len(jobs))
		for k, i := range jobs {
			costs[k] = p.Jobs[i].Shard.Cost
			if costs[k] == 0 {
				costs[k] = p.Jobs[i].Cost
			}
		}
		for k, part := range shard.Assign(costs, count) {
			keep[jobs[k]] = part == index
		}
	}
	kept := p.Jobs[:0:0]
	for i, j := range p.Jobs {
		if j.Shard.Sharded != nil {
			j.Shard.Sharded(keep[i])
		}
		if keep[i] {
			kept = append(kept, j)
		}
	}
	p.Jobs = kept
}
