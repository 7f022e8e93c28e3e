package catalogue

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
)

// runJobs runs the jobs of a section into one memSink.
func runJobs(t *testing.T, sec games.Section, game string) *memsink.Sink {
	t.Helper()
	if err := sec.Check(); err != nil {
		t.Fatal(err)
	}
	sink := memsink.New()
	for _, j := range sec.Jobs(game, 1) {
		if err := j.Run(context.Background(), sink); err != nil {
			t.Fatalf("%s/%s: %v", game, j.Table, err)
		}
	}
	return sink
}

// TestSquaresOneGame asks for take-a-square both ways, the registered
// squares and a subtraction game of the squares, and checks that both give
// the same tables, findings and figures (squares/moves aside, a table of
// the registered game's own), their values those of the plain mex
// recursion over the moves k².
func TestSquaresOneGame(t *testing.T) {
	const max = 3000
	g := make([]int32, max+1)
	for n := range g {
		seen := map[int32]bool{}
		for k := 1; k*k <= n; k++ {
			seen[g[n-k*k]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	builtin := runJobs(t, &Squares{GrundyMax: max, WinMax: max}, "squares")
	member := runJobs(t, &SubtractionRules{Set: SetSpec{Name: "squares"}, Max: max}, "sq")
	for _, name := range []string{"grundy", "records", "p_positions"} {
		if !reflect.DeepEqual(builtin.Tables[name], member.Tables[name]) {
			t.Errorf("table %s differs between squares and subtraction {set: squares}", name)
		}
	}
	var got []int32
	for _, b := range builtin.Tables["grundy"] {
		got = append(got, b[1].([]int32)...)
	}
	if !slices.Equal(got, g) {
		t.Errorf("squares/grundy differs from the plain mex recursion")
	}
	for _, key := range []string{"grundy", "losing"} {
		if a, b := fmt.Sprint(builtin.Findings[key]), fmt.Sprint(member.Findings[key]); a != b {
			t.Errorf("finding %s: squares %s, subtraction of the squares %s", key, a, b)
		}
	}
	if !slices.Equal(builtin.Figures, member.Figures) || !slices.Contains(builtin.Figures, "p_growth") {
		t.Errorf("figures: squares %v, subtraction of the squares %v", builtin.Figures, member.Figures)
	}
	if _, ok := member.Findings["rules"]; !ok {
		t.Errorf("the subtraction game of the squares records no rules")
	}
}
