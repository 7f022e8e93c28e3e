package games

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseArg reads the command-line argument called name as a whole number in
// [lo, hi], or returns an *ArgError that says what is allowed.
func ParseArg(name, s string, lo, hi int64) (int64, error) {
	allowed := fmt.Sprintf("%d to %d", lo, hi)
	v, err := strconv.ParseInt(s, 10, 64)
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

// shortQuote quotes s, cut to its first 40 bytes when longer.
func shortQuote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return strconv.Quote(s)
}
