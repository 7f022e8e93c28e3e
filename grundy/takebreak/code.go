package takebreak

import (
	"math/bits"
	"strings"

	"github.com/tabulate-games/tabulate/grundy/internal/gamecode"
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

// CodeError reports a malformed take-and-break code; its Error reads
// like `take-and-break code "0.&#64;": character '&' at position 2
// (0-based): the digit &#64; is 64, past 35: ...`. The octal codes' is
// the same type (one reader: grundy/internal/gamecode).
type CodeError = gamecode.Error

// HeapsMax is the most heaps one move may leave: 5, the highest bit of
// CGSuite's largest one-character digit Z (35 = 32+2+1).
const HeapsMax = gamecode.HeapsMax

// DigitMax is the largest digit a code may have: 35, Z, CGSuite's largest
// one-character digit. Digits 36 to 63 would still leave at most HeapsMax
// heaps, but they have no one-character form for String, so they are
// refused rather than given a form of our own.
const DigitMax = gamecode.DigitMax

// Parse parses a take-and-break code "d0.d1d2...": digits 0-9 and A-Z
// (either case), or CGSuite's long form &#NN; up to 35, and exactly one
// point; d0 is optional (default 0) and is 0, 4, 8 or C (or past F a
// multiple of 4), and zeros before it are dropped ("0.3F", ".3f", "8.",
// "04.07", "0.&#16;" which is 0.G). Trailing zeros after the point are
// dropped ("0.70" is 0.7); "8." is 8.0. A malformed code gives a
// *CodeError naming the first offending character and what is allowed
// (see the comment of code.go for what is refused and why).
func Parse(code string) (Code, error) {
	d, err := gamecode.Parse(code, gamecode.TakeBreak)
	if err != nil {
		return Code{}, err
	}
	return Code{d: string(d)}, nil
}

// String returns the canonical code: d0, a point and the digits up to the
// last non-zero one, in upper case, as in "0.3F", "4.07" or "8.0".
// Parse(c.String()) == c for every Code c.
func (c Code) String() string {
	const hex = gamecode.Digits36
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
