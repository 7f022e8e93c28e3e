package takebreak

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Take-and-break codes. A position is a set of heaps of tokens; a move takes
// one heap, removes k tokens from it and leaves what remains as exactly i
// non-empty heaps, as the code d0.d1d2d3... allows: digit d_k is a bit set,
// and bit i (value 2^i) set means that removing k tokens may leave exactly i
// non-empty heaps, whose sizes sum to the heap less k:
//
//	1 (i = 0): the k tokens may be removed when they are the whole heap;
//	2 (i = 1): they may be removed leaving one heap;
//	4 (i = 2): they may be removed leaving two non-empty heaps;
//	8 (i = 3): they may be removed leaving three non-empty heaps.
//
// So digits 0-7 are the octal games (Winning Ways, ch. 4), and 8-F add the
// split into three heaps: 0.F removes one token and leaves the rest as
// zero, one, two or three heaps; 0.8 removes one token from a heap of at
// least 4 and splits the rest in three. The digit before the point, d_0,
// removes no tokens: 4 splits a heap into two non-empty heaps, 8 into
// three, C either; 1 would remove an empty heap and 2 would leave the heap
// as it is (a pass, which makes the game loopy), so d_0 is 0, 4, 8 or C.
//
// This is the notation of S. Howse and R. J. Nowakowski, "Periodicity and
// arithmetic-periodicity in hexadecimal games", Theoretical Computer Science
// 313 (2004) 463-472 ("if d_i = sum of delta_j 2^j, delta_j 0 or 1, a player
// can remove i beans from a heap provided he leaves the remainder in exactly
// j non-empty heaps"), and of CGSuite's TakeAndBreak (A. Siegel, class
// TBCode of github.com/aaron-siegel/cgsuite: "if d_i & 2^k != 0 then one
// may remove i tokens and split the remainder of the heap into exactly k
// nonempty heaps"; its option lists for 0.3F, "8  7  1,6  2,5  3,4  1,1,5
// 1,2,4  1,3,3  2,2,3" at heap 9, are those of this reading).
//
// Accepted: digits 0-9, A-Z (or a-z) and exactly one point, as in "0.3F",
// ".3f", "8.", "4.07", "0.1G"; the digits past F are CGSuite's base-36 ones
// (TBCode reads CodeDigit.Options(36, ...)): G = 16, leave four heaps, up
// to Z = 35, and W = 32 leaves five. Zeros before d_0 ("04.3", which CGSuite
// writes 4.3) and trailing zeros ("0.70") are dropped. CGSuite's long digit
// form is read up to 35, where it is unambiguous: "&#16;" (CGSuite 1,
// decimal), "&#x10;" (CGSuite 1, hexadecimal) and "&16;" (CGSuite 2,
// decimal) are all G. Refused, each with its own message: a long digit past
// 35 (36 to 63 would leave at most five heaps but have no one-character
// form; 64 and more would leave six heaps or more, past HeapsMax) or
// malformed (no ';', no number, a character outside its base), a non-zero digit left
// of d_0 (CGSuite's additive digits, which add tokens), repeating digits in
// [brackets] (infinite codes, such as 0.[3] for Nim), the constraints ! and
// ? (pairwise unequal or not all equal heaps, as in Grundy's game 4!.,
// which is octal.GrundysGame) and the forms in parentheses or braces built
// on them, and ghost tokens (_g).

// Code is a parsed take-and-break code d0.d1d2... with digits 0-F; the zero
// value is the game 0.0, which has no moves.
type Code struct {
	d string // d[k] is digit d_k (0..15) for 0 <= k <= t; len >= 1, last digit non-zero unless len == 1
}

// CodeError reports a malformed take-and-break code.
type CodeError struct {
	Code   string // the code as given
	Pos    int    // 0-based byte index of the offending character, or -1
	Char   rune   // the character at Pos (utf8.RuneError if not UTF-8)
	Reason string // what is wrong and what is allowed
}

// Error reads like `take-and-break code "0.G": character 'G' at position
// 2 (0-based): digit G (16) would leave 4 heaps; ...`.
func (e *CodeError) Error() string {
	if e.Pos < 0 {
		return fmt.Sprintf("take-and-break code %q: %s", e.Code, e.Reason)
	}
	return fmt.Sprintf("take-and-break code %q: character %q at position %d (0-based): %s", e.Code, e.Char, e.Pos, e.Reason)
}

