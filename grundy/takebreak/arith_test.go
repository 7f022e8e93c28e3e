package takebreak

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
)

// TestProveArithmeticHolds checks every verdict of ProveArithmetic on the
// one- and two-digit hexadecimal codes with a three-heap move (and a few
// with 4., 8. and C.) against plainValues, the plain mex over the literal
// rules written in the tests (oracle_test.go): an arithmetic period proven
// from the first L values (L = 48, 96, 160) must hold on every value to
// 300, far past every proof point (the largest Needed is asserted below
// 160). The prover is given the oracle's own values, so the test shares no
// code with the engine. It also asserts the games the theorem is known to
// prove by hand (0.AA: g(n) = n-1 for n >= 1, see the comment of arith.go)
// and that it proves a fair share of the candidates.
func TestProveArithmeticHolds(t *testing.T) {
	const max = 300
	hex := "0123456789ABCDEF"
	var codes []string
	for _, a := range hex[1:] {
		codes = append(codes, "0."+string(a))
	}
	for _, a := range hex {
		for _, b := range hex[1:] {
			if a >= '8' || b >= '8' {
				codes = append(codes, "0."+string(a)+string(b))
			}
		}
	}
	codes = append(codes, "8.", "C.", "4.8", "8.2", "8.F", "C.1")
	proven := map[string]bool{}
	candidates := 0
	for _, code := range codes {
		c := mustParse(t, code)
		g := plainValues(code, max)
		isCandidate := false
		for _, L := range []int{48, 96, 160} {
			a := analysis.FindArithmetic(g[:L])
			if !a.Found || a.Saltus < 1 {
				continue
			}
			isCandidate = true
			pr := ProveArithmetic(g[:L], c, a.Period, a.Preperiod, a.Saltus)
			if !pr.Proven {
				continue
			}
			if pr.Needed > L {
				t.Errorf("%s: proven from %d values but Needed = %d", code, L, pr.Needed)
			}
			proven[code] = true
			for n := a.Preperiod; n+a.Period <= max; n++ {
				if int64(g[n+a.Period]) != int64(g[n])+a.Saltus {
					t.Errorf("%s: proven from %d values: g(n+%d) = g(n)+%d from %d, but the plain mex gives g(%d) = %d, g(%d) = %d",
						code, L, a.Period, a.Saltus, a.Preperiod, n+a.Period, g[n+a.Period], n, g[n])
					break
				}
			}
		}
		if isCandidate {
			candidates++
		}
	}
	for _, code := range []string{"0.AA", "0.08", "0.0A", "0.82"} {
		if !proven[code] {
			t.Errorf("%s: not proven; the theorem proves it (by hand: its splits lag behind its single heaps)", code)
		}
	}
	// 0.0F (g(n) = floor(n/2)) and 0.FF (g(n) = n): their value 0 occurs
	// at heap 0 only, so no triple (a, a, x) gives it; the pairs (a, a)
	// do, at the even remainders (one of N-1, N-2).
	for _, code := range []string{"0.0F", "0.FF"} {
		if !proven[code] {
			t.Errorf("%s: not proven; the theorem proves it with the pairs (a, a) covering 0", code)
		}
	}
	if len(proven) < candidates/4 {
		t.Errorf("%d of %d arithmetic candidates proven; expected at least a quarter", len(proven), candidates)
	}
	t.Logf("%d of %d arithmetic candidates proven", len(proven), candidates)
}

// TestProveArithmeticRefuses checks that the theorem proves nothing it
// does not claim: no three-heap move (octal codes, whose sequences are
// never arithmetic-periodic), a saltus below 1, a period that the values
// break, and too few values (Needed is then reported, Proven false).
func TestProveArithmeticRefuses(t *testing.T) {
	aa := mustParse(t, "0.AA")
	g := plainValues("0.AA", 100) // g(n) = n-1 for n >= 1
	if pr := ProveArithmetic(g, mustParse(t, "0.77"), 1, 1, 1); pr.Proven || pr.Needed != 0 {
		t.Errorf("octal code: %+v, want not applicable", pr)
	}
	if pr := ProveArithmetic(g, aa, 1, 1, 0); pr.Proven {
		t.Errorf("saltus 0: proven")
	}
	if pr := ProveArithmetic(g, aa, 1, 1, 2); pr.Proven {
		t.Errorf("0.AA with saltus 2: proven")
	}
	if pr := ProveArithmetic(g, aa, 2, 0, 2); pr.Proven {
		t.Errorf("0.AA from n0 = 0 (g(2) = 1 != g(0)+2): proven")
	}
	full := ProveArithmetic(g, aa, 1, 1, 1)
	if !full.Proven {
		t.Fatalf("0.AA: %+v, want proven", full)
	}
	if pr := ProveArithmetic(g[:full.Needed-1], aa, 1, 1, 1); pr.Proven || pr.Needed != full.Needed {
		t.Errorf("one value short: %+v, want not proven, Needed %d", pr, full.Needed)
	}
}

