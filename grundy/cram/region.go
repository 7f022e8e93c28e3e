package cram

import (
	"math/bits"
	"strings"
)

// A region is held as the set of its cells in its bounding box of h rows
// and w columns, cell (r, c) at bit r*w + c, h*w <= 64. A frame is such a
// box with the masks its moves and flood fill need.

// frame holds the masks of an h x w box.
type frame struct {
	h, w     int
	notFirst uint64 // cells not in column 0
	notLast  uint64 // cells not in column w-1
}

// newFrame returns the masks of an h x w box, h*w <= 64.
func newFrame(h, w int) frame {
	f := frame{h: h, w: w}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			bit := uint64(1) << uint(r*w+c)
			if c > 0 {
				f.notFirst |= bit
			}
			if c < w-1 {
				f.notLast |= bit
			}
		}
	}
	return f
}

// frameMasks caches newFrame for every box of at most 64 cells.
var frameMasks = func() (t [65][65]frame) {
	for h := 1; h <= 64; h++ {
		for w := 1; h*w <= 64; w++ {
			t[h][w] = newFrame(h, w)
		}
	}
	return t
}()

// moves returns the cells at which a move starts: bit i of right is a
// move covering cells i and i+1, bit i of down one covering i and i+w.
func (f *frame) moves(cells uint64) (right, down uint64) {
	return cells & (cells >> 1) & f.notLast, cells & (cells >> uint(f.w))
}

// component returns the 4-connected component of cells that holds seed.
func (f *frame) component(cells, seed uint64) uint64 {
	c := seed
	w := uint(f.w)
	for {
		n := (c | (c<<1)&f.notFirst | (c>>1)&f.notLast | c<<w | c>>w) & cells
		if n == c {
			return c
		}
		c = n
	}
}

// box returns the bounding box of comp (a non-empty set of cells of the
// frame) and comp moved into it: its rows top..top+h-1, columns
// left..left+w-1.
func (f *frame) box(comp uint64) (top, left, h, w int, cells uint64) {
	fw := f.w
	top = bits.TrailingZeros64(comp) / fw
	bottom := (63 - bits.LeadingZeros64(comp)) / fw
	rowMask := uint64(1)<<uint(fw) - 1
	if fw == 64 {
		rowMask = ^uint64(0)
	}
	var cols uint64
	for r := top; r <= bottom; r++ {
		cols |= comp >> uint(r*fw) & rowMask
	}
	left = bits.TrailingZeros64(cols)
	right := 63 - bits.LeadingZeros64(cols)
	h, w = bottom-top+1, right-left+1
	wMask := uint64(1)<<uint(w) - 1
	if w == 64 {
		wMask = ^uint64(0)
	}
	for r := 0; r < h; r++ {
		cells |= (comp >> uint((top+r)*fw+left) & wMask) << uint(r*w)
	}
	return top, left, h, w, cells
}

// key is a region in canonical form: the least of the 64-bit sets of its
// eight images under the symmetries of the square grid, in the orientation
// with h <= w (both when h == w).
type key struct {
	cells uint64
	h, w  uint8
}

// reverseRow reverses the w low bits of x.
func reverseRow(x uint64, w int) uint64 { return bits.Reverse64(x) >> uint(64-w) }

// canonical returns the canonical form of a region of h x w cells (a
// tight box, h*w <= 64, h, w >= 2).
func canonical(h, w int, cells uint64) key {
	var rows [32]uint64
	best := key{cells: ^uint64(0)}
	first := true
	try := func(h, w int, rows []uint64) {
		// The four images that keep the orientation: as is, rows in
		// reverse order, each row reversed, both.
		var a, b, c, d uint64
		for i := 0; i < h; i++ {
			sh := uint(i * w)
			rev := reverseRow(rows[i], w)
			a |= rows[i] << sh
			b |= rows[h-1-i] << sh
			c |= rev << sh
			d |= reverseRow(rows[h-1-i], w) << sh
		}
		m := min(a, b, c, d)
		if first || m < best.cells {
			best = key{cells: m, h: uint8(h), w: uint8(w)}
			first = false
		}
	}
	if h <= w {
		mask := uint64(1)<<uint(w) - 1
		for r := 0; r < h; r++ {
			rows[r] = cells >> uint(r*w) & mask
		}
		try(h, w, rows[:h])
	}
	if h >= w {
		// The transpose: row c of it is column c of the region.
		var t [32]uint64
		for x := cells; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			r, c := i/w, i%w
			t[c] |= 1 << uint(r)
		}
		try(w, h, t[:w])
	}
	return best
}

// regionString writes a region as Parse reads it, rows separated by '/'.
func regionString(h, w int, cells uint64) string {
	var sb strings.Builder
	for r := 0; r < h; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < w; c++ {
			if cells>>uint(r*w+c)&1 != 0 {
				sb.WriteByte('+')
			} else {
				sb.WriteByte('-')
			}
		}
	}
	return sb.String()
}
