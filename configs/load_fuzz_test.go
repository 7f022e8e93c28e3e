package configs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadSeeds are inputs that once broke the loader or sit at an edge of
// YAML: keys that name no field ("-" once reached Config.Sections through
// its yaml:"-" tag and panicked in reflect), anchors and aliases (alias
// bombs among them), deep nesting, numbers past int64 and float64, tabs and
// duplicate keys. scripts/ci/fuzz.sh fuzzes from them; each also runs as a
// plain test case under go test.
func loadSeeds() []string {
	seeds := []string{
		// Keys that name no field.
		"\"-\": {squares: 1}\n",
		"\"-\": {}\n",
		"\"-\": 1\n",
		"\"-\":\n",
		"\"\": 1\n",
		"? \"-\"\n: {squares: {grundy_max: 5}}\n",
		"squares: {\"-\": 1}\n",
		"figures: {\"-\": 1}\n",
		"census: {\"-\": {digits: 1}}\n",
		"subtraction: {\"-\": {set: [1, 2]}}\n",
		"octal: {\"-\": {code: \"0.77\", \"-\": 3}}\n",
		"subtraction: {s: {set: {Name: x}}}\n",
		"Sections: {squares: 1}\n",

		// Anchors and aliases.
		"base: &b {grundy_max: 5}\nsquares: *b\n",
		"squares: &b {grundy_max: 5}\ngrundy-game: {max: *b}\n",
		"formats: &f [csv]\nplots: *f\n",
		"subtraction: {a: &s {set: [1, 2], max: 10}, b: *s}\ngames: [a, b]\n",
		"subtraction: {a: {set: &e [1, 2]}, b: {set: *e, all_but: *e}}\n",
		"squares: &s {grundy_max: 5}\n*s : 1\n",
		"squares: {<<: {grundy_max: 5}}\n",
		"x: &x {grundy_max: 5}\nsquares: {<<: *x}\n",
		"a: &a [*a]\n",
		"squares: *undefined\n",
		"formats: &a [*a]\n",
		"squares: &a {grundy_max: *a}\n",

		// Deep nesting.
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n",
		"squares: " + strings.Repeat("{a: ", 5000) + "1" + strings.Repeat("}", 5000) + "\n",
		"formats: " + strings.Repeat("[", 500) + "csv" + strings.Repeat("]", 500) + "\n",
		deepBlock(300),

		// Huge numbers.
		"squares: {grundy_max: 99999999999999999999999999}\n",
		"squares: {grundy_max: 9223372036854775807}\n",
		"squares: {win_max: -9223372036854775808}\n",
		"squares: {win_max: 1e308}\n",
		"squares: {win_max: -1e400}\n",
		"squares: {win_max: 4.611686018427388e18}\n",
		"squares: {grundy_max: .inf}\n",
		"squares: {grundy_max: .nan}\n",
		"squares: {grundy_max: 0x7fffffffffffffff}\n",
		"squares: {grundy_max: 0o777}\n",
		"squares: {grundy_max: 1_000_000_000_000_000_000}\n",
		"workers: 1e18\n",
		"bfile_offset: -9223372036854775808\n",
		"max_memory: 1e30GiB\n",
		"max_memory: 9223372036854775807\n",
		"figures: {width: 1e308cm, height: -0cm, font_size: 1e400, dpi: 1e18}\n",
		"subtraction: {x: {set: [9223372036854775807, 1e18], max: 1e18, losing_max: 9223372036854775807}}\n",
		"subtraction: {x: {set: [1], all_but: [-9223372036854775808]}}\n",
		"octal: {k: {code: \"0.77\", max: 1e18}}\n",
		"octal: {k: {code: \"0." + strings.Repeat("7", 5000) + "\"}}\n",
		"census: {octal: {digits: 1e18, max: 1e18}, subtraction: {max_element: 1e18, max_size: 1e18}, max_seconds_per_game: 1e400}\n",
		"flip: {count_max: 1e18, board_max: 9223372036854775807}\n",
		"caniwin: {max_choosable: 1e18, max_total: 1e18}\n",
		"nim: {max_piles: 1e18, max_pile: 1e18}\n",

		// Tabs.
		"squares:\n\tgrundy_max: 5\n",
		"squares: {grundy_max:\t5}\n",
		"out:\t\"a\tb\"\n",
		"\tout: x\n",
		"formats: [\tcsv\t]\n",

		// Duplicate keys.
		"out: a\nout: b\n",
		"squares: {grundy_max: 1, grundy_max: 2}\n",
		"subtraction: {a: {set: [1]}, a: {set: [2]}}\n",
		"squares: {grundy_max: 1}\nsquares: {grundy_max: 2}\n",
		"x: &x {grundy_max: 5}\nsquares: {<<: *x, grundy_max: 6}\n",

		// Other shapes.
		"",
		"---\n",
		"~\n",
		"- squares\n",
		"out: a\n---\nout: b\n",
		"!!binary aGVsbG8=\n",
		"squares: !!str {grundy_max: 5}\n",
		"squares: {grundy_max: !!float 5}\n",
		"\xff\xfe\x00",
	}
	seeds = append(seeds, billionLaughs("formats"), billionLaughs("games"), billionLaughs("plots"))
	seeds = append(seeds, "subtraction: {x: {set: "+billionLaughsValue()+"}}\n")
	seeds = append(seeds, "lol: "+billionLaughsValue()+"\n")
	return seeds
}

