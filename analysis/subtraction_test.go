package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
)

// subtractionValues returns g(0..max) of the subtraction game of the finite
// set s by the plain rule g(n) = mex{ g(n-x) : x in s, x <= n }, the mex
// taken over a map.
func subtractionValues(s []int, max int) []int32 {
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for _, x := range s {
			if x <= n {
				seen[g[n-x]] = true
			}
		}
		m := int32(0)
		for seen[m] {
			m++
		}
		g[n] = m
	}
	return g
}

// subtractionRepeat returns the first n values of the sequence that is pre
// and then period repeated.
func subtractionRepeat(n int, pre, period []int32) []int32 {
	out := slices.Clone(pre)
	for len(out) < n {
		out = append(out, period[(len(out)-len(pre))%len(period)])
	}
	return out[:n]
}

func TestProveSubtractionPublished(t *testing.T) {
	tests := []struct {
		name   string
		set    []int
		want   []int32 // the first values, from the source
		period int
		pre    int
	}{
		// S = {1, 2, 3}: g(n) = n mod 4 (Bachet's game; Winning Ways, vol. 1,
		// ch. 4; T. S. Ferguson, Game Theory, part I, on the subtraction games
		// S = {1, ..., k}, where g(n) = n mod (k+1)).
		{"{1,2,3}", []int{1, 2, 3}, []int32{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, 4, 0},
		{"{1,...,6}", []int{1, 2, 3, 4, 5, 6}, []int32{0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6}, 7, 0},
		// S = {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from n = 0 (Ferguson, Game
		// Theory, part I, the worked example of the Sprague-Grundy function).
		{"{1,3,4}", []int{1, 3, 4}, []int32{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}, 7, 0},
		// S = {2, 3}: 0 0 1 1 2, period 5 (M. Beveridge, Combinatorial
		// games notes, section 3.2, "Subtraction games", the table of S(2,3)).
		{"{2,3}", []int{2, 3}, []int32{0, 0, 1, 1, 2, 0, 0, 1, 1, 2}, 5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq := subtractionValues(tt.set, 200)
			if got := seq[:len(tt.want)]; !slices.Equal(got, tt.want) {
				t.Fatalf("oracle values %v, want %v (published)", got, tt.want)
			}
			p := analysis.FindPeriod(seq)
			if !p.Found || p.Period != tt.period || p.Preperiod != tt.pre {
				t.Fatalf("FindPeriod: %v, want period %d from %d", p, tt.period, tt.pre)
			}
			k := slices.Max(tt.set)
			want := analysis.Proof{Proven: true, Needed: tt.pre + tt.period + k, Have: len(seq)}
			if got := analysis.ProveSubtraction(seq, p, k); got != want {
				t.Errorf("ProveSubtraction: got %+v, want %+v", got, want)
			}
		})
	}
}

// TestProveSubtractionNeededIsExact checks that exactly Needed values prove
// the period and one fewer asks for one more.
func TestProveSubtractionNeededIsExact(t *testing.T) {
	for _, set := range [][]int{{1, 3, 4}, {2, 5, 7}, {3, 4, 9, 10}, {1, 4, 9, 16, 25}} {
		t.Run(fmt.Sprint(set), func(t *testing.T) {
			long := subtractionValues(set, 5000)
			p := analysis.FindPeriod(long)
			if !p.Found {
				t.Fatalf("no period in 5001 values of %v", set)
			}
			k := slices.Max(set)
			needed := p.Preperiod + p.Period + k
			got := analysis.ProveSubtraction(long[:needed], p, k)
			if want := (analysis.Proof{Proven: true, Needed: needed, Have: needed}); got != want {
				t.Errorf("%d values: got %+v, want %+v", needed, got, want)
			}
			got = analysis.ProveSubtraction(long[:needed-1], p, k)
			if want := (analysis.Proof{Needed: needed, Have: needed - 1, Missing: 1}); got != want {
				t.Errorf("%d values: got %+v, want %+v", needed-1, got, want)
			}
		})
	}
}

