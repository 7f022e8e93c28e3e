package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
)

// namedRules are the games of games.OctalNames as their sources describe
// them (Winning Ways, 2nd ed., vol. 1, ch. 4), written here as the moves on
// a row of n: remove k adjacent tokens, and whether the move may leave no
// row (the row was exactly k), one row (taken from an end) or two rows
// (taken from the middle). They share nothing with the octal code parser.
var namedRules = map[string][]struct {
	k              int
	none, one, two bool
}{
	// Kayles: knock down one pin or two adjacent pins, anywhere.
	"kayles": {{1, true, true, true}, {2, true, true, true}},
	// Dawson's Kayles: knock down two adjacent pins, anywhere.
	"dawsons-kayles": {{2, true, true, true}},
	// Treblecross, as the game of taking three adjacent squares anywhere.
	"treblecross": {{3, true, true, true}},
	// Officers: take one coin from a heap, leaving it one heap or two,
	// never taking a heap's last coin.
	"officers": {{1, false, true, true}},
	// Guiles: take a heap of one or two whole, or two from the middle
	// of a heap, leaving two.
	"guiles": {{1, true, false, false}, {2, true, false, true}},
	// Dawson's Chess as a heap game: a heap of one may go; two may be
	// taken from an end or as a whole heap; three from anywhere.
	"dawsons-chess": {{1, true, false, false}, {2, true, true, false}, {3, true, true, true}},
	// Double Kayles: knock down one to four adjacent pins, anywhere.
	"double-kayles": {{1, true, true, true}, {2, true, true, true}, {3, true, true, true}, {4, true, true, true}},
}

// TestOctalNames checks that tabulate solve answers every name of
// games.OctalNames (each in the table once, with its source) by the game
// its source describes: a plain mex over namedRules gives the Grundy value
// of each heap up to 60, as tabulate solve --json NAME n prints it under
// the name as written; octal:NAME answers the same, and tabulate solve
// --help lists the name with its code.
func TestOctalNames(t *testing.T) {
	const n = 60
	want := map[string][]int{}
	_, help, _ := runTabulate(t, "solve", "--help")
	seen := map[string]bool{}
	for _, o := range games.OctalNames {
		if seen[o.Name] || o.Source == "" {
			t.Errorf("%s: listed twice or without a source", o.Name)
		}
		seen[o.Name] = true
		rules, ok := namedRules[o.Name]
		if !ok {
			t.Errorf("%s: no rules in this test", o.Name)
			continue
		}
		if !strings.Contains(help, o.Name+" ("+o.Code+")") {
			t.Errorf("tabulate solve --help does not list %s (%s)", o.Name, o.Code)
		}
		g := make([]int, n+1)
		for h := 1; h <= n; h++ {
			seen := map[int]bool{}
			for _, r := range rules {
				if r.none && h == r.k {
					seen[0] = true
				}
				for a := 0; a+r.k <= h; a++ {
					b := h - r.k - a
					switch {
					case a > 0 && b > 0 && r.two, (a == 0) != (b == 0) && r.one:
						seen[g[a]^g[b]] = true
					}
				}
			}
			for seen[g[h]] {
				g[h]++
			}
		}
		want[o.Name] = g
		var lines []string
		for h := 0; h <= n; h++ {
			lines = append(lines, fmt.Sprint(h))
		}
		for _, name := range []string{o.Name, "octal:" + o.Name, strings.ToUpper(o.Name[:1]) + o.Name[1:]} {
			var code int
			var out, stderr string
			withStdin(t, strings.NewReader(strings.Join(lines, "\n")+"\n"), func() {
				code, out, stderr = runTabulate(t, "solve", "--json", name, "-")
			})
			if code != 0 {
				t.Fatalf("solve %s: exit %d: %s", name, code, stderr)
			}
			for h, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var a struct {
					Game   string `json:"game"`
					Grundy int    `json:"grundy"`
				}
				if err := json.Unmarshal([]byte(line), &a); err != nil {
					t.Fatal(err)
				}
				if a.Game != name || a.Grundy != g[h] {
					t.Errorf("solve %s %d: %s g = %d, want %s g = %d", name, h, a.Game, a.Grundy, name, g[h])
				}
			}
		}
	}
	// A configuration's code may be a name too, the game keeping the
	// name the configuration gives it.
	cfg := writeConfig(t, "octal:\n  mine: {code: \"Dawson's Chess\", max: 100}\n")
	if code, out, stderr := runTabulate(t, "solve", "--json", "--config", cfg, "mine", "30"); code != 0 || !strings.Contains(out, fmt.Sprintf(`{"game":"mine","position":30,"grundy":%d,`, want["dawsons-chess"][30])) {
		t.Errorf("solve --config mine 30 (code: Dawson's Chess): exit %d, %s%s", code, out, stderr)
	}
	if len(seen) != len(namedRules) {
		t.Errorf("%d names in games.OctalNames, %d in this test", len(seen), len(namedRules))
	}
}
