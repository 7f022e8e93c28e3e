package wythoff

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// The rows engine. Tabulate fills the triangle a <= b <= max, which costs
// max^3/100 and stops at 10^4. A row a of Wythoff's game is a sequence
// W(a, 0), W(a, 1), ... of its own, and its shape is what the literature
// asks about: Dress, Flammenkamp and Pink (Adv. Appl. Math. 22 (1999)) and
// Landman ("A simple FSM-based proof of the additive periodicity of the
// Sprague-Grundy function of Wythoff's game", in More Games of No Chance,
// 2002) show that each row is additively periodic: W(a, n+p) = W(a, n) + p
// for n >= n0. TabulateRows computes the first rows far along, a staircase
// of Steps (rows 0..255 to n < 2^20 and rows 0..63 to 2^24, say), in time
// linear in the cells.
//
// The trick. The options of (a, n) are the row (a, x), x < n, the column
// (x, n), x < a, and the diagonal (a-k, n-k). The values of a row are
// distinct (each is an option of the later ones), so W(a, n) is the least
// value that is neither used earlier in row a nor among the at most 2a
// values of the column and the diagonal. The engine walks the table column
// by column (all rows of one n before n+1), and keeps three kinds of bit
// sets: one per row (the values used in it, with a first-free pointer:
// every value below it is used), one for the current column (the values of
// rows above a at n), and one per live diagonal n-a (the values on it in
// rows above a; a new diagonal starts at row 0 of every column and the one
// that ended, n-rows, gives it its slot). The mex is the first word, from
// the row's first free value up, where the three sets' OR is not all ones.
// Reason: the row's used values crowd just below n, so the first free
// value is close to W(a, n), and a cell costs a few word operations
// however long the row: the work is linear in the cells, about 1.3 10^9
// for the staircase above (measured: about 40 s of CPU on the shared
// 2-core machine). Source: the bit sets of a row, a column and a diagonal
// are Tabulate's; the column-by-column order, the first free value and the
// windows are what issue 35 suggested for rows far along.
//
// Every set lives in a short window of values: W(a, n) <= n + 2a (it is at
// most the number of options, n + a + min(a, n)), and the first free value
// of a row stays within a few a of n. So each set is a ring of ringWords
// words, each word tagged with the absolute word it holds: a read of a word
// the ring does not hold is 0 (exact: no bit of it was set), and a write
// that would evict a word still in use (a row's word at or above its first
// free value, any word of a column or diagonal) is an error, never a wrong
// value (ErrWindow). Memory for the sets is 32 bytes a row and ring word
// (a row's ring and a diagonal's, 16 bytes a word with its tag), about a
// megabyte for 256 rows (rings of 128 words).
//
// The values are kept row by row as offsets W(a, n) - n, which lie in
// [-2a, 2a] (the upper end from the count of options, the lower end
// checked as each value is stored): one byte a value for rows a <= 63, two
// for rows up to RowsMax. That storage is the engine's memory,
// RowsMemory: 1.4 GiB for the staircase above. The rows depend on the rows
// before them and on the columns before them, so the engine runs on one
// goroutine.

// RowsMax is the largest number of rows TabulateRows computes (offsets up
// to 2 RowsMax fit two bytes), and BoundMax the largest bound of a step.
const (
	RowsMax  = 4096
	BoundMax = 1 << 28
)

// Step asks for the rows 0..Rows-1 at every n < Bound.
type Step struct {
	Rows  int `yaml:"rows" json:"rows"`
	Bound int `yaml:"bound" json:"bound"`
}

// ErrWindow is wrapped by the error of TabulateRows when a value falls out
// of the window its bit sets keep (see the engine's comment): the values
// of the rows asked for do not behave as the engine assumes, and nothing
// is returned.
var ErrWindow = fmt.Errorf("wythoff: a value left the window of the rows engine")

// Rows holds W(a, n) for the staircase of steps it was computed for: row
// a for n < Len(a).
type Rows struct {
	steps []Step
	lens  []int
	small [][]int8  // offsets of rows a <= smallRows-1
	big   [][]int16 // offsets of the other rows, at index a - smallRows
}

// smallRows is the number of rows whose offsets, in [-2a, 2a], fit a byte.
const smallRows = 64

// Count returns the number of rows.
func (r *Rows) Count() int { return len(r.lens) }

