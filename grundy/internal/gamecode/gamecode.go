// Package gamecode is the one reader of the codes "d0.d1d2..." of heap
// games: the octal codes of package octal (digits 0-7) and the
// take-and-break codes of package takebreak (CGSuite's base-36 digits),
// which contain them. Digit d_k is a bit set: bit i (value 2^i) means that
// removing k tokens may leave exactly i non-empty heaps; d0 removes none.
// Both packages call Parse with their Family and keep their own Code
// type; the spellings accepted and the messages are the same, save for
// the digits each family allows. The notation and what is refused are
// documented in grundy/takebreak/code.go.
package gamecode

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Family is a family of codes: its name in messages and its largest
// digit.
type Family struct {
	// Name reads "octal" or "take-and-break": messages start "octal code
	// "0.08": ...".
	Name string
	// MaxDigit is the largest digit: 7 (a move leaves at most two heaps)
	// or 35 (Z, CGSuite's largest one-character digit: five heaps).
	MaxDigit int
}

// Octal and TakeBreak are the two families.
var (
	Octal     = Family{Name: "octal", MaxDigit: 7}
	TakeBreak = Family{Name: "take-and-break", MaxDigit: DigitMax}
)

// DigitMax is the largest digit of a take-and-break code: 35, Z,
// CGSuite's largest one-character digit. Digits 36 to 63 would still
// leave at most HeapsMax heaps, but they have no one-character form, so
// they are refused rather than given a form of our own.
const DigitMax = 35

// HeapsMax is the most heaps one move may leave: 5, the highest bit of
// DigitMax (35 = 32+2+1).
const HeapsMax = 5

// Digits36 are the digits of a code, by value: CGSuite's base 36.
const Digits36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// Error reports a malformed code.
type Error struct {
	Family string // Family.Name
	Code   string // the code as given
	Pos    int    // 0-based byte index of the offending character, or -1
	Char   rune   // the character at Pos (utf8.RuneError if not UTF-8)
	Reason string // what is wrong and what is allowed
}

// Error reads like `octal code "0.08": character '8' at position 3
// (0-based): digit 8 is past 7: ...`.
func (e *Error) Error() string {
	if e.Pos < 0 {
		return fmt.Sprintf("%s code %q: %s", e.Family, e.Code, e.Reason)
	}
	return fmt.Sprintf("%s code %q: character %q at position %d (0-based): %s", e.Family, e.Code, e.Char, e.Pos, e.Reason)
}

// allowed is the end of every message about a character: what a code of
// the family is.
func (f Family) allowed() string {
	if f.MaxDigit < 8 {
		return `allowed: d0.d1d2... with digits 0-7 (bit i of d_k: removing k tokens may leave i heaps, i = 0..2; digits 8 and up, leaving three heaps or more, make take-and-break codes, takebreak:CODE), and exactly one point, as in "0.07" or ".07"`
	}
	return `allowed: d0.d1d2... with digits 0-9 and A-Z, CGSuite's base-36 digits, or its long form &#NN; up to 35 (bit i of d_k: removing k tokens may leave i heaps, i = 0..5; 0-F are the hexadecimal games), and exactly one point, as in "0.3F" or "8.0"`
}

// firstDigits are the digits d0 may be, in words.
func (f Family) firstDigits() string {
	if f.MaxDigit < 8 {
		return "0 or 4 (4: split a heap into two non-empty heaps)"
	}
	return "0, 4, 8 or C (4: split a heap into two non-empty heaps, 8: into three, C: either), or past F a multiple of 4 (G, K, O, S, W: into four or five heaps)"
}

// digitValue returns the value of a digit 0-9, A-Z or a-z (CGSuite's base
// 36: G is 16, a move leaving four heaps), or -1.
func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	}
	return -1
}

// refusal returns why c, which is not a digit or a point, is refused:
// CGSuite's notation that is not taken is named.
func (f Family) refusal(c byte) string {
	switch {
	case c == '[' || c == ']':
		return "repeating digits in brackets (CGSuite's infinite codes, such as 0.[3] for Nim) are not taken: the engine needs a finite code; " + f.allowed()
	case c == '!' || c == '?':
		return "the constraints ! and ? (CGSuite: pairwise unequal, or not all equal, heaps; Grundy's game is 4!., computed by octal.GrundysGame) are not taken: " + f.allowed()
	case c == '(' || c == ')' || c == '{' || c == '}' || c == '+' || c == '=':
		return "CGSuite's constrained and set digits, in parentheses or braces, are not taken: " + f.allowed()
	case c == '_':
		return "ghost tokens (CGSuite's _g suffix) are not taken: " + f.allowed()
	}
	return f.allowed()
}

// past says why digit v, past f.MaxDigit, is refused: written as the
// one character w ("digit 8 is past 7", "digit a (10) is past 7"), or as
// a long digit ("the long digit &#36; is 36, past 35"), forms then saying
// how long digits are written.
func (f Family) past(w string, v int, forms string) string {
	what := fmt.Sprintf("the long digit %s is %d, past %d", w, v, f.MaxDigit)
	if len(w) == 1 {
		what = fmt.Sprintf("digit %s is past %d", w, f.MaxDigit)
		if v >= 10 {
			what = fmt.Sprintf("digit %s (%d) is past %d", w, v, f.MaxDigit)
		}
	}
	why := "it would let a move leave 6 heaps or more, and moves here leave at most 5"
	switch {
	case v <= DigitMax:
		why = "it would let a move leave three heaps or more, which no octal code does"
	case v < 1<<(HeapsMax+1):
		why = fmt.Sprintf("it leaves at most %d heaps, but has no one-character digit (the digits here are CGSuite's 0-9 and A-Z, up to Z = 35)", HeapsMax)
	}
	if forms != "" {
		why += "; " + forms
	}
	return fmt.Sprintf("%s: %s; %s", what, why, f.allowed())
}

