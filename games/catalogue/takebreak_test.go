package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// TestTakebreakMisereRefusedPastF: package misere lists splits into at
// most three heaps, so misère play of a code leaving four (0.G) is refused
// by name rather than computed on rules it does not read.
func TestTakebreakMisereRefusedPastF(t *testing.T) {
	r := &TakebreakRules{Code: "0.G", Max: 10, Play: heapgame.Play{Play: games.PlayMisere}}
	var ke *games.KeyError
	if err := r.Check(); !errors.As(err, &ke) || ke.Key != "play" {
		t.Errorf("0.G with play: misere: %v, want a refusal of play", err)
	}
	r.Code = "0.F"
	if err := r.Check(); err != nil {
		t.Errorf("0.F with play: misere: %v", err)
	}
}

// TestTakebreakLongDigit: CGSuite's long digit form is read where it is
// unambiguous (&#16;, &#x10; and &16; are G, the digit leaving four heaps)
// and its game is 0.G's, move for move; past Z (35) it is refused by the
// member's Check, naming the key and what is allowed.
func TestTakebreakLongDigit(t *testing.T) {
	g, err := takebreak.Parse("0.G")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"0.&#16;", "0.&#x10;", "0.&16;"} {
		c, err := takebreak.Parse(spec)
		if err != nil || c != g {
			t.Errorf("%s: %v, %v; want the code 0.G", spec, c, err)
			continue
		}
		if fmt.Sprint(heapgame.TakeBreak(c).Moves(9)) != fmt.Sprint(heapgame.TakeBreak(g).Moves(9)) {
			t.Errorf("%s: moves from 9 differ from 0.G's", spec)
		}
		if err := (&TakebreakRules{Code: spec, Max: 10}).Check(); err != nil {
			t.Errorf("%s: Check: %v", spec, err)
		}
	}
	var ke *games.KeyError
	for _, spec := range []string{"0.&#36;", "0.&#64;", "0.&#16"} {
		err := (&TakebreakRules{Code: spec, Max: 10}).Check()
		if !errors.As(err, &ke) || ke.Key != "code" || !strings.Contains(err.Error(), `"&#NN;"`) {
			t.Errorf("%s: Check: %v; want a refusal of code naming the long form allowed", spec, err)
		}
	}
}

// TestTakebreakTheoremNamed: an answer from a proven period names the one
// theorem that proved it: 0.F's ordinary period the periodicity theorem
// for moves leaving up to h heaps, 0.8's arithmetic period (saltus 1)
// tabulate's own theorem; never both (the answer named both before).
func TestTakebreakTheoremNamed(t *testing.T) {
	for _, c := range []struct{ code, want, not string }{
		{"0.F", "takebreak.ProvePeriod", "ProveArithmetic"},
		{"0.8", "takebreak.ProveArithmetic", "ProvePeriod"},
	} {
		_, m, err := games.ParseSpec("takebreak:" + c.code)
		if err != nil {
			t.Fatal(err)
		}
		d, err := m.Def("takebreak:" + c.code)
		if err != nil {
			t.Fatal(err)
		}
		a, err := d.Solve.Answer(context.Background(), []string{"1000000000000000"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(a.By, c.want) || strings.Contains(a.By, c.not) {
			t.Errorf("%s at 10^15: by %q; want %s and not %s", c.code, a.By, c.want, c.not)
		}
	}
}
