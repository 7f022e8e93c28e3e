package takebreak

import (
	"errors"
	"strings"
	"testing"
)

// TestParse checks the canonical form, t and h of codes written in every
// accepted way.
func TestParse(t *testing.T) {
	cases := []struct {
		code, canon string
		t, h        int
	}{
		{"0.3F", "0.3F", 2, 3},
		{".3f", "0.3F", 2, 3},
		{"0.3f0", "0.3F", 2, 3},
		{"8.", "8.0", 0, 3},
		{"8.0", "8.0", 0, 3},
		{"4.", "4.0", 0, 2},
		{"C.", "C.0", 0, 3},
		{"c.1", "C.1", 1, 3},
		{"04.07", "4.07", 2, 2}, // CGSuite normalises 04.30 to 4.3 (TBCodeTest)
		{"0004.7", "4.7", 1, 2},
		{"0.77", "0.77", 2, 2},
		{"0.137", "0.137", 3, 2},
		{"0.1", "0.1", 1, 0},
		{"0.3", "0.3", 1, 1},
		{"0.0", "0.0", 0, 0},
		{"0.", "0.0", 0, 0},
		{".0", "0.0", 0, 0},
		{"0.000", "0.0", 0, 0},
		{"0.8", "0.8", 1, 3},
		{"0.2048", "0.2048", 4, 3},
		{"0.ABCDEF", "0.ABCDEF", 6, 3},
		// CGSuite's base-36 digits past F (TBCode: CodeDigit.Options(36,
		// ...)): G = 16, leave four heaps; Z = 35 = 32+2+1, five.
		{"0.G", "0.G", 1, 4},
		{"0.g", "0.G", 1, 4},
		{"0.1z", "0.1Z", 2, 5},
		{"G.", "G.0", 0, 4},
		{"0.3V", "0.3V", 2, 4},
		// CGSuite's long digit form, read as its TBCode reads it (CGSuite
		// 1: "&#<digits>;" in base 10, "&#x<hex-digits>;" in base 16;
		// CGSuite 2: "&<digits>;"), up to 35: the same digits as the
		// one-character ones.
		{"0.&#16;", "0.G", 1, 4},
		{"0.&#x10;", "0.G", 1, 4},
		{"0.&16;", "0.G", 1, 4},
		{"0.&#x1A;", "0.Q", 1, 4},
		{"0.&#x1a;", "0.Q", 1, 4},
		{"0.3&#15;", "0.3F", 2, 3},
		{"0.&#035;", "0.Z", 1, 5},
		{"&#8;.", "8.0", 0, 3},
		{"0&#12;.1", "C.1", 1, 3},
		{"0.7&#0;", "0.7", 1, 2},
		{"&0;.&#x7;&7;", "0.77", 2, 2},
	}
	for _, tc := range cases {
		c, err := Parse(tc.code)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.code, err)
			continue
		}
		if got := c.String(); got != tc.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.code, got, tc.canon)
		}
		if got := c.MaxRemove(); got != tc.t {
			t.Errorf("Parse(%q).MaxRemove() = %d, want %d", tc.code, got, tc.t)
		}
		if got := c.MaxHeaps(); got != tc.h {
			t.Errorf("Parse(%q).MaxHeaps() = %d, want %d", tc.code, got, tc.h)
		}
		again, err := Parse(c.String())
		if err != nil || again != c {
			t.Errorf("Parse(%q) = %v, %v: does not round-trip %q", c.String(), again, err, tc.code)
		}
	}
}

// TestParseDigits checks Digit on a code of every digit value.
func TestParseDigits(t *testing.T) {
	c, err := Parse("C.123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= 15; k++ {
		want := k
		if k == 0 {
			want = 12
		}
		if got := c.Digit(k); got != want {
			t.Errorf("Digit(%d) = %d, want %d", k, got, want)
		}
	}
	if c.Digit(16) != 0 || c.Digit(-1) != 0 {
		t.Errorf("Digit beyond the code: %d, %d, want 0, 0", c.Digit(16), c.Digit(-1))
	}
}

