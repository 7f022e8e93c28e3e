package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
)

// literalTakeBreak returns g(0..n) of the take-and-break game whose digits
// are d (d[0] = d_0, hexadecimal values 0-15), by the rules read literally
// and a plain mex: from a heap of h a move removes k tokens, 0 <= k <
// len(d), and leaves exactly i non-empty heaps when bit 2^i of d_k is set
// (i = 0: nothing left, so h = k; i = 1: one heap h-k >= 1; i = 2, 3: two
// or three non-empty heaps summing to h-k), and removing no token leaves at
// least two heaps. Every option's heaps are listed one by one, unordered
// triples included (a cubic loop); it shares no code with the engines.
func literalTakeBreak(d []int, n int) []int32 {
	g := make([]int32, n+1)
	for h := 0; h <= n; h++ {
		seen := map[int32]bool{}
		for k, dk := range d {
			s := h - k
			if s < 0 {
				break
			}
			if dk&1 != 0 && k >= 1 && s == 0 {
				seen[0] = true
			}
			if dk&2 != 0 && k >= 1 && s >= 1 {
				seen[g[s]] = true
			}
			if dk&4 != 0 {
				for a := 1; a < s; a++ {
					seen[g[a]^g[s-a]] = true
				}
			}
			if dk&8 != 0 {
				for a := 1; a < s; a++ {
					for b := 1; a+b < s; b++ {
						seen[g[a]^g[b]^g[s-a-b]] = true
					}
				}
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestTakebreakRun runs take-and-break games given by hexadecimal codes
// through the configuration and the pipeline, and checks their tables
// against the literal rules: the values and the losing heaps, the period
// table's claim (proven for 0.F1 by the theorem for three heaps;
// arithmetic for 0.3F, saltus 3 every 6 heaps, and for 8.0 and 0.8, saltus
// 1 every 2 and 3 heaps: candidates, which no theorem of the tool proves,
// tabulated as candidate_tables asks)
// on every heap tabulated, and the tables of an octal code given to takebreak, which are
// those of the octal member of the same code.
func TestTakebreakRun(t *testing.T) {
	const max = 250
	yaml := `formats: [csv]
plots: []
takebreak:
  t3f: {code: "0.3F", max: 250, candidate_tables: true}
  tf1: {code: "0.F1", max: 250}
  t80: {code: "8.0", max: 250, candidate_tables: true}
  t8: {code: "0.8", max: 250, candidate_tables: true}
  tdk: {code: "0.07", max: 250}
octal:
  dk: {code: "0.07", max: 250}
`
	cfg, err := configs.Load("test.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games = []string{"t3f", "tf1", "t80", "t8", "tdk", "dk"}
	cfg.Out = t.TempDir()
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), Options{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		game   string
		digits []int
		status string // of the period table
		saltus int64
	}{
		{"t3f", []int{0, 3, 15}, "candidate", 3},
		{"tf1", []int{0, 15, 1}, "proven", 0},
		// 8. and 0.8: arithmetic periods proven by takebreak.ProveArithmetic
		// (the table is checked against the literal rules below).
		{"t80", []int{8}, "proven", 1},
		{"t8", []int{0, 8}, "proven", 1},
		{"tdk", []int{0, 0, 7}, "proven", 0},
	}
	for _, tt := range tests {
		want := literalTakeBreak(tt.digits, max)
		rows := readCSV(t, filepath.Join(cfg.Out, tt.game, "grundy.csv"))
		if len(rows) != max+1 {
			t.Fatalf("%s: %d rows, want %d", tt.game, len(rows), max+1)
		}
		var losing []string
		for n, row := range rows {
			if row[0] != strconv.Itoa(n) || row[1] != strconv.Itoa(int(want[n])) || row[2] != strconv.FormatBool(want[n] != 0) {
				t.Fatalf("%s: row %d is %v, want g = %d by the literal rules", tt.game, n, row, want[n])
			}
			if want[n] == 0 {
				losing = append(losing, strconv.Itoa(n))
			}
		}
		var got []string
		for _, row := range readCSV(t, filepath.Join(cfg.Out, tt.game, "p_positions.csv")) {
			got = append(got, row[0])
		}
		if !slices.Equal(got, losing) {
			t.Errorf("%s: p_positions %v, want %v", tt.game, got, losing)
		}
		// period: offset, grundy, period, preperiod, saltus, status, proven.
		period := readCSV(t, filepath.Join(cfg.Out, tt.game, "period.csv"))
		if len(period) == 0 {
			t.Fatalf("%s: no period table", tt.game)
		}
		p, _ := strconv.Atoi(period[0][2])
		pre, _ := strconv.Atoi(period[0][3])
		saltus, _ := strconv.ParseInt(period[0][4], 10, 64)
		if len(period) != p || period[0][5] != tt.status || saltus != tt.saltus || (period[0][6] == "true") != (tt.status == "proven") {
			t.Errorf("%s: period table %v (%d rows), want status %s, saltus %d", tt.game, period[0], len(period), tt.status, tt.saltus)
		}
		for n := pre; n <= max; n++ {
			block, _ := strconv.ParseInt(period[n%p][1], 10, 64)
			if v := block + saltus*int64(n/p); v != int64(want[n]) {
				t.Fatalf("%s: the period table gives %d at n = %d, the literal rules %d", tt.game, v, n, want[n])
			}
		}
		if pre > 0 {
			block, _ := strconv.ParseInt(period[(pre-1)%p][1], 10, 64)
			if block+saltus*int64((pre-1)/p) == int64(want[pre-1]) {
				t.Errorf("%s: n = %d fits the period, yet it is the preperiod's last heap", tt.game, pre-1)
			}
		}
	}
	// An octal code given to takebreak: the octal member's tables.
	for _, table := range []string{"grundy.csv", "p_positions.csv", "period.csv", "exceptions.csv"} {
		a, err := os.ReadFile(filepath.Join(cfg.Out, "tdk", table))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(cfg.Out, "dk", table))
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Errorf("takebreak 0.07 and octal 0.07 differ in %s", table)
		}
	}
}
