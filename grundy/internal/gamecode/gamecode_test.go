package gamecode

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestOctalIsTakeBreakRestricted: an octal code is a take-and-break code
// with digits 0-7, so on every string of up to four characters from an
// alphabet of digits on both sides of 7, points, CGSuite's long digit and
// refused notation, the octal reader accepts exactly what the
// take-and-break reader accepts with every digit at most 7, with the same
// digits, and refuses everything else; where both refuse, they name the
// same character and, for the characters neither takes, say the same
// (their messages differ only in the family's name and what it allows).
func TestOctalIsTakeBreakRestricted(t *testing.T) {
	const alphabet = "0478Ac.&#;[!"
	var rec func(s string)
	checked := 0
	rec = func(s string) {
		if len(s) > 0 {
			checked++
			o, oerr := Parse(s, Octal)
			tb, terr := Parse(s, TakeBreak)
			octal := terr == nil && slices.Max(tb) <= 7
			switch {
			case octal && (oerr != nil || !slices.Equal(o, tb)):
				t.Errorf("%q: take-and-break %v, octal %v %v", s, tb, o, oerr)
			case !octal && oerr == nil:
				t.Errorf("%q: octal accepts %v, take-and-break %v %v", s, o, tb, terr)
			case terr != nil:
				var oe, te *Error
				if !errors.As(oerr, &oe) || !errors.As(terr, &te) || oe.Family != "octal" || te.Family != "take-and-break" {
					t.Fatalf("%q: %v, %v: want an *Error of each family", s, oerr, terr)
				}
				if oe.Pos != te.Pos && !strings.Contains(oe.Reason, "past 7") {
					t.Errorf("%q: octal refuses at %d (%s), take-and-break at %d (%s)", s, oe.Pos, oe.Reason, te.Pos, te.Reason)
				}
				// The part before the family's own texts (its long digits'
				// range, what a code is) is the same.
				cut := strings.Index(te.Reason, "allowed: ")
				if i := strings.Index(te.Reason, "CGSuite's long digit form"); i >= 0 && i < cut {
					cut = i
				}
				if oe.Pos == te.Pos && cut > 0 && !strings.HasPrefix(oe.Reason, te.Reason[:cut]) && !strings.Contains(oe.Reason, "past 7") && !strings.Contains(te.Reason, "d0 =") {
					t.Errorf("%q: octal says %q, take-and-break %q", s, oe.Reason, te.Reason)
				}
			}
		}
		if len(s) == 4 {
			return
		}
		for _, c := range alphabet {
			rec(s + string(c))
		}
	}
	rec("")
	t.Logf("%d strings", checked)
}
