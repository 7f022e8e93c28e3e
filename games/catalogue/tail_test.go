package catalogue

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
)

// TestTailCheck checks the tail keys of an octal member and of Grundy's
// game: what Check accepts, and the key and allowed range of what it
// refuses.
func TestTailCheck(t *testing.T) {
	octal := func(max int, k heapgame.TailKeys) games.Section {
		return &OctalRules{Code: "0.6", Max: max, TailKeys: k}
	}
	grundy := func(max int, k heapgame.TailKeys) games.Section { return &GrundysGame{Max: max, TailKeys: k} }
	on := heapgame.TailKeys{Tail: true}
	with := func(f func(*heapgame.TailKeys)) heapgame.TailKeys { k := on; f(&k); return k }
	cases := []struct {
		name    string
		sec     games.Section
		key     string // "" when accepted
		allowed string // part of Allowed
	}{
		{"octal 2^32 in tail mode", octal(1<<32, on), "", ""},
		{"octal 2^48 in tail mode", octal(1<<48, on), "", ""},
		{"octal past 2^48", octal(1<<48+1, on), "max", "2^48"},
		{"octal 2^32 without tail", octal(1<<32, heapgame.TailKeys{}), "max", "tail: true allows"},
		{"octal start without tail", octal(1000, heapgame.TailKeys{Start: 500}), "start", "only with tail: true"},
		{"octal width without tail", octal(1000, heapgame.TailKeys{Width: 8}), "width", "only with tail: true"},
		{"octal checkpoint_every without tail", octal(1000, heapgame.TailKeys{CheckpointEvery: "1m"}), "checkpoint_every", "only with tail: true"},
		{"octal start past a full array", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Start = 1 << 31 })), "start", "1 to 1073741824"},
		{"octal negative start", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Start = -1 })), "start", ""},
		{"octal window of the start", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Start = 1 << 16; k.Window = 32767 })), "", ""},
		{"octal window past the start", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Start = 1 << 16; k.Window = 32768 })), "window", "1 to 32767"},
		{"octal window past the default start", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Window = 1 << 19 })), "window", "1 to 524287"},
		{"octal width 16", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Width = 16 })), "", ""},
		{"octal width 12", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Width = 12 })), "width", "8 or 16"},
		{"octal checkpoint every 90s", octal(1<<40, with(func(k *heapgame.TailKeys) { k.CheckpointEvery = "90s" })), "", ""},
		{"octal checkpoint every 1ms", octal(1<<40, with(func(k *heapgame.TailKeys) { k.CheckpointEvery = "1ms" })), "checkpoint_every", "1s to 24h"},
		{"octal checkpoint every soon", octal(1<<40, with(func(k *heapgame.TailKeys) { k.CheckpointEvery = "soon" })), "checkpoint_every", "1s to 24h"},
		{"octal checkpoint heaps", octal(1<<40, with(func(k *heapgame.TailKeys) { k.CheckpointHeaps = -1 })), "checkpoint_heaps", ""},
		{"grundy 2^40 in tail mode", grundy(1<<40, on), "", ""},
		{"grundy 2^40 without tail", grundy(1<<40, heapgame.TailKeys{}), "max", "tail: true allows"},
		{"grundy window without tail", grundy(1000, heapgame.TailKeys{Window: 10}), "window", "only with tail: true"},
		{"octal misere in tail mode", &OctalRules{Code: "0.6", Max: 1 << 32, TailKeys: on, Play: heapgame.Play{Play: games.PlayMisere}}, "play", "normal"},
		{"octal normal in tail mode", &OctalRules{Code: "0.6", Max: 1 << 32, TailKeys: on, Play: heapgame.Play{Play: games.PlayNormal}}, "", ""},
		{"octal candidate tables in tail mode", &OctalRules{Code: "0.6", Max: 1 << 32, TailKeys: on, CandidateTables: true}, "candidate_tables", "false"},
		{"grundy both in tail mode", &GrundysGame{Max: 1 << 32, TailKeys: on, Play: heapgame.Play{Play: games.PlayBoth}}, "play", "normal"},
		{"octal values", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Values = []int{1 << 39, 1<<39 + 9_999_999} })), "", ""},
		{"octal too many values", octal(1<<40, with(func(k *heapgame.TailKeys) { k.Values = []int{0, 10_000_000} })), "values", "at most 10000000"},
		{"octal values past max", octal(1000, with(func(k *heapgame.TailKeys) { k.Values = []int{10, 1001} })), "values", "hi <= max (1000)"},
		{"octal values reversed", octal(1000, with(func(k *heapgame.TailKeys) { k.Values = []int{10, 9} })), "values", "lo <= hi"},
		{"octal values of one", octal(1000, with(func(k *heapgame.TailKeys) { k.Values = []int{10} })), "values", "[lo, hi]"},
		{"octal values without tail", octal(1000, heapgame.TailKeys{Values: []int{1, 2}}), "values", "only with tail: true"},
		{"grundy start past its full array", grundy(1<<40, with(func(k *heapgame.TailKeys) { k.Start = 1<<28 + 1 })), "start", "1 to 268435456"},
	}
	for _, c := range cases {
		err := c.sec.Check()
		var ke *games.KeyError
		switch {
		case c.key == "" && err != nil:
			t.Errorf("%s: %v, want accepted", c.name, err)
		case c.key != "" && (!errors.As(err, &ke) || ke.Key != c.key || !strings.Contains(ke.Allowed, c.allowed)):
			t.Errorf("%s: %v, want a *KeyError on %s allowing %q", c.name, err, c.key, c.allowed)
		}
	}
}

