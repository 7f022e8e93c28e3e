package games

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseArg reads the command-line argument called name as a whole number in
// [lo, hi], or returns an *ArgError that says what is allowed.
func ParseArg(name, s string, lo, hi int64) (int64, error) {
	allowed := fmt.Sprintf("%d to %d", lo, hi)
	v, err := strconv.ParseInt(s, 10, 64)
	if b, e, ok := strings.Cut(s, "^"); ok && err != nil {
		// A power written B^E, such as 10^18.
		v, err = power(b, e)
	}
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, &ArgError{Arg: name, Value: s, Problem: "is too large", Allowed: allowed}
		}
		return 0, &ArgError{Arg: name, Value: strconv.Quote(s), Problem: "is not a whole number", Allowed: allowed}
	}
	if v < lo || v > hi {
		return 0, &ArgError{Arg: name, Value: s, Problem: "is out of range", Allowed: allowed}
	}
	return v, nil
}

// outcomeText says who wins with perfect play.
func outcomeText(win bool) string {
	if win {
		return "the player to move wins"
	}
	return "the player to move loses"
}

// listOrNone joins items with commas, or says "none".
func listOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// ShortQuote quotes s, cut to its first 40 bytes when longer.
func ShortQuote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return strconv.Quote(s)
}

// power reads B^E, both whole numbers of decimal digits, exactly: an
// strconv.ErrRange error past int64, strconv.ErrSyntax otherwise.
func power(b, e string) (int64, error) {
	base, err1 := strconv.ParseUint(b, 10, 63)
	exp, err2 := strconv.ParseUint(e, 10, 16)
	if err1 != nil || err2 != nil || strings.ContainsAny(b+e, "+-") {
		return 0, strconv.ErrSyntax
	}
	v := int64(1)
	for range exp {
		if base != 0 && v > math.MaxInt64/int64(base) {
			return 0, strconv.ErrRange
		}
		v *= int64(base)
	}
	return v, nil
}