// TestProveSubtractionIsSound draws random finite sets, asks FindPeriod and
// ProveSubtraction about every short prefix of the sequence, and checks each
// proven period against the sequence far beyond the prefix.
func TestProveSubtractionIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	proven := 0
	for trial := 0; trial < 200; trial++ {
		var set []int
		for x := 1; x <= 12; x++ {
			if rng.IntN(3) == 0 {
				set = append(set, x)
			}
		}
		if len(set) == 0 {
			continue
		}
		k := slices.Max(set)
		long := subtractionValues(set, 3000)
		for l := 2; l <= 120; l++ {
			p := analysis.FindPeriod(long[:l])
			pr := analysis.ProveSubtraction(long[:l], p, k)
			if !pr.Proven {
				continue
			}
			proven++
			for n := p.Preperiod; n+p.Period < len(long); n++ {
				if long[n+p.Period] != long[n] {
					t.Fatalf("%v: %d values prove %v, but g(%d) != g(%d)", set, l, p, n+p.Period, n)
				}
			}
		}
	}
	if proven == 0 {
		t.Fatal("no prefix was proven; the test checks nothing")
	}
}

func TestProveSubtractionChecksTheWindow(t *testing.T) {
	// {1,3,4} has period 7 from 0 (see TestProveSubtractionPublished).
	seq := subtractionValues([]int{1, 3, 4}, 100)
	// 5 then 0 1 2 repeated, broken at n = 11: with period 3 from 1 and
	// k = 8, the window 1 <= n < 9 compares g(8) with g(11), its last pair.
	broken := subtractionRepeat(30, []int32{5}, []int32{0, 1, 2})
	broken[11] = 9
	tests := []struct {
		name string
		seq  []int32
		p    analysis.Period
		k    int
		want analysis.Proof
	}{
		{"wrong period", seq, analysis.Period{Found: true, Period: 5, Preperiod: 0, LastException: -1, Checked: 101}, 4,
			analysis.Proof{Needed: 0 + 5 + 4, Have: 101}},
		{"not found", seq, analysis.Period{LastException: -1, Checked: 101}, 4, analysis.Proof{Have: 101}},
		{"window broken at its last pair", broken, analysis.Period{Found: true, Period: 3, Preperiod: 1, LastException: 0, Checked: 30}, 8,
			analysis.Proof{Needed: 1 + 3 + 8, Have: 30}},
		{"same, one k less", broken, analysis.Period{Found: true, Period: 3, Preperiod: 1, LastException: 0, Checked: 30}, 7,
			analysis.Proof{Proven: true, Needed: 1 + 3 + 7, Have: 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := analysis.ProveSubtraction(tt.seq, tt.p, tt.k); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestProveSubtractionPanicsOnBadMax(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("got no panic for maxS 0, want one")
		}
	}()
	analysis.ProveSubtraction([]int32{0, 0}, analysis.Period{Found: true, Period: 1, LastException: -1, Checked: 2}, 0)
}

func ExampleProveSubtraction() {
	// The subtraction game S = {1, 3, 4}: remove 1, 3 or 4 tokens.
	set := []int{1, 3, 4}
	g := make([]int32, 30)
	for n := 1; n < len(g); n++ {
		seen := map[int32]bool{}
		for _, x := range set {
			if x <= n {
				seen[g[n-x]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	p := analysis.FindPeriod(g)
	fmt.Println(g[:14])
	fmt.Println(p)
	fmt.Printf("%+v\n", analysis.ProveSubtraction(g, p, 4))
	// Output:
	// [0 1 0 1 2 3 2 0 1 0 1 2 3 2]
	// period 7 from n = 0 (purely periodic; 30 values checked)
	// {Proven:true Needed:11 Have:30 Missing:0}
}
