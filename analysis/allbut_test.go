package analysis

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestProveAllBut(t *testing.T) {
	tests := []struct {
		name     string
		excluded []int
		want     Proof
	}{
		// Nim: A(n) = {0, ..., n-1} and A(n+1) = (A(n)+1) ∪ {0} at n = 0,
		// so one value proves g(n+1) = g(n) + 1 (Bouton: g(n) = n).
		{"nim", nil, Proof{Proven: true, Needed: 1, Have: 201}},
		// All but {1}: g(n) = n div 2 (by hand, see TestFindArithmetic);
		// at n = 1, W(3) = (g(2)) = (1) = W(1) + 1 and A(3) = {g(0), g(1)}
		// = {0} = (A(1) + 1) ∪ {0} with A(1) empty.
		{"all but {1}", []int{1}, Proof{Proven: true, Needed: 3, Have: 201}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq := allBut(200, tt.excluded...)
			a := FindArithmetic(seq)
			if got := ProveAllBut(seq, a, tt.excluded); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestProveAllButIsSound draws random excluded sets, asks FindArithmetic and
// ProveAllBut about prefixes of the sequence, and checks every proven period
// against the same game computed far beyond the prefix by the plain rule.
func TestProveAllButIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	proven, tried := 0, 0
	for trial := 0; trial < 60; trial++ {
		var ex []int
		for k := 1; k <= 9; k++ {
			if rng.IntN(3) == 0 {
				ex = append(ex, k)
			}
		}
		long := allBut(1200, ex...)
		for _, l := range []int{40, 80, 150, 300} {
			a := FindArithmetic(long[:l])
			if !a.Found || a.Saltus < 1 {
				continue
			}
			tried++
			pr := ProveAllBut(long[:l], a, ex)
			if !pr.Proven {
				continue
			}
			proven++
			for m := a.Preperiod; m+a.Period < len(long); m++ {
				if int64(long[m+a.Period])-int64(long[m]) != a.Saltus {
					t.Fatalf("all but %v: %d values prove %v, but g(%d) - g(%d) != %d", ex, l, a, m+a.Period, m, a.Saltus)
				}
			}
		}
	}
	t.Logf("%d of %d arithmetic periods proven", proven, tried)
	if proven == 0 {
		t.Fatal("nothing was proven; the test checks nothing")
	}
}

// TestProveAllButChecksThePeriod gives periods that do not belong to the
// sequence: they are not proven.
func TestProveAllButChecksThePeriod(t *testing.T) {
	nim := allBut(100)
	tests := []struct {
		name string
		seq  []int32
		ex   []int
		a    Arithmetic
	}{
		{"period 2 for Nim", nim, nil, Arithmetic{Found: true, Period: 2, Saltus: 1, Checked: 101}},
		{"saltus 2 for Nim", nim, nil, Arithmetic{Found: true, Period: 1, Saltus: 2, Checked: 101}},
		{"Nim's period for all but {1}", allBut(100, 1), []int{1}, Arithmetic{Found: true, Period: 1, Saltus: 1, Checked: 101}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if pr := ProveAllBut(tt.seq, tt.a, tt.ex); pr.Proven {
				t.Errorf("got %+v, want not proven", pr)
			}
		})
	}
	if pr := ProveAllBut(nim, Arithmetic{Checked: 101}, nil); pr != (Proof{Have: 101}) {
		t.Errorf("not found: got %+v, want %+v", pr, Proof{Have: 101})
	}
}

func TestProveAllButPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("got no panic for excluded 0")
		}
	}()
	ProveAllBut([]int32{0, 1}, Arithmetic{Found: true, Period: 1, Saltus: 1, Checked: 2}, []int{0})
}

func ExampleProveAllBut() {
	// Nim as a subtraction game: any positive number may be taken.
	g := make([]int32, 20)
	for n := range g {
		g[n] = int32(n)
	}
	a := FindArithmetic(g)
	fmt.Println(a)
	fmt.Printf("%+v\n", ProveAllBut(g, a, nil))
	// Output:
	// period 1 with saltus 1 from n = 0 (arithmetic; 20 values checked)
	// {Proven:true Needed:1 Have:20 Missing:0}
}