// TestTailBounds checks what a run records as a section's bounds: without
// tail, what it recorded before tail mode existed (so that the tables of
// every other run stay byte for byte the same); with it, the keys that
// change the results, not the checkpoint's cadence.
func TestTailBounds(t *testing.T) {
	cases := []struct {
		sec  any
		want string
	}{
		{&OctalRules{Code: "0.77", Max: 1000}, `{"code":"0.77","max":1000}`},
		{&GrundysGame{Max: 10000}, `{"max":10000}`},
		{&OctalRules{Code: "0.6", Max: 1 << 32, TailKeys: heapgame.TailKeys{Tail: true, Start: 1 << 20, Window: 1000, Width: 16, CheckpointEvery: "5m", CheckpointHeaps: 7}},
			`{"code":"0.6","max":4294967296,"tail":true,"start":1048576,"window":1000,"width":16}`},
	}
	for _, c := range cases {
		data, err := json.Marshal(c.sec)
		if err != nil || string(data) != c.want {
			t.Errorf("%T bounds %s (%v), want %s", c.sec, data, err, c.want)
		}
	}
}

// TestTailRecorded checks that a tail run's game, rebuilt from its
// manifest, neither answers from nor redraws a GAME/grundy it does not
// have.
func TestTailRecorded(t *testing.T) {
	d, ok, err := games.Recorded("officers", json.RawMessage(`{"family":"octal","code":"0.6","max":4294967296,"tail":true}`))
	if err != nil || !ok {
		t.Fatalf("Recorded: %v, %v", ok, err)
	}
	if d.TableLookup != nil || d.Redraw != nil {
		t.Errorf("a tail member has Lookup %v, Redraw %v: want neither", d.TableLookup != nil, d.Redraw != nil)
	}
	g, _ := games.ByName("grundy-game")
	run, skipped, err := g.Redraw("grundy-game", json.RawMessage(`{"max":1099511627776,"tail":true}`), nil)
	if err != nil || run != nil || len(skipped) != 1 {
		t.Errorf("grundy-game in tail mode: redraw %v, skipped %v, %v; want skipped", run != nil, skipped, err)
	}
}
