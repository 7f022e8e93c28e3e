package cram

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// TableBytesMin and TableBytesMax bound the size NewTable accepts.
const (
	TableBytesMin = 1 << 16
	TableBytesMax = 1 << 40
)

// tableShards is how many parts the table is cut into, each with its own
// lock, so that workers seldom wait on one another.
const tableShards = 64

// slotBytes is the size of one slot: the cells (8 bytes) and the box and
// nimber (4 bytes) in two arrays.
const slotBytes = 12

// Table keeps the nimbers of canonical regions, shared by the workers of
// one or several calls of Tabulate. Its size is fixed when it is made: once
// a part is three quarters full, a region that finds no room is not kept
// (counted by Unstored) and is searched again whenever it is met. Nothing
// in the table is ever replaced, so the values it holds are those computed.
type Table struct {
	shards   [tableShards]tableShard
	slots    int // per shard, a power of two
	unstored atomic.Int64
}

type tableShard struct {
	mu    sync.Mutex
	cells []uint64
	meta  []uint32 // h | w<<8 | (nimber+1)<<16; 0 is an empty slot
	n     int
}

// tableSlots returns the slots of a part for a table of bytes bytes.
func tableSlots(bytes int64) int {
	per := bytes / slotBytes / tableShards
	return 1 << (bits.Len64(uint64(per)) - 1)
}

// TableMemory returns the bytes NewTable(bytes) allocates: at most bytes,
// the largest power-of-two number of slots that fits.
func TableMemory(bytes int64) int64 {
	if bytes < TableBytesMin || bytes > TableBytesMax {
		return 0
	}
	return int64(tableSlots(bytes)) * tableShards * slotBytes
}

// NewTable returns an empty table of at most bytes bytes (TableMemory);
// bytes outside TableBytesMin..TableBytesMax is a *grundy.RangeError.
func NewTable(bytes int64) (*Table, error) {
	if err := engine.CheckRange("cram.NewTable", "bytes", bytes, TableBytesMin, TableBytesMax); err != nil {
		return nil, err
	}
	t := &Table{slots: tableSlots(bytes)}
	for i := range t.shards {
		t.shards[i].cells = make([]uint64, t.slots)
		t.shards[i].meta = make([]uint32, t.slots)
	}
	return t, nil
}

// hash mixes a key (the finalizer of splitmix64).
func (k key) hash() uint64 {
	x := k.cells ^ uint64(k.h)<<56 ^ uint64(k.w)<<48 ^ uint64(k.w)*0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func (k key) meta() uint32 { return uint32(k.h) | uint32(k.w)<<8 }

// get returns the nimber kept for k, if any.
func (t *Table) get(k key) (uint8, bool) {
	hv := k.hash()
	s := &t.shards[hv>>(64-6)]
	mask := t.slots - 1
	want := k.meta()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := int(hv) & mask; ; i = (i + 1) & mask {
		m := s.meta[i]
		if m == 0 {
			return 0, false
		}
		if m&0xffff == want && s.cells[i] == k.cells {
			return uint8(m>>16 - 1), true
		}
	}
}

// put keeps v as the nimber of k, unless the part of k is three quarters
// full (then it counts one more region unstored).
func (t *Table) put(k key, v uint8) {
	hv := k.hash()
	s := &t.shards[hv>>(64-6)]
	mask := t.slots - 1
	want := k.meta()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := int(hv) & mask; ; i = (i + 1) & mask {
		m := s.meta[i]
		if m == 0 {
			if 4*(s.n+1) > 3*t.slots {
				t.unstored.Add(1)
				return
			}
			s.cells[i] = k.cells
			s.meta[i] = want | (uint32(v)+1)<<16
			s.n++
			return
		}
		if m&0xffff == want && s.cells[i] == k.cells {
			return // found by another worker meanwhile: the same value
		}
	}
}

// Len returns how many regions the table keeps.
func (t *Table) Len() int {
	n := 0
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		n += s.n
		s.mu.Unlock()
	}
	return n
}

// Unstored returns how many times a region found no room in the table.
func (t *Table) Unstored() int64 { return t.unstored.Load() }

// Region is one region kept in a table: its canonical form, written as
// Parse reads it, and its nimber.
type Region struct {
	Board  string
	Rows   int
	Cols   int
	Cells  int // free cells
	Nimber int
}

// regionsBatch is how many regions Regions passes to emit at once.
const regionsBatch = 1 << 16

// RegionsMemory estimates the peak bytes of t.Regions for a table made by
// NewTable(bytes), beside the table itself: the sorted keys of a full
// table (16 bytes each) and one batch of rows.
func RegionsMemory(bytes int64) int64 {
	return TableMemory(bytes)/slotBytes*3/4*16 + regionsBatch*160
}

// Regions calls emit with every region the table keeps, by cells, then
// rows, then columns, then the canonical set of cells, in batches that
// are only valid during the call. An error from emit is returned.
func (t *Table) Regions(emit func([]Region) error) error {
	type kept struct {
		k key
		v uint8
	}
	var all []kept
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		for j, m := range s.meta {
			if m != 0 {
				all = append(all, kept{key{cells: s.cells[j], h: uint8(m), w: uint8(m >> 8)}, uint8(m>>16 - 1)})
			}
		}
		s.mu.Unlock()
	}
	slices.SortFunc(all, func(a, b kept) int {
		pa, pb := bits.OnesCount64(a.k.cells), bits.OnesCount64(b.k.cells)
		switch {
		case pa != pb:
			return pa - pb
		case a.k.h != b.k.h:
			return int(a.k.h) - int(b.k.h)
		case a.k.w != b.k.w:
			return int(a.k.w) - int(b.k.w)
		case a.k.cells < b.k.cells:
			return -1
		case a.k.cells > b.k.cells:
			return 1
		}
		return 0
	})
	out := make([]Region, 0, min(len(all), regionsBatch))
	for start := 0; start < len(all); start += regionsBatch {
		out = out[:0]
		for _, r := range all[start:min(len(all), start+regionsBatch)] {
			h, w := int(r.k.h), int(r.k.w)
			out = append(out, Region{Board: regionString(h, w, r.k.cells), Rows: h, Cols: w, Cells: bits.OnesCount64(r.k.cells), Nimber: int(r.v)})
		}
		if err := emit(out); err != nil {
			return err
		}
	}
	return nil
}
