package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// octalOracleDigits parses a well-formed code "d0.d1d2..." or ".d1d2..." on
// its own, so that the oracle shares nothing with Parse.
func octalOracleDigits(code string) []int {
	before, after, _ := strings.Cut(code, ".")
	d := []int{0}
	if before != "" {
		d[0] = int(before[0] - '0')
	}
	for _, c := range after {
		d = append(d, int(c-'0'))
	}
	return d
}

// octalOracle returns g(0..max) of the octal game code by a memoised
// recursion over the literal rules: from a heap of n, for every k with digit
// d_k, bit 1 removes the whole heap when n == k, bit 2 leaves n-k when
// n > k, and bit 4 leaves two heaps a and n-k-a for every a with
// 1 <= a <= n-k-1 (each split in both orders); the value of a position of
// several heaps is the XOR of theirs and the mex is taken over a map.
func octalOracle(code string, max int) []int32 {
	d := octalOracleDigits(code)
	memo := map[int]int32{0: 0}
	var g func(n int) int32
	g = func(n int) int32 {
		if v, ok := memo[n]; ok {
			return v
		}
		seen := map[int32]bool{}
		for k, dk := range d {
			if dk&1 != 0 && k >= 1 && n == k {
				seen[0] = true // no heap left
			}
			if dk&2 != 0 && k >= 1 && n > k {
				seen[g(n-k)] = true
			}
			if dk&4 != 0 {
				for a := 1; a <= n-k-1; a++ {
					seen[g(a)^g(n-k-a)] = true
				}
			}
		}
		m := int32(0)
		for seen[m] {
			m++
		}
		memo[n] = m
		return m
	}
	out := make([]int32, max+1)
	for n := range out {
		out[n] = g(n)
	}
	return out
}

// octalCodes are the games checked against the oracle and the naive engine:
// the named ones of the issue, games with and without a sparse space, with a
// split digit before the point, with several split digits, and with none.
var octalCodes = []string{
	"0.07", "0.77", "0.137", "4.07", "0.6", "0.15", "0.51", "0.007", "0.16",
	"0.04", "0.05", "0.14", "0.106", "0.117", "0.127", "0.1777", "0.165",
	"0.7", "0.3", "0.33", "0.4", "4.0", "0.0", "4.7", "0.072", "0.344",
	"0.6104", "4.4", "0.17", "0.54",
	"0.164", "0.604", "0.163", "4.026", // no sparse space: the cached plain mex
}

// octalVariants are the engines compared: the exported ones and the
// sparse-space and plain parts of Values alone.
var octalVariants = []struct {
	name string
	run  func(ctx context.Context, c Code, max int) ([]int32, error)
}{
	{"octal.Values", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return Values(ctx, c, max, grundy.Options{})
	}},
	{"sparse", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true})
	}},
	{"one-core", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true, workers: 1})
	}},
	{"plain", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true, noSparse: true})
	}},
	{"cached-plain", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true, plain: 1})
	}},
	{"sparse-only", func(ctx context.Context, c Code, max int) ([]int32, error) {
		return octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true, plain: -1})
	}},
	{"octalPlain", octalPlainCode},
}

// octalDiff describes the first difference between got and want, or "".
func octalDiff(got, want []int32) string {
	if len(got) != len(want) {
		return fmt.Sprintf("got %d values, want %d", len(got), len(want))
	}
	for n := range want {
		if got[n] != want[n] {
			return fmt.Sprintf("g(%d) = %d, want %d", n, got[n], want[n])
		}
	}
	return ""
}

func TestOctalOracle(t *testing.T) {
	const max = 300
	ctx := context.Background()
	for _, code := range octalCodes {
		want := octalOracle(code, max)
		c, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range octalVariants {
			t.Run(code+"/"+v.name, func(t *testing.T) {
				got, err := v.run(ctx, c, max)
				if err != nil {
					t.Fatal(err)
				}
				if d := octalDiff(got, want); d != "" {
					t.Errorf("%s: %s (oracle)", code, d)
				}
			})
		}
	}
}

