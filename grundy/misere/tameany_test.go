package misere

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy/octal"
)

// TestProveTameWindow pins ProveTame to the theorem's window and to
// tameness. 0.52 is tame with genus period 4 from heap 6 (the values
// below); its code removes at most t = 2 tokens, so the Guy–Smith window
// carried to genera reads 2·max(n0, 1) + 2p + t = 12 + 8 + 2 = 22 values,
// heaps 0..21: a table to heap 21 proves it, one to heap 20 (where the
// period is already a candidate) does not. 0.2012 has a genus period the
// window theorem proves (5 from heap 4) but is wild from heap 5, so the
// tame rule cannot decide its sums.
func TestProveTameWindow(t *testing.T) {
	code, err := octal.Parse("0.52")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		max    int
		proven bool
	}{{20, false}, {21, true}, {30, true}} {
		tb, err := Analyze(context.Background(), Octal(code), c.max, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		s, why := ProveTame(tb, OctalGenusRule(code))
		if (s != nil) != c.proven || (s != nil && (s.Period != 4 || s.Preperiod != 6 || s.Max() != c.max)) {
			t.Errorf("0.52 to heap %d: %+v (%s); want proven %v, period 4 from 6", c.max, s, why, c.proven)
		}
	}
	wild, err := octal.Parse("0.2012")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Analyze(context.Background(), Octal(wild), 40, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if r := StudyGenus(tb, OctalGenusRule(wild)); r.Status != "proven" || tb.FirstWild() != 5 {
		t.Fatalf("0.2012 to 40: genus %s, first wild %d; the test wants a proven genus period and heap 5 wild", r.Status, tb.FirstWild())
	}
	if s, why := ProveTame(tb, OctalGenusRule(wild)); s != nil {
		t.Errorf("0.2012 (wild from heap 5): ProveTame gives %+v (%s), want none", s, why)
	}
}
