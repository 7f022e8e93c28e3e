package heapgame

import (
	"context"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// TestJobsToLosing checks a subtraction game's p_positions past its Grundy
// table (PlanTo, losing_max in a configuration): the cubes with Grundy values
// to 1,000 and losing positions to 200,000, against the plain recursion over
// the moves k³ (a heap is losing when no move reaches a losing heap); and
// that without a larger losingMax PlanTo is Jobs.
func TestJobsToLosing(t *testing.T) {
	set, err := subtraction.NewSet("cubes", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	const max, losingMax = 1000, 200_000
	losing := make([]bool, losingMax+1)
	var want []int64
	for n := range losing {
		losing[n] = true
		for k := 1; k*k*k <= n; k++ {
			if losing[n-k*k*k] {
				losing[n] = false
				break
			}
		}
		if losing[n] {
			want = append(want, int64(n))
		}
	}
	h := Subtraction(set)
	if jobs := h.PlanTo("cubes", max, max); len(jobs) != 1 {
		t.Fatalf("PlanTo with losingMax = max: %d jobs, want the one of Plan", len(jobs))
	}
	jobs := h.PlanTo("cubes", max, losingMax)
	if len(jobs) != 2 || jobs[0].Table != "grundy" || jobs[1].Table != "p_positions" || jobs[1].Memory <= 0 {
		t.Fatalf("jobs %+v, want grundy and p_positions", jobs)
	}
	sink := memsink.New()
	if err := jobs[0].Run(context.Background(), sink); err != nil {
		t.Fatal(err)
	}
	if _, ok := sink.Tables["p_positions"]; ok {
		t.Error("the grundy job wrote p_positions too")
	}
	if _, ok := sink.Findings["losing"]; ok {
		t.Error("the grundy job recorded the finding losing too")
	}
	if len(sink.Tables["grundy"]) == 0 {
		t.Error("the grundy job wrote no grundy table")
	}
	if err := jobs[1].Run(context.Background(), sink); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, b := range sink.Tables["p_positions"] {
		got = append(got, b[0].([]int64)...)
	}
	if !slices.Equal(got, want) {
		t.Errorf("p_positions: %d losing positions, want %d (plain recursion)", len(got), len(want))
	}
	if l := sink.Findings["losing"].(games.Losing); l.UpTo != losingMax || l.Count != int64(len(want)) {
		t.Errorf("finding %+v, want up to %d, count %d", l, losingMax, len(want))
	}
}
