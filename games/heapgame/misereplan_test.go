package heapgame

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestPlanMisereNeverRefusesWhatFits: for wild games, the heap at which
// planMisere refuses (projected from a probe of misereProbePositions) is
// never below the heap at which the full search itself runs out of a
// limit of 2^15 positions (the oracle: misere.Analyze with that limit),
// and not far past it (within 25%, so the plan refuses what the search
// would). Games: Grundy's game, Kayles 0.77 and the wild codes 0.165 and
// 0.456 of issue 36.
func TestPlanMisereNeverRefusesWhatFits(t *testing.T) {
	const limit, top = 1 << 15, 300
	cases := []struct {
		name string
		g    misere.Game
	}{{"grundy-game", GrundysSplit{}}}
	codes := []string{"0.77", "0.165", "0.456"}
	if testing.Short() {
		codes = codes[:1]
	}
	for _, c := range codes {
		code, err := octal.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			name string
			g    misere.Game
		}{c, misere.Octal(code)})
	}
	for _, c := range cases {
		_, err := misere.Analyze(context.Background(), c.g, top, misere.Limits{Positions: limit})
		var be *misere.BudgetError
		if !errors.As(err, &be) {
			t.Fatalf("%s: the search to heap %d within %d positions: %v; want it to run out", c.name, top, limit, err)
		}
		var actual, planned int
		fmt.Sscanf(be.What, "genus of heap %d", &actual)
		_, err = planMisere(context.Background(), c.g, top, limit)
		if !errors.As(err, &be) {
			t.Fatalf("%s: planMisere(%d, %d): %v; want a refusal", c.name, top, limit, err)
		}
		fmt.Sscanf(be.What, "genus of heap %d", &planned)
		t.Logf("%s: the search runs out at heap %d, the plan refuses from heap %d", c.name, actual, planned)
		if planned < actual || 4*planned > 5*actual {
			t.Errorf("%s: the plan refuses from heap %d, the search runs out at heap %d: want the plan at or past it, within 25%%", c.name, planned, actual)
		}
		// Below the planned heap nothing is refused before the search.
		if _, err := planMisere(context.Background(), c.g, planned-1, limit); err != nil {
			t.Errorf("%s: planMisere(%d) refuses below its own heap: %v", c.name, planned-1, err)
		}
	}
}

// TestPlanQuotientNeverRefusesWhatFits: when planQuotient refuses the
// quotient of heaps 0..top from heap n (projected from a probe), the
// construction itself (the oracle: misere.QuotientOf without a bound of
// work) fails within the same maximum order, at a heap no later than n;
// a quotient the plan leaves alone or returns is not checked further.
// With a maximum order of 256 the oracle is cheap; two probes stop at
// different heaps. Codes: the wild ones of issue 36, and games whose
// quotient stays small (0.75, 0.77, 0.53) or grows (0.07, 0.26, 0.04).
func TestPlanQuotientNeverRefusesWhatFits(t *testing.T) {
	const maxOrder, top = 256, 120
	codes := []string{"0.54", "0.57", "4.7", "0.456", "0.165", "0.07", "0.26", "0.04", "0.75", "0.77", "0.53"}
	probes := []int64{200_000, 1_000_000}
	if testing.Short() {
		codes, probes = []string{"0.54", "4.7", "0.07", "0.77", "0.53"}, probes[1:]
	}
	refused := 0
	for _, c := range codes {
		code, err := octal.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		g := misere.Octal(code)
		_, actual := misere.QuotientOf(context.Background(), g, top, misere.QuotientLimits{MaxOrder: maxOrder})
		failsAt := -1
		var se *misere.QuotientSizeError
		var qe *misere.QuotientSearchError
		switch {
		case errors.As(actual, &se):
			failsAt = se.Heap
		case errors.As(actual, &qe):
			failsAt = qe.Heap
		case actual != nil:
			t.Fatalf("%s: QuotientOf(%d): %v", c, top, actual)
		}
		for _, probe := range probes {
			_, err := planQuotient(context.Background(), g, top, maxOrder, probe)
			var pe *QuotientPlanError
			if !errors.As(err, &pe) {
				continue
			}
			refused++
			t.Logf("%s, probe %d: %v; the construction fails at heap %d", c, probe, err, failsAt)
			if failsAt < 0 || failsAt > pe.Heap {
				t.Errorf("%s, probe %d: the plan refuses from heap %d, but the construction to heap %d fails at %d (-1: never)", c, probe, pe.Heap, top, failsAt)
			}
		}
	}
	if refused == 0 {
		t.Error("the plan refused nothing: the check above checked nothing")
	}
}

// TestSolveMiserePlanRefusesWildQuotients: solve --misere on the wild
// codes of issue 36 with heaps 500 and 400 is refused by the plans alone
// (planQuotient, planMisere), with the search's message and the
// quotient's plan: no quotient is computed past its probe (onQuotient
// fails the test and cancels the answer) and no search runs.
func TestSolveMiserePlanRefusesWildQuotients(t *testing.T) {
	codes := []string{"0.54", "0.57", "4.7", "0.456", "0.165"}
	if testing.Short() {
		codes = []string{"0.54", "4.7"}
	}
	for _, c := range codes {
		code, err := octal.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		m := &misereSolver{game: misere.Octal(code)}
		m.onQuotient = func(top int) {
			t.Errorf("%s: the quotient of heaps up to %d is computed past its plan", c, top)
			cancel()
		}
		_, err = m.solve(ctx, []int{500, 400})
		cancel()
		var ae *games.ArgError
		if !errors.As(err, &ae) {
			t.Fatalf("%s 500 400: %v; want a refusal", c, err)
		}
		for _, want := range []string{"planned from the search's growth", "the misère quotient of " + c + " is planned past 2048 elements (past twice that by heap "} {
			if !strings.Contains(ae.Error(), want) {
				t.Errorf("%s 500 400: %v; want it to say %q", c, err, want)
			}
		}
		if len(m.quotients) != 0 || m.t == nil || m.t.Max() > misereProbe {
			t.Errorf("%s: kept %d quotients and a genus table past the probe: want none", c, len(m.quotients))
		}
	}
}
