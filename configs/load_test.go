package configs

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games/catalogue"
)

func TestDefaultFileMatchesDefaults(t *testing.T) {
	cfg, err := Load(DefaultName, Default)
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	if !reflect.DeepEqual(cfg.Sections, want.Sections) ||
		cfg.Out != want.Out || strings.Join(cfg.Games, ",") != strings.Join(want.Games, ",") ||
		strings.Join(cfg.Formats, ",") != strings.Join(want.Formats, ",") || strings.Join(cfg.Plots, ",") != strings.Join(want.Plots, ",") {
		t.Errorf("default.yaml gives %+v, Defaults() is %+v", cfg, want)
	}
}

func TestShippedConfigsLoad(t *testing.T) {
	files, _ := filepath.Glob("*.yaml")
	if len(files) < 2 {
		t.Fatalf("found %d config files, want default.yaml, small.yaml and more", len(files))
	}
	for _, f := range files {
		if _, err := LoadFile(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestLoadOverridesOnlyWhatIsSet(t *testing.T) {
	cfg, err := Load("x.yaml", []byte("squares:\n  win_max: 4.3e9\nflip: {board_max: 12}\nmax_memory: 2GiB\n"))
	if err != nil {
		t.Fatal(err)
	}
	sq, fl := cfg.Section("squares").(*catalogue.Squares), cfg.Section("flip").(*catalogue.Flip)
	if sq.WinMax != 4_300_000_000 || sq.GrundyMax != 100000 || fl.BoardMax != 12 || fl.RunMax != 1000 || cfg.MaxMemory != 2<<30 {
		t.Errorf("got %+v", cfg)
	}
}

// TestLoadErrors checks that each malformed configuration is refused with a
// message naming the file, the line, the key, the value and what is allowed.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       []string // words the message must hold
	}{
		{"unknown top key", "out: o\nbogus: 1\n", 2, []string{"bogus", "unknown key", "allowed", "squares"}},
		{"unknown nested key", "squares:\n  grundy_max: 10\n  win: 5\n", 3, []string{"squares.win", "unknown key", "grundy_max, win_max, moves_max"}},
		{"wrong type", "squares:\n  grundy_max: lots\n", 2, []string{"squares.grundy_max", `"lots"`, "whole number"}},
		{"fractional", "squares:\n  grundy_max: 10.5\n", 2, []string{"squares.grundy_max", "whole number"}},
		{"negative bound", "squares:\n  win_max: -5\n", 2, []string{"squares.win_max", "-5", "out of range", "1 to"}},
		{"zero bound", "flip:\n  run_max: 0\n", 2, []string{"flip.run_max", "0", "1 to 1000000"}},
		{"over maximum", "caniwin:\n  max_choosable: 30\n", 2, []string{"caniwin.max_choosable", "30", "1 to 25"}},
		{"count over int64", "flip: {count_max: 63}\n", 1, []string{"flip.count_max", "63", "1 to 62"}},
		{"empty formats", "formats: []\n", 1, []string{"formats", "empty", "parquet, csv, bfile"}},
		{"unknown format", "formats: [parquet, xlsx]\n", 1, []string{"formats", `"xlsx"`, "unknown"}},
		{"duplicate format", "formats: [csv, csv]\n", 1, []string{"formats", "twice"}},
		{"formats not a list", "formats: parquet\n", 1, []string{"formats", "list"}},
		{"unknown game", "games: [squares, chess]\n", 1, []string{"games", `"chess"`, "squares, flip, caniwin, nim"}},
		{"unknown plot format", "plots: [eps]\n", 1, []string{"plots", `"eps"`, "png, svg, pdf"}},
		{"section not a mapping", "nim: 7\n", 1, []string{"nim", "mapping", "max_piles"}},
		{"missing value", "nim:\n  max_pile:\n", 2, []string{"nim.max_pile", "no value"}},
		{"malformed yaml", "squares: {grundy_max: 10\n", 0, []string{"not valid YAML"}},
		{"bad indentation", "squares:\n  grundy_max: 10\n win_max: 5\n", 0, []string{"not valid YAML"}},
		{"two documents", "out: a\n---\nout: b\n", 0, []string{"more than one YAML document"}},
		{"top level list", "- squares\n", 1, []string{"mapping"}},
		{"bad memory size", "max_memory: plenty\n", 1, []string{"max_memory", `"plenty"`, "8GiB"}},
		{"negative workers", "workers: -2\n", 1, []string{"workers", "-2", "0 to 1024"}},
		{"empty out", "out: \"\"\n", 1, []string{"out", "empty"}},
		// "-" is the yaml tag of Config.Sections, which once made it a key:
		// "-": {squares: 1} panicked and "-": {} was accepted.
		{"dash key", "\"-\": {squares: 1}\n", 1, []string{"-: unknown key at the top level", "squares"}},
		{"dash key empty", "\"-\": {}\n", 1, []string{"-: unknown key at the top level"}},
		{"dash key nested", "squares: {\"-\": 1}\n", 1, []string{"squares.-: unknown key under squares"}},
		{"empty key", "\"\": 1\n", 1, []string{`"": unknown key`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("bad.yaml", []byte(tc.yaml))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *configs.Error", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "bad.yaml:") {
				t.Errorf("message %q does not start with the file name", msg)
			}
			if tc.line > 0 && ce.Line != tc.line {
				t.Errorf("got line %d, want %d (%s)", ce.Line, tc.line, msg)
			}
			if ce.Line == 0 && tc.line == 0 && !strings.Contains(msg, "line") && !strings.Contains(msg, "document") {
				t.Errorf("message %q names no line", msg)
			}
			if strings.Contains(msg, ", -,") || strings.Contains(msg, ": -,") {
				t.Errorf("message %q offers the key -", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestLoadFileErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := LoadFile(filepath.Join(dir, "missing.yaml"))
	if err == nil || !strings.Contains(err.Error(), "missing.yaml") || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing file: got %v", err)
	}
	if os.Geteuid() != 0 {
		p := filepath.Join(dir, "locked.yaml")
		os.WriteFile(p, []byte("out: x\n"), 0o000)
		if _, err := LoadFile(p); err == nil || !strings.Contains(err.Error(), "cannot be read") {
			t.Errorf("unreadable file: got %v", err)
		}
	}
	if _, err := LoadFile(dir); err == nil {
		t.Errorf("a folder as config: got no error")
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Size
	}{
		{"auto", 0}, {"0", 0}, {"1024", 1024}, {"512MiB", 512 << 20}, {"8GiB", 8 << 30}, {"1.5GiB", 3 << 29}, {"16GB", 16e9}, {"2 TiB", 2 << 40},
	} {
		got, err := ParseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "-1GiB", "GiB", "lots", "1e30"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) gave no error", bad)
		}
	}
}
