package analysis

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStudyKayles follows Kayles (octal 0.77, t = 2) as it is computed
// further: OEIS A002186, "From n=71 on, the sequence is periodic with period
// 12". With 161 values the period shows over 7 whole periods but FindPeriod's
// rule (2*71 + 2*12 = 166 values) does not hold yet; the Guy–Smith window
// needs 2*71 + 2*12 + 2 = 168.
func TestStudyKayles(t *testing.T) {
	k := kayles(1000)
	prove := Theorems{Period: func(seq []int32, p Period) Proof { return ProveOctal(seq, p, 2) }}
	tests := []struct {
		name    string
		values  int
		status  Status
		periods int
		summary string
	}{
		{"100 values", 100, None, 0, "no period found in 100 values"},
		{"161 values", 161, Candidate, 7,
			"candidate period 12 from n = 71 (last exception at n = 70), not proven: seen over 7 periods; the proof needs 168 values, 161 computed"},
		{"166 values", 166, Candidate, 7,
			"candidate period 12 from n = 71 (last exception at n = 70), not proven: seen over 7 periods; the proof needs 168 values, 166 computed"},
		{"168 values", 168, Proven, 8,
			"period 12 from n = 71 (last exception at n = 70), proven: the theorem needs 168 values, 168 computed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Study(k[:tt.values], prove)
			if r.Status != tt.status || r.Periods != tt.periods {
				t.Errorf("got status %s over %d periods, want %s over %d", r.Status, r.Periods, tt.status, tt.periods)
			}
			if got := r.String(); got != tt.summary {
				t.Errorf("got %q, want %q", got, tt.summary)
			}
			f := r.Finding()
			if proven, ok := f["proven"]; !ok || proven != (tt.status == Proven) {
				t.Errorf("finding proven = %v (present %v), want %v always present", proven, ok, tt.status == Proven)
			}
			if tt.status != None && (f["period"] != 12 || f["preperiod"] != 71) {
				t.Errorf("finding period %v from %v, want 12 from 71", f["period"], f["preperiod"])
			}
		})
	}
}

// TestStudyNamesTheorem: a period proven by a named theorem says which,
// in the summary and the finding; a candidate names none.
func TestStudyNamesTheorem(t *testing.T) {
	const name = "the Guy–Smith periodicity theorem"
	th := Theorems{Period: func(seq []int32, p Period) Proof { return ProveOctal(seq, p, 2) }, Name: name}
	// Kayles: period 12 from n = 71, proven from 168 values (Winning Ways, ch. 4).
	r := Study(kayles(200)[:168], th)
	want := "period 12 from n = 71 (last exception at n = 70), proven by " + name + ": it needs 168 values, 168 computed"
	if r.Theorem != name || r.String() != want || r.Finding()["theorem"] != name {
		t.Errorf("proven: theorem %q, %q, finding %v; want %q", r.Theorem, r, r.Finding()["theorem"], want)
	}
	if r := Study(kayles(200)[:161], th); r.Theorem != "" || r.Finding()["theorem"] != nil {
		t.Errorf("candidate: theorem %q, finding %v; want none", r.Theorem, r.Finding()["theorem"])
	}
}

// TestStudyNoTheorem: a sequence with no theorem given is never proven, and
// says why.
func TestStudyNoTheorem(t *testing.T) {
	r := Study(kayles(1000), Theorems{})
	want := "candidate period 12 from n = 71 (last exception at n = 70), not proven: seen over 77 periods; no periodicity theorem applies"
	if r.Status != Candidate || r.Proven() || r.String() != want {
		t.Errorf("got %s %q, want confirmed %q", r.Status, r, want)
	}
	if f := r.Finding(); f["proven"] != false {
		t.Errorf("finding proven = %v, want false", f["proven"])
	}
}

// TestObservePeriodNoSpurious: take-a-square's Grundy values are not
// periodic (they grow without bound: g(n) takes a new largest value
// infinitely often, since n = k² ... is a chain of moves to 0), so no prefix
// of length 50 to 3000 may show an observed or confirmed period.
func TestObservePeriodNoSpurious(t *testing.T) {
	sq := squares(3000)
	for l := 50; l <= len(sq); l += 7 {
		if p := ObservePeriod(sq[:l]); p.Found {
			t.Fatalf("take-a-square, %d values: observed %v", l, p)
		}
	}
}