// TestRoundTripAll checks String and Parse on every code 0.d1d2 and d0.d1.
func TestRoundTripAll(t *testing.T) {
	const hex = "0123456789ABCDEF"
	for _, d0 := range "048C" {
		for i := range 16 {
			for j := range 16 {
				code := string(d0) + "." + hex[i:i+1] + hex[j:j+1]
				c, err := Parse(code)
				if err != nil {
					t.Fatalf("Parse(%q): %v", code, err)
				}
				want := strings.TrimRight(code, "0")
				if strings.HasSuffix(want, ".") {
					want += "0"
				}
				if c.String() != want {
					t.Fatalf("Parse(%q).String() = %q, want %q", code, c.String(), want)
				}
				if again, err := Parse(c.String()); err != nil || again != c {
					t.Fatalf("%q does not round-trip: %v, %v", code, again, err)
				}
			}
		}
	}
}

// TestParseErrors checks that each malformed code names the character at
// fault and says what is wrong.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		code string
		pos  int
		says string // a piece of the reason
	}{
		{"", -1, "empty"},
		{"03F", -1, "no point"},
		{".", -1, "no digits"},
		{"0.3.F", 3, "second point"},
		{"0.&#36;", 2, "36, past 35: it leaves at most 5 heaps"},
		{"0.&#63;", 2, "63, past 35"},
		{"0.&#64;", 2, "6 heaps or more"},
		{"0.&#x40;", 2, "6 heaps or more"},
		{"0.1&#99999999999999999999;", 3, "too large"},
		{"0.&#16", 2, "no closing ';'"},
		{"0.&#;", 2, "no number"},
		{"0.&#x;", 2, "no number"},
		{"0.&;", 2, "no number"},
		{"0.&#1a;", 2, "not a base-10 number"},
		{"0.&#X10;", 2, "not a base-10 number"},
		{"0.&#-1;", 2, "not a base-10 number"},
		{"0.&#x1g;", 2, "not a base-16 number"},
		{"0.&#1 ;", 2, "not a base-10 number"},
		{"&#2;.7", 0, "a pass"},
		{"&#4;&#4;.7", 0, "add tokens"},
		{"0.#16;", 2, "digits 0-9 and A-Z"},
		{"H.", 0, "0, 4, 8 or C"},
		{"0.[3]", 2, "infinite codes"},
		{"4!.", 1, "constraints ! and ?"},
		{"0.3F?", 4, "constraints ! and ?"},
		{"0.(r?8!g)", 2, "parentheses or braces"},
		{"0.{1,2!}", 2, "parentheses or braces"},
		{"0.3_1", 3, "ghost tokens"},
		{"1.", 0, "0, 4, 8 or C"},
		{"2.7", 0, "a pass"},
		{"F.", 0, "0, 4, 8 or C"},
		{"20.017", 0, "add tokens"}, // CGSuite: add a token to a non-empty heap
		{"84.07", 0, "add tokens"},
		{"0.3 ", 3, "digits 0-9 and A-Z"},
		{"0,3", 1, "digits 0-9 and A-Z"},
		{"0.é", 2, "digits 0-9 and A-Z"},
	}
	for _, tc := range cases {
		_, err := Parse(tc.code)
		var ce *CodeError
		if !errors.As(err, &ce) {
			t.Errorf("Parse(%q) = %v, want a *CodeError", tc.code, err)
			continue
		}
		if ce.Pos != tc.pos || !strings.Contains(ce.Error(), tc.says) || !strings.Contains(ce.Error(), tc.code) {
			t.Errorf("Parse(%q): %v (position %d), want position %d and %q", tc.code, err, ce.Pos, tc.pos, tc.says)
		}
	}
}

// FuzzParse checks that Parse never panics, that a refusal is a
// *CodeError, and that an accepted code round-trips through String.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.3F", ".3f", "8.", "04.07", "0.G", "0.[3]", "4!.", "2.7", "", ".", "0..", "0.é", "84.07", "C.FFF", "0.&#16;", "0.&#x1F;", "&8;.&#;", "0.&#99999;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			var ce *CodeError
			if !errors.As(err, &ce) || ce.Code != s {
				t.Fatalf("Parse(%q): %v is not a *CodeError for the code", s, err)
			}
			return
		}
		if again, err := Parse(c.String()); err != nil || again != c {
			t.Fatalf("Parse(%q) = %s does not round-trip: %v, %v", s, c, again, err)
		}
		if h := c.MaxHeaps(); h < 0 || h > HeapsMax {
			t.Fatalf("Parse(%q).MaxHeaps() = %d", s, h)
		}
	})
}
