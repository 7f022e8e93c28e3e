package cram

import (
	"context"
	"math/bits"
)

// The search. A region's nimber is the mex of its options; an option (the
// region after one move) is cut into its components by flood fill on the
// 64-bit set of cells, a lone cell dropped (no move can use it), and its
// value is the XOR of theirs. A component of one row or column is a heap of
// 0.07 (a move in a row of n leaves rows of a and n-2-a) and is read from
// its values; any other is put in canonical form (canonical, region.go) and
// looked up in the table, searched on a miss and kept. The recursion is at
// most 32 moves deep.

// searcher is one worker's search: its own counters, the shared table.
type searcher struct {
	ctx      context.Context
	t        *Table
	line     []int32 // 0.07's values, at least 0..64
	searched int64   // regions searched (not found in the table)
	stopped  bool    // ctx was cancelled: every value since is void
}

// regionValue returns the nimber of a region in the tight box h x w.
func (s *searcher) regionValue(h, w int, cells uint64) uint8 {
	if h == 1 || w == 1 {
		return uint8(s.line[h*w]) // a connected row of h*w cells
	}
	k := canonical(h, w, cells)
	if v, ok := s.t.get(k); ok {
		return v
	}
	v := s.search(k)
	if !s.stopped {
		s.t.put(k, v)
	}
	return v
}

// search returns the mex of the options of region k.
func (s *searcher) search(k key) uint8 {
	s.searched++
	if s.searched&1023 == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	f := &frameMasks[k.h][k.w]
	right, down := f.moves(k.cells)
	var seen [2]uint64
	for x := right; x != 0; x &= x - 1 {
		b := x & -x
		v := s.split(f, k.cells&^(b|b<<1))
		seen[v>>6] |= 1 << (v & 63)
	}
	for x := down; x != 0; x &= x - 1 {
		b := x & -x
		v := s.split(f, k.cells&^(b|b<<uint(f.w)))
		seen[v>>6] |= 1 << (v & 63)
	}
	return mex(seen)
}

// split returns the value of the cells of frame f: the XOR of the values
// of their regions.
func (s *searcher) split(f *frame, cells uint64) uint8 {
	var v uint8
	for rest := cells; rest != 0; {
		comp := f.component(rest, rest&-rest)
		rest &^= comp
		if comp&(comp-1) == 0 {
			continue // a lone cell
		}
		_, _, h, w, c := f.box(comp)
		v ^= s.regionValue(h, w, c)
	}
	return v
}

// mex returns the least value not in seen (nimbers stay below 128: a
// region of 64 cells has at most 112 moves).
func mex(seen [2]uint64) uint8 {
	if seen[0] != ^uint64(0) {
		return uint8(bits.TrailingZeros64(^seen[0]))
	}
	return uint8(64 + bits.TrailingZeros64(^seen[1]))
}