// TestObservePeriodAgainstDefinition checks ObservePeriod's rule on random
// eventually periodic sequences against a plain search over every p.
func TestObservePeriodAgainstDefinition(t *testing.T) {
	for seed := range uint64(300) {
		seq := randomSequence(rand.New(rand.NewPCG(seed, 7)))
		got := ObservePeriod(seq)
		want := Period{LastException: -1, Checked: len(seq)}
		L := len(seq)
		for p := 1; 2*p <= L; p++ {
			n0 := L - p
			for n0 > 0 && seq[n0-1] == seq[n0-1+p] {
				n0--
			}
			if L-n0 >= 3*p && L-n0-p >= ObserveMin {
				want = Period{Found: true, Period: p, Preperiod: n0, LastException: n0 - 1, Checked: L}
				break
			}
		}
		if got != want {
			t.Fatalf("seed %d, %v: got %+v, want %+v", seed, seq, got, want)
		}
	}
}

// TestExceptionsPublished compares Exceptions with the exceptions OEIS lists.
func TestExceptionsPublished(t *testing.T) {
	tests := []struct {
		name      string
		seq       []int32
		period    int
		preperiod int
		want      []int64
	}{
		// OEIS A002186 (Kayles): "The only exceptions are n=0, 3, 6, 9, 11,
		// 15, 18, 21, 22, 28, 34, 39, 57 and 70."
		{"Kayles 0.77", kayles(400), 12, 71, []int64{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}},
		// OEIS A002187 (Dawson's chess, 0.137): "Has period 34 with the only
		// exceptions at n=0, 14, 16, 17, 31, 34 and 51." Its values are those
		// of Dawson's Kayles shifted by one, a(n) = g(n+1).
		{"Dawson's chess 0.137", dawsonKayles(400)[1:], 34, 52, []int64{0, 14, 16, 17, 31, 34, 51}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := FindPeriod(tt.seq)
			if p.Period != tt.period || p.Preperiod != tt.preperiod {
				t.Fatalf("FindPeriod: %v, want period %d from %d", p, tt.period, tt.preperiod)
			}
			s, err := Block(tt.seq, p)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, e := range Exceptions(tt.seq, s) {
				got = append(got, e.N)
				if int64(tt.seq[e.N]) != e.Value || e.Value == e.Periodic {
					t.Errorf("exception %+v: g(%d) = %d", e, e.N, tt.seq[e.N])
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got exceptions %v, want %v", got, tt.want)
			}
			// The block reproduces every value from the preperiod on.
			for n := p.Preperiod; n < len(tt.seq); n++ {
				if s.At(int64(n)) != int64(tt.seq[n]) {
					t.Fatalf("block gives %d at n = %d, g = %d", s.At(int64(n)), n, tt.seq[n])
				}
			}
		})
	}
}

func TestBlockErrors(t *testing.T) {
	k := kayles(300)
	tests := []struct {
		name string
		p    Period
	}{
		{"not found", none(301)},
		{"period that does not hold", found(12, 40, 301)},
		{"preperiod past the end", found(12, 299, 301)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Block(k, tt.p); !errors.Is(err, ErrNoStructure) {
				t.Errorf("got %v, want ErrNoStructure", err)
			}
		})
	}
}

// allBut returns g(0..max) of the subtraction game whose set is every
// positive integer except those in excluded, by the plain mex rule.
func allBut(max int, excluded ...int) []int32 {
	g := make([]int32, max+1)
	for n := 1; n <= max; n++ {
		seen := map[int32]bool{}
		for s := 1; s <= n; s++ {
			if !slices.Contains(excluded, s) {
				seen[g[n-s]] = true
			}
		}
		g[n] = mex(seen)
	}
	return g
}

