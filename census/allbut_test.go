package census_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// oracleAllBut returns g(0..n-1) of the subtraction game whose moves take
// any positive number of tokens except those in excluded, by a plain mex
// over every move (the literal rules, sharing no code with the engine).
func oracleAllBut(excluded []int, n int) []int32 {
	g := make([]int32, n)
	for h := range g {
		seen := make([]bool, h+2)
		for k := 1; k <= h; k++ {
			if !slices.Contains(excluded, k) {
				seen[g[h-k]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestAllButCensus runs the all-but census of the sets of {1..10} with at
// most 5 excluded numbers (637 games) to 512 values and checks, against a
// plain mex over the literal rules:
//   - the three examples of issue 22, each stated with its period, saltus
//     and preperiod (all but {3,5,7,10}: period 15, saltus 5 from 85; all
//     but {2,3,7,8,10}: period 12, saltus 4 from 64; all but {2,3,6,8}:
//     period 9, saltus 3 from 42): the plain mex to 2000 shows exactly that
//     arithmetic period (g(n+p) = g(n)+s from n0 on, and not at n0-1), and
//     the census row says it, proven;
//   - every row of the sets of {1..5}: its arithmetic period is the one the
//     plain mex shows to 1500 (far past 512), and its behaviour.
func TestAllButCensus(t *testing.T) {
	const maxValues = 512
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{AllBut: configs.CensusAllBut{MaxElement: 10, MaxSize: 5, Max: maxValues}}
	res, err := runCensus(context.Background(), cfg, out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Findings[census.AllBut]
	if f.Games != 637 { // C(10,1) + ... + C(10,5) = 10+45+120+210+252
		t.Errorf("%d all-but games, want 637", f.Games)
	}
	checkPaper(t, out, "allbut", "all_but")
	checkCounts(t, out, "allbut", f)
	col, rows := readCSV(t, filepath.Join(out, "census", "allbut.csv"))
	byKey := map[string][]string{}
	for _, row := range rows {
		byKey[row[col["all_but"]]] = row
		// Each game is computed by its own run, and names itself (as a
		// list) where the table names a game.
		if row[col["computed_as"]] != row[col["all_but"]] {
			t.Errorf("all but %s: computed_as %s", row[col["all_but"]], row[col["computed_as"]])
		}
	}
	check := func(excluded []int, far int, wantP, wantN0, wantS int) {
		t.Helper()
		b, _ := json.Marshal(excluded)
		row, ok := byKey[string(b)]
		if !ok {
			t.Fatalf("all but %v: no row", excluded)
		}
		g := oracleAllBut(excluded, far)
		// The arithmetic period the literal game shows: the least p with a
		// saltus holding from some n0 to far, with its least n0.
		p, n0, s := 0, 0, int32(0)
		for q := 1; q < far/4 && p == 0; q++ {
			sq := g[far-1] - g[far-1-q]
			m := far - q - 1
			for m > 0 && g[m-1+q]-g[m-1] == sq {
				m--
			}
			if 2*m+2*q <= far/2 {
				p, n0, s = q, m, sq
			}
		}
		if wantP != 0 && (p != wantP || n0 != wantN0 || int(s) != wantS) {
			t.Errorf("all but %v: the plain mex to %d shows period %d, saltus %d from %d; issue 22 states %d, %d from %d",
				excluded, far, p, s, n0, wantP, wantS, wantN0)
		}
		got := [3]string{row[col["arithmetic_period"]], row[col["saltus"]], row[col["arithmetic_preperiod"]]}
		want := [3]string{strconv.Itoa(p), strconv.Itoa(int(s)), strconv.Itoa(n0)}
		if got != want {
			t.Errorf("all but %v: row period %s, saltus %s from %s; the plain mex to %d gives %s, %s from %s",
				excluded, got[0], got[1], got[2], far, want[0], want[1], want[2])
		}
		if row[col["behaviour"]] != census.ArithmeticProven || row[col["arithmetic_proven"]] != "true" || row[col["proven"]] != "false" {
			t.Errorf("all but %v: behaviour %q, arithmetic_proven %s, proven %s; want %q, true, false",
				excluded, row[col["behaviour"]], row[col["arithmetic_proven"]], row[col["proven"]], census.ArithmeticProven)
		}
	}
	check([]int{3, 5, 7, 10}, 2000, 15, 85, 5)
	check([]int{2, 3, 7, 8, 10}, 2000, 12, 64, 4)
	check([]int{2, 3, 6, 8}, 2000, 9, 42, 3)
	for mask := 1; mask < 1<<5; mask++ {
		var e []int
		for i := range 5 {
			if mask&(1<<i) != 0 {
				e = append(e, i+1)
			}
		}
		check(e, 1500, 0, 0, 0)
	}
	if f.Behaviour[census.ArithmeticProven] == 0 {
		t.Errorf("no all-but game proven arithmetic-periodic: %v", f.Behaviour)
	}
	t.Logf("behaviours: %v", f.Behaviour)
}