// Len returns how many values of row a are held: W(a, n) for n < Len(a).
func (r *Rows) Len(a int) int { return r.lens[a] }

// Offset returns W(a, n) - n for 0 <= a < Count(), 0 <= n < Len(a); the
// caller checks the bounds.
func (r *Rows) Offset(a, n int) int32 {
	if a < smallRows {
		return int32(r.small[a][n])
	}
	return int32(r.big[a-smallRows][n])
}

// Value returns W(a, n) for 0 <= a < Count(), 0 <= n < Len(a).
func (r *Rows) Value(a, n int) int64 { return int64(n) + int64(r.Offset(a, n)) }

// Offsets fills dst (grown as needed) with W(a, n) - n for n < Len(a).
func (r *Rows) Offsets(a int, dst []int32) []int32 {
	dst = dst[:0]
	if a < smallRows {
		for _, o := range r.small[a] {
			dst = append(dst, int32(o))
		}
		return dst
	}
	for _, o := range r.big[a-smallRows] {
		dst = append(dst, int32(o))
	}
	return dst
}

// stairs checks steps and returns the number of rows, each row's length
// and the number of cells.
func stairs(steps []Step) (rows int, lens []int, cells int64, err error) {
	if len(steps) == 0 {
		return 0, nil, 0, fmt.Errorf("wythoff.TabulateRows: no steps")
	}
	for _, s := range steps {
		if err := engine.CheckRange("wythoff.TabulateRows", "rows", int64(s.Rows), 1, RowsMax); err != nil {
			return 0, nil, 0, err
		}
		if err := engine.CheckRange("wythoff.TabulateRows", "bound", int64(s.Bound), 1, BoundMax); err != nil {
			return 0, nil, 0, err
		}
		rows = max(rows, s.Rows)
	}
	lens = make([]int, rows)
	for _, s := range steps {
		for a := 0; a < s.Rows; a++ {
			lens[a] = max(lens[a], s.Bound)
		}
	}
	for _, l := range lens {
		cells += int64(l)
	}
	return rows, lens, cells, nil
}

// RowsCells returns the number of values TabulateRows(steps) computes, or
// 0 for steps it rejects.
func RowsCells(steps []Step) int64 {
	_, _, cells, err := stairs(steps)
	if err != nil {
		return 0
	}
	return cells
}

// RowsMemory estimates the peak bytes TabulateRows(steps) allocates: the
// offsets (one byte a value in rows below 64, two above) and the rings of
// bit sets. It returns 0 for steps TabulateRows rejects.
func RowsMemory(steps []Step) int64 {
	rows, lens, _, err := stairs(steps)
	if err != nil {
		return 0
	}
	var m int64
	for a, l := range lens {
		if a < smallRows {
			m += int64(l)
		} else {
			m += 2 * int64(l)
		}
	}
	return m + 16*int64(ringWordsFor(rows))*(2*int64(rows)+1) + 64*int64(rows)
}

// ringWordsFor is the number of words of each ring for rows rows: a power
// of two holding at least 16 rows + 64 values, four times the widest span
// the values of a row's window, a column or a diagonal cover (about 4
// rows: from n - 2a to n + 2a).
func ringWordsFor(rows int) int {
	w := 8
	for w*64 < 16*rows+64 {
		w *= 2
	}
	return w
}

// ring is a bit set over a window of values: word k of the set is in slot
// k mod len(tag), with tag holding k (-1 for an empty slot).
type ring struct {
	tag  []int64
	bits []uint64
}

func newRing(words int) ring {
	r := ring{tag: make([]int64, words), bits: make([]uint64, words)}
	r.clear()
	return r
}

// clear empties the ring.
func (r *ring) clear() {
	for i := range r.tag {
		r.tag[i] = -1
		r.bits[i] = 0
	}
}

// word returns word k of the set: 0 when the ring does not hold it.
func (r *ring) word(k int64) uint64 {
	i := k & int64(len(r.tag)-1)
	if r.tag[i] == k {
		return r.bits[i]
	}
	return 0
}

// set adds value v. The slot of its word may be taken over only when it
// holds no bits or a word below dead (words every reader has passed);
// otherwise set returns false and changes nothing.
func (r *ring) set(v int64, dead int64) bool {
	k := v >> 6
	i := k & int64(len(r.tag)-1)
	if r.tag[i] != k {
		if r.bits[i] != 0 && r.tag[i] >= dead {
			return false
		}
		r.tag[i], r.bits[i] = k, 0
	}
	r.bits[i] |= 1 << (v & 63)
	return true
}

