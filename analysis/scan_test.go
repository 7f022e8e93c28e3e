package analysis

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// findArithmeticOracle is FindArithmetic's rule written plainly: for each p
// from 1, the saltus s = g(L-1) - g(L-1-p), walk back from the end while
// g(n-1+p) - g(n-1) == s, then apply the rule 2*n0 + 2*p <= L (over the
// values, as FindArithmetic does: n0 of the differences, L of the values).
func findArithmeticOracle(seq []int32) Arithmetic {
	L := len(seq)
	if L < 3 {
		return Arithmetic{Checked: L}
	}
	for p := 1; 2*p <= L-1; p++ {
		s := int64(seq[L-1]) - int64(seq[L-1-p])
		n0 := L - 1 - p
		for n0 > 0 && int64(seq[n0-1+p])-int64(seq[n0-1]) == s {
			n0--
		}
		if 2*n0+2*p <= L {
			return Arithmetic{Found: true, Period: p, Preperiod: n0, Saltus: int64(seq[n0+p]) - int64(seq[n0]), Checked: L}
		}
	}
	return Arithmetic{Checked: L}
}

// TestFindArithmeticMatchesOracle compares FindArithmetic with the plain
// rule on random sequences with an arithmetic period, some of them with
// values at the ends of int32, where differences need 33 bits (a clamped
// difference would miss the period that the exact one finds).
func TestFindArithmeticMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	extremes := []int32{math.MinInt32, math.MaxInt32, 0, -1, math.MaxInt32 - 1}
	for i := range 3000 {
		seq := randomSequence(r)
		saltus := int32(r.IntN(3))
		period := 1 + r.IntN(4)
		for n := range seq {
			seq[n] += saltus * int32(n/period)
		}
		if i%3 == 0 {
			for n := range seq {
				seq[n] = extremes[int(seq[n])%len(extremes)]
			}
		}
		got, want := FindArithmetic(seq), findArithmeticOracle(seq)
		if got != want {
			t.Fatalf("case %d, %v: got %+v, want %+v", i, seq, got, want)
		}
	}
}

// TestScanGrowth checks the searches against the plain rules on sequences
// whose period lies past the steps where the scratch grows (4096, 32768
// and the jump to its final size), for each search of Study.
func TestScanGrowth(t *testing.T) {
	for _, period := range []int{4095, 4097, 32769, 40000, 70000} {
		seq := largePeriodic(4*period+1000, 1000, period)
		if got, want := FindPeriod(seq), findPeriodOracle(seq); got != want || !got.Found {
			t.Errorf("FindPeriod, period %d: got %+v, want %+v", period, got, want)
		}
		// Observed but not confirmed: a preperiod longer than the
		// repeating part.
		long := largePeriodic(6*period, 2*period+500, period)
		if got := ObservePeriod(long); !got.Found || got.Period != period || got.Preperiod != 2*period+500 {
			t.Errorf("ObservePeriod, period %d: got %+v", period, got)
		}
		ramp := make([]int32, len(seq))
		for n := range seq {
			ramp[n] = seq[n] + 3*int32(n/period)
		}
		if got, want := FindArithmetic(ramp), findArithmeticOracle(ramp); got != want || !got.Found || got.Saltus != 3 {
			t.Errorf("FindArithmetic, period %d: got %+v, want %+v", period, got, want)
		}
	}
}

// TestStudyScratch checks what Study allocates on the worst sequence for
// it, one with no period of either kind, so that all three searches scan
// every candidate: at most 2.25 bytes a value (the Z-array of n/2 int32
// and the copies left by its growth), where collecting the differences and
// growing by append took over 8.
func TestStudyScratch(t *testing.T) {
	const n = 1 << 21
	r := rand.New(rand.NewPCG(8, 9))
	seq := make([]int32, n)
	for i := range seq {
		seq[i] = r.Int32N(1 << 20)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rep := Study(seq, Theorems{})
	runtime.ReadMemStats(&after)
	if rep.Status != None {
		t.Fatalf("random values: got %v, want no period", rep)
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(n)*9/4+4096; got > limit {
		t.Errorf("Study allocated %d bytes for %d values (%.2f a value), want at most %d", got, n, float64(got)/n, limit)
	}
}

// TestExceptionsSeqStops checks that ExceptionsSeq stops when its consumer
// does and yields what Exceptions lists.
func TestExceptionsSeqStops(t *testing.T) {
	// Period 2 (0, 1) from n = 6; before it, 5 at every n, so n = 0..5 are
	// exceptions.
	seq := []int32{5, 5, 5, 5, 5, 5, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}
	s, err := Block(seq, FindPeriod(seq))
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for e := range ExceptionsSeq(seq, s) {
		got = append(got, e.N)
		if len(got) == 3 {
			break
		}
	}
	if len(got) != 3 || got[0] != 0 || got[2] != 2 {
		t.Errorf("got %v, want the first three exceptions 0, 1, 2", got)
	}
	if all := Exceptions(seq, s); len(all) != 6 || all[5].N != 5 || all[5].Value != 5 {
		t.Errorf("Exceptions: got %v, want n = 0..5 with value 5", all)
	}
}
