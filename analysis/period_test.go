package analysis

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// findPeriodOracle is FindPeriod's rule written as plainly as possible: for
// each p from 1, walk back from the end while g(n-1) == g(n-1+p), then apply
// the confirmation rule 2*n0 + 2*p <= len. It is quadratic in the worst case,
// which is why FindPeriod does not work this way.
func findPeriodOracle(seq []int32) Period {
	L := len(seq)
	for p := 1; 2*p <= L; p++ {
		n0 := L - p
		for n0 > 0 && seq[n0-1] == seq[n0-1+p] {
			n0--
		}
		if 2*n0+2*p <= L {
			return Period{Found: true, Period: p, Preperiod: n0, LastException: n0 - 1, Checked: L}
		}
	}
	return Period{LastException: -1, Checked: L}
}

func found(p, n0, checked int) Period {
	return Period{Found: true, Period: p, Preperiod: n0, LastException: n0 - 1, Checked: checked}
}

func none(checked int) Period { return Period{LastException: -1, Checked: checked} }

func ramp(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

func TestFindPeriod(t *testing.T) {
	tests := []struct {
		name string
		seq  []int32
		want Period
	}{
		{"empty", nil, none(0)},
		{"single value", []int32{5}, none(1)},
		{"two equal values", []int32{4, 4}, found(1, 0, 2)},
		{"constant", []int32{7, 7, 7, 7, 7, 7}, found(1, 0, 6)},
		{"pure period 3", []int32{1, 2, 3, 1, 2, 3, 1, 2, 3}, found(3, 0, 9)},
		{"exactly two periods", []int32{1, 2, 3, 1, 2, 3}, found(3, 0, 6)},
		{"smallest of the multiples", []int32{1, 2, 1, 2, 1, 2, 1, 2}, found(2, 0, 8)},
		{"preperiod 2 then period 2", []int32{9, 8, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2}, found(2, 2, 12)},
		{"one exception at 0", []int32{1, 0, 5, 0, 5, 0, 5, 0, 5}, found(2, 1, 9)},
		{"preperiod value that fits the period", []int32{5, 0, 5, 0, 5, 0, 5, 0, 5}, found(2, 0, 9)},
		{"none: increasing", ramp(100), none(100)},
		{"none: repeat too short after preperiod", []int32{3, 1, 2, 1, 2}, none(5)},
		{"none: only the last value repeats", []int32{0, 1, 2, 3, 4, 5, 6, 7, 7}, none(9)},
		{"periodic part just long enough", []int32{0, 1, 2, 9, 9, 9, 9, 9}, found(1, 3, 8)},
		{"periodic part one too short", []int32{0, 1, 2, 3, 9, 9, 9, 9}, none(8)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FindPeriod(tt.seq)
			if got != tt.want {
				t.Errorf("FindPeriod(%v): got %+v, want %+v", tt.seq, got, tt.want)
			}
			if o := findPeriodOracle(tt.seq); o != tt.want {
				t.Errorf("oracle disagrees with the table: got %+v, want %+v", o, tt.want)
			}
		})
	}
}