// TabulateRows returns W(a, n) of Wythoff's game for the staircase of
// steps: row a for every n below the largest Bound of a step with Rows > a
// (a *grundy.RangeError for a step out of 1..RowsMax rows or 1..BoundMax
// bound). It runs on one goroutine; opts.Progress, if not nil, receives
// (values done, RowsCells(steps)); ctx is checked every 4096 columns. A
// value outside the engine's window is an error wrapping ErrWindow.
// Memory is about RowsMemory(steps).
func TabulateRows(ctx context.Context, steps []Step, opts grundy.Options) (*Rows, error) {
	rows, _, _, err := stairs(steps)
	if err != nil {
		return nil, err
	}
	return tabulateRows(ctx, steps, opts, ringWordsFor(rows))
}

// tabulateRows is TabulateRows with rings of ringWords words (a power of
// two), so that a test can make the window too small.
func tabulateRows(ctx context.Context, steps []Step, opts grundy.Options, ringWords int) (*Rows, error) {
	rows, lens, cells, err := stairs(steps)
	if err != nil {
		return nil, err
	}
	r := &Rows{steps: append([]Step(nil), steps...), lens: lens}
	for a, l := range lens {
		if a < smallRows {
			r.small = append(r.small, make([]int8, l))
		} else {
			r.big = append(r.big, make([]int16, l))
		}
	}
	// height[i] is the number of rows at the columns n with
	// lens[height[i]] <= n < lens[height[i]-1]: rows are computed at n
	// while lens[a] > n, and lens does not increase with a.
	rowSet := make([]ring, rows)
	diag := make([]ring, rows)
	for a := range rowSet {
		rowSet[a], diag[a] = newRing(ringWords), newRing(ringWords)
	}
	col := newRing(ringWords)
	free := make([]int64, rows) // each row's first value not used yet
	top := lens[0]
	h := rows
	var done int64
	for n := 0; n < top; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			opts.Progress.Report(done, cells)
		}
		for h > 0 && lens[h-1] <= n {
			h--
		}
		col.clear()
		for a := 0; a < h; a++ {
			slot := (n - a) % rows
			if slot < 0 {
				slot += rows
			}
			d := &diag[slot]
			if a == 0 {
				d.clear() // diagonal n starts; n - rows ended at column n-1
			}
			row := &rowSet[a]
			k := free[a] >> 6
			var w uint64
			for {
				w = row.word(k) | col.word(k) | d.word(k)
				if w != ^uint64(0) {
					break
				}
				if k++; k-free[a]>>6 >= int64(ringWords) {
					return nil, fmt.Errorf("%w: W(%d, %d) is past its row's first free value %d by more than the rings of %d values", ErrWindow, a, n, free[a], ringWords*64)
				}
			}
			v := k<<6 + int64(bits.TrailingZeros64(^w))
			if err := r.store(a, n, v); err != nil {
				return nil, err
			}
			if !row.set(v, free[a]>>6) || !col.set(v, 0) || !d.set(v, 0) {
				return nil, fmt.Errorf("%w: W(%d, %d) = %d with rings of %d values", ErrWindow, a, n, v, ringWords*64)
			}
			if v == free[a] {
				f := v + 1
				for row.word(f>>6)>>(f&63)&1 == 1 {
					f++
				}
				free[a] = f
			}
		}
		done += int64(h)
	}
	opts.Progress.Report(done, cells)
	return r, nil
}

// store keeps W(a, n) = v as the offset v - n, which must lie in [-2a, 2a]
// (the engine's window assumes it; a value past it is an error wrapping
// ErrWindow).
func (r *Rows) store(a, n int, v int64) error {
	o := v - int64(n)
	if o < -2*int64(a) || o > 2*int64(a) {
		return fmt.Errorf("%w: W(%d, %d) = %d, offset %d outside [-%d, %d]", ErrWindow, a, n, v, o, 2*a, 2*a)
	}
	if a < smallRows {
		r.small[a][n] = int8(o)
	} else {
		r.big[a-smallRows][n] = int16(o)
	}
	return nil
}
