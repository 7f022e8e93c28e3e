package configs

import (
	"errors"
	"strings"
	"testing"
)

// TestCensusLoad checks the census section: defaults of unset keys, and
// refusals that name the file, line, key, value and allowed range.
func TestCensusLoad(t *testing.T) {
	cfg, err := Load("c.yaml", []byte("census:\n  octal: {digits: 3}\n  subtraction: {max_element: 12, max_size: 4}\n"))
	if err != nil {
		t.Fatal(err)
	}
	eff := cfg.Census.Effective()
	if eff.Octal.Max != 1<<20 || strings.Join(eff.Octal.Prefixes, ",") != "0" || eff.Subtraction.Max != 100000 || eff.Subtraction.MaxSize != 4 {
		t.Errorf("effective census %+v", eff)
	}
	if !cfg.Census.Enabled() {
		t.Error("census not enabled")
	}
	ab, err := Load("a.yaml", []byte("census:\n  allbut: {max_element: 10}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e := ab.Census.Effective().AllBut; !ab.Census.Enabled() || e.Max != 4096 || e.MaxSize != 10 {
		t.Errorf("all-but census: enabled %v, effective %+v; want enabled, max 4096, max_size 10", ab.Census.Enabled(), e)
	}
	if d, _ := Load("d.yaml", []byte("out: x\n")); d.Census.Enabled() {
		t.Error("a configuration without a census section enables one")
	}
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       []string
	}{
		{"digits out of range", "census:\n  octal:\n    digits: 5\n", 3, []string{"census.octal.digits", "5", "1 to 4"}},
		{"digits missing", "census:\n  octal:\n    max: 1000\n", 3, []string{"census.octal.digits", "missing", "1 to 4"}},
		{"bad prefix digit", "census:\n  octal: {digits: 2, prefixes: [\"2\"]}\n", 2, []string{"census.octal.prefixes", `"2"`, `"0" or "4"`}},
		{"long prefix", "census:\n  octal: {digits: 2, prefixes: [\"0.123\"]}\n", 2, []string{"census.octal.prefixes", "3 digits", "at most 2 digits"}},
		{"octal digit 8", "census:\n  octal: {digits: 2, prefixes: [\"0.8\"]}\n", 2, []string{"census.octal.prefixes", "'8'"}},
		{"repeated prefix", "census:\n  octal: {digits: 2, prefixes: [\"0\", \"0\"]}\n", 2, []string{"listed twice"}},
		{"max too large", "census:\n  octal: {digits: 2, max: 100000000}\n", 2, []string{"census.octal.max", "100000000", "0 to 10000000"}},
		{"size over element", "census:\n  subtraction: {max_element: 5, max_size: 6}\n", 2, []string{"census.subtraction.max_size", "6", "0 to 5"}},
		{"element missing", "census:\n  subtraction: {max: 10}\n", 2, []string{"census.subtraction.max_element", "missing"}},
		{"negative seconds", "census:\n  octal: {digits: 1}\n  max_seconds_per_game: -1\n", 3, []string{"census.max_seconds_per_game", "-1", "0 (no bound)"}},
		{"unknown key", "census:\n  octal: {digit: 2}\n", 2, []string{"census.octal.digit", "unknown key", "digits, prefixes, max"}},
		{"hex digits out of range", "census:\n  takebreak: {digits: 3}\n", 2, []string{"census.takebreak.digits", "3", "1 to 2"}},
		{"hex digits missing", "census:\n  takebreak: {max: 100}\n", 2, []string{"census.takebreak.digits", "missing", "1 to 2"}},
		{"hex max too large", "census:\n  takebreak: {digits: 1, max: 2000000}\n", 2, []string{"census.takebreak.max", "2000000", "0 to 1048576"}},
		{"all-but element out of range", "census:\n  allbut: {max_element: 17}\n", 2, []string{"census.allbut.max_element", "17", "1 to 16"}},
		{"all-but element missing", "census:\n  allbut: {max: 100}\n", 2, []string{"census.allbut.max_element", "missing", "1 to 16"}},
		{"all-but size above element", "census:\n  allbut: {max_element: 4, max_size: 5}\n", 2, []string{"census.allbut.max_size", "5", "0 to 4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("c.yaml", []byte(tc.yaml))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *configs.Error", err)
			}
			if ce.File != "c.yaml" || ce.Line != tc.line {
				t.Errorf("%v: at %s:%d, want c.yaml:%d", err, ce.File, ce.Line, tc.line)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q does not say %q", err, w)
				}
			}
		})
	}
}
