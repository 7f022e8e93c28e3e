package configs

import (
	"errors"
	"testing"

	"github.com/tabulate-games/tabulate/games/catalogue"
)

// TestTailKeys reads the tail keys of an octal member and of Grundy's game,
// which sit beside code and max (heapgame.TailKeys, inline), and checks that a
// bad one is reported at its file, line and key, with the keys allowed.
func TestTailKeys(t *testing.T) {
	cfg, err := Load("tail.yaml", []byte(`
games: [officers, grundy-game]
octal:
  officers:
    code: "0.6"
    max: 4294967296
    tail: true
    start: 2_097_152
    width: 16
    checkpoint_every: 5m
grundy-game: {max: 1e12, tail: true, window: 1000, checkpoint_heaps: 1000000}
`))
	if err != nil {
		t.Fatal(err)
	}
	o := cfg.Members["octal"]["officers"].(*catalogue.OctalRules)
	if !o.Tail || o.Max != 1<<32 || o.Start != 1<<21 || o.Width != 16 || o.CheckpointEvery != "5m" {
		t.Errorf("officers: %+v", o)
	}
	g := cfg.Sections["grundy-game"].(*catalogue.GrundysGame)
	if !g.Tail || g.Max != 1e12 || g.Window != 1000 || g.CheckpointHeaps != 1e6 {
		t.Errorf("grundy-game: %+v", g)
	}
	bad := []struct {
		yaml string
		want string
	}{
		{"octal:\n  officers:\n    code: \"0.6\"\n    max: 4294967296\n",
			"tail.yaml:4: octal.officers.max: 4294967296 is out of range (allowed: 1 to 1073741824 for a full array of values; tail: true allows up to 281474976710656 (2^48))"},
		{"octal:\n  officers:\n    code: \"0.6\"\n    tail: true\n    width: 12\n",
			"tail.yaml:5: octal.officers.width: 12 is not a width of the buffer (allowed: 0 (the smallest that holds the values to start), 8 or 16)"},
		{"grundy-game:\n  max: 100\n  start: 010\n",
			`tail.yaml:3: grundy-game.start: "010" has a leading zero, which YAML reads as octal (allowed: a decimal whole number such as 100000 or 1e6)`},
		{"grundy-game:\n  max: 100\n  window: 10\n",
			"tail.yaml:3: grundy-game.window: 10 is a key of tail mode, which is off (allowed: only with tail: true)"},
		{"grundy-game:\n  tail: true\n  windw: 10\n",
			"tail.yaml:3: grundy-game.windw: unknown key under grundy-game (allowed: max, play, misere_max, misere_quotient, misere_quotient_max_order, tail, start, window, width, checkpoint_every, checkpoint_heaps, values)"},
	}
	for _, c := range bad {
		_, err := Load("tail.yaml", []byte(c.yaml))
		var ce *Error
		if !errors.As(err, &ce) || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.yaml, err, c.want)
		}
	}
}
