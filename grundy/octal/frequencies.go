package octal

import (
	"fmt"
	"math/bits"
	"slices"
)

// Value frequencies and a running checksum of a Grundy sequence, the
// outputs of a run too long for its values to be kept (see Tail).
//
// Frequencies are tabled at every power of two, as the Rust solver of
// rogalski-wmii-uni-lodz-pl/octal publishes them (its results/GAME/N files,
// one line "value count" for each value from 0 to the largest), so that the
// two can be compared line by line. Its file N counts the heaps 1..N (heap
// 0 left out, heap N in: results/0.161/4 reads 0 1, 1 2, 2 1, which is g(1..4)
// = 1, 0, 2, 1 of 0.161); a FrequencyTable counts the heaps 0..Heaps-1 and
// carries g(Heaps) as Next, so that RustCounts gives that file exactly.

// The 64-bit FNV-1a parameters (Fowler, Noll and Vo; the offset basis and
// prime of hash/fnv, IETF draft-eastlake-fnv).
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

// ChecksumLimit bounds the values a checksum (and a Tally) takes: they are
// written as 16-bit words.
const ChecksumLimit = 1 << 16

// FrequencyTable is the number of heaps of each Grundy value among the heaps
// 0..Heaps-1 of one game, with the checksum of their values.
type FrequencyTable struct {
	// Heaps is the number of heaps counted, 0..Heaps-1: a power of two 2^k
	// for the tables a Tally reports as it goes.
	Heaps int64
	// Counts[v] is the number of heaps n < Heaps with g(n) = v, for v from
	// 0 to the largest value among them (no trailing zeros).
	Counts []int64
	// Checksum is the checksum of g(0..Heaps-1) (see Checksum).
	Checksum uint64
	// Next is g(Heaps), or -1 when the run ended at heap Heaps-1.
	Next int32
}

// RustCounts returns the counts of the Rust solver's file Heaps (see the
// comment above): the heaps 1..Heaps, that is Counts without heap 0 (whose
// value is 0 in every octal game and Grundy's game) and with heap Heaps.
// ok is false when Next is unknown (-1).
func (f FrequencyTable) RustCounts() (counts []int64, ok bool) {
	if f.Next < 0 || len(f.Counts) == 0 || f.Counts[0] == 0 {
		return nil, false
	}
	counts = slices.Clone(f.Counts)
	counts[0]--
	if int(f.Next) >= len(counts) {
		counts = append(counts, make([]int64, int(f.Next)+1-len(counts))...)
	}
	counts[f.Next]++
	for len(counts) > 0 && counts[len(counts)-1] == 0 {
		counts = counts[:len(counts)-1]
	}
	return counts, true
}

// ValueError reports a Grundy value that a Tally or Checksum cannot take:
// negative, or ChecksumLimit or more.
type ValueError struct {
	Heap  int64
	Value int64
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("octal: frequencies: g(%d) = %d is outside 0..%d, the 16-bit values a checksum is defined on", e.Heap, e.Value, ChecksumLimit-1)
}

// Checksum returns the checksum of the sequence g(0..len(g)-1): the 64-bit
// FNV-1a hash (offset basis 14695981039346656037, prime 1099511628211) of
// the bytes of the values, each written as a 16-bit little-endian word (low
// byte first), in order from g(0). It equals hash/fnv.New64a over
// binary.LittleEndian.AppendUint16 of each value, so that anyone can
// reproduce it. A value outside 0..65535 is a *ValueError.
func Checksum(g []int32) (uint64, error) {
	h := uint64(fnvOffset64)
	for n, v := range g {
		if uint32(v) >= ChecksumLimit {
			return 0, &ValueError{Heap: int64(n), Value: int64(v)}
		}
		h = fnvAdd(h, uint16(v))
	}
	return h, nil
}

// fnvAdd folds the 16-bit value v, low byte first, into the FNV-1a state h.
func fnvAdd(h uint64, v uint16) uint64 {
	h = (h ^ uint64(v&0xff)) * fnvPrime64
	return (h ^ uint64(v>>8)) * fnvPrime64
}

// Tally counts the values of a Grundy sequence given in order, g(0), g(1),
// ..., and keeps its running checksum; at every power of two it reports the
// FrequencyTable of the heaps so far. The zero value is not usable: call
// NewTally.
type Tally struct {
	n      int64   // heaps added: g(0..n-1)
	counts []int64 // counts[v] for v < len(counts), grown as values come
	top    int     // largest value added, -1 if none
	sum    uint64  // checksum of g(0..n-1)
	report func(FrequencyTable)
}

// NewTally returns an empty Tally that calls report (if not nil), on the
// goroutine that calls Add, with the table of the heaps 0..2^k-1 when g(2^k)
// is added (Next = g(2^k)), and from Finish for the last power of two when
// the sequence ends just before it.
func NewTally(report func(FrequencyTable)) *Tally {
	return &Tally{top: -1, sum: fnvOffset64, report: report}
}

// Add counts v = g(n) for the next heap n = Heaps().
func (t *Tally) Add(v int32) error {
	if uint32(v) >= ChecksumLimit {
		return &ValueError{Heap: t.n, Value: int64(v)}
	}
	if t.n > 0 && t.n&(t.n-1) == 0 && t.report != nil {
		f := t.Table()
		f.Next = v
		t.report(f)
	}
	if int(v) >= len(t.counts) {
		t.counts = append(t.counts, make([]int64, max(int(v)+1, 2*len(t.counts))-len(t.counts))...)
	}
	t.counts[v]++
	t.top = max(t.top, int(v))
	t.sum = fnvAdd(t.sum, uint16(v))
	t.n++
	return nil
}

// Finish reports the table of the heaps so far, with Next = -1, if their
// number is a power of two (Add reports the others as they come).
func (t *Tally) Finish() {
	if t.n > 0 && bits.OnesCount64(uint64(t.n)) == 1 && t.report != nil {
		t.report(t.Table())
	}
}

// Heaps returns the number of values added.
func (t *Tally) Heaps() int64 { return t.n }

// Checksum returns the checksum of the values added (see Checksum).
func (t *Tally) Checksum() uint64 { return t.sum }

// Table returns the frequencies of the values added so far (a copy), with
// Next = -1.
func (t *Tally) Table() FrequencyTable {
	return FrequencyTable{Heaps: t.n, Counts: slices.Clone(t.counts[:t.top+1]), Checksum: t.sum, Next: -1}
}

// Frequencies returns the FrequencyTable of the heaps 0..2^k-1 of g for
// every power of two 2^k <= len(g), in order, and the checksum of all of g.
// A value outside 0..65535 is a *ValueError.
func Frequencies(g []int32) ([]FrequencyTable, uint64, error) {
	var out []FrequencyTable
	t := NewTally(func(f FrequencyTable) { out = append(out, f) })
	for _, v := range g {
		if err := t.Add(v); err != nil {
			return nil, 0, err
		}
	}
	t.Finish()
	return out, t.Checksum(), nil
}
