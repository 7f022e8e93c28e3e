package games

import (
	"context"
	"errors"
	"fmt"
	"testing"

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
	}{{"grundy-game", grundysSplit{}}}
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
