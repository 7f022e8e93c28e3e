package main

import (
	"strings"
	"testing"
)

// TestSolveRuleLimits checks the largest heap tabulate solve computes for a
// game defined by rules: the same limits a configuration's max is held to
// (heapgame.OctalMax, SubtractionMax and PrimesMax, stated in docs/reference.md: 2^30 for
// an octal game, 10^7 for a subtraction set, 10^6 for the primes, with or
// without exceptions). One past the limit is a usage error, exit status 2,
// that names it; nothing is computed. A game with a periodicity theorem
// (kayles, s134) is answered up to heapgame.HeapMax by its proven period.
func TestSolveRuleLimits(t *testing.T) {
	cfg := writeConfig(t, "octal:\n  kayles: {code: \"0.77\", max: 100}\n"+
		"subtraction:\n  s134: {set: [1, 3, 4], max: 100}\n  p: {set: primes, max: 100}\n  oddp: {set: primes, all_but: [2], max: 100}\n")
	for _, tc := range []struct{ game, n, allowed string }{
		{"kayles", "1000000000000000001", "(allowed: 0 to 1000000000000000000)"},
		{"s134", "1000000000000000001", "(allowed: 0 to 1000000000000000000)"},
		{"p", "1000001", "(allowed: 0 to 1000000)"},
		{"oddp", "1000001", "(allowed: 0 to 1000000)"},
	} {
		code, _, stderr := runTabulate(t, "solve", "--config", cfg, tc.game, tc.n)
		if code != 2 || !strings.Contains(stderr, "N = "+tc.n+" is out of range "+tc.allowed) {
			t.Errorf("solve %s %s: exit %d, stderr %q; want 2 and %q", tc.game, tc.n, code, stderr, tc.allowed)
		}
	}
}
