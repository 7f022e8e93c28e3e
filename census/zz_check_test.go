package census

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

func TestCheck4364(t *testing.T) {
	c, _ := grundy.ParseOctal("4.364")
	g, _ := grundy.OctalGrundyNaive(context.Background(), c, 40000)
	f, _ := grundy.OctalGrundy(context.Background(), c, 40000, nil)
	for n := range g {
		if g[n] != f[n] {
			t.Fatalf("engines differ at %d", n)
		}
	}
	for n := 11687; n+62 < len(g); n++ {
		if g[n+62] != g[n] {
			t.Fatalf("breaks at n=%d", n)
		}
	}
	t.Logf("naive: period 62 from 11687 holds to %d; g(11686)=%d g(11748)=%d", len(g), g[11686], g[11686+62])
}
