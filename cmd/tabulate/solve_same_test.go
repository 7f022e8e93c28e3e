package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
)

// TestSolveSameBothWays answers a few positions of every game, each
// registered game and a game of each family defined by rules, computed
// (tabulate solve) and from the tables of a small run (tabulate solve
// --from), in text and in JSON, and checks that both routes print the
// same answer: the same lines but for "source: ...", the same JSON but for
// "source". The positions are each game's Solver.Examples; a game without
// them fails.
func TestSolveSameBothWays(t *testing.T) {
	var members strings.Builder
	families := map[string]string{
		"octal":       "kayles: {code: \"0.77\", max: 200}",
		"subtraction": "s134: {set: [1, 3, 4], max: 200}\n  sq: {set: squares, max: 2000}",
		"takebreak":   "t3f: {code: \"0.3F\", max: 200}",
	}
	for _, f := range games.Families() {
		if families[f] == "" {
			t.Errorf("family %s has no member in this test: add one", f)
			continue
		}
		members.WriteString(f + ":\n  " + families[f] + "\n")
	}
	yaml := "formats: [parquet]\nplots: []\n" + members.String()
	config := writeConfig(t, yaml)
	cfg, err := configs.Load("test.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	names := append(games.Names(), cfg.CustomGames()...)
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", out, "--only", strings.Join(names, ",")); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, name := range names {
		d, ok, err := cfg.Def(name)
		if !ok || err != nil {
			t.Fatalf("Def(%s): %v %v", name, ok, err)
		}
		if d.Solve == nil || len(d.Solve.Examples) == 0 {
			t.Errorf("%s has no Solver.Examples to check", name)
			continue
		}
		for _, pos := range d.Solve.Examples {
			args := strings.Fields(pos)
			if d.Solve.WholeLine {
				args = []string{pos}
			}
			solve := func(extra ...string) string {
				t.Helper()
				full := append(append([]string{"solve", "-q", "--config", config}, extra...), name)
				code, stdout, stderr := runTabulate(t, append(full, args...)...)
				if code != 0 {
					t.Fatalf("tabulate %v: exit %d: %s", append(full, args...), code, stderr)
				}
				return stdout
			}
			computed, read := solve(), solve("--from", out)
			if !strings.Contains(read, "\nsource: ") || strings.Contains(computed, "source:") {
				t.Errorf("%s %q: the source line is not where it belongs:\ncomputed:\n%s\nfrom tables:\n%s", name, pos, computed, read)
			}
			if withoutSource(read) != computed {
				t.Errorf("%s %q: the answers differ:\ncomputed:\n%s\nfrom tables:\n%s", name, pos, computed, read)
			}
			cj, rj := jsonWithoutSource(t, solve("--json")), jsonWithoutSource(t, solve("--json", "--from", out))
			if cj != rj {
				t.Errorf("%s %q: the JSON answers differ:\ncomputed:    %s\nfrom tables: %s", name, pos, cj, rj)
			}
		}
	}
}

// withoutSource drops the line "source: ..." of a text answer.
func withoutSource(text string) string {
	var kept []string
	for _, line := range strings.SplitAfter(text, "\n") {
		if !strings.HasPrefix(line, "source: ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "")
}

// jsonWithoutSource decodes a JSON answer and writes it again without its
// source.
func jsonWithoutSource(t *testing.T, line string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if m["source"] == nil {
		t.Errorf("%q has no source", line)
	}
	delete(m, "source")
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
