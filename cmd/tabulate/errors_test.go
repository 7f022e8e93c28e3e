package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
)

// withStdin runs f with standard input (of tabulate solve GAME - and
// --config -) reading r.
func withStdin(t *testing.T, r io.Reader, f func()) {
	t.Helper()
	saved := stdin
	stdin = r
	defer func() { stdin = saved }()
	f()
}

// usageShaped checks a usage error: exit status 2, nothing on standard
// output, and one line "tabulate: MESSAGE (HINT or allowed: ...)" on
// standard error holding want.
func usageShaped(t *testing.T, what string, code int, stdout, stderr, want string) {
	t.Helper()
	if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "tabulate: ") || !strings.HasSuffix(stderr, ")\n") ||
		strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, want) {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and one line holding %q", what, code, stdout, stderr, want)
	}
}

func TestSolveFlagsAfterGame(t *testing.T) {
	sq := squaresOracle(30)
	code, stdout, stderr := runTabulate(t, "solve", "squares", "20", "--json", "-q")
	if code != 0 {
		t.Fatalf("solve squares 20 --json: exit %d: %s", code, stderr)
	}
	if a := decodeAnswers(t, stdout)[0]; *a.Grundy != int64(sq[20]) {
		t.Errorf("solve squares 20 --json: %s", stdout)
	}
	// A flag with a value after GAME, and a board that starts with '-'.
	code, stdout, _ = runTabulate(t, "solve", "octal:0.77", "7", "--max-moves", "1", "--json")
	if a := decodeAnswers(t, stdout)[0]; code != 0 || a.MovesNotShown != 1 {
		t.Errorf("octal:0.77 7 --max-moves 1: exit %d, %s", code, stdout)
	}
	code, stdout, _ = runTabulate(t, "solve", "-q", "flip", "-++-", "--json")
	if code != 0 || !strings.Contains(stdout, `"position":"-++-"`) {
		t.Errorf("flip -++- --json: exit %d, %s", code, stdout)
	}
	code, stdout, stderr = runTabulate(t, "solve", "squares", "20", "--bogus")
	usageShaped(t, "solve squares 20 --bogus", code, stdout, stderr, "-bogus (after the game squares)")
}

func TestSolveFromNoSuchFolder(t *testing.T) {
	code, stdout, stderr := runTabulate(t, "solve", "--from", filepath.Join(t.TempDir(), "nosuch"), "squares", "3")
	usageShaped(t, "solve --from nosuch", code, stdout, stderr, "has no manifest.json: not the output folder of a tabulate run")
}

func TestUndefinedGameSaysWhereToDefineIt(t *testing.T) {
	cfg := writeConfig(t, "games: [kayles]\n")
	code, stdout, stderr := runTabulate(t, "run", "--config", cfg, "--out", filepath.Join(t.TempDir(), "o"))
	usageShaped(t, "games: [kayles]", code, stdout, stderr, `define it under subtraction: or octal: or takebreak:, such as octal: {kayles: {code: "0.77"}}`)
}

func TestNimBoundsNamed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, "games: [nim]\nnim: {max_piles: 2, max_pile: 3}\nformats: [parquet]\nplots: []\n")
	if code, _, stderr := runTabulate(t, "run", "-q", "--config", cfg, "--out", out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runTabulate(t, "solve", "--from", out, "nim", "2", "4")
	usageShaped(t, "nim 2 4 past max_pile 3", code, stdout, stderr, "1 to 2 non-empty piles of 1 to 3 stones (max_piles 2, max_pile 3")
}

func TestConfigFromStandardInput(t *testing.T) {
	withStdin(t, strings.NewReader("octal:\n  kayles: {code: \"0.77\"}\n"), func() {
		code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "--config", "-", "kayles", "9")
		if code != 0 || *decodeAnswers(t, stdout)[0].Grundy != int64(kaylesOracle(9)[9]) {
			t.Errorf("solve --config - kayles 9: exit %d, %s %s", code, stdout, stderr)
		}
	})
	out := filepath.Join(t.TempDir(), "out")
	withStdin(t, strings.NewReader("games: [nim]\nnim: {max_piles: 2, max_pile: 3}\nformats: [parquet]\nplots: []\n"), func() {
		code, _, stderr := runTabulate(t, "run", "-q", "--config", "-", "--out", out)
		if _, err := os.Stat(filepath.Join(out, "nim", "positions.parquet")); code != 0 || err != nil {
			t.Errorf("run --config -: exit %d, %s, %v", code, stderr, err)
		}
	})
	// Bounded as files are: one byte past the limit is refused.
	withStdin(t, io.LimitReader(zeros{}, configs.FileLimit+1), func() {
		code, stdout, stderr := runTabulate(t, "run", "--config", "-", "--out", filepath.Join(t.TempDir(), "o"))
		usageShaped(t, "--config - of 16 MiB + 1", code, stdout, stderr, "standard input: is too large")
	})
	withStdin(t, strings.NewReader("octal:\n  kayles: {code: \"0.77\"}\n"), func() {
		code, stdout, stderr := runTabulate(t, "solve", "--config", "-", "kayles", "-")
		usageShaped(t, "--config - with GAME -", code, stdout, stderr, "both read standard input")
	})
}

// zeros reads as endless spaces (valid YAML only as far as it goes).
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestKeepGoing(t *testing.T) {
	sq := squaresOracle(10)
	withStdin(t, strings.NewReader("3\nx\n5\n-1\n7 2\n"), func() {
		code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "--keep-going", "squares", "-")
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		if code != 2 || len(lines) != 5 || !strings.Contains(stderr, "2 of the 5 lines of standard input are not positions") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		for i, want := range []int{3, -2, 5, -4, -1} {
			var m map[string]any
			if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
				t.Fatal(err)
			}
			switch {
			case want >= 0:
				if m["grundy"] != float64(sq[want]) {
					t.Errorf("line %d: %s", i+1, lines[i])
				}
			case want == -1: // a sum of piles
				if m["grundy"] != float64(sq[7]^sq[2]) {
					t.Errorf("line %d: %s", i+1, lines[i])
				}
			default:
				if m["line"] != float64(-want) || m["error"] == nil || m["input"] == nil {
					t.Errorf("line %d: %s, want an error object", i+1, lines[i])
				}
			}
		}
	})
	// Without --keep-going, the first bad line stops the answers.
	withStdin(t, strings.NewReader("3\nx\n5\n"), func() {
		code, stdout, stderr := runTabulate(t, "solve", "-q", "--json", "squares", "-")
		if code != 2 || strings.Count(stdout, "\n") != 1 || !strings.Contains(stderr, "standard input line 2") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
}
