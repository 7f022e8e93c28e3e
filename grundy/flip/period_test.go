package flip

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// plainRuns is the plain recursion over the literal rule of a run (a move
// in a run of r leaves runs of a and r-2-a), written apart from the
// engine: g(r) is the mex of g(a) XOR g(r-2-a) over every split.
func plainRuns(n int) []int32 {
	g := make([]int32, n+1)
	for r := 2; r <= n; r++ {
		seen := map[int32]bool{}
		for a := 0; a <= r-2; a++ {
			seen[g[a]^g[r-2-a]] = true
		}
		for seen[g[r]] {
			g[r]++
		}
	}
	return g
}

// plainAnswer answers a board from the run values g by the definition: the
// XOR of its runs, and every i where "++" at i becomes "--" leaving XOR 0.
func plainAnswer(board string, g func(int) int32) Answer {
	value := func(b []byte) int32 {
		var x int32
		for _, run := range strings.FieldsFunc(string(b), func(c rune) bool { return c == '-' }) {
			x ^= g(len(run))
		}
		return x
	}
	b := []byte(board)
	total := value(b)
	ans := Answer{Grundy: int(total), Win: total != 0, WinningMoves: []int{}}
	if total == 0 {
		return ans
	}
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '+' && b[i+1] == '+' {
			b[i], b[i+1] = '-', '-'
			if value(b) == 0 {
				ans.WinningMoves = append(ans.WinningMoves, i)
			}
			b[i], b[i+1] = '+', '+'
		}
	}
	return ans
}

// TestRunPeriodProven: the Guy–Smith hypothesis holds on the exact values
// with period 34 from n0 = 53, which is A002187's published statement
// (period 34, last exception a(51)) in the index of runs, r = n+1.
func TestRunPeriodProven(t *testing.T) {
	p, err := provenRuns()
	if err != nil {
		t.Fatal(err)
	}
	if p.from != 53 {
		t.Errorf("period 34 from r = %d, want 53 (A002187: last exception at n = 51, so a(n+34) = a(n) from n = 52, r = n+1)", p.from)
	}
	// Too few values for the theorem's window: no proof claimed.
	if _, err := proveRunPeriod(plainRuns(150)); err == nil {
		t.Error("proveRunPeriod on 151 values (window needs 2*53+34+2+34 = 176) claimed a proof")
	}
	// A sequence that breaks the period late: its n0 moves, and with it
	// the window the theorem needs.
	g := slices.Clone(p.vals)
	g[600] ^= 1
	if q, err := proveRunPeriod(g); err == nil {
		t.Errorf("a sequence broken at 600 proven periodic from %d", q.from)
	}
}

// TestSolveByPeriodOracle answers every single run up to 1500 (past 1024,
// by the period) and random boards of several runs against the plain
// recursion, and a run of
// 1,200,000 '+' (and one of 1,200,001) against A002187's published terms
// and period.
func TestSolveByPeriodOracle(t *testing.T) {
	const n = 1500
	o := plainRuns(n)
	oracle := func(r int) int32 { return o[r] }
	for r := 0; r <= n; r++ {
		// A move in a single run of r at i leaves runs of i and r-2-i.
		want := Answer{Grundy: int(o[r]), WinningMoves: []int{}}
		for i := 0; i+2 <= r && o[r] != 0; i++ {
			if o[i]^o[r-2-i] == 0 {
				want.WinningMoves = append(want.WinningMoves, i)
			}
		}
		got, err := Solve(context.Background(), strings.Repeat("+", r))
		if err != nil {
			t.Fatal(err)
		}
		if got.Grundy != want.Grundy || !slices.Equal(got.WinningMoves, want.WinningMoves) {
			t.Fatalf("run of %d: got %d %v, want %d %v (plain recursion)", r, got.Grundy, got.WinningMoves, want.Grundy, want.WinningMoves)
		}
	}
	// Boards of several runs, each move played on the board itself.
	rng := rand.New(rand.NewPCG(27, 8))
	for range 100 {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(strings.Repeat("+", rng.IntN(120)))
			b.WriteString(strings.Repeat("-", 1+rng.IntN(3)))
		}
		board := b.String()
		got, err := Solve(context.Background(), board)
		if err != nil {
			t.Fatal(err)
		}
		if want := plainAnswer(board, oracle); got.Grundy != want.Grundy || !slices.Equal(got.WinningMoves, want.WinningMoves) {
			t.Fatalf("board of runs %v: got %d (%d moves), want %d (%d moves)", ParseBoardLens(board), got.Grundy, len(got.WinningMoves), want.Grundy, len(want.WinningMoves))
		}
	}
	published := func(r int) int32 {
		if r == 0 {
			return 0
		}
		return flipA002187At(r - 1)
	}
	for _, r := range []int{1_200_000, 1_200_001} {
		board := strings.Repeat("+", r)
		got, err := Solve(context.Background(), board)
		if err != nil {
			t.Fatal(err)
		}
		want := Answer{Grundy: int(published(r)), WinningMoves: []int{}}
		for a := 0; a <= r-2 && want.Grundy != 0; a++ {
			if published(a)^published(r-2-a) == 0 {
				want.WinningMoves = append(want.WinningMoves, a)
			}
		}
		if got.Grundy != want.Grundy || !slices.Equal(got.WinningMoves, want.WinningMoves) {
			t.Errorf("run of %d: got %d (%d moves), want %d (%d moves; A002187)", r, got.Grundy, len(got.WinningMoves), want.Grundy, len(want.WinningMoves))
		}
	}
}

// ParseBoardLens lists a board's run lengths, for messages.
func ParseBoardLens(board string) []int {
	runs, _ := ParseBoard(board)
	var l []int
	for _, r := range runs {
		l = append(l, r.Len)
	}
	return l
}
