package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
)

// sectionKeys returns the integer fields of a section by yaml key, with the
// allowed range its Check reports for an absurd value.
func sectionKeys(t *testing.T, sec games.Section) map[string][2]int64 {
	t.Helper()
	keys := map[string][2]int64{}
	v := reflect.ValueOf(sec).Elem()
	for i := range v.NumField() {
		key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
		f := v.Field(i)
		if f.Kind() != reflect.Int && f.Kind() != reflect.Int64 {
			continue
		}
		old := f.Int()
		f.SetInt(math.MaxInt32 * 1024)
		err := sec.Check()
		f.SetInt(old)
		var ke *games.KeyError
		var lo, hi int64
		if !errors.As(err, &ke) || ke.Key != key {
			t.Fatalf("%s = 2^41: Check gives %v, want a *games.KeyError for the key", key, err)
		}
		if _, err := fmt.Sscanf(ke.Allowed, "%d to %d", &lo, &hi); err != nil {
			t.Fatalf("%s: allowed %q is not a range", key, ke.Allowed)
		}
		keys[key] = [2]int64{lo, hi}
	}
	return keys
}

// TestAcceptedBoundsPlan checks that every bound a game's section accepts,
// each key at its least and greatest allowed value alone and all together,
// plans with positive, finite estimates: validation accepts nothing that the
// plan cannot size (issue 12, item 9).
func TestAcceptedBoundsPlan(t *testing.T) {
	for _, name := range games.Names() {
		d, _ := games.ByName(name)
		keys := sectionKeys(t, d.Section())
		var variants []map[string]int64
		allMin, allMax := map[string]int64{}, map[string]int64{}
		for key, r := range keys {
			variants = append(variants, map[string]int64{key: r[0]}, map[string]int64{key: r[1]})
			allMin[key], allMax[key] = r[0], r[1]
		}
		variants = append(variants, allMin, allMax)
		for _, set := range variants {
			cfg := configs.Defaults()
			cfg.Games = []string{name}
			cfg.MaxMemory = configs.MaxSize
			sec := cfg.Sections[name]
			v := reflect.ValueOf(sec).Elem()
			for i := range v.NumField() {
				key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
				if x, ok := set[key]; ok {
					v.Field(i).SetInt(x)
				}
			}
			if err := cfg.Validate(); err != nil {
				continue // a combination refused before anything is written
			}
			p, err := NewPlan(cfg)
			if err != nil {
				t.Errorf("%s %v: accepted by validation, refused by the plan: %v", name, set, err)
				continue
			}
			for _, j := range p.Jobs {
				if j.Memory <= 0 || j.Memory > int64(configs.MaxSize) || j.Cost < 0 || math.IsInf(j.Cost, 0) || math.IsNaN(j.Cost) {
					t.Errorf("%s %v: job %s has memory %d and cost %v, want positive and finite", name, set, j.Table, j.Memory, j.Cost)
				}
			}
		}
	}
}

// TestLeastBoundsRun runs every game at the least bounds its section
// accepts: they must run, not just validate.
func TestLeastBoundsRun(t *testing.T) {
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := games.ByName(name)
			cfg := configs.Defaults()
			cfg.Games, cfg.Out, cfg.Plots = []string{name}, t.TempDir(), nil
			v := reflect.ValueOf(cfg.Sections[name]).Elem()
			for key, r := range sectionKeys(t, d.Section()) {
				for i := range v.NumField() {
					if k, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ","); k == key {
						v.Field(i).SetInt(r[0])
					}
				}
			}
			if err := cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			p, err := NewPlan(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Run(context.Background(), Options{}); err != nil {
				t.Errorf("least bounds %+v: %v", cfg.Sections[name], err)
			}
		})
	}
}

// TestRefusedBeforeWriting checks combinations that pass every per-key
// check but cannot run: they are refused by validation (issue 12, item 9).
func TestRefusedBeforeWriting(t *testing.T) {
	for _, tc := range []struct{ name, yaml, key string }{
		{"nim positions over the engine's limit", "nim: {max_piles: 16, max_pile: 63}", "nim.max_pile"},
		{"a 300-character game name", "octal: {" + "a" + strings.Repeat("b", 299) + ": {code: '0.77'}}", "octal.a"},
		{"an element of 2^63-1", "subtraction: {s: {set: [1, 9223372036854775807]}}", "subtraction.s.set"},
	} {
		_, err := configs.Load("x.yaml", []byte(tc.yaml))
		var ce *configs.Error
		if !errors.As(err, &ce) || !strings.HasPrefix(ce.Key, tc.key) {
			t.Errorf("%s: got %v, want a *configs.Error for %s", tc.name, err, tc.key)
		}
	}
}
