package census

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestReduced checks the reduction of equiv.go on every code 0.d1d2d3 and
// 4.d1d2d3: each code and its reduced code have the same values to 500
// heaps by the literal-rules oracle (oracleOctal, which shares no code with
// the reduction), and the reduced code of a few codes is the one T.
// Czajka's lookup tables (github.com/tczajka/octal-games, GameLookup.md)
// give for their group: 4.065 ... 4.277 play as 4.064, 0.061 ... 0.063 as
// 0.06.
func TestReduced(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 200
	}
	games, err := octalGames(configs.CensusOctal{Digits: 3, Prefixes: []string{"0", "4"}, Max: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	seqs := map[string][]int32{}
	seq := func(code string) []int32 {
		if s, ok := seqs[code]; ok {
			return s
		}
		seqs[code] = oracleOctal(code, n)
		return seqs[code]
	}
	groups := 0
	for _, g := range games {
		code, _ := octal.Parse(g.Name())
		r := reduced(code)
		if r == code {
			groups++
			continue
		}
		if r.MaxRemove() > code.MaxRemove() {
			t.Errorf("%s reduces to %s, a longer code", g.Name(), r)
		}
		if a, b := seq(g.Name()), seq(r.String()); !slices.Equal(a, b) {
			k := 0
			for a[k] == b[k] {
				k++
			}
			t.Errorf("%s reduces to %s, but they differ at heap %d: %d and %d", g.Name(), r, k, a[k], b[k])
		}
	}
	t.Logf("%d codes, %d reduced to themselves", len(games), groups)
	for code, want := range map[string]string{"4.065": "4.064", "4.277": "4.064", "4.264": "4.064", "0.061": "0.06", "0.063": "0.06", "0.07": "0.07", "0.77": "0.77"} {
		c, _ := octal.Parse(code)
		if got := reduced(c).String(); got != want {
			t.Errorf("%s reduces to %s, want %s", code, got, want)
		}
	}
}

// TestGroupsAndFirstPass runs a census past the first pass (probeValues) on
// codes that fall into groups (4.3x: 4.31, 4.34 and 4.35 play as 4.3, say
// Czajka's lookup tables) and checks each record against the game computed
// alone, to max at once: the same row, but the time and the game that was
// computed.
func TestGroupsAndFirstPass(t *testing.T) {
	const maxValues = 2 * probeValues
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{Octal: configs.CensusOctal{Digits: 2, Prefixes: []string{"0.1", "4.3"}, Max: maxValues}}
	if _, err := RunCensus(context.Background(), cfg, out, Options{}); err != nil {
		t.Fatal(err)
	}
	games, err := octalGames(cfg.Census.Octal)
	if err != nil {
		t.Fatal(err)
	}
	j, err := openJournal(outState(out), Octal, struct {
		configs.CensusOctal
		Seconds float64
	}{cfg.Census.Effective().Octal, 0})
	if err != nil {
		t.Fatal(err)
	}
	shared, second := 0, 0
	for _, g := range games {
		got := j.load(g)
		if got == nil {
			t.Fatalf("%s: no record", g.Name())
		}
		want, err := solve(context.Background(), g, maxValues, 0)
		if err != nil {
			t.Fatal(err)
		}
		code, _ := octal.Parse(g.Name())
		if got.ComputedAs != reduced(code).String() {
			t.Errorf("%s: computed as %s, want %s", g.Name(), got.ComputedAs, reduced(code))
		}
		if got.ComputedAs != g.Name() {
			shared++
		}
		if got.Values > probeValues {
			second++
		}
		got.Seconds, want.Seconds, got.ComputedAs, want.ComputedAs = 0, 0, "", ""
		got.Run, want.Run = Timing{}, Timing{}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: census record %+v, computed alone %+v", g.Name(), got, want)
		}
	}
	if shared == 0 || second == 0 {
		t.Errorf("%d games computed with another, %d past the first pass: the test should cover both", shared, second)
	}
}
