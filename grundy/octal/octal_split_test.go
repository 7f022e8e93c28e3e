package octal

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// grundysOracle returns g(0..max) of Grundy's game by a memoised recursion
// over the literal rule: from a heap of n, every split into a and n-a with
// 1 <= a, a != n-a (each in both orders); the mex is taken over a map.
func grundysOracle(max int) []int32 {
	memo := map[int]int32{}
	var g func(n int) int32
	g = func(n int) int32 {
		if v, ok := memo[n]; ok {
			return v
		}
		seen := map[int32]bool{}
		for a := 1; a < n; a++ {
			if a != n-a {
				seen[g(a)^g(n-a)] = true
			}
		}
		m := int32(0)
		for seen[m] {
			m++
		}
		memo[n] = m
		return m
	}
	out := make([]int32, max+1)
	for n := range out {
		out[n] = g(n)
	}
	return out
}

// TestGrundysGameStats checks the engine on Grundy's game against the
// literal recursion to 300, the plain mex (octalPlain, no code shared with
// the engine) to 5000 (20000 in the long tests) with and without the second
// core, and the C++ solver of tczajka/octal-games ("grundy") to 2^13 (2^16)
// when it is built. The values
// begin 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0 as in
// OEIS A002188.
func TestGrundysGameStats(t *testing.T) {
	ctx := context.Background()
	if d := octalDiff(grundysOracle(20)[:21], []int32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}); d != "" {
		t.Fatalf("oracle against OEIS A002188: %s", d)
	}
	got, st, err := GrundysGame(ctx, 300, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(got, grundysOracle(300)); d != "" {
		t.Errorf("%s (literal recursion)", d)
	}
	if st.Period != 0 {
		t.Errorf("proved period %d; no theorem applies", st.Period)
	}
	max := 5000
	if longtest.Enabled() {
		max = 20_000
	}
	want, err := octalPlain(ctx, "4.", max, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []octalOptions{{}, {workers: 1}} {
		got, _, err := octalSolve(ctx, grundysRules, "Grundy's game", max, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		if d := octalDiff(got, want); d != "" {
			t.Errorf("%+v: %s (octalPlain)", opt, d)
		}
	}
	bin := octalPeerBinary()
	if bin == "" {
		t.Log("C++ solver not built: not compared")
		return
	}
	n := 1 << 13
	if longtest.Enabled() {
		n = 1 << 16
	}
	peer, line := octalPeerRun(t, bin, "grundy", n)
	got, st, err = GrundysGame(ctx, len(peer)-1, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(got, peer); d != "" {
		t.Errorf("%s (the C++ solver)", d)
	}
	t.Logf("mask %#x, %d rare, last %d, largest %d at %d; the C++ solver: %s", st.Mask, st.Rare, st.LastRare, st.Largest, st.LargestAt, line)
}

// TestOctalMarkRareNear checks the rare loop's paths (octalMarkRare: the
// slice loop, octalMarkRare16 and its array loop octalMarkRareNear past
// heap 2^17) against the definition, mk[g(a) XOR g(s-a)] for every rare a
// < s (a != s-a when unequal), computed here by a map, on random values and
// rare heaps on both sides of octalNear's reach.
func TestOctalMarkRareNear(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]int32, octalNear+5000)
	for i := range g {
		g[i] = int32(rng.IntN(600))
	}
	for _, lastRare := range []int32{1000, octalNear - 1, octalNear + 100} {
		var rare []octalRare
		for a := int32(1); a <= lastRare; a += 1 + int32(rng.IntN(50)) {
			rare = append(rare, octalRare{a, g[a]})
		}
		for _, s := range []int{500, 2 * int(lastRare) / 3, octalNear - 1, octalNear, octalNear + 4321} {
			if s >= len(g) {
				continue
			}
			for _, unequal := range []bool{false, true} {
				want := map[int32]bool{}
				for _, x := range rare {
					if int(x.a) < s && !(unequal && 2*int(x.a) == s) {
						want[g[x.a]^g[s-int(x.a)]] = true
					}
				}
				for _, mk := range [][]byte{octalMarks(1024), make([]byte, 1<<17)} { // array and slice loops
					octalMarkRare(mk, g, rare, s, unequal)
					for v, m := range mk {
						if (m == 1) != want[int32(v)] {
							t.Fatalf("last rare %d, s %d, unequal %v, %d marks: mark of %d is %d, want %v", lastRare, s, unequal, len(mk), v, m, want[int32(v)])
						}
					}
				}
			}
		}
	}
}