// allowed is the end of every message about a character: what a code is.
const allowed = `a code is d0.d1d2... with digits 0-9 and A-Z, CGSuite's base-36 digits, or its long form &#NN; up to 35 (bit i of d_k: removing k tokens may leave i heaps, i = 0..5; 0-F are the hexadecimal games), and exactly one point, as in "0.3F" or "8.0"`

// HeapsMax is the most heaps one move may leave: 5, the highest bit of
// CGSuite's largest one-character digit Z (35 = 32+2+1).
const HeapsMax = 5

// digits36 are the digits of a code, by value: CGSuite's base 36.
const digits36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// hexDigit returns the value of a digit 0-9, A-Z or a-z (CGSuite's base
// 36: G is 16, a move leaving four heaps), or -1.
func hexDigit(c byte) int {
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

// refusal returns why c, which is not a hexadecimal digit or a point, is
// refused: CGSuite's notation that this package does not take is named.
func refusal(c byte) string {
	switch {
	case c == '[' || c == ']':
		return "repeating digits in brackets (CGSuite's infinite codes, such as 0.[3] for Nim) are not taken: the engine needs a finite code; " + allowed
	case c == '!' || c == '?':
		return "the constraints ! and ? (CGSuite: pairwise unequal, or not all equal, heaps; Grundy's game is 4!., computed by octal.GrundysGame) are not taken: " + allowed
	case c == '(' || c == ')' || c == '{' || c == '}' || c == '+' || c == '=':
		return "CGSuite's constrained and set digits, in parentheses or braces, are not taken: " + allowed
	case c == '_':
		return "ghost tokens (CGSuite's _g suffix) are not taken: " + allowed
	}
	return allowed
}

// DigitMax is the largest digit a code may have: 35, Z, CGSuite's largest
// one-character digit. Digits 36 to 63 would still leave at most HeapsMax
// heaps, but they have no one-character form for String, so they are
// refused rather than given a form of our own.
const DigitMax = 35

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
// just past the ';', or a reason naming what is allowed. Only a value up to
// DigitMax is taken; the form is unambiguous there (&#16;, &#x10; and &16;
// are all G).
func entity(code string, i int) (v, end int, reason string) {
	const forms = `CGSuite's long digit form is "&#NN;" (decimal), "&#xHH;" (hexadecimal) or "&NN;" (decimal), with a value from 0 to 35 (Z)`
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
		return 0, 0, "a long digit with no closing ';': " + forms + "; " + allowed
	}
	num := code[j : j+semi]
	if num == "" {
		return 0, 0, "a long digit with no number: " + forms + "; " + allowed
	}
	value := 0
	for k := 0; k < len(num); k++ {
		d := hexDigit(num[k])
		if d < 0 || d >= base {
			return 0, 0, fmt.Sprintf("%q is not a base-%d number: %s; %s", num, base, forms, allowed)
		}
		if value <= 1<<20 {
			value = value*base + d
		}
	}
	if value > DigitMax {
		why := "it would let a move leave 6 heaps or more, and moves here leave at most 5"
		if value < 1<<(HeapsMax+1) {
			why = fmt.Sprintf("it leaves at most %d heaps, but has no one-character digit (the digits here are CGSuite's 0-9 and A-Z, up to Z = 35)", HeapsMax)
		}
		if value > 1<<20 {
			return 0, 0, fmt.Sprintf("the long digit %s is too large: %s; %s", code[i:j+semi+1], forms, allowed)
		}
		return 0, 0, fmt.Sprintf("the long digit %s is %d, past 35: %s; %s; %s", code[i:j+semi+1], value, why, forms, allowed)
	}
	return value, j + semi + 1, ""
}

