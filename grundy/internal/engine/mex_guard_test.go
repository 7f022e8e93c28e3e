package engine

// Guard of the mex of a bit set (run by scripts/mutants, see
// docs/mutants.md), on bit sets written out by hand.

import "testing"

// TestMexBitsGuard: the least clear bit, in the first word, at a word
// boundary and past it.
func TestMexBitsGuard(t *testing.T) {
	const full = ^uint64(0)
	tests := []struct {
		name string
		seen []uint64
		want int
	}{
		{"empty", []uint64{0, 0}, 0},
		{"0 only", []uint64{1, 0}, 1},
		{"0, 1, 2 and 4", []uint64{0b10111, 0}, 3},
		{"1 without 0", []uint64{0b10, 0}, 0},
		{"0..62", []uint64{full >> 1, 0}, 63},
		{"0..63: the mex is the first bit of the second word", []uint64{full, 0}, 64},
		{"0..64", []uint64{full, 1, 0}, 65},
		{"0..63 and 65: the mex is 64", []uint64{full, 0b10, 0}, 64},
		{"0..127 and 129", []uint64{full, full, 0b10}, 128},
		{"0..191 without 150", []uint64{full, full, full &^ (1 << (150 - 128))}, 150},
	}
	for _, tt := range tests {
		if got := MexBits(tt.seen); got != tt.want {
			t.Errorf("%s: MexBits = %d, want %d", tt.name, got, tt.want)
		}
	}
}
