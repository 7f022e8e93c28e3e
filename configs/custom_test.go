package configs

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games/catalogue"
)

func TestCustomGames(t *testing.T) {
	cfg, err := Load("games.yaml", []byte(`
octal:
  kayles: { code: "0.77", max: 500 }
subtraction:
  s134: { set: [1, 3, 4] }
  odd-primes: { set: primes, all_but: [2], max: 100 }
`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.Games, ","); got != "squares,flip,caniwin,nim,kayles,odd-primes,s134" {
		t.Errorf("games %s: without a games key every defined game should run", got)
	}
	sub := func(name string) *catalogue.SubtractionRules {
		return cfg.Members["subtraction"][name].(*catalogue.SubtractionRules)
	}
	if sub("s134").Max != catalogue.DefaultRulesMax || cfg.Members["octal"]["kayles"].(*catalogue.OctalRules).Max != 500 {
		t.Errorf("max: got %d and %d", sub("s134").Max, cfg.Members["octal"]["kayles"].(*catalogue.OctalRules).Max)
	}
	if !slices.Equal(sub("s134").Set.Elements, []int{1, 3, 4}) || sub("odd-primes").Set.Name != "primes" {
		t.Errorf("sets: %+v", cfg.Members["subtraction"])
	}
	cfg, err = Load("games.yaml", []byte("subtraction:\n  c: { set: cubes, max: 100, losing_max: 100000 }\n"))
	if err != nil || sub("c").LosingMax != 100000 {
		t.Errorf("losing_max: %+v, %v", cfg.Members["subtraction"]["c"], err)
	}
	cfg, err = Load("games.yaml", []byte("games: [kayles]\noctal:\n  kayles: { code: \"0.77\" }\n"))
	if err != nil || !slices.Equal(cfg.Games, []string{"kayles"}) {
		t.Errorf("an explicit games list is kept: %v, %v", cfg.Games, err)
	}
}

func TestCustomGameErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       []string
	}{
		{"bad octal digit", "octal:\n  k:\n    code: \"0.78\"\n", 3, []string{"octal.k.code", `"0.78"`, "8"}},
		{"two points", "octal:\n  k: {code: \"0.7.7\"}\n", 2, []string{"octal.k.code", `"0.7.7"`}},
		{"empty code", "octal:\n  k: {code: \"\"}\n", 2, []string{"octal.k.code"}},
		{"unknown set name", "subtraction:\n  s: {set: evens}\n", 2, []string{"subtraction.s.set", "evens", "squares"}},
		{"zero in set", "subtraction:\n  s: {set: [0, 1]}\n", 2, []string{"subtraction.s.set", "0"}},
		{"set not a list or name", "subtraction:\n  s: {set: {a: 1}}\n", 2, []string{"subtraction.s.set", "subtraction set"}},
		{"built-in name", "subtraction:\n  squares: {set: squares}\n", 2, []string{"subtraction.squares", "built-in"}},
		{"census's folder", "octal:\n  census: {code: \"0.77\"}\n", 2, []string{"octal.census", "OUT/census/", "any name but census and shards"}},
		{"shards' folder", "subtraction:\n  shards: {set: [1, 2]}\n", 2, []string{"subtraction.shards", "OUT/shards/"}},
		{"both kinds", "subtraction:\n  k: {set: [1]}\noctal:\n  k: {code: \"0.77\"}\n", 4, []string{"octal.k", "both"}},
		{"bad name", "octal:\n  Kayles!: {code: \"0.77\"}\n", 2, []string{"Kayles!", "lower-case"}},
		{"max too large", "octal:\n  k: {code: \"0.77\", max: 2000000000}\n", 2, []string{"octal.k.max", "2000000000", "1 to 1073741824"}},
		{"primes too far", "subtraction:\n  p: {set: primes, max: 2000000}\n", 2, []string{"subtraction.p.max", "2000000", "1 to 1000000"}},
		{"losing_max below max", "subtraction:\n  c: {set: squares, max: 1000, losing_max: 999}\n", 2, []string{"subtraction.c.losing_max", "999", "1000 (max) to 1000000000000"}},
		{"losing_max too large", "subtraction:\n  c: {set: cubes, losing_max: 2000000000000}\n", 2, []string{"subtraction.c.losing_max", "out of range"}},
		{"losing_max past the primes' list", "subtraction:\n  p: {set: primes, losing_max: 100000000000}\n", 2, []string{"subtraction.p.losing_max", "10000 (max) to 2"}},
		{"odd primes too far", "subtraction:\n  p: {set: primes, all_but: [2], max: 2000000}\n", 2, []string{"subtraction.p.max", "2000000", "1 to 1000000)"}},
		{"finite set too far", "subtraction:\n  s: {set: [1, 3, 4], max: 20000000}\n", 2, []string{"subtraction.s.max", "20000000", "1 to 10000000)"}},
		{"unknown key in game", "octal:\n  k: {code: \"0.77\", heaps: 5}\n", 2, []string{"octal.k.heaps", "unknown key", "code, max"}},
		{"undefined game in games", "games: [kayles]\n", 1, []string{"games", `"kayles"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("g.yaml", []byte(tc.yaml))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *configs.Error", err)
			}
			if ce.Line != tc.line {
				t.Errorf("line %d, want %d: %v", ce.Line, tc.line, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
		})
	}
}