func TestFindArithmetic(t *testing.T) {
	tests := []struct {
		name string
		seq  []int32
		want Arithmetic
	}{
		// Nim: every positive integer may be taken, g(n) = n (Bouton).
		{"nim", allBut(200), Arithmetic{Found: true, Period: 1, Saltus: 1, Preperiod: 0, Checked: 201}},
		// All but 1: g = 0 0 1 1 2 2 ..., g(n) = n div 2 (by hand: from n
		// the moves reach 0..n-2, whose values are 0..(n-2) div 2).
		{"all but {1}", allBut(200, 1), Arithmetic{Found: true, Period: 2, Saltus: 1, Preperiod: 0, Checked: 201}},
		// An ordinary period is an arithmetic one with saltus 0.
		{"Kayles", kayles(300), Arithmetic{Found: true, Period: 12, Saltus: 0, Preperiod: 71, Checked: 301}},
		{"too short", []int32{0, 1}, Arithmetic{Checked: 2}},
		{"take-a-square", squares(2000), Arithmetic{Checked: 2001}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FindArithmetic(tt.seq); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestFindArithmeticAgainstOracle checks arithmetic periods found on a short
// prefix of all-but subtraction games against the same games computed ten
// times further by the plain rule. These games are arithmetic periodic (A.
// Siegel, "Finite excluded subtraction sets and infinite modular Nim", M.Sc.
// thesis, Dalhousie University, 2005).
func TestFindArithmeticAgainstOracle(t *testing.T) {
	for _, ex := range [][]int{{1}, {2}, {1, 2}, {2, 3}, {1, 3, 4}, {3, 5}, {2, 4, 7}} {
		t.Run(fmt.Sprint(ex), func(t *testing.T) {
			long := allBut(1500, ex...)
			a := FindArithmetic(long[:300])
			if !a.Found || a.Saltus == 0 {
				t.Fatalf("got %v, want an arithmetic period with a saltus", a)
			}
			s, err := ArithmeticBlock(long[:300], a)
			if err != nil {
				t.Fatal(err)
			}
			for n := a.Preperiod; n < len(long); n++ {
				if s.At(int64(n)) != int64(long[n]) {
					t.Fatalf("%v: shape gives %d at n = %d, the game %d", a, s.At(int64(n)), n, long[n])
				}
			}
			r := Study(long[:300], Theorems{})
			if r.Status != Candidate || !r.Arithmetic.Found || r.Proven() {
				t.Errorf("Study: %s %v, want a confirmed, unproven arithmetic period", r.Status, r)
			}
			r = Study(long[:300], Theorems{Arithmetic: func(seq []int32, a Arithmetic) Proof { return ProveAllBut(seq, a, ex) }})
			if r.Status != Proven || !r.Proven() || r.Finding()["proven"] != true {
				t.Errorf("Study with ProveAllBut: %s %v, want proven", r.Status, r)
			}
		})
	}
}

func TestStudyArithmeticString(t *testing.T) {
	nim := allBut(1000)
	tests := []struct {
		th   Theorems
		want string
	}{
		{Theorems{}, "candidate period 1 with saltus 1 from n = 0 (arithmetic), not proven: seen over 1001 periods; no periodicity theorem applies"},
		{Theorems{Arithmetic: func(seq []int32, a Arithmetic) Proof { return ProveAllBut(seq, a, nil) }},
			"period 1 with saltus 1 from n = 0 (arithmetic), proven: the theorem needs 1 value, 1001 computed"},
	}
	for _, tt := range tests {
		r := Study(nim, tt.th)
		if got := r.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
		if f := r.Finding(); f["saltus"] != int64(1) || f["period"] != 1 {
			t.Errorf("finding %v, want period 1 saltus 1", f)
		}
	}
}

// TestShapeOnConstructedSequences builds sequences as a random head followed
// by a known periodic or arithmetic part P(n) = block[n mod p] + s*(n div p),
// and checks that the period found reproduces P on the whole tail and that
// the exceptions are exactly the n of the head where g(n) != P(n) (when the
// period found is the one built; a head that happens to continue the pattern
// just shortens the preperiod).
func TestShapeOnConstructedSequences(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	checked := 0
	for trial := range 500 {
		p := 1 + rng.IntN(8)
		s := int64(0)
		if trial%2 == 1 {
			s = int64(1 + rng.IntN(3))
		}
		block := make([]int64, p)
		for i := range block {
			block[i] = int64(rng.IntN(6))
		}
		P := func(n int) int64 { return block[n%p] + s*int64(n/p) }
		pre := rng.IntN(30)
		seq := make([]int32, pre+10*p+rng.IntN(20))
		for n := range seq {
			seq[n] = int32(P(n))
			if n < pre && rng.IntN(2) == 0 {
				seq[n] = int32(rng.IntN(12))
			}
		}
		var shape Shape
		var err error
		if s == 0 {
			per := FindPeriod(seq)
			if !per.Found || per.Period != p {
				continue // a smaller period inside the block
			}
			shape, err = Block(seq, per)
		} else {
			a := FindArithmetic(seq)
			if !a.Found || a.Period != p || a.Saltus != s {
				continue
			}
			shape, err = ArithmeticBlock(seq, a)
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		checked++
		for n := range seq {
			if shape.At(int64(n)) != P(n) {
				t.Fatalf("trial %d: shape gives %d at n = %d, built %d", trial, shape.At(int64(n)), n, P(n))
			}
		}
		var want []int64
		for n := range pre {
			if int64(seq[n]) != P(n) {
				want = append(want, int64(n))
			}
		}
		var got []int64
		for _, e := range Exceptions(seq, shape) {
			got = append(got, e.N)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: exceptions %v, built %v (seq %v)", trial, got, want, seq)
		}
		if len(want) > 0 && want[len(want)-1] != int64(shape.Preperiod-1) {
			t.Fatalf("trial %d: last exception %d, preperiod %d", trial, want[len(want)-1], shape.Preperiod)
		}
	}
	if checked < 200 {
		t.Fatalf("only %d of 500 trials checked", checked)
	}
}
