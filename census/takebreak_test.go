package census_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
)

// hexDigits returns the digits d_0, d_1, ... of a hexadecimal code such as
// "0.3F".
func hexDigits(code string) []int {
	d0, rest, _ := strings.Cut(code, ".")
	v, _ := strconv.ParseInt(d0, 16, 8)
	digits := []int{int(v)}
	for _, r := range rest {
		v, _ := strconv.ParseInt(string(r), 16, 8)
		digits = append(digits, int(v))
	}
	return digits
}

// oracleHex returns g(0..n-1) of the take-and-break game of a hexadecimal
// code, by the rules read literally (Howse and Nowakowski: bit 2^j of d_k
// lets a move remove k tokens and leave exactly j non-empty heaps) and a
// plain mex that lists every option, triples of heaps one by one.
func oracleHex(code string, n int) []int32 {
	d := hexDigits(code)
	g := make([]int32, n)
	for h := range g {
		// Every move of a code 0.d1d2... removes a token, so no play
		// from a heap of h is longer than h moves and g(h) <= h (a value
		// v needs an option of value v-1, by induction one more move):
		// an XOR of values up to h is below 2h+2.
		seen := make([]bool, 2*h+3)
		for k := 1; k < len(d) && k <= h; k++ {
			s := h - k
			if d[k]&1 != 0 && s == 0 {
				seen[0] = true
			}
			if d[k]&2 != 0 && s >= 1 {
				seen[g[s]] = true
			}
			if d[k]&4 != 0 {
				for a := 1; a < s; a++ {
					seen[g[a]^g[s-a]] = true
				}
			}
			if d[k]&8 != 0 {
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

// plainArithmetic finds, by trying every p in turn, the smallest p with a
// saltus s and the least n0 such that g(n+p) = g(n) + s for every n0 <= n
// < len(g)-p, confirmed when 2*n0 + 2*p <= len(g) (the rule of Winning
// Ways' tables, which the census states).
func plainArithmetic(g []int32) (p, n0 int, s int32, ok bool) {
	for p := 1; 2*p <= len(g); p++ {
		s := g[len(g)-1] - g[len(g)-1-p]
		n0 := len(g) - p - 1
		for n0 > 0 && g[n0-1+p]-g[n0-1] == s {
			n0--
		}
		if 2*n0+2*p <= len(g) {
			return p, n0, s, true
		}
	}
	return 0, 0, 0, false
}

// TestTakebreakCensus checks a census of the 255 one- and two-digit
// hexadecimal codes row by row against the literal rules: proof, period,
// largest value, class and first difference as for the octal census, with
// the window of the theorem for moves that leave up to h heaps (an octal
// code keeps the octal one), and each row's behaviour and arithmetic
// period against a plain search. The octal codes among them have the rows
// of the octal census of the same codes.
func TestTakebreakCensus(t *testing.T) {
	maxValues := 300
	if testing.Short() {
		maxValues = 160
	}
	out := t.TempDir()
	cfg := configs.Defaults()
	cfg.Plots = nil
	cfg.Census = configs.Census{
		Octal:     configs.CensusOctal{Digits: 2, Prefixes: []string{"0"}, Max: maxValues},
		Takebreak: configs.CensusTakebreak{Digits: 2, Max: maxValues},
	}
	res, err := runCensus(context.Background(), cfg, out, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Findings[census.Takebreak]; f.Games != 255 || len(f.Behaviour) == 0 {
		t.Errorf("%d hexadecimal codes, behaviours %v; want 255 (15 codes 0.d, 240 codes 0.d1d2) and their behaviours", f.Games, f.Behaviour)
	}
	path := filepath.Join(out, "census", "takebreak.csv")
	checkFamily(t, path, "code", maxValues, func(code string) ([]int32, func(p, n0 int) int) {
		d := hexDigits(code)
		h, t := 2, len(d)-1
		for _, x := range d {
			if x >= 8 {
				h = 3
			}
		}
		return oracleHex(code, maxValues), func(p, n0 int) int { return h*max(n0, 1) + h*p + t }
	})
	col, rows := readCSV(t, path)
	for _, row := range rows {
		get := func(c string) string { return row[col[c]] }
		code := get("code")
		g := oracleHex(code, maxValues)
		want, ap, apre, saltus := census.Neither, "", "", ""
		switch {
		case get("proven") == "true":
			want = census.PeriodicProven
		case get("period") != "":
			want = census.PeriodicCandidate
		default:
			if p, n0, s, ok := plainArithmetic(g); ok && s != 0 {
				want, ap, apre, saltus = census.ArithmeticCandidate, strconv.Itoa(p), strconv.Itoa(n0), strconv.Itoa(int(s))
				if get("arithmetic_proven") == "true" {
					// takebreak.ProveArithmetic; its verdicts are checked
					// against a plain mex far past the proof in
					// grundy/takebreak/arith_test.go.
					want = census.ArithmeticProven
				}
			}
		}
		if get("behaviour") != want || get("arithmetic_period") != ap || get("arithmetic_preperiod") != apre || get("saltus") != saltus {
			t.Errorf("%s: %s (arithmetic period %q from %q, saltus %q), want %s (%q from %q, saltus %q)", code,
				get("behaviour"), get("arithmetic_period"), get("arithmetic_preperiod"), get("saltus"), want, ap, apre, saltus)
		}
	}
	// 0.3F: g(n+6) = g(n) + 3 from n = 0 (the engine's test;
	// docs/takebreak.md), which the theorem of ours does not reach (its
	// splits reach the top of the option set); 0.AA, g(n) = n-1 from 1, and
	// 0.08, g(n+4) = g(n)+1 from 1, which it proves (arith.go).
	wantB := map[string]string{"0.3F": census.ArithmeticCandidate, "0.AA": census.ArithmeticProven, "0.08": census.ArithmeticProven}
	wantS := map[string]string{"0.3F": "3", "0.AA": "1", "0.08": "1"}
	for _, row := range rows {
		if code := row[col["code"]]; wantB[code] != "" && (row[col["behaviour"]] != wantB[code] || row[col["saltus"]] != wantS[code]) {
			t.Errorf("%s: %s, saltus %s; want %s with saltus %s", code, row[col["behaviour"]], row[col["saltus"]], wantB[code], wantS[code])
		}
	}
	checkPaper(t, out, "takebreak", "code")
	checkCounts(t, out, "takebreak", res.Findings[census.Takebreak])
	// The manifest's findings list as unproven exactly the rows the CSV
	// proves neither way, and name the theorems of those it proves.
	unproven := map[string]bool{}
	for _, far := range res.Findings[census.Takebreak].Unproven {
		unproven[far.Game] = true
	}
	for _, row := range rows {
		code := row[col["code"]]
		if want := row[col["proven"]] != "true" && row[col["arithmetic_proven"]] != "true"; unproven[code] != want {
			t.Errorf("%s: unproven %v in the findings, want %v (CSV proven %s, arithmetic_proven %s)",
				code, unproven[code], want, row[col["proven"]], row[col["arithmetic_proven"]])
		}
	}
	if th := res.Findings[census.Takebreak].Theorems; th[census.PeriodicProven] != "Guy–Smith, h heaps" || th[census.ArithmeticProven] != "tabulate's arithmetic" {
		t.Errorf("theorems %v, want the periodicity theorem for h heaps and tabulate's arithmetic one", th)
	}
	if line := res.Findings[census.Takebreak].String(); !strings.Contains(line, `proven_by="Guy–Smith, h heaps"`) || !strings.Contains(line, `proven_arithmetic_by="tabulate's arithmetic"`) {
		t.Errorf("summary line %q names no theorem", line)
	}
	ocol, orows := readCSV(t, filepath.Join(out, "census", "octal.csv"))
	octal := map[string][]string{}
	for _, row := range orows {
		octal[row[ocol["code"]]] = row
	}
	same := 0
	for _, row := range rows {
		o, ok := octal[row[col["code"]]]
		if !ok {
			continue
		}
		same++
		for _, c := range []string{"period", "preperiod", "last_exception", "proven", "values", "max_value", "max_value_first_n"} {
			if row[col[c]] != o[ocol[c]] {
				t.Errorf("%s: %s %s in the hexadecimal census, %s in the octal one", row[col["code"]], c, row[col[c]], o[ocol[c]])
			}
		}
	}
	if same != 63 {
		t.Errorf("%d octal codes in the hexadecimal census, want 63 (0.d1d2, digits 0-7)", same)
	}
}
