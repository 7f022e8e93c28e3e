package wythoff

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The diagonal engine. W(n, n) depends on the whole triangle a <= b <= n
// (no shortcut to the diagonal is known: OEIS A047708 asks for an
// efficient algorithm), so Diagonal computes every cell of the triangle,
// as Tabulate does, but keeps only what the mex needs and none of the
// values: the diagonal to 2^16 is a triangle of 2.1 10^9 cells, 8.6 GB as
// Tabulate's int32, and the full square to 2^20 would be 5.5 10^11.
//
// Two facts about a row a <= b bound everything (both proven in
// docs/results.md, section "The diagonal W(n, n) further"):
//
//  1. W(a, b) <= b + 2a: the value is at most the number of options,
//     b + a + min(a, b).
//  2. W(a, b) >= b - 2a, and every value v < b - 2a appears in row a
//     before column b: while v has not appeared, each column y < b either
//     holds a smaller value of the row (at most v columns: the row's
//     values are distinct) or sees v in its column or diagonal (at most 2a
//     columns: v appears at most once in each row x < a, which blocks one
//     column of row a through the column and one through the diagonal),
//     so b <= v + 2a.
//
// The engine walks the triangle row by row (row a for b = a..max, then
// row a+1), as Tabulate, with Tabulate's three kinds of bit sets: the
// current row's used values, one set per column b (the values W(x, b) of
// the rows x done, values <= 3b by fact 1), one per diagonal d = b - a
// (W(x, x+d), values in [2d - max, 3 max - 2d] by facts 1 and 2, since x
// <= max - d). Row a starts from column a's set, which holds W(a, y) =
// W(y, a) for y < a. What differs is where the mex scan starts: at the
// row's first free value f (every value below it is used in the row),
// which by fact 2 is at least b - 2a, and it ends by fact 1 at b + 2a; so
// a cell costs at most 4a/64 + 1 word reads of each set, not (b + 2a)/64.
// The scan is guarded: a word past b + 2a, or a value outside the range
// of its column's or diagonal's set, is an error wrapping ErrWindow, never
// a wrong value.
//
// Cost: the cells, max^2/2, times the words of the scan, (W - f)/64 + 1
// (small: f crowds W as in the rows engine), each word read from three
// sets; the column and diagonal sets are a cell's cache misses. Memory:
// the sets, 1.5 max^2 bits for the columns and 1.75 max^2 for the
// diagonals, about 0.41 max^2 bytes (DiagonalMemory): 440 MB at 2^15,
// 1.75 GB at 2^16. Each row needs the row before it up to the column
// before, so the engine runs on one goroutine.

// DiagonalMax is the largest max Diagonal accepts: the triangle to 2^16,
// 2.1 10^9 cells and 1.75 GB of bit sets (DiagonalMemory).
const DiagonalMax = 1 << 16

// diagLayout places the bit sets of Diagonal(max) in one slice of words:
// column b at colOff[b] (words 0..3b/64), diagonal d at diagOff[d] (words
// diagLo(max, d)..diagHi(max, d), stored from diagOff[d]). The last
// entries are the total.
type diagLayout struct {
	colOff, diagOff []int
	words           int
}

// diagLo and diagHi are the first and last word of diagonal d's set: its
// values lie in [2d - max, 3max - 2d] (facts 1 and 2 of the engine's
// comment, with x <= max - d).
func diagLo(max, d int) int {
	if 2*d <= max {
		return 0
	}
	return (2*d - max) >> 6
}
func diagHi(max, d int) int { return (3*max - 2*d) >> 6 }

// colHi is the last word of column b's set: its values are at most 3b.
func colHi(b int) int { return 3 * b >> 6 }

func newDiagLayout(max int) diagLayout {
	l := diagLayout{colOff: make([]int, max+2), diagOff: make([]int, max+2)}
	for b := 0; b <= max; b++ {
		l.colOff[b+1] = l.colOff[b] + colHi(b) + 1
	}
	l.diagOff[0] = l.colOff[max+1]
	for d := 0; d <= max; d++ {
		l.diagOff[d+1] = l.diagOff[d] + diagHi(max, d) - diagLo(max, d) + 1
	}
	l.words = l.diagOff[max+1]
	return l
}