// token is one unit of a code as written: a point (v = -1) or a digit of
// value v, written from byte pos to byte end (exclusive).
type token struct {
	v, pos, end int
}

// entity reads CGSuite's long digit form at code[i] == '&': "&#NN;"
// (decimal) and "&#xHH;" (hexadecimal), as CGSuite 1's TBCode(String)
// documents them ("&#<digits>; ... interpreted as a number in base 10",
// "&#x<hex-digits>; ... in base 16"), and "&NN;" (decimal), as CGSuite 2's
// TBCode.parse reads it (the text between '&' and ';' as a Long) and
// writes a digit of 32 or more. It returns the digit's value and the index
// just past the ';', or a reason naming what is allowed. Only a value up
// to f.MaxDigit is taken; the form is unambiguous there (&#16;, &#x10;
// and &16; are all G).
func (f Family) entity(code string, i int) (v, end int, reason string) {
	forms := fmt.Sprintf(`CGSuite's long digit form is "&#NN;" (decimal), "&#xHH;" (hexadecimal) or "&NN;" (decimal), with a value from 0 to %d (%c)`, f.MaxDigit, Digits36[f.MaxDigit])
	j := i + 1
	base := 10
	if j < len(code) && code[j] == '#' {
		j++
		if j < len(code) && code[j] == 'x' {
			base = 16
			j++
		}
	}
	semi := strings.IndexByte(code[j:], ';')
	if semi < 0 {
		return 0, 0, "a long digit with no closing ';': " + forms + "; " + f.allowed()
	}
	num := code[j : j+semi]
	if num == "" {
		return 0, 0, "a long digit with no number: " + forms + "; " + f.allowed()
	}
	value := 0
	for k := 0; k < len(num); k++ {
		d := digitValue(num[k])
		if d < 0 || d >= base {
			return 0, 0, fmt.Sprintf("%q is not a base-%d number: %s; %s", num, base, forms, f.allowed())
		}
		if value <= 1<<20 {
			value = value*base + d
		}
	}
	if value > 1<<20 {
		return 0, 0, fmt.Sprintf("the long digit %s is too large: %s; %s", code[i:j+semi+1], forms, f.allowed())
	}
	if value > f.MaxDigit {
		return 0, 0, f.past(code[i:j+semi+1], value, forms)
	}
	return value, j + semi + 1, ""
}

// Parse reads code as a code of family f: digits 0-9 and A-Z (either
// case), or CGSuite's long form &#NN;, each at most f.MaxDigit, and
// exactly one point; d0 is optional (default 0), removes no tokens and so
// is a multiple of 4, and zeros before it are dropped ("0.3F", ".3f",
// "8.", "04.07", "0.&#16;" which is 0.G). It returns the digits d0, d1,
// ... with the trailing zeros after the point dropped ("0.70" is 0.7; "8."
// is 8.0, one digit). A malformed code gives an *Error naming the first
// offending character and what is allowed.
func Parse(code string, f Family) ([]byte, error) {
	bad := func(pos int, reason string) ([]byte, error) {
		e := &Error{Family: f.Name, Code: code, Pos: pos, Reason: reason}
		if pos >= 0 {
			e.Char, _ = utf8.DecodeRuneInString(code[pos:])
		}
		return nil, e
	}
	if code == "" {
		return bad(-1, "empty: "+f.allowed())
	}
	var toks []token
	point := -1 // index in toks of the point
	for i := 0; i < len(code); {
		c := code[i]
		switch v := digitValue(c); {
		case c == '.':
			if point >= 0 {
				return bad(i, fmt.Sprintf("a second point (the first is at position %d): %s", toks[point].pos, f.allowed()))
			}
			point = len(toks)
			toks = append(toks, token{v: -1, pos: i, end: i + 1})
			i++
		case v > f.MaxDigit:
			return bad(i, f.past(string(c), v, ""))
		case v >= 0:
			toks = append(toks, token{v: v, pos: i, end: i + 1})
			i++
		case c == '&':
			v, end, reason := f.entity(code, i)
			if reason != "" {
				return bad(i, reason)
			}
			toks = append(toks, token{v: v, pos: i, end: end})
			i = end
		default:
			return bad(i, f.refusal(c))
		}
	}
	if point < 0 {
		return bad(-1, "no point: "+f.allowed())
	}
	if len(toks) == 1 {
		return bad(-1, "no digits: "+f.allowed())
	}
	// Before the point: zeros, then d_0. CGSuite reads the digits left
	// of d_0 as adding tokens (d_-1 adds one); only zeros, which allow
	// nothing, are taken there.
	for i := 0; i+1 < point; i++ {
		if toks[i].v != 0 {
			return bad(toks[i].pos, "only d0, the last digit before the point, may be non-zero there (CGSuite reads the digits left of it as moves that add tokens, which are not taken): "+f.allowed())
		}
	}
	d := make([]byte, 0, len(toks))
	d0 := 0
	if point > 0 {
		d0 = toks[point-1].v
		if d0&3 != 0 {
			return bad(toks[point-1].pos, fmt.Sprintf("the digit before the point, d0 = %c (%d), removes no tokens, so it may only be %s; a 1 in it would remove an empty heap and a 2 would leave the heap as it is, a pass", Digits36[d0], d0, f.firstDigits()))
		}
	}
	d = append(d, byte(d0))
	for _, tk := range toks[point+1:] {
		d = append(d, byte(tk.v))
	}
	for len(d) > 1 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return d, nil
}