// TestRulerRegularityNotProven: J. P. Grossman and R. J. Nowakowski, "A
// ruler regularity in hexadecimal games", Games of No Chance 4, MSRI
// Publications 63 (2015), show that 0.2048 has a regularity that is neither
// periodicity nor arithmetic periodicity ("ruler regularity"; their
// abstract: "Periodic and arithmetic periodic nim-sequences have been
// discovered but other patterns also exist"). So neither theorem may prove
// a period or an arithmetic period of it, however many values it is given:
// here the plain mex's values to 400 and the engine's to 2000.
func TestRulerRegularityNotProven(t *testing.T) {
	c := mustParse(t, "0.2048")
	plain := plainValues("0.2048", 400)
	g, err := Values(context.Background(), c, 2000, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(g[:401], plain); i >= 0 {
		t.Fatalf("0.2048: Values and the plain mex differ at %d", i)
	}
	for _, seq := range [][]int32{plain, g} {
		if p, n0, ok := ProvePeriod(seq, c); ok {
			t.Errorf("0.2048 on %d values: period %d from %d proven; Grossman and Nowakowski show it is not periodic", len(seq), p, n0)
		}
		if a := analysis.FindArithmetic(seq); a.Found && a.Saltus >= 1 {
			if pr := ProveArithmetic(seq, c, a.Period, a.Preperiod, a.Saltus); pr.Proven {
				t.Errorf("0.2048 on %d values: arithmetic period %d, saltus %d proven; Grossman and Nowakowski show it is not arithmetic-periodic", len(seq), a.Period, a.Saltus)
			}
		}
	}
}

// TestPublishedIrregularNotProven: games that publications treat as not
// periodic or arithmetic-periodic, or as open, must not be proven either
// way by our theorems, whatever period, preperiod and saltus they are
// asked about (not only the ones analysis.FindArithmetic suggests): a
// proof would be a false one, or would settle a published open question,
// and calls for scrutiny before belief. The values are the plain mex's
// (oracle_test.go), to 400.
//
//   - 0.2048: J. P. Grossman and R. J. Nowakowski, "A ruler regularity in
//     hexadecimal games", Games of No Chance 4, MSRI Publications 63
//     (2015) 115-128: its sequence shows "ruler regularity", a pattern
//     other than the periodic and arithmetic periodic ones ("Periodic and
//     arithmetic periodic nim-sequences have been discovered but other
//     patterns also exist", their abstract).
//   - C.: split a heap into two or three non-empty heaps. A. Dailly, E.
//     Duchêne, U. Larsson and G. Paris, "Partition games are pure breaking
//     games" (arXiv, 2021; abstract at
//     deepai.org/publication/partition-games-are-pure-breaking-games):
//     "the behavior of the Grundy function of the game having L = {1, 2} is
//     open", L read as the numbers of cuts (splits into 2 or 3 heaps), as
//     the rules of their "Partition games" (Discrete Applied Mathematics
//     285 (2020) 509-525) count "the number of allowed splits". Only the
//     abstracts could be read here, so this reading of L is ours.
func TestPublishedIrregularNotProven(t *testing.T) {
	for _, code := range []string{"0.2048", "C."} {
		c := mustParse(t, code)
		g := plainValues(code, 400)
		if p, n0, ok := ProvePeriod(g, c); ok {
			t.Errorf("%s: period %d from %d proven on %d values", code, p, n0, len(g))
		}
		tried := 0
		for p := 1; p <= 24; p++ {
			for s := int64(1); s <= 6; s++ {
				for n0 := 0; n0 <= 60; n0++ {
					tried++
					if pr := ProveArithmetic(g, c, p, n0, s); pr.Proven {
						t.Errorf("%s: g(n+%d) = g(n)+%d from %d proven on %d values", code, p, s, n0, len(g))
					}
				}
			}
		}
		if tried == 0 {
			t.Fatal("nothing tried")
		}
	}
}