// TestOctalNaiveAgreement checks the engine, its sparse-space part alone,
// its plain part alone and its cached plain mex alone against octalPlain: to 10^4 for the games named
// in the issue, to 3000 for the others.
func TestOctalNaiveAgreement(t *testing.T) {
	ctx := context.Background()
	named := []string{"0.07", "0.77", "0.137", "4.07", "0.6", "0.15", "0.51", "0.007", "0.16"}
	for _, code := range octalCodes {
		max := 3000
		if slices.Contains(named, code) {
			max = 10_000
		}
		c, _ := Parse(code)
		want, err := octalPlainCode(ctx, c, max)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range octalVariants[:6] {
			t.Run(code+"/"+v.name, func(t *testing.T) {
				got, err := v.run(ctx, c, max)
				if err != nil {
					t.Fatal(err)
				}
				if d := octalDiff(got, want); d != "" {
					t.Errorf("%s: %s (octalPlain)", code, d)
				}
			})
		}
	}
}

// TestOctalRandomCodes compares Values with octalPlain on random
// codes of up to four digits after the point, past the checkpoints 128 ..
// 2048 at which it may prove a period and change its labelling.
func TestOctalRandomCodes(t *testing.T) {
	const max = 2500
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	trials := 60
	if testing.Short() {
		trials = 20
	}
	for range trials {
		var b strings.Builder
		b.WriteByte("04"[rng.IntN(2)])
		b.WriteByte('.')
		for range 1 + rng.IntN(4) {
			b.WriteByte(byte('0' + rng.IntN(8)))
		}
		code := b.String()
		c, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		want, err := octalPlainCode(ctx, c, max)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []octalOptions{{}, {noPeriodic: true}, {noPeriodic: true, workers: 1}, {noPeriodic: true, plain: 1}} {
			got, err := octalGrundy(ctx, c, max, nil, opt)
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(got, want); d != "" {
				t.Errorf("%s %+v: %s (octalPlain)", code, opt, d)
			}
		}
	}
}

// octalExceptions returns the n < p.Preperiod whose value differs from the
// periodic value of their residue, g(n0 + (n-n0) mod p) taken past n0: the
// "exceptions" of the published tables.
func octalExceptions(g []int32, p analysis.Period) []int {
	var out []int
	n0, per := p.Preperiod, p.Period
	for n := 0; n < n0; n++ {
		r := ((n-n0)%per + per) % per
		if g[n] != g[n0+r] {
			out = append(out, n)
		}
	}
	return out
}

// TestOctalPublished checks games whose values, periods and exceptions are
// published, each found by analysis.FindPeriod and proven by
// analysis.ProveOctal on the values of Values.
func TestOctalPublished(t *testing.T) {
	tests := []struct {
		code       string
		source     string
		first      []int32 // g(0), g(1), ...
		period     int
		preperiod  int   // last exception + 1
		exceptions []int // nil: not checked
	}{
		{"0.77", "Kayles, OEIS A002186: period 12, last exception 70", []int32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7}, 12, 71, nil},
		{"0.137", "Dawson's chess, OEIS A002187: period 34, exceptions 0, 14, 16, 17, 31, 34, 51", []int32{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}, 34, 52, []int{0, 14, 16, 17, 31, 34, 51}},
		{"0.07", "Dawson's Kayles, Winning Ways ch. 4: g(n) = A002187(n-1), period 34, last exception 52", []int32{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}, 34, 53, nil},
		{"0.117", "OEIS A071453: period 48, exceptions 2, 6, 7, 12, 16, 22, 26, 36, 46", []int32{0, 1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4}, 48, 47, []int{2, 6, 7, 12, 16, 22, 26, 36, 46}},
		{"0.051", "OEIS A071453: .051 has the values of .117 shifted by one", []int32{0, 0, 1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4}, 48, 48, nil},
		{"0.141", "OEIS A125912: period 11, last exception 13", []int32{0, 1, 0, 1, 1, 0, 1, 2, 2, 1, 2, 4, 1, 0, 1, 1, 2, 1, 2, 2}, 11, 14, nil},
		{"0.115", "OEIS A125829: period 14, the only exception n = 0", []int32{0, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1}, 14, 1, []int{0}},
		{"0.11377", "OEIS A071452: period 32, last exception 186", []int32{0, 1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2}, 32, 187, nil},
		{"0.0177", "OEIS A071452: .0177 has the values of .11377 shifted by one", nil, 32, 188, nil},
		{"0.045", "OEIS A071452: .045 has the values of .11377 shifted by two", nil, 32, 189, nil},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			c, err := Parse(tt.code)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Values(ctx, c, 2000, grundy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := analysis.FindPeriod(g)
			proof := analysis.ProveOctal(g, p, c.MaxRemove())
			if got := g[:len(tt.first)]; !slices.Equal(got, tt.first) {
				t.Errorf("first values %v, want %v (%s)", got, tt.first, tt.source)
			}
			if !p.Found || p.Period != tt.period || p.Preperiod != tt.preperiod {
				t.Fatalf("FindPeriod: %v, want period %d from n = %d (%s)", p, tt.period, tt.preperiod, tt.source)
			}
			if !proof.Proven {
				t.Errorf("ProveOctal: %+v, want proven", proof)
			}
			if tt.exceptions != nil {
				if got := octalExceptions(g, p); !slices.Equal(got, tt.exceptions) {
					t.Errorf("exceptions %v, want %v (%s)", got, tt.exceptions, tt.source)
				}
			}
		})
	}
}