// DiagonalMemory estimates the peak bytes Diagonal(max) allocates: the bit
// sets of every column and diagonal, the row's set, the layout and the
// diagonal itself. It returns 0 for a max Diagonal rejects.
func DiagonalMemory(max int) int64 {
	if max < 0 || max > DiagonalMax {
		return 0
	}
	// The sum of newDiagLayout's words, in closed form would be fragile:
	// count them (max+1 terms each).
	var words int64
	for b := 0; b <= max; b++ {
		words += int64(colHi(b) + 1)
	}
	for d := 0; d <= max; d++ {
		words += int64(diagHi(max, d) - diagLo(max, d) + 1)
	}
	words += int64(colHi(max) + 1) // the row
	return 8*words + 2*8*int64(max+2) + 4*int64(max+1)
}

// Diagonal returns W(n, n) of Wythoff's game for 0 <= n <= max, 0 <= max <=
// DiagonalMax (a *grundy.RangeError otherwise), computing the whole
// triangle a <= b <= max but keeping only its bit sets (see the engine's
// comment). It runs on one goroutine (each row needs the one before);
// opts.Progress, if not nil, receives (cells done, Cells(max)) after each
// row; ctx is checked before each row. A value outside the engine's proven
// window is an error wrapping ErrWindow. Memory is about
// DiagonalMemory(max).
func Diagonal(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
	return diagonal(ctx, max, opts, diagWindow{})
}

// diagWindow narrows the engine's window by above values at its top (fact
// 1: the mex is at most b + 2a - above) and below at its bottom (fact 2:
// the row's first free value is at least b - 2a + below), so that a test
// can make the window too narrow and see its guards fire. Zero in
// Diagonal.
type diagWindow struct{ above, below int }

// diagonal is Diagonal with the window narrowed by win.
func diagonal(ctx context.Context, max int, opts grundy.Options, win diagWindow) ([]int32, error) {
	if err := engine.CheckRange("wythoff.Diagonal", "max", int64(max), 0, DiagonalMax); err != nil {
		return nil, err
	}
	l := newDiagLayout(max)
	sets := make([]uint64, l.words)
	row := make([]uint64, colHi(max)+1)
	out := make([]int32, max+1)
	total := Cells(max)
	var done int64
	for a := 0; a <= max; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(row)
		copy(row, sets[l.colOff[a]:l.colOff[a+1]])
		f := 0 // the row's first free value
		for row[f>>6]>>(f&63)&1 == 1 {
			f++
		}
		for b := a; b <= max; b++ {
			d := b - a
			col := sets[l.colOff[b]:l.colOff[b+1]]
			lo := diagLo(max, d)
			dg := sets[l.diagOff[d]:l.diagOff[d+1]]
			// The scan reads words f/64 .. top/64: by fact 2 f >= b - 2a,
			// which keeps it inside the diagonal's set (b - 2a >= 2d - max);
			// by fact 1 the mex is at most top = b + 2a.
			if f < b-2*a+win.below {
				return nil, fmt.Errorf("%w: row %d's first free value %d at column %d is below %d", ErrWindow, a, f, b, b-2*a+win.below)
			}
			top := b + 2*a - win.above
			k0, last := f>>6, top>>6
			i, n := 0, last+1-k0
			var w uint64
			if n > 0 {
				rw, cw, dw := row[k0:last+1], col[k0:last+1], dg[k0-lo:last+1-lo]
				cw, dw = cw[:len(rw)], dw[:len(rw)]
				for i < len(rw) {
					if w = rw[i] | cw[i] | dw[i]; w != ^uint64(0) {
						break
					}
					i++
				}
			}
			// A scan that ran past its last word (or had none) ends with w
			// all ones (or 0) and v past top.
			v := (k0+i)<<6 + bits.TrailingZeros64(^w)
			if v > top {
				return nil, fmt.Errorf("%w: the mex of (%d, %d) is past %d", ErrWindow, a, b, top)
			}
			if b == a {
				out[a] = int32(v)
			}
			bit := uint64(1) << (v & 63)
			row[v>>6] |= bit
			col[v>>6] |= bit
			dg[v>>6-lo] |= bit
			if v == f {
				for row[f>>6]>>(f&63)&1 == 1 {
					f++
				}
			}
		}
		done += int64(max - a + 1)
		opts.Progress.Report(done, total)
	}
	return out, nil
}
