package configs

import (
	"errors"
	"strings"
	"testing"
)

// TestParseSizeHostile checks the answers to sizes that are not sizes or
// not whole numbers of bytes (issue 12, item 10).
func TestParseSizeHostile(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Size
		problem string // empty when the size is accepted
	}{
		{"1EiB", 1 << 60, ""},
		{"4EiB", 1 << 62, ""},
		{"1.5KiB", 1536, ""},
		{"0.5", 0, "not a whole number of bytes"},
		{"0.5B", 0, "not a whole number of bytes"},
		{"NaN", 0, "not a size"},
		{"NaNGiB", 0, "not a size"},
		{"Inf", 0, "not a size"},
		{"-1GiB", 0, "not positive"},
		{"5EiB", 0, "too large"},
		{"1e400", 0, "too large"},
		{"8 GiB", 8 << 30, ""},
	} {
		got, err := ParseSize(tc.in)
		if tc.problem == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
			}
			continue
		}
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(ce.Problem, tc.problem) || !strings.Contains(ce.Allowed, "4EiB") {
			t.Errorf("ParseSize(%q) = %d, %v; want an *Error that %s, with the allowed range", tc.in, got, err, tc.problem)
		}
	}
	if s := Size(1 << 60).String(); s != "1EiB" {
		t.Errorf("Size(2^60).String() = %q, want 1EiB", s)
	}
}
