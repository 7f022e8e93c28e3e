package grundy

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// octalPeerBinary returns the path of the C++ octal-game solver of
// tczajka/octal-games (MIT), built by ../shared/peers/czajka-octal/run.sh
// (or named by $TABULATE_OCTAL_PEER), or "" if it is not built.
func octalPeerBinary() string {
	if p := os.Getenv("TABULATE_OCTAL_PEER"); p != "" {
		return p
	}
	dir := os.Getenv("XDG_CACHE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".cache")
	}
	p := filepath.Join(dir, "czajka-octal", "analyze_n")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// octalPeerRun runs the peer on code for heaps 0..n-1 and returns the values
// it dumped (fewer than n when it proved a period first) and its last
// statistics line, as in "n=2^17 largest G[89634]=285 rare_mask=1ee
// num_rare=1584 last_rare=20627".
func octalPeerRun(t testing.TB, bin, code string, n int) ([]int32, string) {
	dump := filepath.Join(t.TempDir(), "g.u32")
	out, err := exec.Command(bin, code, strconv.Itoa(n), dump).CombinedOutput()
	if err != nil {
		t.Fatalf("peer %s %d: %v\n%s", code, n, err, out)
	}
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]int32, len(b)/4)
	for i := range g {
		g[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	stats := regexp.MustCompile(`(?m)^n=.*$`).FindAllString(string(out), -1)
	if len(stats) == 0 {
		t.Fatalf("peer %s %d: no statistics in\n%s", code, n, out)
	}
	return g, stats[len(stats)-1]
}

// TestOctalPeer compares OctalGrundyStats with the C++ solver of
// tczajka/octal-games, an independent program, on the games of the issue
// and a few more: every value it computes, the largest value and where it
// first occurs, and the number of rare heaps (ours is the fewest of any
// labelling, so at most its count, which includes heap 0 when rare). It is
// skipped when the solver is not built (run
// ../shared/peers/czajka-octal/run.sh .6 10 once to build it).
func TestOctalPeer(t *testing.T) {
	bin := octalPeerBinary()
	if bin == "" {
		t.Skip("the C++ solver is not built: run ../shared/peers/czajka-octal/run.sh .6 10")
	}
	n := 1 << 17
	if testing.Short() {
		n = 1 << 14
	}
	re := regexp.MustCompile(`largest G\[(\d+)\]=(\d+) rare_mask=[0-9a-f]+(?:pos)? num_rare=(\d+)`)
	for _, code := range []string{".6", ".007", ".14", ".172", ".034", ".354", ".376", ".16", ".127", "4.07", ".77", ".1777"} {
		t.Run(code, func(t *testing.T) {
			size := n
			if code == ".007" {
				size = n / 4
			}
			want, line := octalPeerRun(t, bin, code, size)
			c, err := ParseOctal(code)
			if err != nil {
				t.Fatal(err)
			}
			g, st, err := octalSolve(context.Background(), octalRulesOf(c), code, len(want)-1, nil, octalOptions{noPeriodic: true})
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(g, want); d != "" {
				t.Fatalf("%s (the C++ solver)", d)
			}
			m := re.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("unreadable statistics %q", line)
			}
			at, _ := strconv.Atoi(m[1])
			largest, _ := strconv.Atoi(m[2])
			rare, _ := strconv.Atoi(m[3])
			if st.LargestAt != at || int(st.Largest) != largest {
				t.Errorf("largest %d at %d; the C++ solver: %d at %d", st.Largest, st.LargestAt, largest, at)
			}
			if st.Rare > rare {
				t.Errorf("%d rare heaps (mask %#x); the C++ solver: %d (%s)", st.Rare, st.Mask, rare, line)
			}
			t.Logf("%d values; mask %#x, %d rare, last %d; the C++ solver: %s", len(want), st.Mask, st.Rare, st.LastRare, line)
		})
	}
}