// TestOctalGangolliPlambeck checks 0.127, periodic with period 4 after a
// last exception at n = 46577 (A. Gangolli and T. Plambeck, "A note on
// periodicity in some octal games", Int. J. Game Theory 18 (1989), via OEIS
// A071464, whose values begin 1, 0, 2, 2, 1, 0, 4, 4 at n = 1): the
// sparse-space engine alone reaches the 93167 values the proof needs, and
// Values proves it on its own.
func TestOctalGangolliPlambeck(t *testing.T) {
	const max = 100_000
	ctx := context.Background()
	c, _ := Parse("0.127")
	e, err := octalRun(ctx, octalRulesOf(c), max, nil, octalOptions{noPeriodic: true})
	if err != nil {
		t.Fatal(err)
	}
	g := e.g
	if got, want := g[:9], []int32{0, 1, 0, 2, 2, 1, 0, 4, 4}; !slices.Equal(got, want) {
		t.Errorf("first values %v, want %v (A071464)", got, want)
	}
	if !e.sparse {
		t.Errorf("the sparse-space method is not in use at the end")
	}
	p := analysis.FindPeriod(g)
	if !p.Found || p.Period != 4 || p.LastException != 46577 {
		t.Fatalf("FindPeriod: %v, want period 4, last exception 46577", p)
	}
	if proof := analysis.ProveOctal(g, p, c.MaxRemove()); !proof.Proven || proof.Needed != 2*46578+2*4+3 {
		t.Errorf("ProveOctal: %+v, want proven with 93167 values", proof)
	}
	full, err := Values(ctx, c, 2*max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(full[:max+1], g); d != "" {
		t.Errorf("Values: %s (the sparse-space engine alone)", d)
	}
	for n := 46578; n+4 <= 2*max; n++ {
		if full[n+4] != full[n] {
			t.Fatalf("Values: g(%d) = %d != g(%d) = %d", n+4, full[n+4], n, full[n])
		}
	}
	if !longtest.Enabled() {
		return
	}
	want, err := octalPlainCode(ctx, c, max)
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(g, want); d != "" {
		t.Errorf("sparse-space engine: %s (octalPlain)", d)
	}
}

// TestOctal016 checks 0.16, periodic with period 149459 after a last
// exception at n = 105350, as Gangolli and Plambeck found (A. Gangolli and
// T. Plambeck, "A note on periodicity in some octal games", Int. J. Game
// Theory 18 (1989); listed in Flammenkamp's tables of octal games): the
// proof needs 2*105351 + 2*149459 + 2 = 509622 values, which the
// sparse-space engine computes and Values proves at the checkpoint 2^19.
func TestOctal016(t *testing.T) {
	const max = 1 << 20
	c, _ := Parse("0.16")
	start := time.Now()
	g, err := Values(context.Background(), c, max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	p := analysis.FindPeriod(g)
	if !p.Found || p.Period != 149459 || p.LastException != 105350 {
		t.Fatalf("FindPeriod: %v, want period 149459, last exception 105350", p)
	}
	if proof := analysis.ProveOctal(g, p, c.MaxRemove()); !proof.Proven || proof.Needed != 509622 {
		t.Errorf("ProveOctal: %+v, want proven with 509622 values", proof)
	}
	t.Logf("0.16 to 2^20 in %v", elapsed)
}

// TestOctalDawsonKayles checks 0.07 against the flip game's run values
// (flip.RunValues, an engine of its own) to 10^5 and, in the long tests, against
// octalPlain to 10^5 with the sparse-space and plain parts alone too.
func TestOctalDawsonKayles(t *testing.T) {
	const max = 100_000
	ctx := context.Background()
	c, _ := Parse("0.07")
	want, err := flip.RunValues(ctx, max)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Values(ctx, c, max, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(got, want); d != "" {
		t.Errorf("Values: %s (flip.RunValues)", d)
	}
	if !longtest.Enabled() {
		return
	}
	naive, err := octalPlainCode(ctx, c, max)
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(naive, want); d != "" {
		t.Errorf("octalPlain: %s (flip.RunValues)", d)
	}
	alone, err := octalGrundy(ctx, c, max, nil, octalOptions{noPeriodic: true})
	if err != nil {
		t.Fatal(err)
	}
	if d := octalDiff(alone, want); d != "" {
		t.Errorf("without the periodicity theorem: %s (flip.RunValues)", d)
	}
}

// TestOctalStats checks the engine's findings against the values of
// octalPlain: the largest value and where it first occurs, and, by trying
// every labelling with a mask below 2^10 on those values, that the one
// reported has the fewest rare heaps, with Rare and LastRare counted anew.
// Kayles has its last rare heap at 70 (mask 15), and 0.16 few rare heaps
// (Winning Ways, ch. 4, "Sparse space spells speed"; Flammenkamp's tables).
func TestOctalStats(t *testing.T) {
	tests := []struct {
		code     string
		max      int
		lastRare int // -1: not checked
		maxRare  int
	}{
		{"0.77", 5000, 70, 10},
		{"0.16", 20_000, -1, 100},
		{"0.6", 20_000, -1, 2000},
		{"0.007", 5000, -1, 5000},
		{"0.137", 5000, -1, 5000},
		{"4.07", 5000, -1, 5000},
		{"0.4", 3000, -1, 3000},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			c, _ := Parse(tt.code)
			g, st, err := octalSolve(ctx, octalRulesOf(c), tt.code, tt.max, nil, octalOptions{noPeriodic: true})
			if err != nil {
				t.Fatal(err)
			}
			want, err := octalPlain(ctx, tt.code, tt.max, false)
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(g, want); d != "" {
				t.Fatal(d)
			}
			largest, at := int32(0), 0
			for n, v := range want {
				if v > largest {
					largest, at = v, n
				}
			}
			if st.Largest != largest || st.LargestAt != at || st.Computed != tt.max {
				t.Errorf("largest %d at %d, computed %d; want %d at %d, %d", st.Largest, st.LargestAt, st.Computed, largest, at, tt.max)
			}
			// Every labelling: label(a) = parity(g(a) & m) ^ (e & a & 1),
			// rare = label rho = e & k & 1 for the split digits k, e = 1
			// only when they all have one parity.
			d := octalOracleDigits(tt.code)
			var splits []int
			for k, dk := range d {
				if dk&4 != 0 {
					splits = append(splits, k)
				}
			}
			count := func(m uint32, e int) (int, int) {
				rho := e & splits[0] & 1
				n, last := 0, 0
				for a := 1; a <= tt.max; a++ {
					if bits.OnesCount32(uint32(want[a])&m)&1^(e&a&1) == rho {
						n, last = n+1, a
					}
				}
				return n, last
			}
			best := -1
			for m := uint32(1); m < 1<<10; m++ {
				for e := 0; e <= 1; e++ {
					if e == 1 && slices.ContainsFunc(splits, func(k int) bool { return (k-splits[0])&1 != 0 }) {
						continue
					}
					if n, _ := count(m, e); best < 0 || n < best {
						best = n
					}
				}
			}
			e := 0
			if st.HeapParity {
				e = 1
			}
			n, last := count(st.Mask, e)
			if st.Rare != n || st.LastRare != last || n != best {
				t.Errorf("mask %d, e %d: %d rare heaps, the last %d; recounted %d, the last %d; the fewest of any mask < 2^10: %d",
					st.Mask, e, st.Rare, st.LastRare, n, last, best)
			}
			if st.Rare > tt.maxRare || tt.lastRare >= 0 && st.LastRare != tt.lastRare {
				t.Errorf("%d rare heaps, the last %d; want at most %d, the last %d", st.Rare, st.LastRare, tt.maxRare, tt.lastRare)
			}
		})
	}
}

// TestOctalProvenPeriod checks the engine's own use of the periodicity
// theorem: it must not be fooled where the plain statement is (preperiod 0
// and a last digit without bit 2), and every period it proves on a prefix
// must hold on the naive values far beyond.
func TestOctalProvenPeriod(t *testing.T) {
	// 0.04: g = 0 0 0 0 1 ...; period 1 from 0 passes the plain window
	// 0 <= n < 0+1+2 on four values, but g(4) = 1.
	if p, _, ok := octalProvenPeriod([]int32{0, 0, 0, 0}, 2); ok {
		t.Errorf("0.04, four values: proved period %d", p)
	}
	proven := 0
	for _, code := range octalCodes {
		c, _ := Parse(code)
		long, err := octalPlainCode(context.Background(), c, 3000)
		if err != nil {
			t.Fatal(err)
		}
		for l := 4; l <= 400; l++ {
			tt := octalRulesOf(c).t
			p, n0, ok := octalProvenPeriod(long[:l], tt)
			// The same search by analysis.FindPeriodWhere, a separate
			// implementation of the Z-scan.
			want := analysis.FindPeriodWhere(long[:l], func(period, preperiod int) bool {
				return 2*max(preperiod, 1)+2*period+tt <= l
			})
			if ok != want.Found || ok && (p != want.Period || n0 != want.Preperiod) {
				t.Fatalf("%s, %d values: period %d from %d (%v); FindPeriodWhere: %v", code, l, p, n0, ok, want)
			}
			if !ok {
				continue
			}
			proven++
			// The least n0 for p in the prefix.
			if n0 > 0 && long[n0-1] == long[n0-1+p] || long[n0] != long[n0+p] {
				t.Fatalf("%s, %d values: %d is not the least preperiod for period %d", code, l, n0, p)
			}
			for n := n0; n+p < len(long); n++ {
				if long[n+p] != long[n] {
					t.Fatalf("%s: %d values prove period %d from %d, but g(%d) != g(%d)", code, l, p, n0, n+p, n)
				}
			}
		}
	}
	if proven == 0 {
		t.Fatal("no prefix proved a period; the test checks nothing")
	}
}

func TestParseOctal(t *testing.T) {
	tests := []struct {
		code, want string
		maxRemove  int
		digits     []int // d_0, d_1, ...
	}{
		{"0.07", "0.07", 2, []int{0, 0, 7}},
		{".07", "0.07", 2, []int{0, 0, 7}},
		{"0.77", "0.77", 2, []int{0, 7, 7}},
		{"0.137", "0.137", 3, []int{0, 1, 3, 7}},
		{"4.07", "4.07", 2, []int{4, 0, 7}},
		{"0.070", "0.07", 2, []int{0, 0, 7}},
		{".6", "0.6", 1, []int{0, 6}},
		{"4.", "4.0", 1, []int{4}},
		{"4.0", "4.0", 1, []int{4}},
		{"0.", "0.0", 1, []int{0}},
		{"0.000", "0.0", 1, []int{0}},
		{"0.0000001", "0.0000001", 7, []int{0, 0, 0, 0, 0, 0, 0, 1}},
		// Spellings the take-and-break reader took before the two were
		// one (grundy/internal/gamecode): zeros before d0 and CGSuite's
		// long digits.
		{"04.07", "4.07", 2, []int{4, 0, 7}},
		{"0.&#7;&#x7;", "0.77", 2, []int{0, 7, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			c, err := Parse(tt.code)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if got := c.MaxRemove(); got != tt.maxRemove {
				t.Errorf("MaxRemove() = %d, want %d", got, tt.maxRemove)
			}
			for k := -1; k <= len(tt.digits)+1; k++ {
				want := 0
				if k >= 0 && k < len(tt.digits) {
					want = tt.digits[k]
				}
				if got := c.Digit(k); got != want {
					t.Errorf("Digit(%d) = %d, want %d", k, got, want)
				}
			}
			again, err := Parse(c.String())
			if err != nil || again != c {
				t.Errorf("Parse(String()) = %v, %v, want %v", again, err, c)
			}
		})
	}
	if got := (Code{}).String(); got != "0.0" {
		t.Errorf("zero Code: String() = %q, want \"0.0\"", got)
	}
}

func TestParseOctalErrors(t *testing.T) {
	tests := []struct {
		code string
		pos  int
		char rune
		want string // part of the message
	}{
		{"", -1, 0, `octal code "": empty`},
		{"0.08", 3, '8', `octal code "0.08": character '8' at position 3 (0-based): digit 8 is past 7: it would let a move leave three heaps or more`},
		{"0.7a", 3, 'a', "digit a (10) is past 7"},
		{"0.&#8;", 2, '&', "the long digit &#8; is 8, past 7"},
		{"-0.07", 0, '-', "allowed: d0.d1d2... with digits 0-7"},
		{" 0.07", 0, ' ', "allowed: d0.d1d2... with digits 0-7"},
		{"0.07 ", 4, ' ', "allowed: d0.d1d2... with digits 0-7"},
		{"0,07", 1, ',', "allowed: d0.d1d2... with digits 0-7"},
		{"0.0é", 3, 'é', "allowed: d0.d1d2... with digits 0-7"},
		{"0..7", 2, '.', "a second point (the first is at position 1)"},
		{"0.7.7", 3, '.', "a second point"},
		{"007", -1, 0, `no point: allowed: d0.d1d2...`},
		{"12.3", 0, '1', "only d0, the last digit before the point, may be non-zero"},
		{"40.07", 0, '4', "only d0"},
		{"2.07", 0, '2', "so it may only be 0 or 4"},
		{"7.07", 0, '7', "so it may only be 0 or 4"},
		{"0.[3]", 2, '[', "repeating digits in brackets"},
		{"4!.", 1, '!', "the constraints ! and ?"},
		{".", -1, 0, "no digits"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			_, err := Parse(tt.code)
			var ce *CodeError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want an *CodeError", err)
			}
			if ce.Code != tt.code || ce.Pos != tt.pos || ce.Char != tt.char {
				t.Errorf("got code %q, position %d, char %q; want %q, %d, %q", ce.Code, ce.Pos, ce.Char, tt.code, tt.pos, tt.char)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

func TestOctalArguments(t *testing.T) {
	ctx := context.Background()
	c, _ := Parse("0.07")
	for _, v := range octalVariants {
		if _, err := v.run(ctx, c, -1); err == nil {
			t.Errorf("%s: max -1: got no error", v.name)
		}
		g, err := v.run(ctx, c, 0)
		if err != nil || !slices.Equal(g, []int32{0}) {
			t.Errorf("%s: max 0: got %v, %v, want [0]", v.name, g, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	c, _ = Parse("0.007") // no sparse space, no early period
	for _, v := range octalVariants {
		if _, err := v.run(cancelled, c, 1_000_000); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled: got %v, want context.Canceled", v.name, err)
		}
	}
	// Cancelled midway, from the first progress report (so mid-run whatever
	// the machine's load): returns context.Canceled having done a small part
	// of the work, where an engine that ignored the cancel would report all
	// of it.
	ctx2, cancel2 := context.WithCancel(ctx)
	defer cancel2()
	var mu sync.Mutex
	var most, total int64
	_, err := Values(ctx2, c, 1_000_000, grundy.Options{Progress: func(done, all int64) {
		mu.Lock()
		defer mu.Unlock()
		most, total = max(most, done), all
		cancel2()
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled midway: got %v, want context.Canceled", err)
	}
	if total == 0 || most > total/2 {
		t.Errorf("cancelled midway: reported %d of %d done, want the engine stopped well before the end", most, total)
	}
}

func TestOctalProgress(t *testing.T) {
	for _, code := range []string{"0.07", "0.16"} {
		c, _ := Parse(code)
		const max = 50_000
		var last, calls int64
		_, err := Values(context.Background(), c, max, grundy.Options{Progress: func(done, total int64) {
			if total != max || done < last {
				t.Errorf("%s: progress (%d, %d) after %d", code, done, total, last)
			}
			last = done
			calls++
		}})
		if err != nil {
			t.Fatal(err)
		}
		if last != max || calls < 2 {
			t.Errorf("%s: last progress %d after %d calls, want %d", code, last, calls, max)
		}
	}
}

func TestOctalMemory(t *testing.T) {
	c, _ := Parse("0.07")
	if m := Memory(c, -1); m != 0 {
		t.Errorf("max -1: memory %d, want 0", m)
	}
	for _, max := range []int{0, 1000, 10_000_000} {
		if m, low := Memory(c, max), 4*int64(max+1); m < low {
			t.Errorf("max %d: memory %d below the result alone, %d", max, m, low)
		}
	}
}

// FuzzParseOctal checks that a code Parse accepts prints canonically
// and parses back to the same game, and that a rejected one says where.
func FuzzParseOctal(f *testing.F) {
	for _, code := range append(slices.Clone(octalCodes), "", ".", "4.", "0.08", "..", "12.3", "0.0é") {
		f.Add(code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, err := Parse(code)
		if err != nil {
			var ce *CodeError
			if !errors.As(err, &ce) || ce.Code != code || ce.Pos >= len(code) {
				t.Fatalf("%q: error %v is not an *CodeError inside the code", code, err)
			}
			return
		}
		s := c.String()
		again, err := Parse(s)
		if err != nil || again != c || again.String() != s {
			t.Fatalf("%q: String() = %q parses to %v, %v", code, s, again, err)
		}
		if d := c.Digit(0); d != 0 && d != 4 {
			t.Fatalf("%q: d0 = %d", code, d)
		}
	})
}

// TestOctalPlainPath checks that the engine takes the cached plain mex
// (plainMex) on games without a sparse space (0.163, one split digit and a
// fifth to a quarter of its heaps rare, from 2^17 heaps on), and not on
// games with one past 2^16 heaps (before, their rare share may still be
// high), and that its values are those of octalPlain, the plain mex over
// every split, to 20,000.
func TestOctalPlainPath(t *testing.T) {
	if testing.Short() {
		t.Skip("computes 0.163 and others past 2^17 heaps; a long test: run with TABULATE_LONG_TESTS=1")
	}
	const check = 20_000
	ctx := context.Background()
	for _, tt := range []struct {
		code  string
		plain bool
		max   int
	}{
		{"0.164", true, check}, {"0.604", true, check}, {"4.026", true, check}, {"0.414", true, check},
		{"0.163", true, 1<<17 + 1},
		{"0.6", false, 1<<17 + 1}, {"0.16", false, 1<<17 + 1}, {"0.014", false, 1<<17 + 1}, {"0.172", false, 1<<17 + 1},
	} {
		t.Run(tt.code, func(t *testing.T) {
			c, _ := Parse(tt.code)
			e, err := octalRun(ctx, octalRulesOf(c), tt.max, nil, octalOptions{noPeriodic: true})
			if err != nil {
				t.Fatal(err)
			}
			if e.plain != tt.plain {
				t.Errorf("plain path at %d: %v, want %v", tt.max, e.plain, tt.plain)
			}
			want, err := octalPlainCode(ctx, c, check)
			if err != nil {
				t.Fatal(err)
			}
			if d := octalDiff(e.g[:check+1], want); d != "" {
				t.Errorf("%s: %s (octalPlain)", tt.code, d)
			}
		})
	}
}
