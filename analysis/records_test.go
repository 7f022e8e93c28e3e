package analysis

import (
	"fmt"
	"testing"
)

func TestRecords(t *testing.T) {
	tests := []struct {
		name string
		seq  []int32
		want string
	}{
		{"empty", nil, "[]"},
		{"single", []int32{3}, "[{3 0}]"},
		{"constant", []int32{2, 2, 2}, "[{2 0}]"},
		{"ties keep the first n", []int32{0, 1, 1, 0, 2, 2}, "[{0 0} {1 1} {2 4}]"},
		{"take-a-square to 29", squares(29), "[{0 0} {1 1} {2 4} {3 25} {4 28} {5 29}]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmt.Sprint(Records(tt.seq)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestRecordsUint16(t *testing.T) {
	// The generic version gives the same answer for a narrower type.
	seq := squares(3000)
	narrow := make([]uint16, len(seq))
	for i, v := range seq {
		narrow[i] = uint16(v)
	}
	got, want := fmt.Sprint(Records(narrow)), fmt.Sprint(Records(seq))
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
