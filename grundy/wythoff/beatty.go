package wythoff

import "math/big"

// The losing positions of Wythoff's game in closed form (Wythoff, 1907):
// the P-positions are (0, 0) and the pairs (a_k, b_k), k >= 1, with
// a_k = floor(k·φ) and b_k = a_k + k = floor(k·φ²), φ = (1+√5)/2; every
// positive integer is exactly one a_k or one b_k (Beatty's theorem), so
// each heap x >= 1 has exactly one partner y with (x, y) losing. Winning
// Ways, 2nd ed., vol. 1, ch. 3 ("Wythoff's game"); OEIS A000201 and
// A001950. The floors are exact: floor(n·φ) = (n + isqrt(5n²)) div 2 for
// n >= 1, since √(5n²) is irrational and n + √(5n²) lies strictly between
// the integers n + isqrt(5n²) and one more, whose halves have the same
// floor. isqrt is math/big's, exact at any size.

// BeattyMax is the largest heap Partner and the moves accept, 2^63-1.
const BeattyMax = 1<<63 - 1

// FloorPhi returns floor(n·φ) for n >= 0, exactly.
func FloorPhi(n *big.Int) *big.Int {
	sq := new(big.Int).Mul(n, n)
	sq.Mul(sq, big.NewInt(5))
	sq.Sqrt(sq)
	sq.Add(sq, n)
	return sq.Rsh(sq, 1)
}

// Partner returns the heap y that makes (x, y) a losing position of
// Wythoff's game (a P-position), for 0 <= x: 0 for 0; x + k when x =
// floor(k·φ); x - k when x = floor(k·φ) + k. y may exceed 2^63-1.
func Partner(x int64) *big.Int {
	bx := big.NewInt(x)
	if x <= 0 {
		return new(big.Int)
	}
	fx := FloorPhi(bx)
	// x = floor(k·φ) exactly for k = floor(x/φ) + 1 = floor(x·φ) - x + 1.
	k := new(big.Int).Sub(fx, bx)
	k.Add(k, big.NewInt(1))
	if FloorPhi(k).Cmp(bx) == 0 {
		return k.Add(k, bx)
	}
	// Otherwise x = floor(j·φ) + j for j = floor(x/φ²) + 1 = 2x - floor(x·φ).
	j := new(big.Int).Lsh(bx, 1)
	j.Sub(j, fx)
	return j.Sub(bx, j)
}

// Losing reports whether (a, b), a, b >= 0, is a losing position (the
// player to move loses).
func Losing(a, b int64) bool {
	return Partner(a).Cmp(big.NewInt(b)) == 0
}

// Move is a winning move of Wythoff's game: take Remove from heap 1 (A),
// heap 2 (B) or both (Heap 0), leaving the heaps A', B'.
type Move struct {
	Heap   int // 1, 2, or 0 for both heaps
	Remove int64
	A, B   int64
}

// WinningMoves returns every move from (a, b), 0 <= a, b, to a losing
// position, by the closed form: none when (a, b) is losing, else one to
// three (to the partner of a, of b, and along the diagonal to the losing
// pair whose heaps differ by |a - b|).
func WinningMoves(a, b int64) []Move {
	var out []Move
	if pa := Partner(a); pa.IsInt64() && pa.Int64() < b {
		out = append(out, Move{Heap: 2, Remove: b - pa.Int64(), A: a, B: pa.Int64()})
	}
	if pb := Partner(b); pb.IsInt64() && pb.Int64() < a {
		out = append(out, Move{Heap: 1, Remove: a - pb.Int64(), A: pb.Int64(), B: b})
	}
	d := b - a
	if d < 0 {
		d = -d
	}
	// The losing pair with difference d: (floor(d·φ), floor(d·φ) + d).
	lo := FloorPhi(big.NewInt(d))
	if small := min(a, b); lo.Cmp(big.NewInt(small)) < 0 {
		k := small - lo.Int64()
		out = append(out, Move{Heap: 0, Remove: k, A: a - k, B: b - k})
	}
	return out
}
