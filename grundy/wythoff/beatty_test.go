package wythoff

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// plainPositions builds the losing positions of Wythoff's game to x <=
// limit by their greedy definition, without φ: a_k is the least number not
// yet in any pair, b_k = a_k + k (Winning Ways, vol. 1, ch. 3). It returns
// partner[x] for x <= limit (-1 where the partner is past limit).
func plainPositions(limit int) []int64 {
	partner := make([]int64, limit+1)
	for i := range partner {
		partner[i] = -1
	}
	partner[0] = 0
	used := make([]bool, 2*limit+2)
	a := 1
	for k := 1; ; k++ {
		for a <= limit && used[a] {
			a++
		}
		if a > limit {
			return partner
		}
		b := a + k
		used[a] = true
		if b < len(used) {
			used[b] = true
		}
		partner[a] = int64(b)
		if b <= limit {
			partner[b] = int64(a)
		}
	}
}

// TestPartnerPlain checks Partner against the greedy construction for
// every heap up to 2^20, and Losing and WinningMoves against a plain
// search of the game (a position loses when no move reaches a losing one)
// for every a, b < 160.
func TestPartnerPlain(t *testing.T) {
	const limit = 1 << 20
	for x, want := range plainPositions(limit) {
		if want < 0 {
			continue
		}
		if got := Partner(int64(x)); !got.IsInt64() || got.Int64() != want {
			t.Fatalf("Partner(%d) = %v, want %d", x, got, want)
		}
	}
	const n = 160
	var lose [n][n]bool
	for a := range n {
		for b := range n {
			l := true
			for k := 1; k <= a && l; k++ {
				l = !lose[a-k][b]
			}
			for k := 1; k <= b && l; k++ {
				l = !lose[a][b-k]
			}
			for k := 1; k <= min(a, b) && l; k++ {
				l = !lose[a-k][b-k]
			}
			lose[a][b] = l
		}
	}
	for a := range n {
		for b := range n {
			if Losing(int64(a), int64(b)) != lose[a][b] {
				t.Fatalf("Losing(%d, %d) = %v, want %v", a, b, !lose[a][b], lose[a][b])
			}
			want := map[Move]bool{}
			for k := 1; k <= a; k++ {
				if lose[a-k][b] {
					want[Move{1, int64(k), int64(a - k), int64(b)}] = true
				}
			}
			for k := 1; k <= b; k++ {
				if lose[a][b-k] {
					want[Move{2, int64(k), int64(a), int64(b - k)}] = true
				}
			}
			for k := 1; k <= min(a, b); k++ {
				if lose[a-k][b-k] {
					want[Move{0, int64(k), int64(a - k), int64(b - k)}] = true
				}
			}
			got := WinningMoves(int64(a), int64(b))
			if len(got) != len(want) {
				t.Fatalf("WinningMoves(%d, %d) = %v, want %v", a, b, got, want)
			}
			for _, m := range got {
				if !want[m] {
					t.Fatalf("WinningMoves(%d, %d) = %v, want %v", a, b, got, want)
				}
			}
		}
	}
}

// TestFloorPhiLarge checks FloorPhi against φ in 400-bit floating point at
// heaps up to 2^63-1 (n·φ is at least 2^-70 from an integer there, far
// above the float's error), and Partner and WinningMoves against their
// definitions at such heaps: (x, Partner(x)) has the form (floor(kφ),
// floor(kφ)+k), and every winning move leaves such a pair.
func TestFloorPhiLarge(t *testing.T) {
	phi := new(big.Float).SetPrec(400).SetInt64(5)
	phi.Sqrt(phi)
	phi.Add(phi, big.NewFloat(1).SetPrec(400))
	phi.Quo(phi, big.NewFloat(2).SetPrec(400))
	r := rand.New(rand.NewPCG(1, 2))
	ns := []int64{1, 2, 3, 1 << 62, BeattyMax, BeattyMax - 1, 1_000_000_000_000_000}
	for range 2000 {
		ns = append(ns, r.Int64N(BeattyMax))
	}
	floor := func(n int64) *big.Int {
		f := new(big.Float).SetPrec(400).SetInt64(n)
		f.Mul(f, phi)
		i, _ := f.Int(nil)
		return i
	}
	pair := func(x, y *big.Int) bool { // (min, max) = (floor(kφ), floor(kφ)+k)
		lo, hi := x, y
		if lo.Cmp(hi) > 0 {
			lo, hi = hi, lo
		}
		k := new(big.Int).Sub(hi, lo)
		return k.IsInt64() && floor(k.Int64()).Cmp(lo) == 0
	}
	for _, n := range ns {
		if got, want := FloorPhi(big.NewInt(n)), floor(n); got.Cmp(want) != 0 {
			t.Fatalf("FloorPhi(%d) = %v, want %v", n, got, want)
		}
		if n > 0 && !pair(big.NewInt(n), Partner(n)) {
			t.Fatalf("(%d, Partner = %v) is not a losing pair", n, Partner(n))
		}
		m := r.Int64N(BeattyMax)
		for _, mv := range WinningMoves(n, m) {
			if !pair(big.NewInt(mv.A), big.NewInt(mv.B)) && (mv.A != 0 || mv.B != 0) {
				t.Fatalf("WinningMoves(%d, %d): %v leaves no losing pair", n, m, mv)
			}
		}
		if len(WinningMoves(n, m)) == 0 != Losing(n, m) {
			t.Fatalf("(%d, %d): losing %v but %d winning moves", n, m, Losing(n, m), len(WinningMoves(n, m)))
		}
	}
}