// Parse parses a take-and-break code "d0.d1d2...": digits 0-9 and A-Z
// (either case), or CGSuite's long form &#NN; up to 35, and exactly one
// point; d0 is optional (default 0) and is 0, 4, 8 or C (or past F a
// multiple of 4), and zeros before it are dropped ("0.3F", ".3f", "8.",
// "04.07", "0.&#16;" which is 0.G). Trailing zeros after the point are
// dropped ("0.70" is 0.7); "8." is 8.0. A malformed code gives a
// *CodeError naming the first offending character and what is allowed
// (see the comment of code.go for what is refused and why).
func Parse(code string) (Code, error) {
	bad := func(pos int, reason string) (Code, error) {
		e := &CodeError{Code: code, Pos: pos, Reason: reason}
		if pos >= 0 {
			e.Char, _ = utf8.DecodeRuneInString(code[pos:])
		}
		return Code{}, e
	}
	if code == "" {
		return bad(-1, "empty: "+allowed)
	}
	var toks []token
	point := -1 // index in toks of the point
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == '.':
			if point >= 0 {
				return bad(i, fmt.Sprintf("a second point (the first is at position %d): %s", toks[point].pos, allowed))
			}
			point = len(toks)
			toks = append(toks, token{v: -1, pos: i, end: i + 1})
			i++
		case hexDigit(c) >= 0:
			toks = append(toks, token{v: hexDigit(c), pos: i, end: i + 1})
			i++
		case c == '&':
			v, end, reason := entity(code, i)
			if reason != "" {
				return bad(i, reason)
			}
			toks = append(toks, token{v: v, pos: i, end: end})
			i = end
		default:
			return bad(i, refusal(c))
		}
	}
	if point < 0 {
		return bad(-1, "no point: "+allowed)
	}
	if len(toks) == 1 {
		return bad(-1, "no digits: "+allowed)
	}
	// Before the point: zeros, then d_0. CGSuite reads the digits left
	// of d_0 as adding tokens (d_-1 adds one); only zeros, which allow
	// nothing, are taken there.
	for i := 0; i+1 < point; i++ {
		if toks[i].v != 0 {
			return bad(toks[i].pos, "only d0, the last digit before the point, may be non-zero there (CGSuite reads the digits left of it as moves that add tokens, which are not taken): "+allowed)
		}
	}
	d := make([]byte, 0, len(toks))
	d0 := 0
	if point > 0 {
		d0 = toks[point-1].v
		if d0&3 != 0 {
			return bad(toks[point-1].pos, fmt.Sprintf("the digit before the point, d0 = %c (%d), removes no tokens, so it may only be 0, 4, 8 or C (4: split a heap into two non-empty heaps, 8: into three, C: either), or past F a multiple of 4 (G, K, O, S, W: into four or five heaps); a 1 in it would remove an empty heap and a 2 would leave the heap as it is, a pass", digits36[d0], d0))
		}
	}
	d = append(d, byte(d0))
	for _, tk := range toks[point+1:] {
		d = append(d, byte(tk.v))
	}
	for len(d) > 1 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return Code{d: string(d)}, nil
}

// String returns the canonical code: d0, a point and the digits up to the
// last non-zero one, in upper case, as in "0.3F", "4.07" or "8.0".
// Parse(c.String()) == c for every Code c.
func (c Code) String() string {
	const hex = digits36
	var b strings.Builder
	b.WriteByte(hex[c.Digit(0)])
	b.WriteByte('.')
	if len(c.d) <= 1 {
		b.WriteByte('0')
		return b.String()
	}
	for k := 1; k < len(c.d); k++ {
		b.WriteByte(hex[c.d[k]])
	}
	return b.String()
}

// Digit returns d_k, the digit for removing k tokens (0 beyond the code and
// for k < 0).
func (c Code) Digit(k int) int {
	if k < 0 || k >= len(c.d) {
		return 0
	}
	return int(c.d[k])
}

// MaxRemove returns t, the largest k with d_k != 0: the most tokens one
// move removes (2 for 0.3F and 0.77, 0 for 8.0 and for 0.0).
func (c Code) MaxRemove() int {
	if len(c.d) == 0 {
		return 0
	}
	return len(c.d) - 1
}

// MaxHeaps returns h, the most heaps one move leaves: the highest bit set
// in any digit (3 for 0.3F and 8.0, 2 for an octal code with a split such
// as 0.07 or 4.0, 1 for 0.3, 0 for 0.1 and 0.0).
func (c Code) MaxHeaps() int {
	var all byte
	for i := 0; i < len(c.d); i++ {
		all |= c.d[i]
	}
	return max(bits.Len8(all)-1, 0)
}

// IsOctal reports whether every digit is below 8, so that package octal
// computes the same game (octal.Parse(c.String()) reads it).
func (c Code) IsOctal() bool {
	return c.MaxHeaps() <= 2
}