// TestFindPeriodPublished checks FindPeriod on octal games whose periods are
// published, with the values computed here by the plain recursion in
// octal_test.go.
//
// Dawson's chess, octal game 0.137, is OEIS A002187: "Has period 34 with the
// only exceptions at n=0, 14, 16, 17, 31, 34 and 51" (Guy and Smith, The
// G-values of various games, Proc. Cambridge Philos. Soc. 52 (1956) 514–526;
// Berlekamp, Conway and Guy, Winning Ways, vol. 1, pp. 89 and 102). Dawson's
// Kayles, 0.07, has the same values shifted by one, g07(n+1) = g137(n), so
// its exceptions are n = 1, 15, 17, 18, 32, 35, 52, and also n = 0, since
// g07(0) = 0 while g07(34k) = g137(33) = 4: the last exception is n = 52 and
// the preperiod 53 (for 0.137: 51 and 52).
//
// Kayles, 0.77, is OEIS A002186: "From n=71 on, the sequence is periodic with
// period 12. The only exceptions are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28,
// 34, 39, 57 and 70" (Guy and Smith 1956; Winning Ways, vol. 1, p. 91).
func TestFindPeriodPublished(t *testing.T) {
	dk := dawsonKayles(1000)
	tests := []struct {
		name string
		seq  []int32
		want Period
	}{
		{"Dawson's Kayles 0.07 to n=1000", dk, found(34, 53, 1001)},
		{"Dawson's chess 0.137 to n=999", dk[1:], found(34, 52, 1000)},
		{"Kayles 0.77 to n=1000", kayles(1000), found(12, 71, 1001)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FindPeriod(tt.seq); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	t.Run("Dawson's Kayles exceptions", func(t *testing.T) {
		// The exceptions are the n whose value differs from the periodic
		// value of their residue class mod 34, read far out at n+34k.
		want := []int{0, 1, 15, 17, 18, 32, 35, 52}
		var got []int
		for n := 0; n < 200; n++ {
			if dk[n] != dk[n+34*((800-n)/34)] {
				got = append(got, n)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("got exceptions %v, want %v", got, want)
		}
	})
	t.Run("Dawson's Kayles first values", func(t *testing.T) {
		// OEIS A002187 begins 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
		// 0, 5, 2, 2, 3, 3; 0.07 is the same after a leading 0.
		want := "[0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3]"
		if got := fmt.Sprint(dk[:21]); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

// TestFindPeriodMatchesOracle compares FindPeriod with the plain oracle on
// random sequences built to have, or nearly have, a period.
func TestFindPeriodMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		seq := randomSequence(r)
		got, want := FindPeriod(seq), findPeriodOracle(seq)
		if got != want {
			t.Fatalf("case %d, %v: got %+v, want %+v", i, seq, got, want)
		}
	}
}

// randomSequence returns a short sequence over a small alphabet: a random
// preperiod, then a random block repeated, with an occasional changed value.
func randomSequence(r *rand.Rand) []int32 {
	k := int32(1 + r.IntN(3))
	pre := make([]int32, r.IntN(8))
	for i := range pre {
		pre[i] = r.Int32N(k + 1)
	}
	block := make([]int32, 1+r.IntN(6))
	for i := range block {
		block[i] = r.Int32N(k)
	}
	seq := pre
	for range r.IntN(40) {
		seq = append(seq, block[len(seq)%len(block)])
	}
	if len(seq) > 0 && r.IntN(3) == 0 {
		seq[r.IntN(len(seq))] = r.Int32N(k + 1)
	}
	return seq
}

func FuzzFindPeriod(f *testing.F) {
	f.Add([]byte{0, 1, 2, 1, 2, 1, 2})
	f.Add([]byte{5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		seq := make([]int32, len(data))
		for i, b := range data {
			seq[i] = int32(b % 3)
		}
		if got, want := FindPeriod(seq), findPeriodOracle(seq); got != want {
			t.Errorf("%v: got %+v, want %+v", seq, got, want)
		}
	})
}

// largePeriodic returns n values: a preperiod of length pre whose values
// (>= 1000) never occur later, then a random block of length period (values
// < 1000) repeated.
func largePeriodic(n, pre, period int) []int32 {
	r := rand.New(rand.NewPCG(3, 4))
	block := make([]int32, period)
	for i := range block {
		block[i] = r.Int32N(1000)
	}
	seq := make([]int32, n)
	for i := range seq {
		if i < pre {
			seq[i] = 1000 + r.Int32N(1000)
		} else {
			seq[i] = block[i%period]
		}
	}
	return seq
}

func TestFindPeriodLarge(t *testing.T) {
	t.Run("1e7 values, period 2999 after 5000", func(t *testing.T) {
		seq := largePeriodic(10_000_000, 5000, 2999)
		if got, want := FindPeriod(seq), found(2999, 5000, len(seq)); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
	})
	t.Run("adversarial for a backward scan", func(t *testing.T) {
		// Zeros with a single 1 just past the middle: every candidate p
		// matches from the end back to the 1, so scanning each p from the
		// end costs n/2 and all of them n²/4. FindPeriod stays linear.
		const n = 2_000_000
		seq := make([]int32, n)
		seq[n/2+1] = 1
		if got, want := FindPeriod(seq), none(n); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
	})
}

func TestPeriodString(t *testing.T) {
	tests := []struct {
		p    Period
		want string
	}{
		{found(34, 53, 1001), "period 34 from n = 53 (last exception at n = 52; 1001 values checked)"},
		{found(3, 0, 9), "period 3 from n = 0 (purely periodic; 9 values checked)"},
		{none(1001), "no period found in 1001 values"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.p.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func BenchmarkFindPeriod(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("periodic/n=%d", n), func(b *testing.B) {
			seq := largePeriodic(n, 5000, 2999)
			b.ReportAllocs()
			for b.Loop() {
				FindPeriod(seq)
			}
		})
		b.Run(fmt.Sprintf("random/n=%d", n), func(b *testing.B) {
			// Not periodic: every candidate up to n/2 is tried, with
			// many short matches (four values).
			r := rand.New(rand.NewPCG(5, 6))
			seq := make([]int32, n)
			for i := range seq {
				seq[i] = r.Int32N(4)
			}
			b.ReportAllocs()
			for b.Loop() {
				FindPeriod(seq)
			}
		})
	}
}