// billionLaughs is the alias bomb under key: nine levels of ten aliases to
// the level below, 10^9 strings if expanded.
func billionLaughs(key string) string {
	return key + ": " + billionLaughsValue() + "\n"
}

func billionLaughsValue() string {
	var b strings.Builder
	b.WriteString("[&a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]")
	for level := 1; level <= 9; level++ {
		fmt.Fprintf(&b, ", &a%d [", level)
		for i := range 10 {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", level-1)
		}
		b.WriteString("]")
	}
	b.WriteString("]")
	return b.String()
}

// deepBlock nests depth block mappings under squares.
func deepBlock(depth int) string {
	var b strings.Builder
	b.WriteString("squares:\n")
	for i := range depth {
		fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat(" ", 2*(i+1)), i)
	}
	return b.String()
}

// FuzzLoad checks that no input makes the loader panic; that every error
// is a *configs.Error naming the file, with a line inside the file and,
// unless the whole document is at fault, the key; and that whatever it
// accepts passes validation.
func FuzzLoad(f *testing.F) {
	f.Add(string(Default))
	examples, _ := filepath.Glob("*.yaml") // every shipped config
	testdata, _ := filepath.Glob("testdata/*.yaml")
	for _, s := range append(examples, testdata...) {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range loadSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		cfg, err := Load("fuzz.yaml", []byte(data))
		if err != nil {
			checkLoadError(t, data, err)
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("Load accepted a config that does not validate: %v", err)
		}
	})
}

// checkLoadError checks that err, from loading data as fuzz.yaml, says
// where the problem is.
func checkLoadError(t *testing.T, data string, err error) {
	t.Helper()
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("error %v (%T) is not a *configs.Error", err, err)
	}
	msg := err.Error()
	if ce.File != "fuzz.yaml" || !strings.HasPrefix(msg, "fuzz.yaml:") {
		t.Fatalf("message %q does not start with the file name", msg)
	}
	if ce.Problem == "" {
		t.Fatalf("message %q names no problem", msg)
	}
	// YAML breaks lines at \n, \r, \r\n, NEL, LS and PS: this counts at
	// least as many lines as the parser can.
	lines := 1
	for _, r := range data {
		if strings.ContainsRune("\n\r\u0085\u2028\u2029", r) {
			lines++
		}
	}
	if ce.Line < 0 || ce.Line > lines {
		t.Fatalf("message %q: line %d is outside the file's %d lines", msg, ce.Line, lines)
	}
	whole := strings.HasPrefix(ce.Problem, "is not valid YAML") || strings.HasPrefix(ce.Problem, "holds more than one")
	if !whole && ce.Key == "" {
		t.Fatalf("message %q names no key", msg)
	}
	if !whole && ce.Line == 0 {
		t.Fatalf("message %q names no line", msg)
	}
}
