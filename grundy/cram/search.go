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

// searcher is one worker's search: its own counters and a small cache of
// its own in front of the shared table.
type searcher struct {
	ctx      context.Context
	t        *Table
	line     []int32 // 0.07's values, at least 0..64
	searched int64   // regions searched (not found in the table)
	stopped  bool    // ctx was cancelled: every value since is void
	cache    *[cacheSlots]cacheSlot
}

// cacheSlots is the size of a searcher's cache: direct-mapped by the
// key's hash, 64 KiB, so that the regions met again and again are found
// without the table's lock and its cache misses (the table's lookup was
// about half of the search's time). A slot holds one region; a newer one
// replaces it, the table keeps both.
const cacheSlots = 1 << 12

type cacheSlot struct {
	cells uint64
	meta  uint32 // as the table's: h | w<<8 | (nimber+1)<<16, 0 empty
}

// lookup returns the nimber of k from the cache or the table.
func (s *searcher) lookup(k key, hv uint64) (uint8, bool) {
	c := &s.cache[hv&(cacheSlots-1)]
	if c.meta&0xffff == k.meta() && c.cells == k.cells {
		return uint8(c.meta>>16 - 1), true
	}
	v, ok := s.t.get(k)
	if ok {
		*c = cacheSlot{cells: k.cells, meta: k.meta() | (uint32(v)+1)<<16}
	}
	return v, ok
}

// regionValue returns the nimber of a region in the tight box h x w.
func (s *searcher) regionValue(h, w int, cells uint64) uint8 {
	if h == 1 || w == 1 {
		return uint8(s.line[h*w]) // a connected row of h*w cells
	}
	k := canonical(h, w, cells)
	hv := k.hash()
	if v, ok := s.lookup(k, hv); ok {
		return v
	}
	v := s.search(k)
	if !s.stopped {
		s.t.put(k, v)
		s.cache[hv&(cacheSlots-1)] = cacheSlot{cells: k.cells, meta: k.meta() | (uint32(v)+1)<<16}
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
